import BLECore

/// HCI_LE_Create_Connection_Cancel: cancels a pending HCI_LE_Create_Connection.
///
/// If a connection was being created, the controller then also sends LE (Enhanced) Connection
/// Complete with Status Unknown Connection Identifier (0x02). Command Disallowed (0x0C) when no
/// creation is pending.
///
/// Core 5.4, Vol 4, Part E, 7.8.13. No parameters. Answered by HCI_Command_Complete with Status
/// (1 octet).
public struct HCILECreateConnectionCancel: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x200E.
    public static let opcode = HCIOpcode.leCreateConnectionCancel

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}
}
