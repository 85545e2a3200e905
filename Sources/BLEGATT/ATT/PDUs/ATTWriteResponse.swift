import BLECore

/// Write Response: the server wrote the value of a Write Request.
///
/// Core 5.4, Vol 3, Part F, 3.4.5.2. Layout, 1 octet: the Attribute Opcode (0x13) and no parameters.
/// Any octet after the opcode is malformed.
public struct ATTWriteResponse: ATTPDU, ATTParameterlessPDU {
    /// 0x13.
    public static let opcode = ATTOpcode.writeResponse

    /// Creates a Write Response.
    public init() {}
}
