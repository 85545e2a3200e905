import BLECore

/// HCI_Reset: resets the controller and the link layer to their power-on state.
///
/// Core 5.4, Vol 4, Part E, 7.3.2. No parameters. Answered by HCI_Command_Complete with Status
/// (1 octet).
public struct HCIReset: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x0C03.
    public static let opcode = HCIOpcode.reset

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}
}
