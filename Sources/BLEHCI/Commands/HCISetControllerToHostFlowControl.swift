import BLECore

/// HCI_Set_Controller_To_Host_Flow_Control: turns flow control of data sent to the host on or off.
///
/// Core 5.4, Vol 4, Part E, 7.3.38. Parameters, 1 octet: Flow_Control_Enable (0 off, 1 ACL on,
/// 2 synchronous on, 3 both). Answered by HCI_Command_Complete with Status.
public struct HCISetControllerToHostFlowControl: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x0C31.
    public static let opcode = HCIOpcode.setControllerToHostFlowControl

    /// Flow_Control_Enable (1 octet).
    public var flowControlEnable: UInt8

    /// Creates the command.
    public init(flowControlEnable: UInt8) {
        self.flowControlEnable = flowControlEnable
    }

    /// Decodes Flow_Control_Enable.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        flowControlEnable = try reader.requireUInt8("Flow_Control_Enable", of: Self.subject)
    }

    /// Encodes Flow_Control_Enable.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(flowControlEnable)
    }

    /// Checks that the value is 0x00…0x03.
    public func validate() throws(HCIDecodingError) {
        try Self.check("Flow_Control_Enable", flowControlEnable, in: 0x00...0x03)
    }
}
