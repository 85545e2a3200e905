import BLECore

/// HCI_LE_Long_Term_Key_Request: the peer started encryption; the host must supply the LTK.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.5. Parameters after Subevent_Code (0x05), 12 octets:
/// Connection_Handle (2), Random_Number (8), Encrypted_Diversifier (2) (both zero with LE Secure
/// Connections).
public struct HCILELongTermKeyRequest: HCILEMetaEventParameters {
    /// 0x05.
    public static let subeventCode = HCILEMetaSubevent.longTermKeyRequest

    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Random_Number (8 octets): Rand of the legacy-pairing key distribution.
    public var randomNumber: UInt64
    /// Encrypted_Diversifier (2 octets): EDIV of the legacy-pairing key distribution.
    public var encryptedDiversifier: UInt16

    /// Creates the event.
    public init(connectionHandle: UInt16, randomNumber: UInt64, encryptedDiversifier: UInt16) {
        self.connectionHandle = connectionHandle
        self.randomNumber = randomNumber
        self.encryptedDiversifier = encryptedDiversifier
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        randomNumber = try reader.requireUInt64("Random_Number", of: Self.subject)
        encryptedDiversifier = try reader.requireUInt16("Encrypted_Diversifier", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt64(randomNumber)
        writer.writeUInt16(encryptedDiversifier)
    }
}
