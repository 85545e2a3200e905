import BLECore

/// HCI_Encryption_Key_Refresh_Complete: the encryption key of a connection was refreshed.
///
/// Core 5.4, Vol 4, Part E, 7.7.39. Parameters, 3 octets: Status (1), Connection_Handle (2).
/// On LE, sent when an already encrypted link is re-encrypted.
public struct HCIEncryptionKeyRefreshComplete: HCIEventParameters {
    /// 0x30.
    public static let eventCode = HCIEventCode.encryptionKeyRefreshComplete

    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16

    /// Creates the event.
    public init(status: HCIStatus = .success, connectionHandle: UInt16) {
        self.status = status
        self.connectionHandle = connectionHandle
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
    }
}
