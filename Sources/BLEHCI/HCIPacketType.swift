/// The HCI packet indicator that starts every packet of the UART transport (H4).
///
/// Core 5.4, Vol 4, Part A, 2: one octet before each HCI packet. An open code space.
public struct HCIPacketType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The indicator octet.
    public let rawValue: UInt8

    /// Wraps an indicator octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01: HCI Command packet.
    public static let command = HCIPacketType(rawValue: 0x01)
    /// 0x02: HCI ACL Data packet.
    public static let aclData = HCIPacketType(rawValue: 0x02)
    /// 0x03: HCI Synchronous Data packet.
    public static let synchronousData = HCIPacketType(rawValue: 0x03)
    /// 0x04: HCI Event packet.
    public static let event = HCIPacketType(rawValue: 0x04)
    /// 0x05: HCI ISO Data packet.
    public static let isoData = HCIPacketType(rawValue: 0x05)

    /// The packet type's name.
    public var description: String {
        switch rawValue {
        case 0x01: "Command"
        case 0x02: "ACL Data"
        case 0x03: "Synchronous Data"
        case 0x04: "Event"
        case 0x05: "ISO Data"
        default: "packet type 0x" + String(rawValue, radix: 16)
        }
    }
}
