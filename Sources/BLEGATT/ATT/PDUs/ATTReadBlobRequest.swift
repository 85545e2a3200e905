import BLECore

/// Read Blob Request: reads part of a long attribute value, from an offset.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.5. Layout, 5 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0C) | 1 |
/// | Attribute Handle | 2 |
/// | Value Offset | 2 |
///
/// A handle of 0x0000 is decoded as sent; the server answers it with Invalid Handle.
public struct ATTReadBlobRequest: ATTPDU {
    /// 0x0C.
    public static let opcode = ATTOpcode.readBlobRequest

    /// Attribute Handle (2 octets): the attribute to read; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Value Offset (2 octets): the offset of the first octet to read.
    public var valueOffset: UInt16

    /// Creates a Read Blob Request.
    public init(attributeHandle: UInt16, valueOffset: UInt16) {
        self.attributeHandle = attributeHandle
        self.valueOffset = valueOffset
    }

    /// Decodes Attribute Handle and Value Offset.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        valueOffset = try reader.requireUInt16("Value Offset", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 }

    /// Encodes Attribute Handle and Value Offset.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
        writer.writeUInt16(valueOffset)
    }

    /// `Read Blob Request handle=0x002A offset=22`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) offset=\(valueOffset)"
    }
}
