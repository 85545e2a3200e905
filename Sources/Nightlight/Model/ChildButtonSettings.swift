/// Everything the Child Button Service configures (SN profile §5), with the factory values.
///
/// Each field is its own characteristic; ``SNCharacteristic`` has the codec of each (e.g.
/// ``SNCharacteristic/onTime``). ``pressOutcome(isLightOn:usesToday:minute:)`` is the device's
/// rule for a press.
public struct ChildButtonSettings: Hashable, Sendable, Codable {
    /// Button Mode: whether a press can turn the light on (factory `true`).
    public var isEnabled: Bool
    /// Button Color: the light's color (factory `#FFA040`).
    public var color: RGBColor
    /// ON Time: seconds the light stays on after a press, 1…3600 (factory 600).
    public var onTime: Int
    /// Daily Usage: presses allowed per day, 0 = unlimited, 0…255 (factory 3).
    public var dailyUsage: Int
    /// Deactivation Time: when presses are ignored (factory 08:00–18:00).
    public var deactivationWindow: DeactivationWindow
    /// Shake Mode Control: whether shaking turns the light's hue (factory `false`).
    public var shakeMode: Bool

    /// ON Time's range: 1…3600 seconds.
    public static let onTimeRange = 1...3600

    /// Settings (not checked; see ``validate()``).
    public init(isEnabled: Bool, color: RGBColor, onTime: Int, dailyUsage: Int, deactivationWindow: DeactivationWindow, shakeMode: Bool) {
        self.isEnabled = isEnabled
        self.color = color
        self.onTime = onTime
        self.dailyUsage = dailyUsage
        self.deactivationWindow = deactivationWindow
        self.shakeMode = shakeMode
    }

    /// The factory settings: enabled, `#FFA040`, 600 s, 3 uses a day, 08:00–18:00, no shake.
    public static let factory = ChildButtonSettings(
        isEnabled: true, color: .factoryButtonColor, onTime: 600, dailyUsage: 3,
        deactivationWindow: .factory, shakeMode: false
    )

    /// Whether the daily usage is unlimited (0).
    public var isUnlimited: Bool { dailyUsage == 0 }

    /// Checks ON time 1…3600, daily usage 0…255 and the deactivation window.
    public func validate() throws(SNValueError) {
        try SNCheck.range(onTime, Self.onTimeRange, "ON time")
        try SNCheck.range(dailyUsage, 0...255, "daily usage")
        try deactivationWindow.validate()
    }

    /// What a press does (§5): while the light is on it turns it off (not counted); otherwise it
    /// turns it on when the mode is enabled, the minute is outside the deactivation window and
    /// fewer than ``dailyUsage`` presses were counted today (always, when unlimited).
    public func pressOutcome(isLightOn: Bool, usesToday: Int, minute: Int) -> ButtonPressOutcome {
        if isLightOn { return .turnOff }
        if !isEnabled { return .ignored(.disabled) }
        if deactivationWindow.contains(minute: minute) { return .ignored(.deactivationWindow) }
        if !isUnlimited && usesToday >= dailyUsage { return .ignored(.dailyLimitReached) }
        return .turnOn
    }
}

/// What a child button press does (SN profile §5).
public enum ButtonPressOutcome: Hashable, Sendable, Codable {
    /// The light turns on for ON Time seconds and one use is counted.
    case turnOn
    /// The light was on and turns off (not counted).
    case turnOff
    /// Nothing happens.
    case ignored(Reason)

    /// Why a press is ignored.
    public enum Reason: String, Hashable, Sendable, Codable {
        /// Button Mode is 0.
        case disabled
        /// The minute is in the deactivation window.
        case deactivationWindow
        /// Today's presses reached Daily Usage.
        case dailyLimitReached
    }
}
