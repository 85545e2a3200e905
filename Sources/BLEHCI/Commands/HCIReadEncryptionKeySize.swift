import BLECore

/// HCI_Read_Encryption_Key_Size: the size of the key encrypting a connection.
///
/// Core 5.4, Vol 4, Part E, 7.5.7. Parameters, 2 octets: Connection_Handle (2). Return
/// parameters, 4 octets: Status (1), Connection_Handle (2), Key_Size (1, octets: 7…16). An
/// unknown handle is Unknown Connection Identifier (0x02); a connection that is not encrypted,
/// Insufficient Security (0x2F).
public struct HCIReadEncryptionKeySize: HCICommandCompleting {
    /// 0x1408.
    public static let opcode = HCIOpcode.readEncryptionKeySize

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

    /// Status, the handle and its key size.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Connection_Handle (2 octets).
        public var connectionHandle: UInt16
        /// Key_Size (1 octet): the encryption key size in octets.
        public var keySize: UInt8

        /// Creates return parameters.
        public init(status: HCIStatus, connectionHandle: UInt16, keySize: UInt8) {
            self.status = status
            self.connectionHandle = connectionHandle
            self.keySize = keySize
        }

        /// A failure: `status`, handle and key size zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, connectionHandle: 0, keySize: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCIReadEncryptionKeySize.opcode)
            self.status = status
            connectionHandle = try reader.requireUInt16("Connection_Handle", of: subject)
            keySize = try reader.requireUInt8("Key_Size", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(connectionHandle)
            writer.writeUInt8(keySize)
        }
    }
}
