import BLECore

/// The SN's clock: the Current Time characteristic (0x2A2B), the device's local wall-clock time
/// (SN profile §3).
///
/// Wire form, 10 bytes: year u16, month, day, hours, minutes, seconds, day of week (1 = Monday …
/// 7 = Sunday, 0 unknown), fractions256, adjust reason (bit 0 manual update). While the clock is
/// not set it reads year 0, month 0, day 0 (``notSet``). A write with an impossible date or time
/// is refused with Out of Range (0xFF).
public struct SNClockTime: SNValue, Comparable, CustomStringConvertible {
    /// Why the clock was last set (Current Time Service, Adjust Reason).
    public struct AdjustReason: OptionSet, Hashable, Sendable, Codable {
        /// The bits.
        public var rawValue: UInt8
        /// Wraps the bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bit 0: set by hand (an app writing the time).
        public static let manualTimeUpdate = AdjustReason(rawValue: 1 << 0)
        /// Bit 1: set from an external reference.
        public static let externalReferenceTimeUpdate = AdjustReason(rawValue: 1 << 1)
        /// Bit 2: the time zone changed.
        public static let timeZoneChange = AdjustReason(rawValue: 1 << 2)
        /// Bit 3: daylight saving time changed.
        public static let dstChange = AdjustReason(rawValue: 1 << 3)
    }

    /// The year, 1582…9999, or 0 when not set.
    public var year: Int
    /// The month, 1…12, or 0 when not set.
    public var month: Int
    /// The day of the month, 1…31, or 0 when not set.
    public var day: Int
    /// Hours, 0…23.
    public var hour: Int
    /// Minutes, 0…59.
    public var minute: Int
    /// Seconds, 0…59.
    public var second: Int
    /// The day of the week, 1 = Monday … 7 = Sunday, 0 unknown.
    public var dayOfWeek: Int
    /// Fractions of a second in 1/256 s, 0…255.
    public var fractions256: Int
    /// Why the time was last set.
    public var adjustReason: AdjustReason

    /// The wire size: 10 bytes.
    public static let byteCount = 10
    /// The years Current Time can hold: 1582…9999.
    public static let yearRange = 1582...9999

