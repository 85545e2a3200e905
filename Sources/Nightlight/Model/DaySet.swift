/// A set of weekdays: the days bitmask of a week schedule group, bit 0 Monday … bit 6 Sunday
/// (SN profile §6.1).
///
/// The text form lists runs of days Monday first: `Mon-Fri`, `Sat-Sun`, `Mon,Wed,Fri`,
/// `Mon-Sun`, `none`. In JSON a day set is the array of its day names, e.g.
/// `["saturday","sunday"]`.
public struct DaySet: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bitmask; bit 7 is not a day.
    public var rawValue: UInt8

    /// Wraps a bitmask as it is (bit 7 is kept, and makes a schedule invalid).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set of the given days.
    public init(_ days: some Sequence<Weekday>) {
        self.init(rawValue: days.reduce(0) { $0 | $1.bit })
    }

    /// One day.
    public init(_ day: Weekday) { self.init(rawValue: day.bit) }

    /// Monday, 0x01.
    public static let monday = DaySet(.monday)
    /// Tuesday, 0x02.
    public static let tuesday = DaySet(.tuesday)
    /// Wednesday, 0x04.
    public static let wednesday = DaySet(.wednesday)
    /// Thursday, 0x08.
    public static let thursday = DaySet(.thursday)
    /// Friday, 0x10.
    public static let friday = DaySet(.friday)
    /// Saturday, 0x20.
    public static let saturday = DaySet(.saturday)
    /// Sunday, 0x40.
    public static let sunday = DaySet(.sunday)
    /// Monday to Friday, 0x1F.
    public static let workingDays = DaySet(rawValue: 0x1F)
    /// Saturday and Sunday, 0x60.
    public static let weekend = DaySet(rawValue: 0x60)
    /// Every day, 0x7F.
    public static let everyDay = DaySet(rawValue: 0x7F)

    /// The days in the set, Monday first.
    public var weekdays: [Weekday] { Weekday.allCases.filter { contains(DaySet($0)) } }

    /// Whether a day is in the set.
    public func contains(_ day: Weekday) -> Bool { contains(DaySet(day)) }

    /// The number of days in the set.
    public var count: Int { weekdays.count }

    /// Bits set outside Monday…Sunday (bit 7).
    public var invalidBits: UInt8 { rawValue & ~DaySet.everyDay.rawValue }

    /// The text form: runs of two or more days as `Mon-Fri`, others single, comma-separated;
    /// `none` for the empty set.
    public var description: String {
        var parts: [String] = []
        var runStart: Weekday?
        var previous: Weekday?
        func closeRun() {
            guard let start = runStart, let end = previous else { return }
            parts.append(start == end ? start.shortName : start.shortName + "-" + end.shortName)
        }
        for day in weekdays {
            if let last = previous, last.rawValue + 1 == day.rawValue {
                previous = day
                continue
            }
            closeRun()
            runStart = day
            previous = day
        }
        closeRun()
        return parts.isEmpty ? "none" : parts.joined(separator: ",")
    }

    /// Parses the text form: comma-separated days (`Mon`, `monday`) and ranges (`Mon-Fri`;
    /// `Fri-Mon` wraps past Sunday); `none` is the empty set, `every day`/`daily` all seven.
    ///
    /// Throws ``SNValueError/Code/invalidText`` naming the part that is not a day.
    public init(parsing text: String) throws(SNValueError) {
        let trimmed = text.trimmingSpaces()
        switch trimmed.lowercased() {
        case "none": self = []; return
        case "every day", "everyday", "daily", "all": self = .everyDay; return
        default: break
        }
        var set: DaySet = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            let days = bounds.compactMap { Weekday(name: $0) }
            guard days.count == bounds.count, (1...2).contains(days.count) else {
                throw SNValueError(.invalidText, path: ["days \"\(text)\""], "are not days like Mon-Fri or Sat,Sun (\"\(part)\" is not a day)")
            }
            var day = days[0]
            set.insert(DaySet(day))
            while day != days[days.count - 1] {
                day = day.next
                set.insert(DaySet(day))
            }
        }
        self = set
    }

    /// Decodes a JSON array of day names.
    public init(from decoder: any Decoder) throws {
        self.init(try [Weekday](from: decoder))
    }

    /// Encodes as a JSON array of day names, Monday first.
    public func encode(to encoder: any Encoder) throws {
        try weekdays.encode(to: encoder)
    }
}
