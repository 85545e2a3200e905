import BLECore

/// Read By Type Response: handle–value pairs of the attributes read, all values the same length.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.2. Layout, 2 + n × Length octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x09) | 1 |
/// | Length | 1 |
/// | Attribute Data List | 2 to (ATT_MTU − 2) |
///
/// Length is the size of each Attribute Data: Attribute Handle (2) plus Attribute Value
/// (Length − 2). Decoding rejects a Length below 2, an empty list, and a list whose length is not a
/// multiple of Length.
///
/// Encoding writes Length = 2 + the first value's length. Precondition: every value has that
/// length, and it is at most ``maximumValueCount`` (253, so Length fits its octet); a server
/// truncates each value to min(253, ATT_MTU − 4) and stops the list at the first value of another
/// length (see ``fits(_:lengthOf:)``). A decoded value always meets these conditions.
public struct ATTReadByTypeResponse: ATTPDU, ATTAttributeDataListPDU {
    /// 0x09.
    public static let opcode = ATTOpcode.readByTypeResponse

    /// The longest Attribute Value one Attribute Data can carry: 255 − 2.
    public static let maximumValueCount = 253

    /// One Attribute Data: a handle and its value.
    public struct AttributeData: Sendable, Hashable, CustomStringConvertible {
        /// Attribute Handle (2 octets).
        public var attributeHandle: UInt16
        /// Attribute Value (Length − 2 octets).
        public var attributeValue: [UInt8]

        /// Creates an Attribute Data.
        public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
            self.attributeHandle = attributeHandle
            self.attributeValue = attributeValue
        }

        /// `0x0002=0a0300002a`.
        public var description: String { "\(ATTLog.handle(attributeHandle))=\(ATTLog.bytes(attributeValue))" }
    }

    /// Attribute Data List (2 to ATT_MTU − 2 octets): at least one entry, all values one length.
    public var attributeDataList: [AttributeData]

    /// Creates a Read By Type Response.
    public init(attributeDataList: [AttributeData]) {
        self.attributeDataList = attributeDataList
    }

    /// The Length field written when encoding: 2 + the first value's length.
    public var length: UInt8 {
        UInt8(truncatingIfNeeded: 2 + (attributeDataList.first?.attributeValue.count ?? 0))
    }

    /// Whether `data` can go in the same response as `first`: its value has the same length.
    public static func fits(_ data: AttributeData, lengthOf first: AttributeData) -> Bool {
        data.attributeValue.count == first.attributeValue.count
    }
}

extension ATTReadByTypeResponse.AttributeData: ATTAttributeData {
    /// Attribute Handle.
    static let handlesByteCount = 2
    static let handlesName = "the Attribute Handle"

    /// Reads Attribute Handle and Attribute Value.
    init(reading reader: inout ByteReader, valueCount: Int, of opcode: ATTOpcode) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: opcode)
        attributeValue = try reader.requireBytes("Attribute Value", count: valueCount, of: opcode)
    }

    /// Writes Attribute Handle and Attribute Value.
    func write(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
        writer.writeBytes(attributeValue)
    }
}
