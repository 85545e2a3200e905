/// The byte order of a message: its first byte (D-Bus spec, "Message Format").
public enum DBusByteOrder: UInt8, Sendable, Hashable {
    /// `l`: little-endian.
    case little = 0x6C
    /// `B`: big-endian.
    case big = 0x42

    /// The byte order of this machine.
    public static var host: DBusByteOrder { 1.littleEndian == 1 ? .little : .big }
}

/// Writes values in the D-Bus wire format (D-Bus spec, "Marshaling (Wire Format)").
///
/// Alignment is counted from the start of ``bytes``, which is the start of the message: the body
/// starts on an 8-byte boundary, so values align the same as counted from the body.
struct DBusWriter {
    var bytes: [UInt8] = []
    let byteOrder: DBusByteOrder

    init(byteOrder: DBusByteOrder) {
        self.byteOrder = byteOrder
    }

    mutating func pad(to alignment: Int) {
        let remainder = bytes.count % alignment
        if remainder != 0 { bytes.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        let ordered = byteOrder == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: ordered) { bytes.append(contentsOf: $0) }
    }

    mutating func writeString(_ text: String, what: String) throws {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { throw DBusError(.malformed, "\(what) \(text.debugDescription) contains a NUL byte") }
        write(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    mutating func writeSignature(_ signature: DBusSignature) {
        let utf8 = Array(signature.description.utf8)
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// Writes `value` as `type`; throws when they differ.
    mutating func write(_ value: DBusValue, as type: DBusType) throws {
        func mismatch() -> DBusError { DBusError(.typeMismatch, "a value of type '\(value.type)' where '\(type)' is expected") }
        switch (type, value) {
        case (.byte, .byte(let v)): bytes.append(v)
        case (.boolean, .boolean(let v)): write(UInt32(v ? 1 : 0))
        case (.int16, .int16(let v)): write(v)
        case (.uint16, .uint16(let v)): write(v)
        case (.int32, .int32(let v)): write(v)
        case (.uint32, .uint32(let v)): write(v)
        case (.int64, .int64(let v)): write(v)
        case (.uint64, .uint64(let v)): write(v)
        case (.double, .double(let v)): write(v.bitPattern)
        case (.string, .string(let v)): try writeString(v, what: "string")
        case (.objectPath, .objectPath(let v)): try writeString(v.rawValue, what: "object path")
        case (.signature, .signature(let v)): writeSignature(v)
        case (.unixFD, .unixFD(let v)): write(v)
        case (.variant, .variant(let inner)):
            let signature = try DBusSignature([inner.type])
            writeSignature(signature)
            try write(inner, as: inner.type)
        case (.array(let element), .array(let valueElement, let elements)):
            guard element == valueElement else { throw mismatch() }
            write(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(to: element.alignment)
            let start = bytes.count
            for item in elements { try write(item, as: element) }
            let length = bytes.count - start
            guard length <= DBusLimits.maximumArrayLength else {
                throw DBusError(.limitExceeded, "array of \(length) bytes: at most \(DBusLimits.maximumArrayLength) are allowed")
            }
            let ordered = byteOrder == .little ? UInt32(length).littleEndian : UInt32(length).bigEndian
            withUnsafeBytes(of: ordered) { raw in
                for offset in 0..<4 { bytes[lengthAt + offset] = raw[offset] }
            }
        case (.struct(let fieldTypes), .struct(let fields)):
            guard fieldTypes.count == fields.count else { throw mismatch() }
            pad(to: 8)
            for (field, fieldType) in zip(fields, fieldTypes) { try write(field, as: fieldType) }
        case (.dictEntry(let keyType, let valueType), .dictEntry(let key, let entryValue)):
            pad(to: 8)
            try write(key, as: keyType)
            try write(entryValue, as: valueType)
        default:
            throw mismatch()
        }
    }
}

/// Reads values in the D-Bus wire format, checking every rule: zero padding, booleans 0 or 1,
/// NUL-terminated UTF-8 strings without NUL inside, valid object paths and signatures, array
/// lengths within the limit and the array, nesting depth (D-Bus spec, "Marshaling (Wire Format)").
struct DBusReader {
    let bytes: [UInt8]
    var index: Int
    let end: Int
    let byteOrder: DBusByteOrder

    init(bytes: [UInt8], from start: Int, to end: Int, byteOrder: DBusByteOrder) {
        self.bytes = bytes
        self.index = start
        self.end = end
        self.byteOrder = byteOrder
    }

    func malformed(_ what: String) -> DBusError { DBusError(.malformed, "\(what) (at byte \(index))") }

    mutating func align(_ alignment: Int) throws {
        let remainder = index % alignment
        guard remainder != 0 else { return }
        let padding = alignment - remainder
        guard index + padding <= end else { throw malformed("padding runs past the end") }
        for offset in index..<(index + padding) where bytes[offset] != 0 {
            throw DBusError(.malformed, "padding byte at \(offset) is 0x\(String(bytes[offset], radix: 16)), not 0")
        }
        index += padding
    }

    mutating func readByte() throws -> UInt8 {
        guard index < end else { throw malformed("a byte runs past the end") }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let size = MemoryLayout<T>.size
        try align(size)
        guard index + size <= end else { throw malformed("a \(size)-byte value runs past the end") }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { raw in
            for offset in 0..<size { raw[offset] = bytes[index + offset] }
        }
        index += size
        return byteOrder == .little ? T(littleEndian: value) : T(bigEndian: value)
    }

    mutating func readStringBytes(what: String) throws -> [UInt8] {
        let length = Int(try read(UInt32.self))
        guard length <= end - index - 1 else { throw malformed("\(what) of \(length) bytes runs past the end") }
        let utf8 = Array(bytes[index..<(index + length)])
        guard bytes[index + length] == 0 else { throw malformed("\(what) is not terminated by NUL") }
        guard !utf8.contains(0) else { throw malformed("\(what) contains a NUL byte") }
        index += length + 1
        return utf8
    }

    mutating func readString(what: String = "string") throws -> String {
        let utf8 = try readStringBytes(what: what)
        guard let text = String(validating: utf8, as: UTF8.self) else { throw malformed("\(what) is not valid UTF-8") }
        return text
    }

    mutating func readSignature() throws -> DBusSignature {
        let length = Int(try readByte())
        guard length <= end - index - 1 else { throw malformed("signature of \(length) bytes runs past the end") }
        let utf8 = Array(bytes[index..<(index + length)])
        guard bytes[index + length] == 0 else { throw malformed("signature is not terminated by NUL") }
        index += length + 1
        return try DBusSignature(bytes: utf8)
    }

    /// Reads one value of `type`; `depth` is the number of containers (variants included) around it.
    mutating func read(_ type: DBusType, depth: Int = 0) throws -> DBusValue {
        switch type {
        case .byte: return .byte(try readByte())
        case .boolean:
            let raw = try read(UInt32.self)
            guard raw <= 1 else { throw malformed("boolean is \(raw), not 0 or 1") }
            return .boolean(raw == 1)
        case .int16: return .int16(try read())
        case .uint16: return .uint16(try read())
        case .int32: return .int32(try read())
        case .uint32: return .uint32(try read())
        case .int64: return .int64(try read())
        case .uint64: return .uint64(try read())
        case .double: return .double(Double(bitPattern: try read()))
        case .string: return .string(try readString())
        case .objectPath:
            let text = try readString(what: "object path")
            return .objectPath(try DBusObjectPath(text))
        case .signature: return .signature(try readSignature())
        case .unixFD: return .unixFD(try read())
        case .variant:
            try checkDepth(depth)
            let signature = try readSignature()
            guard signature.types.count == 1, let inner = signature.types.first else {
                throw malformed("variant signature '\(signature)' is not one complete type")
            }
            return .variant(try read(inner, depth: depth + 1))
        case .array(let element):
            try checkDepth(depth)
            let length = Int(try read(UInt32.self))
            guard length <= DBusLimits.maximumArrayLength else {
                throw DBusError(.limitExceeded, "array of \(length) bytes: at most \(DBusLimits.maximumArrayLength) are allowed")
            }
            try align(element.alignment)
            guard length <= end - index else { throw malformed("array of \(length) bytes runs past the end") }
            let arrayEnd = index + length
            var elements: [DBusValue] = []
            while index < arrayEnd {
                elements.append(try read(element, depth: depth + 1))
            }
            guard index == arrayEnd else { throw malformed("array elements run past the array's length \(length)") }
            return .array(element: element, elements)
        case .struct(let fields):
            try checkDepth(depth)
            try align(8)
            return .struct(try fields.map { try read($0, depth: depth + 1) })
        case .dictEntry(let keyType, let valueType):
            try checkDepth(depth)
            try align(8)
            let key = try read(keyType, depth: depth + 1)
            return .dictEntry(key, try read(valueType, depth: depth + 1))
        }
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth < DBusLimits.maximumTotalDepth else {
            throw DBusError(.limitExceeded, "values nested more than \(DBusLimits.maximumTotalDepth) containers deep (at byte \(index))")
        }
    }
}
