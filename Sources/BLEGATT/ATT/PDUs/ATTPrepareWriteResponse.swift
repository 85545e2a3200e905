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
public struct ATTPrepareWriteResponse: ATTPDU {
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

    /// `Prepare Write Response handle=0x002A offset=18 value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) offset=\(valueOffset)"
            + " value=\(ATTLog.bytes(partAttributeValue))"
    }
}
