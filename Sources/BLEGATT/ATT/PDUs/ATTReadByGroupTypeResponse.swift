import BLECore

/// Read By Group Type Response: the groups found, each with its handle range and value, all values
/// the same length.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.10. Layout, 2 + n × Length octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x11) | 1 |
/// | Length | 1 |
/// | Attribute Data List | 4 to (ATT_MTU − 2) |
///
/// Length is the size of each Attribute Data: Attribute Handle (2), End Group Handle (2) and
/// Attribute Value (Length − 4). Decoding rejects a Length below 4, an empty list, and a list whose
/// length is not a multiple of Length.
///
/// Encoding writes Length = 4 + the first value's length. Precondition: every value has that
/// length, and it is at most ``maximumValueCount`` (251); a server truncates each value to
/// min(251, ATT_MTU − 6) and stops the list at the first value of another length (see
/// ``fits(_:lengthOf:)``). A decoded value always meets these conditions.
public struct ATTReadByGroupTypeResponse: ATTPDU, ATTAttributeDataListPDU {
    /// 0x11.
    public static let opcode = ATTOpcode.readByGroupTypeResponse

    /// The longest Attribute Value one Attribute Data can carry: 255 − 4.
    public static let maximumValueCount = 251

    /// One Attribute Data: a group's handle range and its value (for a service, its UUID).
    public struct AttributeData: Sendable, Hashable, CustomStringConvertible {
        /// Attribute Handle (2 octets): the group's first handle.
        public var attributeHandle: UInt16
        /// End Group Handle (2 octets): the group's last handle.
        public var endGroupHandle: UInt16
        /// Attribute Value (Length − 4 octets).
        public var attributeValue: [UInt8]

        /// Creates an Attribute Data.
        public init(attributeHandle: UInt16, endGroupHandle: UInt16, attributeValue: [UInt8]) {
            self.attributeHandle = attributeHandle
            self.endGroupHandle = endGroupHandle
            self.attributeValue = attributeValue
        }

        /// `0x0001-0x0005=0018`.
        public var description: String {
            "\(ATTLog.handle(attributeHandle))-\(ATTLog.handle(endGroupHandle))=\(ATTLog.bytes(attributeValue))"
        }
    }

    /// Attribute Data List (4 to ATT_MTU − 2 octets): at least one entry, all values one length.
    public var attributeDataList: [AttributeData]

    /// Creates a Read By Group Type Response.
    public init(attributeDataList: [AttributeData]) {
        self.attributeDataList = attributeDataList
    }

    /// The Length field written when encoding: 4 + the first value's length.
    public var length: UInt8 {
        UInt8(truncatingIfNeeded: 4 + (attributeDataList.first?.attributeValue.count ?? 0))
    }

    /// Whether `data` can go in the same response as `first`: its value has the same length.
    public static func fits(_ data: AttributeData, lengthOf first: AttributeData) -> Bool {
        data.attributeValue.count == first.attributeValue.count
    }
}

extension ATTReadByGroupTypeResponse.AttributeData: ATTAttributeData {
    /// Attribute Handle and End Group Handle.
    static let handlesByteCount = 4
    static let handlesName = "Attribute Handle and End Group Handle"

    /// Reads Attribute Handle, End Group Handle and Attribute Value.
    init(reading reader: inout ByteReader, valueCount: Int, of opcode: ATTOpcode) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: opcode)
        endGroupHandle = try reader.requireUInt16("End Group Handle", of: opcode)
        attributeValue = try reader.requireBytes("Attribute Value", count: valueCount, of: opcode)
    }

    /// Writes Attribute Handle, End Group Handle and Attribute Value.
    func write(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
        writer.writeUInt16(endGroupHandle)
        writer.writeBytes(attributeValue)
    }
}
