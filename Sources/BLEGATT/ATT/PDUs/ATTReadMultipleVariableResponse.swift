import BLECore

/// Read Multiple Variable Response: the length and value of each attribute read.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.12. Layout, 1 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x21) | 1 |
/// | Length Value Tuple List | 2 to (ATT_MTU − 1) |
///
/// Each Length Value Tuple is a Value Length (2) and an Attribute Value (Value Length octets).
/// The server cuts the list at ATT_MTU − 1 octets, so:
/// - the last tuple's value may be shorter than its Value Length (``LengthValueTuple/isTruncated``);
/// - the cut may fall inside the last tuple's Value Length: a lone octet after the last whole tuple
///   is that cut field, and decoding drops it (so such a PDU re-encodes one octet shorter).
///
/// Decoding rejects an empty list. Only the last tuple can be truncated, since any octet after a
/// tuple would belong to the next one. Encoding writes each tuple's Value Length and its value as
/// given; a short value in a tuple other than the last makes a PDU the peer misreads.
public struct ATTReadMultipleVariableResponse: ATTPDU {
    /// 0x21.
    public static let opcode = ATTOpcode.readMultipleVariableResponse

    /// One Length Value Tuple: an attribute value and its full length.
    public struct LengthValueTuple: Sendable, Hashable, CustomStringConvertible {
        /// Value Length (2 octets): the length of the whole attribute value.
        public var valueLength: UInt16
        /// Attribute Value: `valueLength` octets, or fewer in the last tuple when the list was cut.
        public var attributeValue: [UInt8]

        /// Creates a tuple.
        public init(valueLength: UInt16, attributeValue: [UInt8]) {
            self.valueLength = valueLength
            self.attributeValue = attributeValue
        }

        /// Creates a tuple holding a whole value: Value Length is the value's count.
        ///
        /// - Precondition: the value is at most 65535 octets.
        public init(attributeValue: [UInt8]) {
            self.init(valueLength: UInt16(attributeValue.count), attributeValue: attributeValue)
        }

        /// Whether the value is shorter than its Value Length: the list was cut at the ATT_MTU.
        public var isTruncated: Bool { attributeValue.count < Int(valueLength) }

        /// `0102` or `0102…/5` when truncated (value, then the full length).
        public var description: String {
            ATTLog.bytes(attributeValue) + (isTruncated ? "…/\(valueLength)" : "")
        }
    }

    /// Length Value Tuple List: at least one tuple; only the last may be truncated.
    public var lengthValueTupleList: [LengthValueTuple]

    /// Creates a Read Multiple Variable Response.
    public init(lengthValueTupleList: [LengthValueTuple]) {
        self.lengthValueTupleList = lengthValueTupleList
    }

    /// Decodes the Length Value Tuple List.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        guard reader.remainingCount >= 2 else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Length Value Tuple List: at least one tuple expected, \(reader.remainingCount) bytes left"
            )
        }
        var list: [LengthValueTuple] = []
        while reader.remainingCount >= 2 {
            let valueLength = try reader.requireUInt16("Value Length", of: Self.opcode)
            let count = min(Int(valueLength), reader.remainingCount)
            let value = try reader.requireBytes("Attribute Value", count: count, of: Self.opcode)
            list.append(LengthValueTuple(valueLength: valueLength, attributeValue: value))
        }
        // A lone octet left is the first half of a Value Length cut at the ATT_MTU.
        _ = reader.readRemainingBytes()
        lengthValueTupleList = list
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { lengthValueTupleList.reduce(0) { $0 + 2 + $1.attributeValue.count } }

    /// Encodes the Length Value Tuple List.
    public func encodeParameters(into writer: inout some ByteSink) {
        for tuple in lengthValueTupleList {
            writer.writeUInt16(tuple.valueLength)
            writer.writeBytes(tuple.attributeValue)
        }
    }

    /// `Read Multiple Variable Response [0102, 030405…/10]`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.list(lengthValueTupleList))"
    }
}
