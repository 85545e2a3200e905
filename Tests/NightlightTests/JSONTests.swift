import Foundation
import Nightlight
import Testing

@Suite struct JSONTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func roundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: data) == value, sourceLocation: sourceLocation)
    }

    @Test func keysAreStable() throws {
        #expect(try Self.json(scheduleAmber) == "\"#402000\"")
        #expect(try Self.json(Weekday.monday) == "\"monday\"")
        #expect(try Self.json(DaySet.weekend) == "[\"saturday\",\"sunday\"]")
        #expect(try Self.json(Period(start: 1170, end: 1440, color: scheduleAmber, fade: 5)) == ##"{"color":"#402000","end":1440,"fade":5,"start":1170}"##)
        #expect(try Self.json(WeekSchedule.factory) == ##"{"groups":[{"days":["monday","tuesday","wednesday","thursday","friday"],"name":"Working days","periods":[{"color":"#402000","end":390,"fade":0,"start":0},{"color":"#402000","end":1440,"fade":0,"start":1170}]},{"days":["saturday","sunday"],"name":"Weekend","periods":[{"color":"#402000","end":480,"fade":0,"start":0},{"color":"#402000","end":1440,"fade":0,"start":1200}]}],"name":"Default"}"##)
        #expect(try Self.json(TemporaryDaySchedule.inactive) == ##"{"periods":[],"remainingDays":0}"##)
        #expect(try Self.json(ChildButtonSettings.factory) == ##"{"color":"#FFA040","dailyUsage":3,"deactivationWindow":{"end":1080,"start":480},"isEnabled":true,"onTime":600,"shakeMode":false}"##)
        #expect(try Self.json(ActiveState.idle) == ##"{"colors":["#000000","#000000","#000000","#000000"],"mode":0}"##)
        #expect(try Self.json(SNClockTime(year: 2025, month: 3, day: 14, hour: 19, minute: 30, second: 5)) == ##"{"adjustReason":0,"day":14,"dayOfWeek":5,"fractions256":0,"hour":19,"minute":30,"month":3,"second":5,"year":2025}"##)
        #expect(try Self.json(ClockSyncDecision.updateAndNotify) == "\"updateAndNotify\"")
        #expect(try Self.json(TimelineSegment(start: 0, end: 390, color: scheduleAmber, fade: 0, source: .week(group: "Working days"))) == ##"{"color":"#402000","end":390,"fade":0,"source":{"week":{"group":"Working days"}},"start":0}"##)
    }

    @Test func everyTypeRoundTrips() throws {
        try Self.roundTrip(scheduleAmber)
        try Self.roundTrip(ColorWheelPosition(hue: 30, saturation: 0.5, intensity: 0.25))
        try Self.roundTrip(DaySet([.monday, .sunday]))
        try Self.roundTrip(WeekSchedule.factory)
        try Self.roundTrip(TemporaryDaySchedule(remainingDays: 2, periods: [Period(start: 0, end: 60, color: .white, fade: 30)]))
        try Self.roundTrip(ChildButtonSettings.factory)
        try Self.roundTrip(ButtonStatus(isLightOn: true, usesToday: 1, remainingSeconds: 30))
        try Self.roundTrip(ActiveState(mode: .proof, color: scheduleAmber))
        try Self.roundTrip(LEDSettings.factory)
        try Self.roundTrip(BatteryStatus(level: 42, isPluggedIn: true, isCharging: true, isLit: false))
        try Self.roundTrip(SNClockTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, fractions256: 128, adjustReason: .manualTimeUpdate))
        try Self.roundTrip(SNLocalTimeInformation(timeZone: -20, dstOffset: .daylightTime))
        try Self.roundTrip(SNAdvertisement(batteryLevel: 80, status: [.charging, .clockNotSet], activeMode: .weekSchedule))
        try Self.roundTrip(FirmwareImage.testImage(version: "1.2.0", payloadSize: 16))
        try Self.roundTrip(FirmwareControlRequest.start(size: 10, crc: 20))
        try Self.roundTrip(FirmwareControlResponse.failure(request: .validate, status: .crcMismatch))
        try Self.roundTrip(FirmwareDataPacket(offset: 4, data: [1, 2]))
        try Self.roundTrip(LightPlan.factory)
        try Self.roundTrip(LightPlan.factory.evaluate(at: SNInstant(weekday: .monday, minute: 1200)))
        try Self.roundTrip(SNInstant(weekday: .friday, minute: 1170, second: 30))
        try Self.roundTrip(ButtonPressOutcome.ignored(.dailyLimitReached))
        try Self.roundTrip(ClockSyncCheck(offset: .milliseconds(-1500), decision: .updateSilently))
        try Self.roundTrip(SNValueError(.invalidSchedule, path: ["group Weekend"], "has Sun"))
    }

    @Test func badJSONValuesAreRefused() {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(RGBColor.self, from: Data("\"#40200\"".utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Weekday.self, from: Data("\"funday\"".utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(DaySet.self, from: Data("[\"monday\",\"x\"]".utf8)) }
    }
}
