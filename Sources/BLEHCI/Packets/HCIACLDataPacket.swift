import BLECore

/// An HCI ACL Data packet: a fragment of an L2CAP PDU on one connection.
///
/// Core 5.4, Vol 4, Part E, 5.4.2. Layout, 4 + n octets:
///
/// | Field | Bits |
/// |---|---|
/// | Handle | 12 |
/// | Packet_Boundary_Flag | 2 |
/// | Broadcast_Flag | 2 |
/// | Data_Total_Length | 16 |
/// | Data | 8 × Data_Total_Length |
///
/// Decoding checks Data_Total_Length against the bytes that follow.
public struct HCIACLDataPacket: Sendable, Hashable, CustomStringConvertible {
    /// The header: handle and flags (2), data length (2).
    public static let headerLength = 4
    /// The most data octets the 16-bit length field can describe.
    public static let maximumDataLength = 0xFFFF

    /// Packet_Boundary_Flag (2 bits): where this fragment sits in its L2CAP PDU. An open code space.
    public struct PacketBoundaryFlag: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The two bits, 0…3.
        public let rawValue: UInt8
        /// Wraps the two bits; only the low two bits are kept.
        public init(rawValue: UInt8) { self.rawValue = rawValue & 0b11 }

        /// 0b00: first fragment of a non-automatically-flushable PDU (host to controller on LE).
        public static let firstNonFlushable = PacketBoundaryFlag(rawValue: 0b00)
        /// 0b01: continuing fragment.
        public static let continuing = PacketBoundaryFlag(rawValue: 0b01)
        /// 0b10: first fragment of an automatically flushable PDU (controller to host on LE).
        public static let firstAutomaticallyFlushable = PacketBoundaryFlag(rawValue: 0b10)
        /// 0b11: a complete automatically flushable PDU (BR/EDR loopback only; not used on LE).
        public static let complete = PacketBoundaryFlag(rawValue: 0b11)

        /// Whether this fragment starts an L2CAP PDU (every flag but ``continuing``).
        public var isFirst: Bool { self != .continuing }

        /// `first non-flushable`, `continuing`, `first flushable`, `complete`.
        public var description: String {
            switch rawValue {
            case 0b00: "first non-flushable"
            case 0b01: "continuing"
            case 0b10: "first flushable"
            default: "complete"
            }
        }
    }

    /// Broadcast_Flag (2 bits). An open code space; LE uses ``pointToPoint`` only.
    public struct BroadcastFlag: RawRepresentable, Hashable, Sendable {
        /// The two bits, 0…3.
        public let rawValue: UInt8
        /// Wraps the two bits; only the low two bits are kept.
        public init(rawValue: UInt8) { self.rawValue = rawValue & 0b11 }

        /// 0b00: point-to-point (the only value on LE).
        public static let pointToPoint = BroadcastFlag(rawValue: 0b00)
        /// 0b01: BR/EDR broadcast.
        public static let bredrBroadcast = BroadcastFlag(rawValue: 0b01)
    }

    /// Handle (12 bits): the Connection_Handle, 0x0000…0x0EFF.
    public var handle: UInt16
    /// Packet_Boundary_Flag (2 bits).
    public var packetBoundaryFlag: PacketBoundaryFlag
    /// Broadcast_Flag (2 bits).
    public var broadcastFlag: BroadcastFlag
    /// Data (0–65535 octets).
    public var data: [UInt8]

    /// Creates a packet. Preconditions when encoding: `handle` fits 12 bits, at most 65535 data octets.
    public init(
        handle: UInt16,
        packetBoundaryFlag: PacketBoundaryFlag,
        broadcastFlag: BroadcastFlag = .pointToPoint,
        data: [UInt8]
    ) {
        self.handle = handle
        self.packetBoundaryFlag = packetBoundaryFlag
        self.broadcastFlag = broadcastFlag
        self.data = data
    }

    /// Decodes one whole packet (no H4 indicator); throws when Data_Total_Length disagrees with the bytes.
    public init(decoding bytes: [UInt8]) throws(HCIDecodingError) {
        let subject = HCIDecodingError.Subject.packet(.aclData)
        var reader = ByteReader(bytes)
        let handleAndFlags = try reader.requireUInt16("Handle", of: subject)
        handle = handleAndFlags & 0x0FFF
        packetBoundaryFlag = PacketBoundaryFlag(rawValue: UInt8(handleAndFlags >> 12 & 0b11))
        broadcastFlag = BroadcastFlag(rawValue: UInt8(handleAndFlags >> 14))
        let length = Int(try reader.requireUInt16("Data_Total_Length", of: subject))
        guard reader.remainingCount == length else {
            throw HCIDecodingError(
                .lengthMismatch, subject, field: "Data_Total_Length",
                "says \(length) bytes, \(reader.remainingCount) follow"
            )
        }
        data = reader.readRemainingBytes()
    }

    /// The packet: header, then data.
    public func encode() -> [UInt8] {
        precondition(handle <= 0x0FFF, "an ACL handle is 12 bits")
        precondition(data.count <= Self.maximumDataLength, "ACL data is at most 65535 bytes")
        var writer = ByteWriter(capacity: Self.headerLength + data.count)
        writer.writeUInt16(handle | UInt16(packetBoundaryFlag.rawValue) << 12 | UInt16(broadcastFlag.rawValue) << 14)
        writer.writeUInt16(UInt16(data.count))
        writer.writeBytes(data)
        return writer.bytes
    }

    /// `ACL handle=0x0040 first flushable data=0700040001...`.
    public var description: String {
        "ACL handle=\(HCIFormat.hex(handle)) \(packetBoundaryFlag) data=\(HCIFormat.bytes(data))"
    }
}
