import BLEGATT
import Nightlight
import Testing

@Suite struct ScheduleTextTests {
    static let factoryText = """
        schedule "Default"
        Mon-Fri "Working days" 00:00-06:30 #402000
        Mon-Fri "Working days" 19:30-24:00 #402000
        Sat-Sun "Weekend" 00:00-08:00 #402000
        Sat-Sun "Weekend" 20:00-24:00 #402000

        """

    @Test func theFactoryScheduleReadsAsOneLinePerPeriod() throws {
        #expect(WeekSchedule.factory.text == Self.factoryText)
        #expect(try WeekSchedule(text: Self.factoryText) == .factory)
    }

    @Test func theTextIsForgiving() throws {
        let text = """
            # bedtime, the way we like it
            schedule Bedtime
            sat,sun 20:00-24:00 #402000 fade 5
            "Work" Monday-Friday 19:30-24:00 #402000 fade 5, 00:00-06:30 #402000
              Sat-Sun "Weekend" 00:00-08:00 #402000

            """
        let schedule = try WeekSchedule(text: text)
        #expect(schedule.name == "Bedtime")
        #expect(schedule.groups.map(\.name) == ["Weekend", "Work"])
        #expect(schedule.groups.map(\.days) == [.weekend, .workingDays])
        #expect(schedule.groups[1].periods.map(\.description) == ["00:00-06:30 #402000", "19:30-24:00 #402000 fade 5"])
        #expect(schedule.groups[0].periods.first?.start == 0)
        #expect(try WeekSchedule(text: schedule.text) == schedule)
    }

    @Test func groupsWithoutLightAndOddNamesRoundTrip() throws {
        let schedule = WeekSchedule(name: "Say \"hi\"", groups: [
            DayGroup(name: "Mon,Wed\\Fri", days: [.monday, .wednesday, .friday], periods: [Period(start: 60, end: 120, color: .white)]),
            DayGroup(name: "", days: [.tuesday, .thursday], periods: [Period(start: 0, end: 1440, color: scheduleAmber, fade: 60)]),
            DayGroup(name: "Weekend", days: .weekend),
        ])
        try schedule.validate()
        #expect(schedule.text == """
            schedule "Say \\"hi\\""
            Mon,Wed,Fri "Mon,Wed\\\\Fri" 01:00-02:00 #FFFFFF
            Tue,Thu 00:00-24:00 #402000 fade 60
            Sat-Sun "Weekend" off

            """)
        #expect(try WeekSchedule(text: schedule.text) == schedule)
    }

    @Test(arguments: [
        ("Mon-Sun 19:30-25:00 #402000", "line 1: time \"25:00\" is not a time of day 00:00…24:00"),
        ("Mon-Sun 19:30-24:00", "line 1: period 19:30-24:00 has no color; write it as #RRGGBB"),
        ("Mon-Sun 19:30-24:00 #40200", "line 1: color \"#40200\" is not #RRGGBB"),
        ("Mon-Sun 19:30 #402000", "line 1: \"19:30\" is not a time range like 19:30-24:00"),
        ("Mon-Sun 19:30-24:00 #402000 fade", "line 1: period 19:30-24:00 has \"fade\" without a number of minutes"),
        ("Mon-Sun 19:30-24:00 #402000 fade x", "line 1: period 19:30-24:00 has \"fade\" without a number of minutes"),
        ("Mon-Sun", "line 1 has days but no period; write HH:MM-HH:MM #RRGGBB, or off"),
        ("Mon-Sun \"Every", "line 1 has a \" that is not closed"),
        ("\"Every day\"", "line 1 names a group but gives no days"),
        ("Mun-Fri 19:30-24:00 #402000", "line 1: days \"Mun-Fri\" are not days like Mon-Fri or Sat,Sun (\"Mun-Fri\" is not a day)"),
        ("schedule A\nschedule B\nMon-Sun off", "line 2 names the schedule a second time"),
        ("Mon-Sun \"A\" off\nMon-Sun \"B\" off", "line 2: group Mon-Sun is named \"A\" on line 1 and \"B\" here"),
    ])
    func textErrorsNameTheLine(text: String, message: String) {
        expectRefusal(message, .outOfRange) { _ = try WeekSchedule(text: text) }
        #expect(throws: SNValueError.self) { try WeekSchedule(text: text) }
    }

    @Test func scheduleRulesStillApplyToText() {
        expectRefusal("Sat-Sun are in no group; every day must be in exactly one group", .invalidSchedule) {
            _ = try WeekSchedule(text: "Mon-Fri 19:30-24:00 #402000 fade 5")
        }
        expectRefusal("group Everyday: period 2 (19:00–21:00) overlaps period 1 (18:00–20:00)", .invalidSchedule) {
            _ = try WeekSchedule(text: "Mon-Sun \"Everyday\" 18:00-20:00 #402000 19:00-21:00 #402000")
        }
    }

    @Test func periodsParseOnTheirOwn() throws {
        #expect(try Period(text: "19:30-24:00 #402000 fade 5") == Period(start: 1170, end: 1440, color: scheduleAmber, fade: 5))
        #expect(try Period.parseList("00:00-07:00 #402000, 19:30-24:00 #FFA040 fade 5; 12:00-12:30 #FFFFFF").count == 3)
        #expect(try Period.parseList("") == [])
        expectRefusal("period 20:00–19:00 ends before it starts", .outOfRange) { _ = try Period(text: "20:00-19:00 #402000") }
        expectRefusal("\"00:00-01:00 #402000 02:00-03:00 #402000\" holds 2 periods; expected one", .outOfRange) {
            _ = try Period(text: "00:00-01:00 #402000 02:00-03:00 #402000")
        }
        let temporary = try TemporaryDaySchedule(days: 2, text: "19:30-24:00 #402000 00:00-07:00 #402000")
        #expect(temporary.periods.map(\.start) == [0, 1170])
        #expect(temporary.periodsText == "00:00-07:00 #402000, 19:30-24:00 #402000")
        #expect(temporary.description == "2 days: 00:00-07:00 #402000, 19:30-24:00 #402000")
        expectRefusal("remaining days 31 is not in 0…30", .invalidSchedule) { _ = try TemporaryDaySchedule(days: 31, text: "") }
    }

    @Test func daySetsPrintAsRuns() throws {
        #expect(DaySet.workingDays.description == "Mon-Fri")
        #expect(DaySet.weekend.description == "Sat-Sun")
        #expect(DaySet.everyDay.description == "Mon-Sun")
        #expect(DaySet([.monday, .wednesday, .thursday, .sunday]).description == "Mon,Wed-Thu,Sun")
        #expect(DaySet().description == "none")
        #expect(try DaySet(parsing: "Fri-Mon") == [.friday, .saturday, .sunday, .monday])
        #expect(try DaySet(parsing: "every day") == .everyDay)
        #expect(try DaySet(parsing: "none") == [])
        #expect(try DaySet(parsing: "Tue") == .tuesday)
        #expect(DaySet.weekend.rawValue == 0x60 && DaySet.workingDays.rawValue == 0x1F)
        #expect(Weekday.monday.bit == 0x01 && Weekday.sunday.bit == 0x40)
        #expect(Weekday.sunday.next == .monday && Weekday.monday.previous == .sunday)
        #expect(Weekday(name: "SAT") == .saturday && Weekday(name: "sa") == nil)
    }
}
