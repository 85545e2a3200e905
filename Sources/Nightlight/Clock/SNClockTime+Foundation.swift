import Foundation

extension SNClockTime {
    /// The local wall-clock time of `date` in `timeZone` (the app's own time zone by default).
    public init(date: Date, timeZone: any UTCOffsetRules = TimeZone.current, adjustReason: AdjustReason = [.manualTimeUpdate]) {
        self.init(secondsSince1970: date.timeIntervalSince1970, utcOffset: timeZone.secondsFromGMT(for: date), adjustReason: adjustReason)
    }

    /// The instant this local time is in a zone `utcOffset` seconds from UTC; `nil` when not set.
    public func date(utcOffset: Int) -> Date? {
        secondsSince1970(utcOffset: utcOffset).map { Date(timeIntervalSince1970: $0) }
    }
}

extension SNLocalTimeInformation {
    /// The information of `timeZone` at `date`: its standard offset and its DST offset (rounded to
    /// the values the profile allows: 0, +½ h, +1 h or +2 h).
    public init(timeZone: any UTCOffsetRules, at date: Date = Date()) {
        let dst = Int(timeZone.daylightSavingTimeOffset(for: date))
        let offset: DSTOffset = switch dst {
        case ..<900: .standardTime
        case ..<2700: .halfAnHourDaylightTime
        case ..<5400: .daylightTime
        default: .doubleDaylightTime
        }
        self.init(utcOffset: timeZone.secondsFromGMT(for: date), dstOffset: offset)
    }
}
