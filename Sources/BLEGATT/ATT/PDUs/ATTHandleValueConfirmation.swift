import BLECore

/// Handle Value Confirmation: the client received a Handle Value Indication.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.3. Layout, 1 octet: the Attribute Opcode (0x1E) and no parameters.
/// Any octet after the opcode is malformed.
public struct ATTHandleValueConfirmation: ATTPDU, ATTParameterlessPDU {
    /// 0x1E.
    public static let opcode = ATTOpcode.handleValueConfirmation

    /// Creates a Handle Value Confirmation.
    public init() {}
}
