import BLECore

/// The one error type of `BLEHCI`: a packet, command, return-parameter set or event that could not
/// be decoded, or a command whose parameters fall outside the spec's ranges.
///
/// It names what was being decoded (``subject``) and the field (``field``, spelled as in Core 5.4,
/// Vol 4, Part E, e.g. `LE_Scan_Window`), so the message reads e.g.
/// `malformed HCI_LE_Set_Scan_Parameters command: LE_Scan_Window: 2 bytes expected, 1 left`.
/// HCI status codes sent by a controller are wire values (``HCIStatus``), never this error.
public struct HCIDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later layers can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The bytes ran out before a field was complete.
        public static let truncated = Code(rawValue: "truncated")
        /// A length field disagrees with the bytes that are actually there.
        public static let lengthMismatch = Code(rawValue: "lengthMismatch")
        /// Bytes are left over after the last field.
        public static let trailingBytes = Code(rawValue: "trailingBytes")
        /// A field holds a value the format cannot represent (e.g. a reserved bit that must be 0).
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// The packet is of another kind than expected (another opcode, event code or packet type).
        public static let unexpectedType = Code(rawValue: "unexpectedType")
        /// `validate()` found a parameter outside the spec's range; a controller answers
        /// Invalid HCI Command Parameters (0x12).
        public static let parameterOutOfRange = Code(rawValue: "parameterOutOfRange")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What was being decoded.
    public enum Subject: Sendable, Hashable, CustomStringConvertible {
        /// An HCI packet of this type (header and length fields).
        case packet(HCIPacketType)
        /// The parameters of a command.
        case command(HCIOpcode)
        /// The return parameters of a command, carried by Command Complete.
        case returnParameters(HCIOpcode)
        /// The parameters of an event.
        case event(HCIEventCode)
        /// The parameters of an LE Meta event's subevent.
        case leMetaEvent(HCILEMetaSubevent)

        /// e.g. `HCI_Reset command`, `HCI_LE_Advertising_Report event`, `ACL Data packet`.
        public var description: String {
            switch self {
            case .packet(let type): "\(type) packet"
            case .command(let opcode): "\(opcode.name) command"
            case .returnParameters(let opcode): "\(opcode.name) return parameters"
            case .event(let code): "\(code.name) event"
            case .leMetaEvent(let subevent): "\(subevent.name) event"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was being decoded.
    public var subject: Subject
    /// The field, as the spec spells it (e.g. `Connection_Handle`), when one field is at fault.
    public var field: String?
    /// What was wrong, e.g. `2 bytes expected, 1 left`.
    public var reason: String

    /// Creates an error.
    public init(_ code: Code, _ subject: Subject, field: String? = nil, _ reason: String) {
        self.code = code
        self.subject = subject
        self.field = field
        self.reason = reason
    }

    /// One line: `malformed HCI_Disconnect command: Reason: 1 byte expected, 0 left`; `invalid …`
    /// for a parameter out of range.
    public var description: String {
        let adjective = code == .parameterOutOfRange ? "invalid" : "malformed"
        let fieldPart = field.map { "\($0): " } ?? ""
        return "\(adjective) \(subject): \(fieldPart)\(reason)"
    }

    /// A parameter outside its range, e.g. `out of range: 0x0002 not in 0x0004…0x4000`.
    public static func outOfRange(
        _ subject: Subject,
        field: String,
        _ value: some BinaryInteger,
        _ range: ClosedRange<Int>
    ) -> HCIDecodingError {
        HCIDecodingError(
            .parameterOutOfRange, subject, field: field,
            "\(HCIFormat.hex(value)) is outside \(HCIFormat.hex(range.lowerBound))…\(HCIFormat.hex(range.upperBound))"
        )
    }
}

extension ByteReader {
    /// Reads a field, throwing an error that names the field and the subject when it is missing.
    public mutating func require<T>(
        _ field: String,
        of subject: HCIDecodingError.Subject,
        byteCount: Int,
        _ read: (inout ByteReader) -> T?
    ) throws(HCIDecodingError) -> T {
        guard let value = read(&self) else {
            let unit = byteCount == 1 ? "byte" : "bytes"
            throw HCIDecodingError(.truncated, subject, field: field, "\(byteCount) \(unit) expected, \(remainingCount) left")
        }
        return value
    }

    /// Reads a 1-octet field of an HCI packet, command or event.
    public mutating func requireUInt8(_ field: String, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> UInt8 {
        try require(field, of: subject, byteCount: 1) { $0.readUInt8() }
    }

    /// Reads a signed 1-octet field (RSSI, TX power).
    public mutating func requireInt8(_ field: String, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> Int8 {
        try require(field, of: subject, byteCount: 1) { $0.readInt8() }
    }

    /// Reads a little-endian 2-octet field.
    public mutating func requireUInt16(_ field: String, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> UInt16 {
        try require(field, of: subject, byteCount: 2) { $0.readUInt16() }
    }

    /// Reads a little-endian 8-octet field (event masks, feature sets, random numbers).
    public mutating func requireUInt64(_ field: String, of subject: HCIDecodingError.Subject) throws(HCIDecodingError) -> UInt64 {
        try require(field, of: subject, byteCount: 8) { $0.readUInt64() }
    }

    /// Reads a field of `count` octets.
    public mutating func requireBytes(
        _ field: String,
        count: Int,
        of subject: HCIDecodingError.Subject
    ) throws(HCIDecodingError) -> [UInt8] {
        try require(field, of: subject, byteCount: count) { $0.readBytes(count) }
    }

    /// Reads a 6-octet BD_ADDR; `isRandom` (from the address-type field that came with it) sets the
    /// random sub-type. Any 48-bit value decodes.
    public mutating func requireAddress(
        _ field: String,
        isRandom: Bool,
        of subject: HCIDecodingError.Subject
    ) throws(HCIDecodingError) -> DeviceAddress {
        try require(field, of: subject, byteCount: 6) { DeviceAddress.read(from: &$0, isRandom: isRandom) }
    }

    /// Throws ``HCIDecodingError/Code/trailingBytes`` unless every byte has been read.
    public func requireEnd(of subject: HCIDecodingError.Subject) throws(HCIDecodingError) {
        guard isAtEnd else {
            throw HCIDecodingError(.trailingBytes, subject, "\(remainingCount) unexpected trailing bytes")
        }
    }
}

/// Formatting shared by names and messages.
enum HCIFormat {
    /// `0x0A`, `0x200B`: uppercase hex, 2 digits for values below 0x100, else 4 (or more).
    static func hex(_ value: some BinaryInteger) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        let width = value < 0x100 ? 2 : 4
        return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension HCIFormat {
    /// Bytes as lowercase hex, `(empty)`, or the first 32 bytes and the count when long.
    static func bytes(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "(empty)" }
        if bytes.count <= 32 { return bytes.hexString }
        return bytes.prefix(32).hexString + "…(\(bytes.count) bytes)"
    }
}
