/// One complete D-Bus type (D-Bus spec, "Type System"): a basic type or a container.
public indirect enum DBusType: Sendable, Hashable, CustomStringConvertible {
    /// `y`: an unsigned 8-bit integer.
    case byte
    /// `b`: a boolean, marshalled as a 32-bit 0 or 1.
    case boolean
    /// `n`: a signed 16-bit integer.
    case int16
    /// `q`: an unsigned 16-bit integer.
    case uint16
    /// `i`: a signed 32-bit integer.
    case int32
    /// `u`: an unsigned 32-bit integer.
    case uint32
    /// `x`: a signed 64-bit integer.
    case int64
    /// `t`: an unsigned 64-bit integer.
    case uint64
    /// `d`: an IEEE 754 double.
    case double
    /// `s`: a UTF-8 string without NUL.
    case string
    /// `o`: an object path.
    case objectPath
    /// `g`: a type signature.
    case signature
    /// `h`: a Unix file descriptor, marshalled as an index into the message's descriptors.
    case unixFD
    /// `v`: a value carrying its own type.
    case variant
    /// `a…`: an array of one element type.
    case array(DBusType)
    /// `(…)`: a struct of one or more fields.
    case `struct`([DBusType])
    /// `{kv}`: a dict entry, only as the element of an array; the key is a basic type.
    case dictEntry(key: DBusType, value: DBusType)

    /// The signature of this type, e.g. `a{sv}`.
    public var description: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a\(element)"
        case .struct(let fields): "(\(fields.map(\.description).joined()))"
        case .dictEntry(let key, let value): "{\(key)\(value)}"
        }
    }

    /// Whether this is a basic type (every type but variant, array, struct and dict entry).
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .struct, .dictEntry: false
        default: true
        }
    }

    /// The boundary values of this type start on (D-Bus spec, "Marshaling (Wire Format)").
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .unixFD, .array: 4
        case .int64, .uint64, .double, .struct, .dictEntry: 8
        }
    }

    /// The basic type of a type code, e.g. `s` → ``string``; nil for container codes.
    static func basic(_ code: UInt8) -> DBusType? {
        switch code {
        case UInt8(ascii: "y"): .byte
        case UInt8(ascii: "b"): .boolean
        case UInt8(ascii: "n"): .int16
        case UInt8(ascii: "q"): .uint16
        case UInt8(ascii: "i"): .int32
        case UInt8(ascii: "u"): .uint32
        case UInt8(ascii: "x"): .int64
        case UInt8(ascii: "t"): .uint64
        case UInt8(ascii: "d"): .double
        case UInt8(ascii: "s"): .string
        case UInt8(ascii: "o"): .objectPath
        case UInt8(ascii: "g"): .signature
        case UInt8(ascii: "h"): .unixFD
        default: nil
        }
    }
}

/// A D-Bus type signature: zero or more complete types (D-Bus spec, "Signatures", "Valid Signatures").
///
/// Parsing checks every rule: known type codes, balanced `()` and `{}`, no empty struct, dict
/// entries only inside arrays with a basic key and exactly two types, at most 255 bytes, at most
/// 32 nested arrays and 32 nested structs.
public struct DBusSignature: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The complete types, in order.
    public let types: [DBusType]

    /// A signature of these types; throws when it would break a signature rule (length, depth,
    /// dict entries outside arrays or with a container key).
    public init(_ types: [DBusType]) throws {
        try self.init(String(types.map(\.description).joined()))
    }

    /// A signature of these types, for literals in code (`[.string, .variant]`); traps on an invalid one.
    public init(arrayLiteral types: DBusType...) {
        do { try self.init(types) } catch { preconditionFailure("\(error)") }
    }

    /// Parses a signature string, e.g. `a{sv}`.
    public init(_ text: String) throws {
        try self.init(bytes: Array(text.utf8))
    }

    /// Parses signature bytes (without the trailing NUL).
    public init(bytes: [UInt8]) throws {
        guard bytes.count <= DBusLimits.maximumSignatureLength else {
            throw DBusError(.limitExceeded, "signature of \(bytes.count) bytes: at most \(DBusLimits.maximumSignatureLength) are allowed")
        }
        var parser = SignatureParser(bytes: bytes)
        var types: [DBusType] = []
        while !parser.atEnd {
            types.append(try parser.completeType(arrayDepth: 0, structDepth: 0))
        }
        self.types = types
    }

    /// The empty signature (no values).
    public static let empty = DBusSignature(validated: [])

    init(validated types: [DBusType]) { self.types = types }

    /// The signature text, e.g. `a{sv}`.
    public var description: String { types.map(\.description).joined() }

    /// Whether this signature has no types.
    public var isEmpty: Bool { types.isEmpty }
}

/// A recursive-descent parser of signature bytes.
private struct SignatureParser {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    func error(_ what: String) -> DBusError {
        DBusError(.invalidSignature, "signature '\(text)': \(what) (at \(index))")
    }

    mutating func completeType(arrayDepth: Int, structDepth: Int) throws -> DBusType {
        guard index < bytes.count else { throw error("a complete type is missing at the end") }
        let code = bytes[index]
        index += 1
        if let basic = DBusType.basic(code) { return basic }
        switch code {
        case UInt8(ascii: "v"):
            return .variant
        case UInt8(ascii: "a"):
            guard arrayDepth < DBusLimits.maximumArrayDepth else {
                throw DBusError(.limitExceeded, "signature '\(text)': more than \(DBusLimits.maximumArrayDepth) nested arrays")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                return .array(try dictEntry(arrayDepth: arrayDepth + 1, structDepth: structDepth))
            }
            return .array(try completeType(arrayDepth: arrayDepth + 1, structDepth: structDepth))
        case UInt8(ascii: "("):
            guard structDepth < DBusLimits.maximumStructDepth else {
                throw DBusError(.limitExceeded, "signature '\(text)': more than \(DBusLimits.maximumStructDepth) nested structs")
            }
            var fields: [DBusType] = []
            while true {
                guard index < bytes.count else { throw error("struct not closed by ')'") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    break
                }
                fields.append(try completeType(arrayDepth: arrayDepth, structDepth: structDepth + 1))
            }
            guard !fields.isEmpty else { throw error("empty struct '()'") }
            return .struct(fields)
        case UInt8(ascii: "{"):
            throw error("a dict entry '{' outside an array")
        case UInt8(ascii: ")"), UInt8(ascii: "}"):
            throw error("'\(Character(Unicode.Scalar(code)))' without its opening bracket")
        default:
            throw error("unknown type code \(Self.show(code))")
        }
    }

    mutating func dictEntry(arrayDepth: Int, structDepth: Int) throws -> DBusType {
        guard structDepth < DBusLimits.maximumStructDepth else {
            throw DBusError(.limitExceeded, "signature '\(text)': more than \(DBusLimits.maximumStructDepth) nested structs")
        }
        let key = try completeType(arrayDepth: arrayDepth, structDepth: structDepth + 1)
        guard key.isBasic else { throw error("a dict entry key must be a basic type, not '\(key)'") }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
            throw error("a dict entry must hold exactly two types and end with '}'")
        }
        let value = try completeType(arrayDepth: arrayDepth, structDepth: structDepth + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
            throw error("a dict entry must hold exactly two types and end with '}'")
        }
        index += 1
        return .dictEntry(key: key, value: value)
    }

    static func show(_ code: UInt8) -> String {
        (0x21...0x7E).contains(code) ? "'\(Character(Unicode.Scalar(code)))'" : "0x\(String(code, radix: 16))"
    }
}
