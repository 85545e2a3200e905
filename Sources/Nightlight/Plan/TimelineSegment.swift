/// A stretch of a day's light as an app draws it: from `start` to `end` (minutes of the day) in
/// one color, from one source (the result of ``LightPlan/timeline(on:)``).
public struct TimelineSegment: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where a segment comes from.
    public enum Source: Hashable, Sendable, Codable, CustomStringConvertible {
        /// A period of the week schedule group with this name.
        case week(group: String)
        /// A period of the temporary day schedule.
        case temporary
        /// No period: the LEDs are off.
        case idle

        /// `week Working days`, `temporary`, `idle`.
        public var description: String {
            switch self {
            case .week(let group): "week " + group
            case .temporary: "temporary"
            case .idle: "idle"
            }
        }
    }

    /// The first minute, 0…1439.
    public var start: Int
    /// The minute it ends (excluded), 1…1440.
    public var end: Int
    /// The color at full intensity (``RGBColor/off`` when idle).
    public var color: RGBColor
    /// The fade in and out, in minutes (0 when idle).
    public var fade: Int
    /// Where it comes from.
    public var source: Source

    /// A segment.
    public init(start: Int, end: Int, color: RGBColor, fade: Int, source: Source) {
        self.start = start
        self.end = end
        self.color = color
        self.fade = fade
        self.source = source
    }

    /// Whether the LEDs are off for the whole segment.
    public var isIdle: Bool { source == .idle }

    /// The length in minutes.
    public var duration: Int { end - start }

    /// Whether the segment covers a minute of the day.
    public func contains(minute: Int) -> Bool { start <= minute && minute < end }

    /// `19:30–24:00 #402000 fade 5 (week Working days)` or `06:30–19:30 idle`.
    public var description: String {
        let range = MinuteOfDay.formatRange(start, end)
        if isIdle { return range + " idle" }
        return range + " " + color.hex + (fade > 0 ? " fade \(fade)" : "") + " (\(source))"
    }
}
