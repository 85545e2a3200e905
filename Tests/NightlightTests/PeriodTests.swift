import Nightlight
import Testing

@Suite struct PeriodTests {
    @Test func periodsAreEightBytes() {
        expectRoundTrip(Period(start: 1170, end: 1440, color: scheduleAmber, fade: 5), wire("9204 A005 402000 05"))
        expectRefusal("period is 9 bytes long; it must be 8", .invalidAttributeValueLength) {
            _ = try Period(bytes: wire("9204 A005 402000 05 00"))
        }
        expectRefusal("period 19:30–24:00: fade 61 is not in 0…60", .outOfRange) {
            _ = try Period(bytes: wire("9204 A005 402000 3D"))
        }
    }

    @Test func containsIncludesTheStartAndExcludesTheEnd() {
        let period = Period(start: 1170, end: 1440, color: scheduleAmber)
        #expect(!period.contains(minute: 1169))
        #expect(period.contains(minute: 1170))
        #expect(period.contains(minute: 1439))
        #expect(!period.contains(minute: 1440))
        #expect(period.contains(minute: 1439.99))
        #expect(period.duration == 270)
        #expect(period.overlaps(Period(start: 1439, end: 1440, color: scheduleAmber)))
        #expect(!period.overlaps(Period(start: 1000, end: 1170, color: scheduleAmber)))
    }

    @Test func fadesRampLinearlyInAndOut() {
        let period = Period(start: 600, end: 660, color: RGBColor(rgb: 0xC86400), fade: 10)
        #expect(period.intensity(atMinute: 599.99) == 0)
        #expect(period.intensity(atMinute: 600) == 0)
        #expect(period.intensity(atMinute: 605) == 0.5)
        #expect(period.intensity(atMinute: 610) == 1)
        #expect(period.intensity(atMinute: 630) == 1)
        #expect(period.intensity(atMinute: 650) == 1)
        #expect(period.intensity(atMinute: 655) == 0.5)
        #expect(period.intensity(atMinute: 659) == 0.1)
        #expect(period.intensity(atMinute: 660) == 0)
        #expect(period.color(atMinute: 605) == RGBColor(rgb: 0x643200))
        #expect(period.color(atMinute: 600) == .off)
        #expect(period.color(atMinute: 660) == nil)
        let sharp = Period(start: 600, end: 601, color: scheduleAmber)
        #expect(sharp.intensity(atMinute: 600) == 1)
        #expect(sharp.intensity(atMinute: 600.99) == 1)
    }

    @Test func aFadeOfHalfThePeriodMeetsInTheMiddle() throws {
        let period = Period(start: 0, end: 120, color: scheduleAmber, fade: 60)
        try period.validate()
        #expect(period.intensity(atMinute: 60) == 1)
        #expect(period.intensity(atMinute: 30) == 0.5)
        #expect(period.intensity(atMinute: 90) == 0.5)
    }

    @Test(arguments: [
        (Period(start: 1440, end: 1441, color: scheduleAmber), "period 24:00–24:01: start 1440 is not in 0…1439"),
        (Period(start: -1, end: 10, color: scheduleAmber), "period -00:01–00:10: start -1 is not in 0…1439"),
        (Period(start: 0, end: 1441, color: scheduleAmber), "period 00:00–24:01: end 1441 is not in 1…1440"),
        (Period(start: 600, end: 599, color: scheduleAmber), "period 10:00–09:59 ends before it starts"),
        (Period(start: 600, end: 600, color: scheduleAmber), "period 10:00–10:00 is empty: it ends where it starts"),
        (Period(start: 600, end: 630, color: scheduleAmber, fade: 16), "period 10:00–10:30: fade 16 is more than half the period (30 minutes)"),
        (Period(start: 0, end: 1440, color: scheduleAmber, fade: -1), "period 00:00–24:00: fade -1 is not in 0…60"),
    ])
    func brokenRulesAreNamed(period: Period, message: String) {
        expectRefusal(message, .outOfRange) { try period.validate() }
    }

    @Test func edgeValuesAreValid() throws {
        try Period(start: 0, end: 1, color: scheduleAmber).validate()
        try Period(start: 1439, end: 1440, color: scheduleAmber).validate()
        try Period(start: 600, end: 630, color: scheduleAmber, fade: 15).validate()
        try Period(start: 0, end: 1440, color: scheduleAmber, fade: 60).validate()
        #expect(try Period(from: "19:30", to: "24:00", color: scheduleAmber, fade: 5) == Period(start: 1170, end: 1440, color: scheduleAmber, fade: 5))
    }

    @Test func minutesOfTheDayPrintAndParse() throws {
        #expect(MinuteOfDay.format(0) == "00:00")
        #expect(MinuteOfDay.format(390) == "06:30")
        #expect(MinuteOfDay.format(1440) == "24:00")
        #expect(try MinuteOfDay.parse("7:05") == 425)
        #expect(try MinuteOfDay.parse("24:00") == 1440)
        for text in ["24:01", "25:00", "12:60", "12", "12:5", "ab:cd", "-1:00", "12:00:00", ""] {
            expectRefusal("time \"\(text)\" is not a time of day 00:00…24:00", .outOfRange) { _ = try MinuteOfDay.parse(text) }
        }
    }
}
