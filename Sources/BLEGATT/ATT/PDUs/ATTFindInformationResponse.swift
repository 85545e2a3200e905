import BLECore

/// Find Information Response: the handles and types of attributes, in handle order.
///
/// Core 5.4, Vol 3, Part F, 3.4.3.2. Layout, 2 + 4n or 2 + 18n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x05) | 1 |
/// | Format | 1 |
/// | Information Data | 4 to (ATT_MTU − 2) |
///
/// Format 0x01: each entry is a Handle (2) and a 16-bit UUID (2). Format 0x02: a Handle (2) and a
/// 128-bit UUID (16).
///
/// Decoding rejects a Format other than 0x01 or 0x02, an empty list, and a list whose length is
/// not a multiple of the entry size.
///
/// Encoding derives the Format from the entries: 0x01 when every UUID has a 16-bit form, else
/// 0x02 with every UUID written in its 128-bit form (a 16-bit UUID can always be written so).
/// A server should not mix the two: it ends the list at the first attribute whose format differs
/// from the first one's (see ``fits(_:formatOf:)``). Encoding never traps; an empty list encodes
/// to a PDU the peer rejects (a server answers Attribute Not Found instead).
public struct ATTFindInformationResponse: ATTPDU {
    /// 0x05.
    public static let opcode = ATTOpcode.findInformationResponse

    /// One entry of the Information Data: a handle and its attribute type.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// Handle (2 octets).
        public var handle: UInt16
        /// The attribute type: 2 octets in Format 0x01, 16 octets in Format 0x02.
        public var uuid: BluetoothUUID

        /// Creates an entry.
        public init(handle: UInt16, uuid: BluetoothUUID) {
            self.handle = handle
            self.uuid = uuid
        }

        /// The format this entry needs on its own: 16-bit when the UUID has a 16-bit form.
        public var format: Format { uuid.uuid16 != nil ? .uuid16 : .uuid128 }

        /// `0x0001:2800`.
        public var description: String { "\(ATTLog.handle(handle)):\(uuid)" }
    }

    /// The Format field (1 octet): the size of the UUIDs in the Information Data.
    public enum Format: UInt8, Sendable, Hashable, CustomStringConvertible {
        /// 0x01: handles with 16-bit Bluetooth UUIDs (4 octets per entry).
        case uuid16 = 0x01
        /// 0x02: handles with 128-bit UUIDs (18 octets per entry).
        case uuid128 = 0x02

        /// The octets of one entry: Handle plus UUID.
        public var entryByteCount: Int { self == .uuid16 ? 4 : 18 }

        /// The octets of one UUID.
        public var uuidByteCount: Int { entryByteCount - 2 }

        /// `16-bit` or `128-bit`.
        public var description: String { self == .uuid16 ? "16-bit" : "128-bit" }
    }

    /// Information Data: the entries, in ascending handle order.
    public var information: [Entry]

    /// Creates a Find Information Response.
    public init(information: [Entry]) {
        self.information = information
    }

    /// The Format written when encoding: 16-bit unless some UUID needs 128 bits.
    public var format: Format {
        information.allSatisfy { $0.format == .uuid16 } ? .uuid16 : .uuid128
    }

    /// Whether `entry` can go in the same response as `first`: a server walks its database from
    /// the starting handle and stops at the first attribute for which this is false.
    public static func fits(_ entry: Entry, formatOf first: Entry) -> Bool {
        entry.format == first.format
    }

    /// Decodes Format and Information Data.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        let rawFormat = try reader.requireUInt8("Format", of: Self.opcode)
        guard let format = Format(rawValue: rawFormat) else {
            throw ATTDecodingError(
                opcode: Self.opcode,
                reason: "Format: 0x01 (16-bit UUIDs) or 0x02 (128-bit UUIDs) expected, got 0x\([rawFormat].hexString)"
            )
        }
        information = try reader.requireList(
            "Information Data",
            entryByteCount: format.entryByteCount,
            entrySize: "the \(format.entryByteCount)-byte entry",
            of: Self.opcode
        ) { (reader: inout ByteReader) throws(ATTDecodingError) in
            let handle = try reader.requireUInt16("Handle", of: Self.opcode)
            let uuidBytes = try reader.requireBytes("UUID", count: format.uuidByteCount, of: Self.opcode)
            return Entry(handle: handle, uuid: BluetoothUUID(littleEndianBytes: uuidBytes)!)
        }
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 1 + information.count * (format == .uuid16 ? 4 : 18) }

    /// Encodes Format and Information Data.
    public func encodeParameters(into writer: inout some ByteSink) {
        let format = format
        let size: BluetoothUUID.Size = format == .uuid16 ? .bits16 : .bits128
        writer.writeUInt8(format.rawValue)
        for entry in information {
            writer.writeUInt16(entry.handle)
            writer.writeUUID(entry.uuid, size: size)
        }
    }

    /// `Find Information Response format=16-bit [0x0001:2800, 0x0002:2803]`.
    public var description: String {
        "\(Self.opcode.name) format=\(format) \(ATTLog.list(information))"
    }
}
