/// What kind of 48-bit device address an address is.
///
/// Core 5.4, Vol 6, Part B, 1.3: an address is either public (an IEEE-assigned MAC) or random.
/// A random address carries its sub-type in its two most significant bits:
/// `0b11` static, `0b01` resolvable private, `0b00` non-resolvable private; `0b10` is reserved
/// for future use and is kept as ``reservedRandom`` so a decoder never loses the address.
public enum DeviceAddressType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A public device address (Core 5.4, Vol 6, Part B, 1.3.1): IEEE OUI plus company-assigned part.
    case `public`
    /// A random static address (Core 5.4, Vol 6, Part B, 1.3.2.1): top bits `0b11`.
    case randomStatic
    /// A resolvable private address (Core 5.4, Vol 6, Part B, 1.3.2.2): top bits `0b01`.
    case resolvablePrivate
    /// A non-resolvable private address (Core 5.4, Vol 6, Part B, 1.3.2.2): top bits `0b00`.
    case nonResolvablePrivate
    /// A random address whose top bits are `0b10`, reserved for future use.
    case reservedRandom

    /// Whether the address is random (TxAdd/RxAdd = 1 on air), i.e. anything but ``public``.
    public var isRandom: Bool { self != .public }

    /// The random sub-type encoded in the two most significant bits of a 48-bit random address.
    ///
    /// Core 5.4, Vol 6, Part B, 1.3 (Table 1.2).
    public static func randomSubtype(of value: UInt64) -> DeviceAddressType {
        switch (value >> 46) & 0b11 {
        case 0b11: return .randomStatic
        case 0b01: return .resolvablePrivate
        case 0b00: return .nonResolvablePrivate
        default: return .reservedRandom
        }
    }

    /// A label for people, e.g. `random static`.
    public var label: String {
        switch self {
        case .public: return "public"
        case .randomStatic: return "random static"
        case .resolvablePrivate: return "resolvable private"
        case .nonResolvablePrivate: return "non-resolvable private"
        case .reservedRandom: return "random (reserved sub-type)"
        }
    }
}

/// The address-type byte HCI uses next to an address in events (an open code space).
///
/// Core 5.4, Vol 4, Part E, 7.7.65.2 (LE Advertising Report, `Address_Type`) and 7.7.65.10
/// (LE Connection Complete, `Peer_Address_Type`): 0 public, 1 random, 2 public identity address
/// (resolved from a resolvable private address), 3 random (static) identity address; extended
/// reports also use 0xFF for an anonymous advertisement. Commands such as
/// `Own_Address_Type` give 2 and 3 a different meaning; this type is for addresses in events.
public struct HCIAddressType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The byte on the wire.
    public let rawValue: UInt8

    /// Wraps a wire byte; unknown values are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: a public device address.
    public static let `public` = HCIAddressType(rawValue: 0x00)
    /// 0x01: a random device address.
    public static let random = HCIAddressType(rawValue: 0x01)
    /// 0x02: a public identity address (the controller resolved a resolvable private address).
    public static let publicIdentity = HCIAddressType(rawValue: 0x02)
    /// 0x03: a random (static) identity address (the controller resolved a resolvable private address).
    public static let randomStaticIdentity = HCIAddressType(rawValue: 0x03)
    /// 0xFF: no address was provided (anonymous extended advertisement).
    public static let anonymous = HCIAddressType(rawValue: 0xFF)

    /// Whether the address is random, or `nil` when this byte does not say (anonymous, reserved).
    public var isRandom: Bool? {
        switch self {
        case .public, .publicIdentity: return false
        case .random, .randomStaticIdentity: return true
        default: return nil
        }
    }

    /// Whether the controller reports an identity address it resolved from a private address.
    public var isIdentityAddress: Bool { self == .publicIdentity || self == .randomStaticIdentity }

    /// The type byte HCI uses for an address of the given type: 0 public, 1 random.
    public init(for type: DeviceAddressType) {
        self = type.isRandom ? .random : .public
    }

    /// The name of the code, e.g. `random`, or `0x05` for an unknown one.
    public var description: String {
        switch self {
        case .public: return "public"
        case .random: return "random"
        case .publicIdentity: return "public identity"
        case .randomStaticIdentity: return "random static identity"
        case .anonymous: return "anonymous"
        default: return "0x" + [rawValue].hexString.uppercased()
        }
    }
}
