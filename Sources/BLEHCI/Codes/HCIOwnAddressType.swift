/// Which address the controller uses for itself when advertising, scanning or initiating.
///
/// Core 5.4, Vol 4, Part E, 7.8.5 / 7.8.10 / 7.8.12 (`Own_Address_Type`, 1 octet). An open code
/// space; values above 0x03 are reserved (``HCILESetScanParameters/validate()`` rejects them).
public struct HCIOwnAddressType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: the public device address.
    public static let `public` = HCIOwnAddressType(rawValue: 0x00)
    /// 0x01: the random device address set with HCI_LE_Set_Random_Address.
    public static let random = HCIOwnAddressType(rawValue: 0x01)
    /// 0x02: a resolvable private address from the resolving list, else the public address.
    public static let resolvableOrPublic = HCIOwnAddressType(rawValue: 0x02)
    /// 0x03: a resolvable private address from the resolving list, else the random address.
    public static let resolvableOrRandom = HCIOwnAddressType(rawValue: 0x03)

    /// `public`, `random`, `RPA or public`, `RPA or random`, or the hex value.
    public var description: String {
        switch rawValue {
        case 0x00: "public"
        case 0x01: "random"
        case 0x02: "RPA or public"
        case 0x03: "RPA or random"
        default: HCIFormat.hex(rawValue)
        }
    }
}
