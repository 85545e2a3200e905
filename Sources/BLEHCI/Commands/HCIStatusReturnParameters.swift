import BLECore

/// The return parameters of a command that returns only a Status.
///
/// Core 5.4, Vol 4, Part E, 7 (e.g. HCI_Reset, 7.3.2): Status (1 octet).
public struct HCIStatusReturnParameters: HCIReturnParameters {
    /// Status (1 octet).
    public var status: HCIStatus

    /// Creates return parameters.
    public init(status: HCIStatus) {
        self.status = status
    }

    /// The same as ``init(status:)``.
    public init(failedWith status: HCIStatus) {
        self.status = status
    }

    /// There are no fields after Status.
    public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
        self.status = status
    }

    /// There are no fields after Status.
    public func encodeFields(into writer: inout ByteWriter) {}
}

/// The return parameters of a command that returns Status and the Connection_Handle it acted on
/// (e.g. HCI_LE_Set_Data_Length, 7.8.33; HCI_LE_Long_Term_Key_Request_Reply, 7.8.25).
///
/// `Command` names the command in decoding errors.
public struct HCIConnectionHandleReturnParameters<Command: HCICommand>: HCIReturnParameters {
    /// Status (1 octet).
    public var status: HCIStatus
    /// Connection_Handle (2 octets).
    public var connectionHandle: UInt16

    /// Creates return parameters.
    public init(status: HCIStatus, connectionHandle: UInt16) {
        self.status = status
        self.connectionHandle = connectionHandle
    }

    /// A failure: `status`, handle zero.
    public init(failedWith status: HCIStatus) {
        self.init(status: status, connectionHandle: 0)
    }

    /// Decodes the fields after Status.
    public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
        self.status = status
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: .returnParameters(Command.opcode))
    }

    /// Encodes the fields after Status.
    public func encodeFields(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
    }
}
