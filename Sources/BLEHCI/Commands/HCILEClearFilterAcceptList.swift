import BLECore

/// HCI_LE_Clear_Filter_Accept_List: empties the Filter Accept List.
///
/// Core 5.4, Vol 4, Part E, 7.8.15. No parameters. Answered by HCI_Command_Complete with Status
/// (1 octet).
public struct HCILEClearFilterAcceptList: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x2010.
    public static let opcode = HCIOpcode.leClearFilterAcceptList

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}
}
