import BLECore

/// Read Response: the value of the attribute read, cut to ATT_MTU − 1 octets.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.4. Layout, 1 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0B) | 1 |
/// | Attribute Value | 0 to (ATT_MTU − 1) |
public struct ATTReadResponse: ATTPDU {
    /// 0x0B.
    public static let opcode = ATTOpcode.readResponse

    /// Attribute Value (0 to ATT_MTU − 1 octets): the value, or its first ATT_MTU − 1 octets when
    /// longer (the client reads the rest with Read Blob Requests).
    public var attributeValue: [UInt8]

    /// Creates a Read Response.
    public init(attributeValue: [UInt8]) {
        self.attributeValue = attributeValue
    }

    /// Decodes Attribute Value: every remaining octet.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeValue = reader.readRemainingBytes()
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { attributeValue.count }

    /// Encodes Attribute Value.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeBytes(attributeValue)
    }

    /// `Read Response value=0102`.
    public var description: String { "\(Self.opcode.name) value=\(ATTLog.bytes(attributeValue))" }
}
