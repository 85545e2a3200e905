import BLECore

/// Handle Value Indication: the server sends an attribute's value unasked; the client confirms it.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.2. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x1D) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 3) |
///
/// The value is cut to ATT_MTU − 3 octets when longer. The client answers with a Handle Value Confirmation.
public struct ATTHandleValueIndication: ATTPDU, ATTHandleValuePDU {
    /// 0x1D.
    public static let opcode = ATTOpcode.handleValueIndication

    /// Attribute Handle (2 octets): the attribute whose value this is.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 3 octets): the current value, or its first ATT_MTU − 3 octets.
    public var attributeValue: [UInt8]

    /// Creates a Handle Value Indication.
    public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
    }
}
