import BLECore

/// HCI_LE_Enable_Encryption: the central starts (or, on an encrypted link, refreshes) encryption
/// with a long-term key.
///
/// Core 5.4, Vol 4, Part E, 7.8.24. Parameters, 28 octets: Connection_Handle (2),
/// Random_Number (8), Encrypted_Diversifier (2), Long_Term_Key (16). Rand and EDIV identify a
/// legacy-pairing key to the peripheral (both zero for an LE Secure Connections key); the
/// peripheral's host receives them in HCI_LE_Long_Term_Key_Request and answers with its key.
///
/// Only the central may send it (Command Disallowed, 0x0C, otherwise). Answered by
/// HCI_Command_Status; then by **HCI_Encryption_Change** when the link was not encrypted or
/// **HCI_Encryption_Key_Refresh_Complete** when it was (the pause procedure of Vol 6, Part B,
/// 5.1.3.2), on the same handle. A link whose two keys differ ends instead: the MIC check fails
/// and **HCI_Disconnection_Complete** arrives with Connection Terminated due to MIC Failure
/// (0x3D) (Vol 6, Part B, 5.1.3.1).
public struct HCILEEnableEncryption: HCICommandWithStatus {
    /// 0x2019.
    public static let opcode = HCIOpcode.leEnableEncryption

    /// Connection_Handle (2 octets, 0x0000…0x0EFF).
    public var connectionHandle: UInt16
    /// Random_Number (8 octets): Rand of the key (0 for LE Secure Connections).
    public var randomNumber: UInt64
    /// Encrypted_Diversifier (2 octets): EDIV of the key (0 for LE Secure Connections).
    public var encryptedDiversifier: UInt16
    /// Long_Term_Key (16 octets), least significant octet first.
    public var longTermKey: [UInt8]

    /// Creates the command.
    /// - Precondition: `longTermKey` is 16 octets.
    public init(connectionHandle: UInt16, randomNumber: UInt64 = 0, encryptedDiversifier: UInt16 = 0, longTermKey: [UInt8]) {
        precondition(longTermKey.count == HCILongTermKeyField.length, "Long_Term_Key is 16 octets")
        self.connectionHandle = connectionHandle
        self.randomNumber = randomNumber
        self.encryptedDiversifier = encryptedDiversifier
        self.longTermKey = longTermKey
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        connectionHandle = try reader.requireUInt16("Connection_Handle", of: Self.subject)
        randomNumber = try reader.requireUInt64("Random_Number", of: Self.subject)
        encryptedDiversifier = try reader.requireUInt16("Encrypted_Diversifier", of: Self.subject)
        longTermKey = try HCILongTermKeyField.read(from: &reader, of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(connectionHandle)
        writer.writeUInt64(randomNumber)
        writer.writeUInt16(encryptedDiversifier)
        HCILongTermKeyField.write(longTermKey, into: &writer)
    }

    /// Checks the handle range and the key's size.
    public func validate() throws(HCIDecodingError) {
        try Self.checkConnectionHandle(connectionHandle)
        try HCILongTermKeyField.check(longTermKey, of: Self.subject)
    }

    /// Encryption Change or Encryption Key Refresh Complete on the same Connection_Handle, or
    /// Disconnection Complete when the link ended first (MIC failure, LL response timeout).
    public func isCompleted(by event: HCIEvent) -> Bool {
        switch event {
        case .encryptionChange(let change): change.connectionHandle == connectionHandle
        case .encryptionKeyRefreshComplete(let refresh): refresh.connectionHandle == connectionHandle
        case .disconnectionComplete(let complete): complete.connectionHandle == connectionHandle
        default: false
        }
    }
}
