import BLECore

/// A value of the Smart Nightlight profile with its exact wire form (shared/SN-PROFILE.md).
///
/// ``encode()`` writes the fields as they are, without checking them, so a test can send a
/// device an invalid value; call ``validate()`` first to know whether a SN accepts it.
/// ``init(bytes:)`` decodes and validates, and throws an ``SNValueError`` whose
/// ``SNValueError/attErrorCode`` is the error the device answers with.
///
/// JSON (`Codable`, keys named as the properties) takes values as they are, like the memberwise
/// initialisers: call ``validate()`` on what a person or a file supplied.
public protocol SNValue: Hashable, Sendable, Codable {
    /// Decodes a characteristic value and checks every rule of the profile.
    init(bytes: [UInt8]) throws(SNValueError)
    /// The characteristic value, fields in profile order, little-endian.
    func encode() -> [UInt8]
    /// Checks every rule of the profile; throws the first one broken.
    func validate() throws(SNValueError)
}

/// A cursor over a value's bytes that throws an ``SNValueError`` naming the missing field.
struct SNReader {
    private var reader: ByteReader
    /// The code of the errors thrown for truncated input.
    let code: SNValueError.Code

    init(_ bytes: [UInt8], code: SNValueError.Code) {
        reader = ByteReader(bytes)
        self.code = code
    }

    /// The index of the next unread byte.
    var offset: Int { reader.offset }

    private func missing(_ field: String, _ count: Int) -> SNValueError {
        let plural = count == 1 ? "" : "s"
        return SNValueError(code, path: [field], "is missing: the value ends at byte \(reader.bytes.count), \(count) byte\(plural) short")
    }

    mutating func u8(_ field: String) throws(SNValueError) -> UInt8 {
        guard let value = reader.readUInt8() else { throw missing(field, 1) }
        return value
    }

    mutating func u16(_ field: String) throws(SNValueError) -> UInt16 {
        guard let value = reader.readUInt16() else { throw missing(field, 2 - reader.remainingCount) }
        return value
    }

    mutating func u32(_ field: String) throws(SNValueError) -> UInt32 {
        guard let value = reader.readUInt32() else { throw missing(field, 4 - reader.remainingCount) }
        return value
    }

    mutating func bytes(_ count: Int, _ field: String) throws(SNValueError) -> [UInt8] {
        guard let value = reader.readBytes(count) else { throw missing(field, count - reader.remainingCount) }
        return value
    }

    /// A length byte, then that many bytes of UTF-8.
    mutating func string(_ field: String) throws(SNValueError) -> String {
        let count = try u8(field + " length")
        return try SNText.utf8(bytes(Int(count), field), field, code: code)
    }

    mutating func remaining() -> [UInt8] { reader.readRemainingBytes() }

    /// Throws when bytes are left over after the last field.
    func expectEnd(_ what: String) throws(SNValueError) {
        guard reader.isAtEnd else {
            throw SNValueError(code, path: [what], "has \(reader.remainingCount) unexpected byte\(reader.remainingCount == 1 ? "" : "s") after its last field")
        }
    }
}

/// Shared checks of the SN value rules.
enum SNCheck {
    /// Throws ``SNValueError/Code/invalidLength`` unless `bytes` has exactly `count` bytes.
    static func length(_ bytes: [UInt8], _ count: Int, _ what: String) throws(SNValueError) {
        guard bytes.count == count else {
            throw SNValueError(.invalidLength, path: [what], "is \(bytes.count) byte\(bytes.count == 1 ? "" : "s") long; it must be \(count)")
        }
    }

    /// Throws unless `value` is in `range`: `fade 61 is not in 0…60`.
    static func range(_ value: Int, _ range: ClosedRange<Int>, _ field: String, code: SNValueError.Code = .outOfRange) throws(SNValueError) {
        guard range.contains(value) else {
            throw SNValueError(code, path: [field + " \(value)"], "is not in \(range.lowerBound)…\(range.upperBound)")
        }
    }

    /// Throws unless a string fits `maximum` UTF-8 bytes.
    static func utf8Length(_ text: String, maximum: Int, _ field: String, code: SNValueError.Code = .outOfRange) throws(SNValueError) {
        let count = text.utf8.count
        guard count <= maximum else {
            throw SNValueError(code, path: [field], "is \(count) bytes of UTF-8; the most is \(maximum)")
        }
    }

    /// Throws unless `text` is free of control characters and bidirectional marks (a name a
    /// parent types: see `TextSafety`).
    static func printable(_ text: String, _ field: String) throws(SNValueError) {
        if let scalar = TextSafety.firstUnsafe(in: text) {
            throw SNValueError(.outOfRange, path: [field], "contains the control character \(TextSafety.name(scalar)); use letters, digits, spaces and punctuation")
        }
    }

    /// Throws unless there is one color per LED (4).
    static func ledColors(_ colors: [RGBColor], _ what: String) throws(SNValueError) {
        guard colors.count == ActiveState.ledCount else {
            throw SNValueError(.invalidLength, path: [what], "has \(colors.count) colors; it must have \(ActiveState.ledCount)")
        }
    }

    /// Decodes a 0/1 byte as a Boolean; other values are out of range.
    static func bool(_ byte: UInt8, _ field: String) throws(SNValueError) -> Bool {
        switch byte {
        case 0: false
        case 1: true
        default: throw SNValueError(.outOfRange, path: [field + " \(byte)"], "is not 0 or 1")
        }
    }
}

/// UTF-8 and length-prefixed strings.
enum SNText {
    static func utf8(_ bytes: [UInt8], _ field: String, code: SNValueError.Code) throws(SNValueError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SNValueError(code, path: [field], "is not valid UTF-8")
        }
        return text
    }

    /// Writes a length byte and the UTF-8 bytes (the length is truncated to 8 bits; validate first).
    static func write(_ text: String, to writer: inout ByteWriter) {
        let bytes = Array(text.utf8)
        writer.writeUInt8(UInt8(truncatingIfNeeded: bytes.count))
        writer.writeBytes(bytes)
    }
}

extension Int {
    /// The value as a wire field of `T`, truncated (the value is validated before it is sent).
    func wire<T: FixedWidthInteger>(_: T.Type = T.self) -> T { T(truncatingIfNeeded: self) }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(self[first...last])
    }
}
