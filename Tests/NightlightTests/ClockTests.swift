import BLEGATT
import Foundation
import Nightlight
import Testing

@Suite struct ClockTests {
    static let friday = SNClockTime(year: 2025, month: 3, day: 14, hour: 19, minute: 30, second: 5, adjustReason: .manualTimeUpdate)

    @Test func currentTimeIsTenBytes() {
        expectRoundTrip(Self.friday, wire("E907 03 0E 13 1E 05 05 00 01"))
        expectRoundTrip(SNClockTime.notSet, wire("0000 00 00 00 00 00 00 00 00"))
        #expect(!SNClockTime.notSet.isSet)
        #expect(SNClockTime.notSet.instant == nil)
        #expect(Self.friday.weekday == .friday)
        #expect(Self.friday.instant == SNInstant(weekday: .friday, minute: 1170, second: 5))
        #expect(Self.friday.description == "2025-03-14 19:30:05 Fri")
        #expect(SNClockTime(year: 2025, month: 3, day: 16).dayOfWeek == 7)
        #expect(SNClockTime(year: 2025, month: 3, day: 17).dayOfWeek == 1)
    }

    @Test(arguments: [
        ("E907 02 1D 00 00 00 06 00 00", "current time: day 29 is not in 1…28"),
        ("E807 02 1E 00 00 00 05 00 00", "current time: day 30 is not in 1…29"),
        ("E907 0D 01 00 00 00 00 00 00", "current time: month 13 is not in 1…12"),
        ("E907 00 01 00 00 00 00 00 00", "current time: month 0 is not in 1…12"),
        ("E907 03 0E 18 00 00 05 00 00", "current time: hours 24 is not in 0…23"),
        ("E907 03 0E 13 3C 00 05 00 00", "current time: minutes 60 is not in 0…59"),
        ("E907 03 0E 13 1E 3C 05 00 00", "current time: seconds 60 is not in 0…59"),
        ("E907 03 0E 13 1E 05 08 00 00", "current time: day of week 8 is not in 0…7"),
        ("E907 03 0E 13 1E 05 01 00 00", "current time: day of week 1 does not match the date, a friday (5)"),
        ("2D06 01 01 00 00 00 00 00 00", "current time: year 1581 is not in 1582…9999"),
        ("0000 01 00 00 00 00 00 00 00", "current time: date 0-1-0 is impossible: year 0 (not set) needs month 0 and day 0"),
    ])
    func impossibleTimesAreOutOfRange(hex: String, message: String) {
        expectRefusal(message, .outOfRange) { _ = try SNClockTime(bytes: wire(hex)) }
    }

    @Test func aLeapDayAndAnUnknownWeekdayAreFine() throws {
        #expect(try SNClockTime(bytes: wire("E807 02 1D 17 3B 3B 04 FF 00")).weekday == .thursday)
        #expect(try SNClockTime(bytes: wire("E907 03 0E 13 1E 05 00 00 00")).weekday == .friday)
        expectRefusal("current time is 9 bytes long; it must be 10", .invalidAttributeValueLength) {
            _ = try SNClockTime(bytes: wire("E907 03 0E 13 1E 05 05 00"))
        }
    }

    @Test func convertsToAndFromUTCInstants() {
        let epoch = SNClockTime(secondsSince1970: 0, utcOffset: 3600)
        #expect(epoch == SNClockTime(year: 1970, month: 1, day: 1, hour: 1, minute: 0, second: 0))
        #expect(epoch.weekday == .thursday)
        let known = SNClockTime(secondsSince1970: 1_700_000_000.5, utcOffset: 0)
        #expect(known == SNClockTime(year: 2023, month: 11, day: 14, hour: 22, minute: 13, second: 20, fractions256: 128))
        #expect(known.secondsSince1970(utcOffset: 0) == 1_700_000_000.5)
        let newYork = SNClockTime(secondsSince1970: 1_700_000_000, utcOffset: -5 * 3600)
        #expect(newYork.description == "2023-11-14 17:13:20 Tue")
        #expect(newYork.secondsSince1970(utcOffset: -5 * 3600) == 1_700_000_000)
        let before = SNClockTime(secondsSince1970: -1, utcOffset: 0)
        #expect(before == SNClockTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        #expect(before.weekday == .wednesday)
        #expect(SNClockTime.notSet.secondsSince1970(utcOffset: 0) == nil)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let paris = SNClockTime(date: date, timeZone: TimeZone(secondsFromGMT: 3600)!)
        #expect(paris.description == "2023-11-14 23:13:20 Tue")
        #expect(paris.adjustReason == .manualTimeUpdate)
        #expect(paris.date(utcOffset: 3600) == date)
    }

