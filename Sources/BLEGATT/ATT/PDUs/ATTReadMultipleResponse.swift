import BLECore

/// Read Multiple Response: the values of the attributes read, concatenated without lengths.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.8. Layout, 1 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0F) | 1 |
/// | Set Of Values | 0 to (ATT_MTU − 1) |
///
/// The client splits the values by the lengths it knows; only the last may be variable-length,
/// and the whole set is cut to ATT_MTU − 1 octets.
public struct ATTReadMultipleResponse: ATTPDU {
    /// 0x0F.
    public static let opcode = ATTOpcode.readMultipleResponse

    /// Set Of Values (0 to ATT_MTU − 1 octets): the values in the order of the requested handles.
    public var setOfValues: [UInt8]

    /// Creates a Read Multiple Response.
    public init(setOfValues: [UInt8]) {
        self.setOfValues = setOfValues
    }

    /// Decodes Set Of Values: every remaining octet.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        setOfValues = reader.readRemainingBytes()
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { setOfValues.count }

    /// Encodes Set Of Values.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeBytes(setOfValues)
    }

    /// `Read Multiple Response values=0102030405`.
    public var description: String { "\(Self.opcode.name) values=\(ATTLog.bytes(setOfValues))" }
}
