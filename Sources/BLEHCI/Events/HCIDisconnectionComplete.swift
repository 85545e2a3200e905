import BLECore

/// HCI_Disconnection_Complete: a connection has been terminated.
///
/// Core 5.4, Vol 4, Part E, 7.7.5. Parameters, 4 octets: Status (1), Connection_Handle (2),
/// Reason (1): why the link ended, e.g. Connection Timeout (0x08), Remote User Terminated
/// Connection (0x13), Connection Terminated By Local Host (0x16).
public struct HCIDisconnectionComplete: HCIEventParameters {
    /// 0x05.
    public static let eventCode = HCIEventCode.disconnectionComplete

    /// Status (1 octet): whether the disconnection succeeded.
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16
    /// Reason (1 octet).
    public var reason: HCIStatus

    /// Creates the event.
    public init(status: HCIStatus = .success, connectionHandle: UInt16, reason: HCIStatus) {
        self.status = status
        self.connectionHandle = connectionHandle
        self.reason = reason
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        reason = HCIStatus(rawValue: try reader.requireUInt8("Reason", of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt16(connectionHandle)
        writer.writeUInt8(reason.rawValue)
    }
}