    /// A time as it is (not checked; see ``validate()``).
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, dayOfWeek: Int, fractions256: Int = 0, adjustReason: AdjustReason = []) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.dayOfWeek = dayOfWeek
        self.fractions256 = fractions256
        self.adjustReason = adjustReason
    }

    /// A date and time, with the day of the week worked out from the date.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, fractions256: Int = 0, adjustReason: AdjustReason = []) {
        let weekday = CivilDate.weekday(days: CivilDate.days(year: year, month: month, day: day))
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  dayOfWeek: weekday.rawValue, fractions256: fractions256, adjustReason: adjustReason)
    }

    /// The local wall-clock time of an instant: `secondsSince1970` (UTC, may have a fraction) shifted
    /// by the time zone's `utcOffset` in seconds (e.g. 3600 for UTC+1).
    public init(secondsSince1970: Double, utcOffset: Int, adjustReason: AdjustReason = []) {
        let local = secondsSince1970 + Double(utcOffset)
        let whole = local.rounded(.down)
        self.init(localSeconds: Int(whole), fractions256: min(Int(((local - whole) * 256).rounded(.down)), 255), adjustReason: adjustReason)
    }

    /// A time from seconds since 1970-01-01 00:00 on the local wall clock (see ``localSeconds``).
    public init(localSeconds: Int, fractions256: Int = 0, adjustReason: AdjustReason = []) {
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        let secondOfDay = localSeconds - days * 86_400
        let date = CivilDate.date(days: days)
        self.init(year: date.year, month: date.month, day: date.day,
                  hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60,
                  dayOfWeek: CivilDate.weekday(days: days).rawValue, fractions256: fractions256, adjustReason: adjustReason)
    }

    /// The clock of a new device, or after the battery ran flat: all zero.
    public static let notSet = SNClockTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, dayOfWeek: 0)

    /// Whether the clock is set (year is not 0).
    public var isSet: Bool { year != 0 }

    /// Seconds since 1970-01-01 00:00 on the local wall clock (whole seconds); `nil` when not set.
    public var localSeconds: Int? {
        guard isSet else { return nil }
        return CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The instant in UTC, in seconds since 1970 with the fraction, given the local time's offset
    /// from UTC in seconds; `nil` when not set.
    public func secondsSince1970(utcOffset: Int) -> Double? {
        localSeconds.map { Double($0 - utcOffset) + Double(fractions256) / 256 }
    }

    /// The time `seconds` later (earlier when negative), keeping the fraction and adjust reason;
    /// a clock that is not set stays not set.
    public func adding(seconds: Int) -> SNClockTime {
        guard let local = localSeconds else { return self }
        return SNClockTime(localSeconds: local + seconds, fractions256: fractions256, adjustReason: adjustReason)
    }

    /// The weekday of the date (not the ``dayOfWeek`` field); `nil` when not set.
    public var weekday: Weekday? {
        guard isSet else { return nil }
        return CivilDate.weekday(days: CivilDate.days(year: year, month: month, day: day))
    }

    /// The minute of the local day, 0…1439.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// The instant the light plan evaluates; `nil` when not set.
    public var instant: SNInstant? {
        weekday.map { SNInstant(weekday: $0, minute: minuteOfDay, second: second) }
    }

    /// `2025-03-14 19:30:05 Fri`, or `not set`.
    public var description: String {
        guard isSet else { return "not set" }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(year)-\(two(month))-\(two(day))"
        let time = "\(two(hour)):\(two(minute)):\(two(second))"
        return date + " " + time + (weekday.map { " " + $0.shortName } ?? "")
    }

    /// Orders by local wall-clock time; a clock that is not set comes first.
    public static func < (lhs: SNClockTime, rhs: SNClockTime) -> Bool {
        let left = (lhs.localSeconds ?? Int.min, lhs.fractions256), right = (rhs.localSeconds ?? Int.min, rhs.fractions256)
        return left < right
    }

    // MARK: SNValue

    /// Decodes the 10 bytes and checks the date and time (0x0D for another length, 0xFF for an
    /// impossible date or time).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "current time")
        var reader = SNReader(bytes, code: .invalidLength)
        self.init(year: Int(try reader.u16("year")), month: Int(try reader.u8("month")), day: Int(try reader.u8("day")),
                  hour: Int(try reader.u8("hours")), minute: Int(try reader.u8("minutes")), second: Int(try reader.u8("seconds")),
                  dayOfWeek: Int(try reader.u8("day of week")), fractions256: Int(try reader.u8("fractions256")),
                  adjustReason: AdjustReason(rawValue: try reader.u8("adjust reason")))
        try validate()
    }

    /// year u16, month, day, hours, minutes, seconds, day of week, fractions256, adjust reason.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.writeUInt16(year.wire())
        for field in [month, day, hour, minute, second, dayOfWeek, fractions256] { writer.writeUInt8(field.wire()) }
        writer.writeUInt8(adjustReason.rawValue)
        return writer.bytes
    }

    /// Checks the date exists (or is the not-set date: year, month and day 0), the time is
    /// 00:00:00…23:59:59, fractions256 0…255, and a non-zero day of week matches the date.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            if year == 0 {
                guard month == 0, day == 0 else {
                    throw SNValueError(.outOfRange, path: ["date \(year)-\(month)-\(day)"], "is impossible: year 0 (not set) needs month 0 and day 0")
                }
            } else {
                try SNCheck.range(year, Self.yearRange, "year")
                try SNCheck.range(month, 1...12, "month")
                try SNCheck.range(day, 1...CivilDate.daysInMonth(year: year, month: month), "day")
            }
            try SNCheck.range(hour, 0...23, "hours")
            try SNCheck.range(minute, 0...59, "minutes")
            try SNCheck.range(second, 0...59, "seconds")
            try SNCheck.range(dayOfWeek, 0...7, "day of week")
            try SNCheck.range(fractions256, 0...255, "fractions256")
            if let weekday, dayOfWeek != 0, dayOfWeek != weekday.rawValue {
                throw SNValueError(.outOfRange, path: ["day of week \(dayOfWeek)"], "does not match the date, a \(weekday.name) (\(weekday.rawValue))")
            }
        } catch {
            throw error.within("current time")
        }
    }
}
