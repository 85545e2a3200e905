import BLECore

/// HCI_LE_Long_Term_Key_Request_Reply: the peripheral's host answers HCI_LE_Long_Term_Key_Request
/// with the key for the connection.
///
/// Core 5.4, Vol 4, Part E, 7.8.25. Parameters, 18 octets: Connection_Handle (2),
/// Long_Term_Key (16). Return parameters, 3 octets: Status (1), Connection_Handle (2). Only the
/// peripheral may send it, and only while a request is outstanding (Command Disallowed, 0x0C,
/// otherwise). When the key differs from the central's, the link ends with Connection Terminated
/// due to MIC Failure (0x3D) (Vol 6, Part B, 5.1.3.1).
public struct HCILELongTermKeyRequestReply: HCICommandCompleting {
    /// 0x201A.
    public static let opcode = HCIOpcode.leLongTermKeyRequestReply

    /// Connection_Handle (2 octets, 0x0000…0x0EFF).
    public var connectionHandle: UInt16
    /// Long_Term_Key (16 octets), least significant octet first.
    public var longTermKey: [UInt8]

    /// Creates the command.
    /// - Precondition: `longTermKey` is 16 octets.
    public init(connectionHandle: UInt16, longTermKey: [UInt8]) {
        precondition(longTermKey.count == HCILongTermKeyField.length, "Long_Term_Key is 16 octets")
        self.connectionHandle = connectionHandle
        self.longTermKey = longTermKey
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        longTermKey = try HCILongTermKeyField.read(from: &reader, of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        HCILongTermKeyField.write(longTermKey, into: &writer)
    }

    /// Checks the handle range and the key's size.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try HCILongTermKeyField.check(longTermKey, of: Self.subject)
    }

    /// Status and the handle.
    public typealias ReturnParameters = HCIConnectionHandleReturnParameters<Self>
}
