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
public struct ATTPrepareWriteRequest: ATTPDU {
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

    /// Decodes Attribute Handle, Value Offset and Part Attribute Value (every remaining octet).
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        valueOffset = try reader.requireUInt16("Value Offset", of: Self.opcode)
        partAttributeValue = reader.readRemainingBytes()
    }

    /// Encodes Attribute Handle, Value Offset and Part Attribute Value.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(attributeHandle)
        writer.writeUInt16(valueOffset)
        writer.writeBytes(partAttributeValue)
    }

    /// `Prepare Write Request handle=0x002A offset=18 value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) offset=\(valueOffset)"
            + " value=\(ATTLog.bytes(partAttributeValue))"
    }
}
