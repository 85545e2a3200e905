import BLECore

/// Execute Write Request: writes, or cancels, every value queued by Prepare Write Requests.
///
/// Core 5.4, Vol 3, Part F, 3.4.6.3. Layout, 2 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x18) | 1 |
/// | Flags | 1 |
///
/// Flags is an open code space: a value other than 0x00 and 0x01 decodes as sent, so the server
/// can answer it with an Error Response (Invalid PDU) rather than drop it as malformed.
public struct ATTExecuteWriteRequest: ATTPDU {
    /// 0x18.
    public static let opcode = ATTOpcode.executeWriteRequest

    /// The Flags field (1 octet): what to do with the prepared values.
    public struct Flags: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The Flags octet.
        public let rawValue: UInt8

        /// Wraps a Flags octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 0x00: cancel all prepared writes.
        public static let cancelAllPreparedWrites = Flags(rawValue: 0x00)
        /// 0x01: immediately write all pending prepared values.
        public static let immediatelyWriteAllPendingPreparedValues = Flags(rawValue: 0x01)

        /// Whether the value is one the spec defines (0x00 or 0x01); others are reserved.
        public var isDefined: Bool { rawValue <= 0x01 }

        /// `cancel (0x00)`, `write (0x01)` or `reserved (0x02)`.
        public var description: String {
            let name =
                switch self {
                case .cancelAllPreparedWrites: "cancel"
                case .immediatelyWriteAllPendingPreparedValues: "write"
                default: "reserved"
                }
            return "\(name) (0x\([rawValue].hexString))"
        }
    }

    /// Flags (1 octet).
    public var flags: Flags

    /// Creates an Execute Write Request.
    public init(flags: Flags) {
        self.flags = flags
    }

    /// Decodes Flags, keeping reserved values.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        flags = Flags(rawValue: try reader.requireUInt8("Flags", of: Self.opcode))
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 1 }

    /// Encodes Flags.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt8(flags.rawValue)
    }

    /// `Execute Write Request flags=write (0x01)`.
    public var description: String { "\(Self.opcode.name) flags=\(flags)" }
}
