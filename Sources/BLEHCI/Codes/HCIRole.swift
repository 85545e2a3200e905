/// The local device's role on a connection, `Role` of the LE connection complete events.
///
/// Core 5.4, Vol 4, Part E, 7.7.65.1 (1 octet). An open code space.
public struct HCIRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: the local device is the central.
    public static let central = HCIRole(rawValue: 0x00)
    /// 0x01: the local device is the peripheral.
    public static let peripheral = HCIRole(rawValue: 0x01)

    /// `central`, `peripheral` or the hex value.
    public var description: String {
        switch rawValue {
        case 0x00: "central"
        case 0x01: "peripheral"
        default: HCIFormat.hex(rawValue)
        }
    }
}
