import BLECore

/// Read Blob Response: part of an attribute value, from the requested offset.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.6. Layout, 1 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0D) | 1 |
/// | Part Attribute Value | 0 to (ATT_MTU − 1) |
public struct ATTReadBlobResponse: ATTPDU {
    /// 0x0D.
    public static let opcode = ATTOpcode.readBlobResponse

    /// Part Attribute Value (0 to ATT_MTU − 1 octets): the octets from the offset on; fewer than
    /// ATT_MTU − 1 means the end of the value was reached.
    public var partAttributeValue: [UInt8]

    /// Creates a Read Blob Response.
    public init(partAttributeValue: [UInt8]) {
        self.partAttributeValue = partAttributeValue
    }

    /// Decodes Part Attribute Value: every remaining octet.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        partAttributeValue = reader.readRemainingBytes()
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { partAttributeValue.count }

    /// Encodes Part Attribute Value.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeBytes(partAttributeValue)
    }

    /// `Read Blob Response value=0102`.
    public var description: String { "\(Self.opcode.name) value=\(ATTLog.bytes(partAttributeValue))" }
}
