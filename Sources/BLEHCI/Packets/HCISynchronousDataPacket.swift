import BLECore

/// An HCI Synchronous (SCO/eSCO) Data packet, kept raw: this stack is LE-only.
///
/// Core 5.4, Vol 4, Part E, 5.4.3. Layout, 3 + n octets: Connection_Handle (12 bits),
/// Packet_Status_Flag (2 bits), RFU (2 bits), Data_Total_Length (1 octet), Data.
public struct HCISynchronousDataPacket: Sendable, Hashable, CustomStringConvertible {
    /// The header: handle and flags (2), data length (1).
    public static let headerLength = 3

    /// The first two octets as sent: Connection_Handle and the flags.
    public var handleAndFlags: UInt16
    /// Data (0–255 octets).
    public var data: [UInt8]

    /// Creates a packet. Precondition when encoding: at most 255 data octets.
    public init(handleAndFlags: UInt16, data: [UInt8]) {
        self.handleAndFlags = handleAndFlags
        self.data = data
    }

    /// Connection_Handle (12 bits).
    public var connectionHandle: UInt16 { handleAndFlags & 0x0FFF }

    /// Decodes one whole packet (no H4 indicator); throws when Data_Total_Length disagrees with the bytes.
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.packet(.synchronousData)
        var reader = ByteReader(bytes)
        handleAndFlags = try reader.requireUInt16("Connection_Handle", of: subject)
        let length = Int(try reader.requireUInt8("Data_Total_Length", of: subject))
        guard reader.remainingCount == length else {
            throw HCIDecodingError(
                .lengthMismatch, subject, field: "Data_Total_Length",
                "says \(length) bytes, \(reader.remainingCount) follow"
            )
        }
        data = reader.readRemainingBytes()
    }

    /// The packet: header, then data.
    public func encode() -> [UInt8] {
        precondition(data.count <= 0xFF, "synchronous data is at most 255 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + data.count)
        writer.writeUInt16(handleAndFlags)
        writer.writeUInt8(UInt8(data.count))
        writer.writeBytes(data)
        return writer.bytes
    }

    /// `SCO handle=0x0001 data=…`.
    public var description: String {
        "SCO handle=\(HCIFormat.hex(connectionHandle)) data=\(HCIFormat.bytes(data))"
    }
}
