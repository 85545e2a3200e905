import BLECore

/// An HCI ISO Data packet, kept raw: this stack does not do isochronous channels yet.
///
/// Core 5.4, Vol 4, Part E, 5.4.5. Layout, 4 + n octets: Connection_Handle (12 bits), PB_Flag
/// (2 bits), TS_Flag (1 bit), RFU (1 bit), ISO_Data_Load_Length (14 bits), RFU (2 bits), then the
/// ISO data load. Decoding rejects the two RFU bits of the length field set, so the 14-bit length
/// is unambiguous.
public struct HCIISODataPacket: Sendable, Hashable, CustomStringConvertible {
    /// The header: handle and flags (2), data load length (2).
    public static let headerLength = 4
    /// The most data-load octets the 14-bit length can describe.
    public static let maximumDataLength = 0x3FFF

    /// The first two octets as sent: Connection_Handle and the flags.
    public var handleAndFlags: UInt16
    /// The ISO data load (0–16383 octets), time stamp and SDU header included.
    public var dataLoad: [UInt8]

    /// Creates a packet. Precondition when encoding: at most 16383 data octets.
    public init(handleAndFlags: UInt16, dataLoad: [UInt8]) {
        self.handleAndFlags = handleAndFlags
        self.dataLoad = dataLoad
    }

    /// Connection_Handle (12 bits).
    public var connectionHandle: UInt16 { handleAndFlags & 0x0FFF }

    /// Decodes one whole packet (no H4 indicator); throws when the length disagrees with the bytes
    /// or its RFU bits are set.
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.packet(.isoData)
        var reader = ByteReader(bytes)
        handleAndFlags = try reader.requireUInt16("Connection_Handle", of: subject)
        let lengthField = try reader.requireUInt16("ISO_Data_Load_Length", of: subject)
        guard lengthField & 0xC000 == 0 else {
            throw HCIDecodingError(.invalidValue, subject, field: "ISO_Data_Load_Length", "RFU bits 14–15 are set")
        }
        let length = Int(lengthField)
        guard reader.remainingCount == length else {
            throw HCIDecodingError(
                .lengthMismatch, subject, field: "ISO_Data_Load_Length",
                "says \(length) bytes, \(reader.remainingCount) follow"
            )
        }
        dataLoad = reader.readRemainingBytes()
    }

    /// The packet: header, then data load.
    public func encode() -> [UInt8] {
        precondition(dataLoad.count <= Self.maximumDataLength, "ISO data load is at most 16383 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + dataLoad.count)
        writer.writeUInt16(handleAndFlags)
        writer.writeUInt16(UInt16(dataLoad.count))
        writer.writeBytes(dataLoad)
        return writer.bytes
    }

    /// `ISO handle=0x0001 data=…`.
    public var description: String {
        "ISO handle=\(HCIFormat.hex(connectionHandle)) data=\(HCIFormat.bytes(dataLoad))"
    }
}
