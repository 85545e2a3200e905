/// The status flags a SN advertises (SN profile §1): bits 0–5; other bits are kept as they are.
public struct SNStatusFlags: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The flags byte.
    public var rawValue: UInt8

    /// Wraps a flags byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: the battery is charging.
    public static let charging = SNStatusFlags(rawValue: 1 << 0)
    /// Bit 1: a temporary day schedule is active.
    public static let temporaryScheduleActive = SNStatusFlags(rawValue: 1 << 1)
    /// Bit 2: the child button light is on.
    public static let childButtonLightOn = SNStatusFlags(rawValue: 1 << 2)
    /// Bit 3: the child name is still at its factory value (the SN needs configuration).
    public static let needsConfiguration = SNStatusFlags(rawValue: 1 << 3)
    /// Bit 4: the clock is not set (after the battery ran flat, until an app writes the time).
    public static let clockNotSet = SNStatusFlags(rawValue: 1 << 4)
    /// Bit 5: the pairing window is open (§9.1): the SN has no bond, or its child button was held
    /// for 3 s less than 60 s ago.
    public static let pairingWindowOpen = SNStatusFlags(rawValue: 1 << 5)

    private static let names: [(SNStatusFlags, String)] = [
        (.charging, "charging"), (.temporaryScheduleActive, "temporary schedule"),
        (.childButtonLightOn, "button light on"), (.needsConfiguration, "needs configuration"),
        (.clockNotSet, "clock not set"), (.pairingWindowOpen, "pairing window open"),
    ]

    /// `charging, clock not set`, or `none`.
    public var description: String {
        var parts = Self.names.filter { contains($0.0) }.map(\.1)
        let unknown = rawValue & 0xC0
        if unknown != 0 { parts.append("bits 0x" + String(unknown, radix: 16)) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
