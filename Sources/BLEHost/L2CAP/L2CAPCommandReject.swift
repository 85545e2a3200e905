import BLECore

/// L2CAP_COMMAND_REJECT_RSP: the peer's command was not understood or not acceptable.
///
/// Core 5.4, Vol 3, Part A, 4.1. Data, 2 + n octets: Reason (2), Data (0–4, depending on the
/// reason: Actual MTU for 0x0001, the two CIDs for 0x0002).
public struct L2CAPCommandReject: Sendable, Hashable {
    /// 0x01.
    public static let code = L2CAPSignalingPacket.Code.commandReject

    /// Reason (2 octets). An open code space.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        /// The 16-bit value.
        public let rawValue: UInt16
        /// Wraps a value.
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// 0x0000: Command not understood.
        public static let commandNotUnderstood = Reason(rawValue: 0x0000)
        /// 0x0001: Signaling MTU exceeded.
        public static let signalingMTUExceeded = Reason(rawValue: 0x0001)
        /// 0x0002: Invalid CID in request.
        public static let invalidCID = Reason(rawValue: 0x0002)
    }

    /// Reason (2 octets).
    public var reason: Reason
    /// Data (0–4 octets).
    public var data: [UInt8]

    /// Creates the command.
    public init(reason: Reason, data: [UInt8] = []) {
        self.reason = reason
        self.data = data
    }

    /// Decodes the data of a signaling packet.
    public init(data bytes: [UInt8]) throws(HostError) {
        var reader = ByteReader(bytes)
        guard let reason = reader.readUInt16() else {
            throw HostError(.protocolError, "L2CAP_COMMAND_REJECT_RSP needs a 2-byte Reason, \(bytes.count) bytes given")
        }
        self.init(reason: Reason(rawValue: reason), data: reader.readRemainingBytes())
    }

    /// Encodes the data of a signaling packet.
    public func encode() -> [UInt8] {
        var writer = ByteWriter()
        writer.writeUInt16(reason.rawValue)
        writer.writeBytes(data)
        return writer.bytes
    }
}
