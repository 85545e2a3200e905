/// The HCI UART transport (H4): each packet is preceded by its one-octet packet type indicator.
///
/// Core 5.4, Vol 4, Part A, 2. Used over UART, TCP and Unix sockets (Bumble's transports speak
/// it too). ``H4PacketParser`` splits a stream into packets.
public enum H4 {
    /// The longest legal frame: indicator (1) + ACL header (4) + 65535 data octets.
    public static let maximumFrameLength = 1 + HCIACLDataPacket.headerLength + HCIACLDataPacket.maximumDataLength

    /// The frame for `packet`: indicator, then the packet.
    public static func encode(_ packet: HCIPacket) -> [UInt8] {
        packet.encodeH4()
    }

    /// Decodes exactly one frame: indicator, then a whole packet.
    public static func decode(_ frame: [UInt8]) throws(HCIDecodingError) -> HCIPacket {
        try HCIPacket(h4: frame)
    }
}
