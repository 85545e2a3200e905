import BLECore

/// HCI_Encryption_Change [v1]: encryption on a connection was turned on, off, or failed to change.
///
/// Core 5.4, Vol 4, Part E, 7.7.8. Parameters, 4 octets: Status (1), Connection_Handle (2),
/// Encryption_Enabled (1: 0x00 off, 0x01 on with AES-CCM on LE).
public struct HCIEncryptionChange: HCIEventParameters {
    /// 0x08.
    public static let eventCode = HCIEventCode.encryptionChange

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Encryption_Enabled (1 octet), as sent.
    public var encryptionEnabled: UInt8

    /// Creates the event.
    public init(status: HCIStatus = .success, connectionHandle: UInt16, encryptionEnabled: UInt8) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.encryptionEnabled = encryptionEnabled
    }

    /// Whether the link is now encrypted.
    public var isEncrypted: Bool { encryptionEnabled != 0 }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        encryptionEnabled = try reader.requireUInt8("Encryption_Enabled", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(encryptionEnabled)
    }
}
