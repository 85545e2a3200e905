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
public struct ATTReadByTypeResponse: ATTPDU {
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

    /// Decodes Length and the Attribute Data List.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let length = Int(try reader.requireUInt8("Length", of: Self.opcode))
        guard length >= 2 else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Length: at least 2 (the Attribute Handle) expected, got \(length)"
            )
        }
        guard !reader.isAtEnd else {
            throw ATTDecodingError(opcode: Self.opcode, reason: "Attribute Data List: at least one entry expected, got none")
        }
        guard reader.remainingCount % length == 0 else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Attribute Data List: \(reader.remainingCount) bytes is not a multiple of Length \(length)"
            )
        }
        var list: [AttributeData] = []
        list.reserveCapacity(reader.remainingCount / length)
        while !reader.isAtEnd {
            let handle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
            let value = try reader.requireBytes("Attribute Value", count: length - 2, of: Self.opcode)
            list.append(AttributeData(attributeHandle: handle, attributeValue: value))
        }
        attributeDataList = list
    }

    /// Encodes Length and the Attribute Data List.
    public func encodeParameters(into writer: inout ByteWriter) {
        let valueCount = attributeDataList.first?.attributeValue.count ?? 0
        precondition(valueCount <= Self.maximumValueCount, "Read By Type Response values are at most 253 bytes")
        precondition(
            attributeDataList.allSatisfy { $0.attributeValue.count == valueCount },
            "Read By Type Response values all have the same length"
        )
        writer.writeUInt8(length)
        for data in attributeDataList {
            writer.writeUInt16(data.attributeHandle)
            writer.writeBytes(data.attributeValue)
        }
    }

    /// `Read By Type Response length=7 [0x0002=0a0300002a, 0x0004=020500012a]`.
    public var description: String {
        "\(Self.opcode.name) length=\(length) [\(attributeDataList.map(\.description).joined(separator: ", "))]"
    }
}
