import BLECore

/// Execute Write Response: the server wrote (or cancelled) the prepared values.
///
/// Core 5.4, Vol 3, Part F, 3.4.6.4. Layout, 1 octet: the Attribute Opcode (0x19) and no parameters.
/// Any octet after the opcode is malformed.
public struct ATTExecuteWriteResponse: ATTPDU, ATTParameterlessPDU {
    /// 0x19.
    public static let opcode = ATTOpcode.executeWriteResponse

    /// Creates a Execute Write Response.
    public init() {}
}
