/// Everything that decides a SN's light, and the decision as pure functions (SN profile §4.5).
///
/// The device evaluates, highest priority first: 5 LEDs disabled (LED Power Enable = 0), 4 LED
/// proof, 3 child button light, 2 temporary day schedule, 1 permanent week schedule, 0 idle. While
/// the clock is not set the schedules are not applied (§3). A schedule period shows its color
/// dimmed by its fade (``Period/intensity(atMinute:)``) on all four LEDs.
public struct LightPlan: Hashable, Sendable, Codable {
    /// Power, link, proof mode and the LED #n colors.
    public var led: LEDSettings
    /// The child button light's current color while it is on (shakes may have turned its hue);
    /// `nil` while it is off.
    public var buttonLight: RGBColor?
    /// The temporary day schedule (in force while its remaining days > 0).
    public var temporarySchedule: TemporaryDaySchedule
    /// The permanent week schedule.
    public var weekSchedule: WeekSchedule
    /// Whether the device clock is set.
    public var isClockSet: Bool

    /// A plan from the device's state.
    public init(led: LEDSettings = .factory, buttonLight: RGBColor? = nil, temporarySchedule: TemporaryDaySchedule = .inactive,
                weekSchedule: WeekSchedule = .factory, isClockSet: Bool = true) {
        self.led = led
        self.buttonLight = buttonLight
        self.temporarySchedule = temporarySchedule
        self.weekSchedule = weekSchedule
        self.isClockSet = isClockSet
    }

    /// A SN at its factory settings whose clock has been set.
    public static let factory = LightPlan()

    /// What the SN shows at `instant` and why.
    public func evaluate(at instant: SNInstant) -> LightDecision {
        if !led.isPowerEnabled {
            return LightDecision(mode: .ledsDisabled, colors: Self.dark, reason: .ledsDisabled)
        }
        if led.isProofModeOn {
            return LightDecision(mode: .proof, colors: led.proofColors, reason: .proof(linked: led.isLinked))
        }
        if let buttonLight {
            return LightDecision(mode: .childButton, colors: Self.all(buttonLight), reason: .childButton)
        }
        if !isClockSet {
            return LightDecision(mode: .idle, colors: Self.dark, reason: .clockNotSet)
        }
        let minute = instant.fractionalMinute
        if temporarySchedule.isActive {
            guard let (index, period) = temporarySchedule.periods.covering(minute: minute) else {
                return LightDecision(mode: .idle, colors: Self.dark, reason: .temporaryIdle)
            }
            return Self.shown(period, at: minute, mode: .temporarySchedule, reason: .temporaryPeriod(index: index, period: period))
        }
        let group = weekSchedule.group(for: instant.weekday)
        guard let group, let (index, period) = group.periods.covering(minute: minute) else {
            return LightDecision(mode: .idle, colors: Self.dark, reason: .weekIdle(group: group?.name))
        }
        return Self.shown(period, at: minute, mode: .weekSchedule, reason: .weekPeriod(group: group.name, index: index, period: period))
    }

    /// What the SN shows at a Current Time value: as ``evaluate(at:)``, and
    /// ``LightReason/clockNotSet`` (below the button light and proof mode) when the clock reads
    /// not set.
    public func evaluate(clock: SNClockTime) -> LightDecision {
        var plan = self
        plan.isClockSet = isClockSet && clock.isSet
        return plan.evaluate(at: clock.instant ?? SNInstant(weekday: .monday, minute: 0))
    }

    /// The day's light as programmed, from 00:00 to 24:00 without gaps: the temporary day
    /// schedule's periods while it is active, else the periods of the day's week group, and idle
    /// segments between them. Proof mode, the button light and the clock do not change it.
    public func timeline(on weekday: Weekday) -> [TimelineSegment] {
        let periods: [Period], source: TimelineSegment.Source
        if temporarySchedule.isActive {
            periods = temporarySchedule.periods
            source = .temporary
        } else {
            let group = weekSchedule.group(for: weekday)
            periods = group?.periods ?? []
            source = .week(group: group?.name ?? "")
        }
        var segments: [TimelineSegment] = []
        var cursor = 0
        for period in periods.sorted(by: { $0.start < $1.start }) where period.start >= cursor && period.end > period.start {
            if period.start > cursor {
                segments.append(TimelineSegment(start: cursor, end: period.start, color: .off, fade: 0, source: .idle))
            }
            segments.append(TimelineSegment(start: period.start, end: period.end, color: period.color, fade: period.fade, source: source))
            cursor = period.end
        }
        if cursor < MinuteOfDay.perDay {
            segments.append(TimelineSegment(start: cursor, end: MinuteOfDay.perDay, color: .off, fade: 0, source: .idle))
        }
        return segments
    }

    private static let dark = all(.off)

    private static func all(_ color: RGBColor) -> [RGBColor] {
        Array(repeating: color, count: ActiveState.ledCount)
    }

    private static func shown(_ period: Period, at minute: Double, mode: ActiveMode, reason: LightReason) -> LightDecision {
        let intensity = period.intensity(atMinute: minute)
        return LightDecision(mode: mode, colors: all(period.color.dimmed(by: intensity)), reason: reason, intensity: intensity)
    }
}
