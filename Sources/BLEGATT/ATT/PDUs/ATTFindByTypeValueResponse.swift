import BLECore

/// Find By Type Value Response: the handle ranges of the attributes that matched.
///
/// Core 5.4, Vol 3, Part F, 3.4.3.4. Layout, 1 + 4n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x07) | 1 |
/// | Handles Information List | 4 to (ATT_MTU − 1) |
///
/// Each Handles Information is a Found Attribute Handle (2) and a Group End Handle (2). Decoding
/// rejects an empty list and one whose length is not a multiple of 4.
public struct ATTFindByTypeValueResponse: ATTPDU {
    /// 0x07.
    public static let opcode = ATTOpcode.findByTypeValueResponse

    /// One Handles Information: a matching attribute and the end of its group.
    public struct HandlesInformation: Sendable, Hashable, CustomStringConvertible {
        /// Found Attribute Handle (2 octets).
        public var foundAttributeHandle: UInt16
        /// Group End Handle (2 octets): the last handle of the group, or the found handle itself
        /// when the attribute type is not a grouping type.
        public var groupEndHandle: UInt16

        /// Creates a Handles Information.
        public init(foundAttributeHandle: UInt16, groupEndHandle: UInt16) {
            self.foundAttributeHandle = foundAttributeHandle
            self.groupEndHandle = groupEndHandle
        }

        /// `0x0001-0x0005`.
        public var description: String { "\(ATTLog.handle(foundAttributeHandle))-\(ATTLog.handle(groupEndHandle))" }
    }

    /// Handles Information List (4 to ATT_MTU − 1 octets): at least one entry.
    public var handlesInformationList: [HandlesInformation]

    /// Creates a Find By Type Value Response.
    public init(handlesInformationList: [HandlesInformation]) {
        self.handlesInformationList = handlesInformationList
    }

    /// Decodes the Handles Information List.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        handlesInformationList = try reader.requireList(
            "Handles Information List",
            entryByteCount: 4,
            entrySize: "the 4-byte entry",
            of: Self.opcode
        ) { (reader: inout ByteReader) throws(ATTDecodingError) in
            let found = try reader.requireUInt16("Found Attribute Handle", of: Self.opcode)
            let end = try reader.requireUInt16("Group End Handle", of: Self.opcode)
            return HandlesInformation(foundAttributeHandle: found, groupEndHandle: end)
        }
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 * handlesInformationList.count }

    /// Encodes the Handles Information List.
    public func encodeParameters(into writer: inout some ByteSink) {
        for information in handlesInformationList {
            writer.writeUInt16(information.foundAttributeHandle)
            writer.writeUInt16(information.groupEndHandle)
        }
    }

    /// `Find By Type Value Response [0x0001-0x0005, 0x0010-0x0020]`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.list(handlesInformationList))"
    }
}
