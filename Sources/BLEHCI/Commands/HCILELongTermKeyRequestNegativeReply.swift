import BLECore

/// HCI_LE_Long_Term_Key_Request_Negative_Reply: the peripheral's host has no key for the
/// connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.26. Parameters, 2 octets: Connection_Handle (2). Return
/// parameters, 3 octets: Status (1), Connection_Handle (2). The central's host then gets
/// HCI_Encryption_Change with PIN or Key Missing (0x06) and the link stays as it was; when the
/// link was already encrypted (a key refresh), the peripheral ends the link with that reason
/// instead (Vol 6, Part B, 5.1.3.1).
public struct HCILELongTermKeyRequestNegativeReply: HCICommandCompleting {
    /// 0x201B.
    public static let opcode = HCIOpcode.leLongTermKeyRequestNegativeReply

    /// Connection_Handle (2 octets, 0x0000…0x0EFF).
    public var connectionHandle: UInt16

    /// Creates the command.
    public init(connectionHandle: UInt16) {
        self.connectionHandle = connectionHandle
    }

    /// Decodes Connection_Handle.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
    }

    /// Encodes Connection_Handle.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
    }

    /// Checks the handle range.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
    }

    /// Status and the handle.
    public typealias ReturnParameters = HCIConnectionHandleReturnParameters<Self>
}
