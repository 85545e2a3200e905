/// What a SN shows at an instant and why (SN profile §4.5): the result of ``LightPlan/evaluate(at:)``.
public struct LightDecision: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The active mode.
    public var mode: ActiveMode
    /// The colors shown on LED #1…#4.
    public var colors: [RGBColor]
    /// Why: the rule of the priority order that decided, and the period when a schedule did.
    public var reason: LightReason
    /// The fade factor applied to the period's color, 0…1 (1 when no schedule period decided).
    public var intensity: Double

    /// A decision.
    public init(mode: ActiveMode, colors: [RGBColor], reason: LightReason, intensity: Double = 1) {
        self.mode = mode
        self.colors = colors
        self.reason = reason
        self.intensity = intensity
    }

    /// The Active State value the device serves for this decision.
    public var activeState: ActiveState { ActiveState(mode: mode, colors: colors) }

    /// `temporary schedule: #201000 — temporary day schedule period 1 (19:30–24:00), fading (50 %)`.
    public var description: String {
        activeState.description + " — " + reason.description
            + (intensity < 1 && intensity > 0 ? ", fading (\(Int((intensity * 100).rounded())) %)" : "")
    }
}

/// The rule that decided what the LEDs show (SN profile §4.5, highest priority first).
public enum LightReason: Hashable, Sendable, Codable, CustomStringConvertible {
    /// LED Power Enable is 0: mode 5, LEDs off.
    case ledsDisabled
    /// LED proof mode is on: mode 4, the LED #n colors (LED #1 on all four when linked).
    case proof(linked: Bool)
    /// The child button light is on: mode 3, its color on all four LEDs.
    case childButton
    /// The clock is not set, so no schedule applies: mode 0, LEDs off (§3).
    case clockNotSet
    /// A period of the temporary day schedule covers the instant: mode 2.
    case temporaryPeriod(index: Int, period: Period)
    /// The temporary day schedule is active and none of its periods covers the instant: mode 0.
    case temporaryIdle
    /// A period of the week schedule group of the day covers the instant: mode 1.
    case weekPeriod(group: String, index: Int, period: Period)
    /// No period of the week schedule covers the instant: mode 0.
    case weekIdle(group: String?)

    /// A sentence for people, e.g. `week schedule group Weekend, period 2 (20:00–24:00)`.
    public var description: String {
        switch self {
        case .ledsDisabled: "LEDs disabled (LED Power Enable is 0)"
        case .proof(let linked): linked ? "LED proof mode, LED #1 on all four (linked)" : "LED proof mode, each LED its own color"
        case .childButton: "child button light on"
        case .clockNotSet: "clock not set: schedules wait until an app writes the time"
        case .temporaryPeriod(let index, let period): "temporary day schedule period \(index + 1) (\(period.timeRange))"
        case .temporaryIdle: "temporary day schedule active, no period now"
        case .weekPeriod(let group, let index, let period): "week schedule group \(group), period \(index + 1) (\(period.timeRange))"
        case .weekIdle(let group): "week schedule" + (group.map { " group \($0)" } ?? "") + ", no period now"
        }
    }
}
