import BLECore

/// Any HCI packet, as framed by a transport: one case per ``HCIPacketType``.
///
/// Core 5.4, Vol 4, Part E, 5.4. The H4 (UART) transport of Vol 4, Part A puts the packet type
/// indicator before each packet: ``encodeH4()`` and ``init(h4:)``; ``H4PacketParser`` splits a
/// byte stream into packets.
public enum HCIPacket: Sendable, Hashable, CustomStringConvertible {
    /// An HCI Command packet (host to controller).
    case command(HCICommandPacket)
    /// An HCI ACL Data packet (both ways).
    case aclData(HCIACLDataPacket)
    /// An HCI Synchronous Data packet (both ways), kept raw.
    case synchronousData(HCISynchronousDataPacket)
    /// An HCI Event packet (controller to host).
    case event(HCIEventPacket)
    /// An HCI ISO Data packet (both ways), kept raw.
    case isoData(HCIISODataPacket)

    /// The packet type indicator.
    public var packetType: HCIPacketType {
        switch self {
        case .command: .command
        case .aclData: .aclData
        case .synchronousData: .synchronousData
        case .event: .event
        case .isoData: .isoData
        }
    }

    /// Decodes one whole packet of a given type (no indicator).
    ///
    /// Throws for a packet type without a case, or when the packet's length field disagrees
    /// with the bytes.
    public init(type: HCIPacketType, decoding bytes: [UInt8]) throws(HCIDecodingError) {
        switch type {
        case .command: self = .command(try HCICommandPacket(decoding: bytes))
        case .aclData: self = .aclData(try HCIACLDataPacket(decoding: bytes))
        case .synchronousData: self = .synchronousData(try HCISynchronousDataPacket(decoding: bytes))
        case .event: self = .event(try HCIEventPacket(decoding: bytes))
        case .isoData: self = .isoData(try HCIISODataPacket(decoding: bytes))
        default: throw HCIDecodingError(.unexpectedType, .packet(type), "unknown HCI packet indicator")
        }
    }

    /// Decodes exactly one H4 frame: the indicator octet, then the packet.
    public init(h4 bytes: [UInt8]) throws(HCIDecodingError) {
        guard let indicator = bytes.first else {
            throw HCIDecodingError(.truncated, .packet(HCIPacketType(rawValue: 0)), field: "packet indicator", "1 byte expected, 0 left")
        }
        try self.init(type: HCIPacketType(rawValue: indicator), decoding: Array(bytes.dropFirst()))
    }

    /// The packet without an indicator.
    public func encode() -> [UInt8] {
        switch self {
        case .command(let packet): packet.encode()
        case .aclData(let packet): packet.encode()
        case .synchronousData(let packet): packet.encode()
        case .event(let packet): packet.encode()
        case .isoData(let packet): packet.encode()
        }
    }

    /// The H4 frame: the indicator octet, then the packet (Core 5.4, Vol 4, Part A, 2).
    public func encodeH4() -> [UInt8] {
        [packetType.rawValue] + encode()
    }

    /// The packet's one-line description.
    public var description: String {
        switch self {
        case .command(let packet): packet.description
        case .aclData(let packet): packet.description
        case .synchronousData(let packet): packet.description
        case .event(let packet): packet.description
        case .isoData(let packet): packet.description
        }
    }
}
