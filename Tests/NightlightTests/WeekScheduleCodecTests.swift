import BLEGATT
import Nightlight
import Testing

@Suite struct WeekScheduleCodecTests {
    /// The factory schedule of §6.1, written out by hand.
    static let factoryBytes = wire("""
        01 07 44 65 66 61 75 6C 74 02
        0C 57 6F 72 6B 69 6E 67 20 64 61 79 73 1F 02
        0000 8601 402000 00
        9204 A005 402000 00
        07 57 65 65 6B 65 6E 64 60 02
        0000 E001 402000 00
        B004 A005 402000 00
        """.split(whereSeparator: \.isWhitespace).joined())

    @Test func factoryScheduleHasTheExactBytesOfTheProfile() {
        #expect(Self.factoryBytes.count == 67)
        expectRoundTrip(WeekSchedule.factory, Self.factoryBytes)
        #expect(WeekSchedule.factory.name == "Default")
        #expect(WeekSchedule.factory.periods(on: .wednesday).map(\.timeRange) == ["00:00–06:30", "19:30–24:00"])
        #expect(WeekSchedule.factory.group(for: .sunday)?.name == "Weekend")
    }

    @Test func theLargestScheduleIs464Bytes() throws {
        let periods = (0..<6).map { Period(start: $0 * 200, end: $0 * 200 + 100, color: scheduleAmber, fade: 50) }
        let groups = Weekday.allCases.map { DayGroup(name: "Group name12", days: DaySet($0), periods: periods) }
        let schedule = WeekSchedule(name: String(repeating: "n", count: 20), groups: groups)
        let wire = schedule.encode()
        #expect(wire.count == WeekSchedule.maximumByteCount)
        #expect(try WeekSchedule(bytes: wire) == schedule)
        expectRefusal("week schedule is 465 bytes long; the most is 464", .invalidSchedule) {
            _ = try WeekSchedule(bytes: wire + [0])
        }
    }

    @Test(arguments: [
        ("02" + "00 01 00 7F 00", "format version 2 is not 1"),
        ("01 00 00", "group count 0 is not in 1…7"),
        ("01 00 08", "group count 8 is not in 1…7"),
        ("01 00 01 00 7F 00 FF", "week schedule has 1 unexpected byte after its last field"),
        ("01 00 01 00 7F 07", "group #1: period count 7 is not in 0…6"),
        ("01 00 01 00 7F 01 0000 3C00 402000", "group #1: period 1: fade is missing: the value ends at byte 13, 1 byte short"),
        ("01 00 01 00 FF 00", "group #1: days 0xFF has bit 7 set; only bits 0 (Monday) … 6 (Sunday) are days"),
        ("01 00 01 00 3F 00", "Sun is in no group; every day must be in exactly one group"),
        ("01 00 02 00 7F 00 00 60 00", "group #2 has Sat, which is already in group #1; every day must be in exactly one group"),
        ("01 00 01 00 7F 01 A005 A105 402000 00", "group #1: period 1 (24:00–24:01): start 1440 is not in 0…1439"),
        ("01 00 01 00 7F 01 0000 A105 402000 00", "group #1: period 1 (00:00–24:01): end 1441 is not in 1…1440"),
        ("01 02 FF FE 01 00 7F 00", "name is not valid UTF-8"),
    ])
    func invalidBlobsAreRefusedWithInvalidSchedule(hex: String, message: String) {
        let wire = wire(hex)
        expectRefusal(message, .invalidSchedule) { _ = try WeekSchedule(bytes: wire) }
    }

    @Test func everyRuleNamesTheGroupAndThePeriod() {
        func refuse(_ weekend: [Period], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            var schedule = WeekSchedule.factory
            schedule.groups[1].periods = weekend
            expectRefusal(message, .invalidSchedule, sourceLocation: sourceLocation) { try schedule.validate() }
            expectRefusal(message, .invalidSchedule, sourceLocation: sourceLocation) { _ = try WeekSchedule(bytes: schedule.encode()) }
        }
        let morning = Period(start: 0, end: minuteOfDay("08:00"), color: scheduleAmber)
        refuse([morning, Period(start: minuteOfDay("19:00"), end: minuteOfDay("18:00"), color: scheduleAmber)],
               "group Weekend: period 2 (19:00–18:00) ends before it starts")
        refuse([morning, Period(start: minuteOfDay("19:00"), end: minuteOfDay("19:00"), color: scheduleAmber)],
               "group Weekend: period 2 (19:00–19:00) is empty: it ends where it starts")
        refuse([morning, Period(start: minuteOfDay("07:00"), end: minuteOfDay("09:00"), color: scheduleAmber)],
               "group Weekend: period 2 (07:00–09:00) overlaps period 1 (00:00–08:00)")
        refuse([Period(start: minuteOfDay("20:00"), end: minuteOfDay("21:00"), color: scheduleAmber), morning],
               "group Weekend: period 2 (00:00–08:00) starts before period 1 (20:00–21:00); periods must be sorted by start")
        refuse([Period(start: minuteOfDay("20:00"), end: minuteOfDay("20:30"), color: scheduleAmber, fade: 16)],
               "group Weekend: period 1 (20:00–20:30): fade 16 is more than half the period (30 minutes)")
        refuse([Period(start: minuteOfDay("20:00"), end: minuteOfDay("24:00"), color: scheduleAmber, fade: 61)],
               "group Weekend: period 1 (20:00–24:00): fade 61 is not in 0…60")
        refuse(Array(repeating: morning, count: 7), "group Weekend: period count 7 is not in 0…6")
    }

    @Test func touchingPeriodsAndEdgeValuesAreAccepted() throws {
        var schedule = WeekSchedule.factory
        schedule.groups[1].periods = [
            Period(start: 0, end: 1, color: scheduleAmber),
            Period(start: 1, end: 121, color: scheduleAmber, fade: 60),
            Period(start: 1439, end: 1440, color: .white),
        ]
        try schedule.validate()
        #expect(try WeekSchedule(bytes: schedule.encode()) == schedule)
    }

    @Test func daysMustBeCoveredExactlyOnce() {
        var schedule = WeekSchedule.factory
        schedule.groups[1].days = [.saturday]
        expectRefusal("Sun is in no group; every day must be in exactly one group", .invalidSchedule) { try schedule.validate() }
        schedule.groups[1].days = [.friday, .saturday, .sunday]
        expectRefusal("group Weekend has Fri, which is already in group Working days; every day must be in exactly one group", .invalidSchedule) {
            try schedule.validate()
        }
        schedule.groups[1].days = .weekend
        schedule.groups.append(DayGroup(name: "Never", days: []))
        #expect(throws: Never.self) { try schedule.validate() }
    }

    @Test func namesAreLimitedInUTF8Bytes() {
        var schedule = WeekSchedule.factory
        schedule.name = String(repeating: "é", count: 11)
        expectRefusal("name is 22 bytes of UTF-8; the most is 20", .invalidSchedule) { try schedule.validate() }
        schedule.name = "Default"
        schedule.groups[0].name = "Working days!"
        expectRefusal("group Working days!: name is 13 bytes of UTF-8; the most is 12", .invalidSchedule) { try schedule.validate() }
        schedule.groups = []
        expectRefusal("group count 0 is not in 1…7", .invalidSchedule) { try schedule.validate() }
    }

    @Test func aGroupCanBeCheckedOnItsOwn() {
        let group = DayGroup(name: "Weekend", days: .weekend, periods: [Period(start: 600, end: 500, color: scheduleAmber)])
        expectRefusal("group Weekend: period 1 (10:00–08:20) ends before it starts", .invalidSchedule) { try group.validate() }
    }
}
