import BLECore

/// Prepare Write Request: queues part of a value to write; an Execute Write Request writes the queue.
///
/// Core 5.4, Vol 3, Part F, 3.4.6.1. Layout, 5 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x16) | 1 |
/// | Attribute Handle | 2 |
/// | Value Offset | 2 |
/// | Part Attribute Value | 0 to (ATT_MTU − 5) |
///
/// A handle of 0x0000 is decoded as sent; the server answers it with Invalid Handle.
public struct ATTPrepareWriteRequest: ATTPDU, ATTPrepareWritePDU {
    /// 0x16.
    public static let opcode = ATTOpcode.prepareWriteRequest

    /// Attribute Handle (2 octets): the attribute to write; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Value Offset (2 octets): where in the attribute value this part goes.
    public var valueOffset: UInt16
    /// Part Attribute Value (0 to ATT_MTU − 5 octets): the part of the value to write.
    public var partAttributeValue: [UInt8]

    /// Creates a Prepare Write Request.
    public init(attributeHandle: UInt16, valueOffset: UInt16, partAttributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.valueOffset = valueOffset
        self.partAttributeValue = partAttributeValue
    }
}
