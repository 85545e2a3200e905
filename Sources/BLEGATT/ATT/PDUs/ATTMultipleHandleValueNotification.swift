import BLECore

/// Multiple Handle Value Notification: the server sends the values of several attributes at once,
/// unasked; never confirmed.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.4. Layout, 1 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x23) | 1 |
/// | Handle Length Value Tuple List | 8 to (ATT_MTU − 1) |
///
/// Each tuple is an Attribute Handle (2), a Length (2) and an Attribute Value (Length octets); every
/// tuple is whole. The spec sends at least two tuples (hence 8 octets); decoding accepts one, so a
/// lenient peer's single-tuple PDU is not lost, and rejects an empty list, a cut tuple or a lone
/// trailing octet. Encoding writes Length from each value's count.
public struct ATTMultipleHandleValueNotification: ATTPDU {
    /// 0x23.
    public static let opcode = ATTOpcode.multipleHandleValueNotification

    /// One Handle Length Value Tuple: an attribute and its value.
    public struct HandleLengthValueTuple: Sendable, Hashable, CustomStringConvertible {
        /// Attribute Handle (2 octets).
        public var attributeHandle: UInt16
        /// Attribute Value (Length octets; Length is 2 octets on the wire).
        public var attributeValue: [UInt8]

        /// Creates a tuple.
        public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
            self.attributeHandle = attributeHandle
            self.attributeValue = attributeValue
        }

        /// `0x0003=0102`.
        public var description: String { "\(ATTLog.handle(attributeHandle))=\(ATTLog.bytes(attributeValue))" }
    }

    /// Handle Length Value Tuple List (8 to ATT_MTU − 1 octets): the tuples, each value whole.
    public var handleLengthValueTupleList: [HandleLengthValueTuple]

    /// Creates a Multiple Handle Value Notification.
    public init(handleLengthValueTupleList: [HandleLengthValueTuple]) {
        self.handleLengthValueTupleList = handleLengthValueTupleList
    }

    /// Decodes the Handle Length Value Tuple List.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        guard !reader.isAtEnd else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Handle Length Value Tuple List: at least one tuple expected, got none"
            )
        }
        var list: [HandleLengthValueTuple] = []
        while !reader.isAtEnd {
            let handle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
            let length = try reader.requireUInt16("Length", of: Self.opcode)
            let value = try reader.requireBytes("Attribute Value", count: Int(length), of: Self.opcode)
            list.append(HandleLengthValueTuple(attributeHandle: handle, attributeValue: value))
        }
        handleLengthValueTupleList = list
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { handleLengthValueTupleList.reduce(0) { $0 + 4 + $1.attributeValue.count } }

    /// Encodes the Handle Length Value Tuple List.
    ///
    /// - Precondition: every value is at most 65535 octets (far above any ATT_MTU).
    public func encodeParameters(into writer: inout some ByteSink) {
        for tuple in handleLengthValueTupleList {
            writer.writeUInt16(tuple.attributeHandle)
            writer.writeUInt16(UInt16(tuple.attributeValue.count))
            writer.writeBytes(tuple.attributeValue)
        }
    }

    /// `Multiple Handle Value Notification [0x0003=0102, 0x0005=03]`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.list(handleLengthValueTupleList))"
    }
}
