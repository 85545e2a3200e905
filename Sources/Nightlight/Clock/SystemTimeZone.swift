import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the SN's clock needs of a time zone (§8): its offset from UTC at a moment, and the part
/// of that offset that is daylight-saving time. Foundation's `TimeZone` has both; so does
/// ``SystemTimeZone``, which does without it.
public protocol UTCOffsetRules: Sendable {
    /// The offset from UTC at `date`, in seconds (east positive), daylight-saving time included.
    func secondsFromGMT(for date: Date) -> Int
    /// The daylight-saving part of the offset at `date`, in seconds (0 in standard time).
    func daylightSavingTimeOffset(for date: Date) -> TimeInterval
}

extension TimeZone: UTCOffsetRules {}

/// The process's own time zone (the `TZ` variable, else `/etc/localtime`), read at each call
/// through the C library's `localtime_r`, as `TimeZone.current` gives it but without Foundation's
/// `TimeZone`, whose first use loads ICU (about 3 MiB resident in an idle `nightlight
/// dashboard`). A change of the system's zone is seen at the next call.
public struct SystemTimeZone: UTCOffsetRules, Hashable {
    /// The system's time zone.
    public init() {}

    /// The offset from UTC at `date`, in seconds (east positive), daylight-saving time included.
    public func secondsFromGMT(for date: Date) -> Int {
        Self.local(date).offset
    }

    /// The offset at `date` minus the zone's standard offset: the standard offset is the one of
    /// the nearest moment not in daylight-saving time, looked for 15 days apart up to a year
    /// before and after (a season may be longer than half a year).
    public func daylightSavingTimeOffset(for date: Date) -> TimeInterval {
        let here = Self.local(date)
        guard here.isDaylightSaving else { return 0 }
        for days in stride(from: 15.0, through: 375, by: 15) {
            for other in [date - days * 86_400, date + days * 86_400] {
                let there = Self.local(other)
                if !there.isDaylightSaving { return TimeInterval(here.offset - there.offset) }
            }
        }
        return 3600  // daylight-saving time all year: the usual hour
    }

    /// The offset from UTC and whether daylight-saving time applies at `date`, from `localtime_r`.
    static func local(_ date: Date) -> (offset: Int, isDaylightSaving: Bool) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return (0, false) }
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        guard localtime_r(&time, &fields) != nil else { return (0, false) }
        return (Int(fields.tm_gmtoff), fields.tm_isdst > 0)
    }
}
