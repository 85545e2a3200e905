import BLECore

extension CivilDate {
    /// The weekday of a day count (1970-01-01 was a Thursday).
    static func weekday(days: Int) -> Weekday {
        Weekday(rawValue: ((days + 3) % 7 + 7) % 7 + 1)!
    }
}
