import BLECore

/// Write Request: writes an attribute value; the server answers with a Write Response.
///
/// Core 5.4, Vol 3, Part F, 3.4.5.1. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x12) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 3) |
///
/// A handle of 0x0000 is decoded as sent; the server answers it with Invalid Handle.
public struct ATTWriteRequest: ATTPDU, ATTHandleValuePDU {
    /// 0x12.
    public static let opcode = ATTOpcode.writeRequest

    /// Attribute Handle (2 octets): the attribute to write; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 3 octets): the value to write.
    public var attributeValue: [UInt8]

    /// Creates a Write Request.
    public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
    }
}
