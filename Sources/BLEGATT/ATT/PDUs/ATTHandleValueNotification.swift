import BLECore

/// Handle Value Notification: the server sends an attribute's value unasked; never confirmed.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.1. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x1B) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 3) |
///
/// The value is cut to ATT_MTU − 3 octets when longer.
public struct ATTHandleValueNotification: ATTPDU, ATTHandleValuePDU {
    /// 0x1B.
    public static let opcode = ATTOpcode.handleValueNotification

    /// Attribute Handle (2 octets): the attribute whose value this is.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 3 octets): the current value, or its first ATT_MTU − 3 octets.
    public var attributeValue: [UInt8]

    /// Creates a Handle Value Notification.
    public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
    }
}
