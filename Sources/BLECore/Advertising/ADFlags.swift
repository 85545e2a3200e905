/// The Flags AD type's bits (AD type 0x01).
///
/// CSS Part A, 1.3; Core 5.4, Vol 3, Part C, 11 and 9.2 (discoverable modes). Bits 5–7 are
/// reserved and kept as given.
public struct ADFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The flags byte.
    public let rawValue: UInt8

    /// Wraps a flags byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: LE Limited Discoverable Mode.
    public static let leLimitedDiscoverable = ADFlags(rawValue: 1 << 0)
    /// Bit 1: LE General Discoverable Mode.
    public static let leGeneralDiscoverable = ADFlags(rawValue: 1 << 1)
    /// Bit 2: BR/EDR Not Supported.
    public static let brEDRNotSupported = ADFlags(rawValue: 1 << 2)
    /// Bit 3: Simultaneous LE and BR/EDR to Same Device Capable (Controller).
    public static let simultaneousLEAndBREDRController = ADFlags(rawValue: 1 << 3)
    /// Bit 4: Simultaneous LE and BR/EDR to Same Device Capable (Host) (previously used).
    public static let simultaneousLEAndBREDRHost = ADFlags(rawValue: 1 << 4)

    /// The usual flags of an LE-only peripheral that anyone may discover: general discoverable, no BR/EDR.
    public static let leGeneralDiscoverableOnly: ADFlags = [.leGeneralDiscoverable, .brEDRNotSupported]

    /// Whether either discoverable bit is set.
    public var isDiscoverable: Bool { !intersection([.leLimitedDiscoverable, .leGeneralDiscoverable]).isEmpty }

    /// The names of the set bits, e.g. `LE General Discoverable, BR/EDR Not Supported`.
    public var description: String {
        let names: [(ADFlags, String)] = [
            (.leLimitedDiscoverable, "LE Limited Discoverable"),
            (.leGeneralDiscoverable, "LE General Discoverable"),
            (.brEDRNotSupported, "BR/EDR Not Supported"),
            (.simultaneousLEAndBREDRController, "LE and BR/EDR (Controller)"),
            (.simultaneousLEAndBREDRHost, "LE and BR/EDR (Host)"),
        ]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let reserved = rawValue & 0xE0
        if reserved != 0 { parts.append("reserved 0x" + [reserved].hexString.uppercased()) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

/// The LE Role AD type's value (AD type 0x1C; an open code space).
///
/// CSS Part A, 1.17: which GAP roles the device supports and which it prefers for the connection.
public struct LERole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The byte on the wire.
    public let rawValue: UInt8

    /// Wraps a wire byte; reserved values are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: only the Peripheral role is supported.
    public static let peripheralOnly = LERole(rawValue: 0x00)
    /// 0x01: only the Central role is supported.
    public static let centralOnly = LERole(rawValue: 0x01)
    /// 0x02: both roles; Peripheral preferred for connection establishment.
    public static let bothPeripheralPreferred = LERole(rawValue: 0x02)
    /// 0x03: both roles; Central preferred for connection establishment.
    public static let bothCentralPreferred = LERole(rawValue: 0x03)

    /// A label for people.
    public var description: String {
        switch self {
        case .peripheralOnly: return "Peripheral only"
        case .centralOnly: return "Central only"
        case .bothPeripheralPreferred: return "Peripheral and Central, Peripheral preferred"
        case .bothCentralPreferred: return "Peripheral and Central, Central preferred"
        default: return "reserved LE role 0x" + [rawValue].hexString.uppercased()
        }
    }
}