    @Test func theClockTicksAcrossMidnightAndYears() {
        let newYearsEve = SNClockTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        #expect(newYearsEve.adding(seconds: 1) == SNClockTime(year: 2025, month: 1, day: 1))
        #expect(newYearsEve.adding(seconds: 1).weekday == .wednesday)
        #expect(SNClockTime(year: 2024, month: 3, day: 1).adding(seconds: -1) == SNClockTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59))
        #expect(SNClockTime.notSet.adding(seconds: 100) == .notSet)
        #expect(SNClockTime.notSet < newYearsEve && newYearsEve < newYearsEve.adding(seconds: 1))
    }

    @Test func localTimeInformation() {
        let paris = SNLocalTimeInformation(timeZone: 4, dstOffset: .daylightTime)
        expectRoundTrip(paris, wire("04 04"))
        #expect(paris.utcOffset == 7200)
        #expect(paris.description == "UTC+01:00, Daylight Time (+1 h)")
        let newYork = SNLocalTimeInformation(utcOffset: -5 * 3600)
        expectRoundTrip(newYork, wire("EC 00"))
        #expect(newYork.description == "UTC-05:00, Standard Time")
        expectRoundTrip(SNLocalTimeInformation.unknown, wire("80 FF"))
        #expect(SNLocalTimeInformation.unknown.utcOffset == nil)
        #expect(SNLocalTimeInformation(utcOffset: 7200, dstOffset: .daylightTime) == paris)
        #expect(SNLocalTimeInformation(timeZone: TimeZone(secondsFromGMT: 19800)!).timeZone == 22)
        expectDecodingRefused(SNLocalTimeInformation.self, [
            "04 03": ("local time information: DST offset 3 is not 0, 2, 4, 8 or 255", .outOfRange),
            "39 00": ("local time information: time zone 57 is not in -48…56", .outOfRange),
            "CF 00": ("local time information: time zone -49 is not in -48…56", .outOfRange),
            "04": ("local time information is 1 byte long; it must be 2", .invalidAttributeValueLength),
        ])
    }

    @Test(arguments: [
        (0.0, ClockSyncDecision.inSync), (1.999, .inSync), (-1.999, .inSync),
        (2, .updateSilently), (-2, .updateSilently), (299.999, .updateSilently), (-299.999, .updateSilently),
        (300, .updateAndNotify), (-300, .updateAndNotify), (1800, .updateAndNotify), (-1800, .updateAndNotify),
        (1800.001, .askUser), (-1800.001, .askUser), (86_400 * 365, .askUser),
    ])
    func clockPolicyEdges(seconds: Double, decision: ClockSyncDecision) {
        let offset = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        #expect(ClockPolicy.decide(offset: offset) == decision)
        #expect(ClockPolicy.decide(offset: offset, force: true) == .forcedUpdate)
    }

    @Test func aClockThatIsNotSetIsUpdatedAtOnce() {
        #expect(ClockPolicy.decide(offset: nil) == .clockNotSet)
        #expect(ClockPolicy.decide(offset: nil, force: true) == .clockNotSet)
        let check = ClockPolicy.check(device: .notSet, app: Self.friday)
        #expect(check == ClockSyncCheck(offset: nil, decision: .clockNotSet))
        #expect(check.decision.updatesWithoutAsking)
        #expect(!ClockSyncDecision.askUser.updatesWithoutAsking && !ClockSyncDecision.inSync.updatesWithoutAsking)
    }

    @Test func comparingClocksIsExactToA256thOfASecond() {
        var device = Self.friday
        var app = Self.friday
        app.fractions256 = 1
        device.second += 2
        // Δ = 2 s − 1/256 s: still in sync.
        #expect(ClockPolicy.check(device: device, app: app).decision == .inSync)
        app.fractions256 = 0
        #expect(ClockPolicy.check(device: device, app: app) == ClockSyncCheck(offset: .seconds(2), decision: .updateSilently))
        let behind = ClockPolicy.check(device: Self.friday.adding(seconds: -1801), app: Self.friday)
        #expect(behind.offset == .seconds(-1801))
        #expect(behind.decision == .askUser)
        #expect(behind.description == "device behind by 30 min 1 s: ask the user")
        let acrossMidnight = ClockPolicy.check(
            device: SNClockTime(year: 2025, month: 1, day: 1, hour: 0, minute: 4, second: 0),
            app: SNClockTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 0))
        #expect(acrossMidnight == ClockSyncCheck(offset: .seconds(300), decision: .updateAndNotify))
        #expect(acrossMidnight.description == "device ahead by 5 min 0 s: update and notify")
        #expect(ClockPolicy.check(device: app, app: device).description == "device behind by 2.0 s: update silently")
        #expect(ClockSyncCheck(offset: .milliseconds(500), decision: .inSync).description == "device ahead by 0.5 s: in sync")
        #expect(ClockSyncCheck(offset: .zero, decision: .inSync).description == "device in step: in sync")
        var late = Self.friday
        late.fractions256 = 128
        #expect(ClockPolicy.offset(device: Self.friday, app: late) == .milliseconds(-500))
    }
}
