import BLECore

/// An L2CAP basic information frame (B-frame): the PDU of a fixed channel.
///
/// Core 5.4, Vol 3, Part A, 3.1. Layout, 4 + n octets: Length (2: the information payload's
/// length), Channel ID (2), Information payload (Length octets).
public struct L2CAPBasicFrame: Sendable, Hashable {
    /// The basic header: Length (2), Channel ID (2).
    public static let headerLength = 4

    /// Channel ID (2 octets).
    public var channelID: L2CAPChannelID
    /// Information payload (0–65535 octets).
    public var payload: [UInt8]

    /// Creates a frame.
    public init(channelID: L2CAPChannelID, payload: [UInt8]) {
        self.channelID = channelID
        self.payload = payload
    }

    /// The frame: Length, Channel ID, payload. Precondition: at most 65535 payload octets.
    public func encode() -> [UInt8] {
        precondition(payload.count <= 0xFFFF, "an L2CAP payload is at most 65535 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + payload.count)
        writer.writeUInt16(UInt16(payload.count))
        writer.writeUInt16(channelID.rawValue)
        writer.writeBytes(payload)
        return writer.bytes
    }

    /// Decodes one whole frame; nil when the bytes are not exactly a header and Length octets.
    public init?(exactly bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard let length = reader.readUInt16(), let channel = reader.readUInt16(),
            reader.remainingCount == Int(length)
        else { return nil }
        self.init(channelID: L2CAPChannelID(rawValue: channel), payload: reader.readRemainingBytes())
    }
}
