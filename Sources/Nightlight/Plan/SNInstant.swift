/// A moment on a SN's local clock, as the light plan sees it: the weekday, the minute of the day
/// and the second.
public struct SNInstant: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The day of the week.
    public var weekday: Weekday
    /// The minute of the day, 0…1439.
    public var minute: Int
    /// The second of the minute, 0…59 (fades move within a minute).
    public var second: Int

    /// An instant (`minute` 0…1439, `second` 0…59; not checked).
    public init(weekday: Weekday, minute: Int, second: Int = 0) {
        self.weekday = weekday
        self.minute = minute
        self.second = second
    }

    /// An instant from `HH:MM`, e.g. `SNInstant(.friday, "19:30")`.
    public init(_ weekday: Weekday, _ time: String) throws(SNValueError) {
        self.init(weekday: weekday, minute: try MinuteOfDay.parse(time))
    }

    /// The time of day in minutes with the seconds as a fraction, e.g. 1170.5 for 19:30:30.
    public var fractionalMinute: Double { Double(minute) + Double(second) / 60 }

    /// `Fri 19:30:05`.
    public var description: String {
        weekday.shortName + " " + MinuteOfDay.format(minute) + ":" + (second < 10 ? "0" : "") + "\(second)"
    }
}
