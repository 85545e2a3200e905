import BLECore

/// Prepare Write Response: the server queued the part, and echoes it so the client can check it.
///
/// Core 5.4, Vol 3, Part F, 3.4.6.2. Layout, 5 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x17) | 1 |
/// | Attribute Handle | 2 |
/// | Value Offset | 2 |
/// | Part Attribute Value | 0 to (ATT_MTU − 5) |
///
/// The fields echo the Prepare Write Request; a reliable write compares them with what was sent.
public struct ATTPrepareWriteResponse: ATTPDU, ATTPrepareWritePDU {
    /// 0x17.
    public static let opcode = ATTOpcode.prepareWriteResponse

    /// Attribute Handle (2 octets): the attribute to write; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Value Offset (2 octets): where in the attribute value this part goes.
    public var valueOffset: UInt16
    /// Part Attribute Value (0 to ATT_MTU − 5 octets): the part of the value to write.
    public var partAttributeValue: [UInt8]

    /// Creates a Prepare Write Response.
    public init(attributeHandle: UInt16, valueOffset: UInt16, partAttributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.valueOffset = valueOffset
        self.partAttributeValue = partAttributeValue
    }
}
