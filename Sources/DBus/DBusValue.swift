/// One D-Bus value with its type (D-Bus spec, "Type System").
///
/// Arrays carry their element type, so an empty array keeps it; a dictionary is an array of
/// ``dictEntry(_:_:)`` values (`a{sv}` is `.array(.dictEntry(key: .string, value: .variant), […])`).
public indirect enum DBusValue: Sendable, Hashable {
    /// `y`.
    case byte(UInt8)
    /// `b`.
    case boolean(Bool)
    /// `n`.
    case int16(Int16)
    /// `q`.
    case uint16(UInt16)
    /// `i`.
    case int32(Int32)
    /// `u`.
    case uint32(UInt32)
    /// `x`.
    case int64(Int64)
    /// `t`.
    case uint64(UInt64)
    /// `d`.
    case double(Double)
    /// `s`.
    case string(String)
    /// `o`.
    case objectPath(DBusObjectPath)
    /// `g`.
    case signature(DBusSignature)
    /// `h`: an index into the descriptors sent with the message (its `UNIX_FDS` header field).
    case unixFD(UInt32)
    /// `v`: a value with its own type.
    case variant(DBusValue)
    /// `a…`: elements, all of `element` type.
    case array(element: DBusType, [DBusValue])
    /// `(…)`: one or more fields.
    case `struct`([DBusValue])
    /// `{kv}`: one entry of a dictionary (an array of entries).
    case dictEntry(DBusValue, DBusValue)

    /// The type of this value.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .variant: .variant
        case .array(let element, _): .array(element)
        case .struct(let fields): .struct(fields.map(\.type))
        case .dictEntry(let key, let value): .dictEntry(key: key.type, value: value.type)
        }
    }

    /// A dictionary: an array of dict entries with these key and value types.
    public static func dictionary(key: DBusType, value: DBusType, _ entries: [(DBusValue, DBusValue)]) -> DBusValue {
        .array(element: .dictEntry(key: key, value: value), entries.map { .dictEntry($0.0, $0.1) })
    }

    /// An `a{sv}` dictionary (the shape of D-Bus property sets), entries in key order.
    public static func properties(_ entries: [String: DBusValue]) -> DBusValue {
        dictionary(key: .string, value: .variant, entries.sorted { $0.key < $1.key }.map { (.string($0.key), .variant($0.value)) })
    }

    /// An `as` array.
    public static func strings(_ values: [String]) -> DBusValue { .array(element: .string, values.map(DBusValue.string)) }

    /// An `ay` array.
    public static func bytes(_ values: [UInt8]) -> DBusValue { .array(element: .byte, values.map(DBusValue.byte)) }
}

extension DBusValue {
    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The string of an `s`, `o` or `g` value (inside variants too).
    public var string: String? {
        switch unwrapped {
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.description
        default: nil
        }
    }

    /// The object path of an `o` value.
    public var objectPath: DBusObjectPath? {
        if case .objectPath(let path) = unwrapped { return path }
        return nil
    }

    /// The boolean of a `b` value.
    public var bool: Bool? {
        if case .boolean(let value) = unwrapped { return value }
        return nil
    }

    /// Any integer value (`y n q i u x t h`) as an `Int64`, when it fits.
    public var integer: Int64? {
        switch unwrapped {
        case .byte(let value): Int64(value)
        case .int16(let value): Int64(value)
        case .uint16(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        case .int64(let value): value
        case .uint64(let value): Int64(exactly: value)
        case .unixFD(let value): Int64(value)
        default: nil
        }
    }

    /// The elements of an array value.
    public var elements: [DBusValue]? {
        if case .array(_, let elements) = unwrapped { return elements }
        return nil
    }

    /// The bytes of an `ay` value.
    public var byteArray: [UInt8]? {
        guard case .array(.byte, let elements) = unwrapped else { return nil }
        return elements.compactMap { if case .byte(let byte) = $0 { byte } else { nil } }
    }

    /// The strings of an `as` (or `ao`) value.
    public var stringArray: [String]? {
        guard case .array(_, let elements) = unwrapped else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }

    /// The entries of a dictionary value (`a{..}`), in wire order.
    public var dictionaryEntries: [(key: DBusValue, value: DBusValue)]? {
        guard case .array(.dictEntry, let elements) = unwrapped else { return nil }
        return elements.compactMap { if case .dictEntry(let key, let value) = $0 { (key, value) } else { nil } }
    }

    /// An `a{sv}` (or any string-keyed) dictionary, variants unwrapped; a repeated key keeps its last value.
    public var stringDictionary: [String: DBusValue]? {
        guard let entries = dictionaryEntries else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard let key = entry.key.string else { return nil }
            result[key] = entry.value.unwrapped
        }
        return result
    }
}
