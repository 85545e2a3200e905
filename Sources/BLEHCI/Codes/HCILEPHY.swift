/// One LE PHY, as reported by HCI_LE_Read_PHY, LE PHY Update Complete and extended reports.
///
/// Core 5.4, Vol 4, Part E, 7.8.47 and 7.7.65.13 (1 octet). An open code space; in an extended
/// advertising report ``none`` (0x00) means no packets on the secondary channel.
public struct HCILEPHY: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: no PHY (secondary PHY of a legacy advertisement).
    public static let none = HCILEPHY(rawValue: 0x00)
    /// 0x01: LE 1M.
    public static let le1M = HCILEPHY(rawValue: 0x01)
    /// 0x02: LE 2M.
    public static let le2M = HCILEPHY(rawValue: 0x02)
    /// 0x03: LE Coded.
    public static let leCoded = HCILEPHY(rawValue: 0x03)

    /// `LE 1M`, `LE 2M`, `LE Coded`, `none` or the hex value.
    public var description: String {
        switch rawValue {
        case 0x00: "none"
        case 0x01: "LE 1M"
        case 0x02: "LE 2M"
        case 0x03: "LE Coded"
        default: HCIFormat.hex(rawValue)
        }
    }
}
