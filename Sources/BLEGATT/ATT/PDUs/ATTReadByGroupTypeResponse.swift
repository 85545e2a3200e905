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
public struct ATTReadByGroupTypeResponse: ATTPDU {
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

    /// Decodes Length and the Attribute Data List.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let length = Int(try reader.requireUInt8("Length", of: Self.opcode))
        guard length >= 4 else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Length: at least 4 (Attribute Handle and End Group Handle) expected, got \(length)"
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
            let end = try reader.requireUInt16("End Group Handle", of: Self.opcode)
            let value = try reader.requireBytes("Attribute Value", count: length - 4, of: Self.opcode)
            list.append(AttributeData(attributeHandle: handle, endGroupHandle: end, attributeValue: value))
        }
        attributeDataList = list
    }

    /// Encodes Length and the Attribute Data List.
    public func encodeParameters(into writer: inout ByteWriter) {
        let valueCount = attributeDataList.first?.attributeValue.count ?? 0
        precondition(valueCount <= Self.maximumValueCount, "Read By Group Type Response values are at most 251 bytes")
        precondition(
            attributeDataList.allSatisfy { $0.attributeValue.count == valueCount },
            "Read By Group Type Response values all have the same length"
        )
        writer.writeUInt8(length)
        for data in attributeDataList {
            writer.writeUInt16(data.attributeHandle)
            writer.writeUInt16(data.endGroupHandle)
            writer.writeBytes(data.attributeValue)
        }
    }

    /// `Read By Group Type Response length=6 [0x0001-0x0005=0018, 0x0006-0x0009=0118]`.
    public var description: String {
        "\(Self.opcode.name) length=\(length) [\(attributeDataList.map(\.description).joined(separator: ", "))]"
    }
}
