import Nightlight
import Testing

@Suite struct LightPlanTests {
    static let red = RGBColor(rgb: 0xFF0000)
    static let temporary = TemporaryDaySchedule(remainingDays: 2, periods: [Period(start: minuteOfDay("12:00"), end: minuteOfDay("13:00"), color: red, fade: 10)])

    static func at(_ weekday: Weekday, _ time: String, second: Int = 0) -> SNInstant {
        SNInstant(weekday: weekday, minute: minuteOfDay(time), second: second)
    }

    @Test func theWeekScheduleLightsItsPeriods() {
        let plan = LightPlan.factory
        let evening = plan.evaluate(at: Self.at(.monday, "20:00"))
        #expect(evening.mode == .weekSchedule)
        #expect(evening.colors == Array(repeating: scheduleAmber, count: 4))
        #expect(evening.reason == .weekPeriod(group: "Working days", index: 1, period: WeekSchedule.factory.groups[0].periods[1]))
        #expect(evening.activeState.encode() == wire("01 402000 402000 402000 402000"))
        let noon = plan.evaluate(at: Self.at(.monday, "12:00"))
        #expect(noon.activeState == .idle)
        #expect(noon.reason == .weekIdle(group: "Working days"))
        #expect(plan.evaluate(at: Self.at(.saturday, "07:59")).mode == .weekSchedule)
        #expect(plan.evaluate(at: Self.at(.saturday, "08:00")).mode == .idle)
        #expect(plan.evaluate(at: Self.at(.friday, "06:29")).mode == .weekSchedule)
        #expect(plan.evaluate(at: Self.at(.friday, "06:30")).mode == .idle)
        #expect(plan.evaluate(at: Self.at(.sunday, "23:59", second: 59)).mode == .weekSchedule)
    }

    /// Each row adds one higher-priority input; the mode climbs §4.5's order.
    @Test(arguments: [
        (0, ActiveMode.idle), (1, .weekSchedule), (2, .temporarySchedule), (3, .childButton), (4, .proof), (5, .ledsDisabled),
    ])
    func priorityOrder(level: Int, mode: ActiveMode) {
        var plan = LightPlan(weekSchedule: WeekSchedule(name: "", groups: [DayGroup(name: "All", days: .everyDay)]))
        if level >= 1 { plan.weekSchedule.groups[0].periods = [Period(start: 0, end: 1440, color: scheduleAmber)] }
        if level >= 2 { plan.temporarySchedule = TemporaryDaySchedule(remainingDays: 1, periods: [Period(start: 0, end: 1440, color: Self.red)]) }
        if level >= 3 { plan.buttonLight = .factoryButtonColor }
        if level >= 4 { plan.led.isProofModeOn = true }
        if level >= 5 { plan.led.isPowerEnabled = false }
        let decision = plan.evaluate(at: Self.at(.wednesday, "12:30"))
        #expect(decision.mode == mode)
        let expected: RGBColor = switch level {
        case 1: scheduleAmber
        case 2: Self.red
        case 3: .factoryButtonColor
        case 4: LEDSettings.factory.colors[0]
        default: .off
        }
        #expect(decision.colors == Array(repeating: expected, count: 4))
    }

    @Test func theTemporaryScheduleReplacesTheWholeDay() {
        let plan = LightPlan(temporarySchedule: Self.temporary)
        let lunch = plan.evaluate(at: Self.at(.monday, "12:30"))
        #expect(lunch.mode == .temporarySchedule)
        #expect(lunch.colors[0] == Self.red)
        #expect(lunch.reason == .temporaryPeriod(index: 0, period: Self.temporary.periods[0]))
        let evening = plan.evaluate(at: Self.at(.monday, "20:00"))
        #expect(evening.mode == .idle)
        #expect(evening.reason == .temporaryIdle)
        var ended = plan
        ended.temporarySchedule.remainingDays = 0
        #expect(ended.evaluate(at: Self.at(.monday, "20:00")).mode == .weekSchedule)
        #expect(ended.evaluate(at: Self.at(.monday, "12:30")).mode == .idle)
    }

    @Test func fadesDimTheShownColor() {
        let plan = LightPlan(temporarySchedule: Self.temporary)
        let start = plan.evaluate(at: Self.at(.monday, "12:00"))
        #expect(start.mode == .temporarySchedule)
        #expect(start.colors[0] == .off)
        #expect(start.intensity == 0)
        let rising = plan.evaluate(at: Self.at(.monday, "12:05"))
        #expect(rising.intensity == 0.5)
        #expect(rising.colors == Array(repeating: RGBColor(rgb: 0x800000), count: 4))
        let halfMinute = plan.evaluate(at: Self.at(.monday, "12:00", second: 30))
        #expect(halfMinute.intensity == 0.05)
        #expect(halfMinute.colors[0] == RGBColor(rgb: 0x0D0000))
        #expect(plan.evaluate(at: Self.at(.monday, "12:10")).colors[0] == Self.red)
        #expect(plan.evaluate(at: Self.at(.monday, "12:50")).colors[0] == Self.red)
        #expect(plan.evaluate(at: Self.at(.monday, "12:55")).colors[0] == RGBColor(rgb: 0x800000))
        #expect(plan.evaluate(at: Self.at(.monday, "12:59")).colors[0] == RGBColor(rgb: 0x1A0000))
        #expect(rising.description == "temporary schedule: #800000 — temporary day schedule period 1 (12:00–13:00), fading (50 %)")
    }

    @Test func proofModeShowsTheLEDColors() {
        var plan = LightPlan(buttonLight: .factoryButtonColor)
        plan.led.isProofModeOn = true
        plan.led.colors = [RGBColor(rgb: 1), RGBColor(rgb: 2), RGBColor(rgb: 3), RGBColor(rgb: 4)]
        #expect(plan.evaluate(at: Self.at(.monday, "12:00")).colors == Array(repeating: RGBColor(rgb: 1), count: 4))
        plan.led.isLinked = false
        let unlinked = plan.evaluate(at: Self.at(.monday, "12:00"))
        #expect(unlinked.colors == plan.led.colors)
        #expect(unlinked.reason == .proof(linked: false))
    }

    @Test func withoutAClockOnlyTheButtonAndProofLight() {
        var plan = LightPlan(temporarySchedule: Self.temporary, isClockSet: false)
        let dark = plan.evaluate(at: Self.at(.monday, "12:30"))
        #expect(dark.activeState == .idle)
        #expect(dark.reason == .clockNotSet)
        plan.buttonLight = RGBColor(rgb: 0x00FF00)
        #expect(plan.evaluate(at: Self.at(.monday, "12:30")).mode == .childButton)
        let unset = LightPlan.factory.evaluate(clock: .notSet)
        #expect(unset.reason == .clockNotSet)
        let friday = LightPlan.factory.evaluate(clock: SNClockTime(year: 2025, month: 3, day: 14, hour: 19, minute: 30))
        #expect(friday.reason == .weekPeriod(group: "Working days", index: 1, period: WeekSchedule.factory.groups[0].periods[1]))
        #expect(LightPlan.factory.evaluate(clock: SNClockTime(year: 2025, month: 3, day: 15, hour: 19, minute: 30)).mode == .idle)
    }

    @Test func todaysTimelineCoversTheDay() {
        let monday = LightPlan.factory.timeline(on: .monday)
        #expect(monday == [
            TimelineSegment(start: 0, end: 390, color: scheduleAmber, fade: 0, source: .week(group: "Working days")),
            TimelineSegment(start: 390, end: 1170, color: .off, fade: 0, source: .idle),
            TimelineSegment(start: 1170, end: 1440, color: scheduleAmber, fade: 0, source: .week(group: "Working days")),
        ])
        #expect(LightPlan.factory.timeline(on: .sunday).map(\.description) == [
            "00:00–08:00 #402000 (week Weekend)", "08:00–20:00 idle", "20:00–24:00 #402000 (week Weekend)",
        ])
        let temporary = LightPlan(temporarySchedule: Self.temporary).timeline(on: .monday)
        #expect(temporary.map(\.description) == ["00:00–12:00 idle", "12:00–13:00 #FF0000 fade 10 (temporary)", "13:00–24:00 idle"])
        let empty = LightPlan(weekSchedule: WeekSchedule(name: "", groups: [DayGroup(name: "All", days: .everyDay)])).timeline(on: .friday)
        #expect(empty == [TimelineSegment(start: 0, end: 1440, color: .off, fade: 0, source: .idle)])
        let full = LightPlan(temporarySchedule: TemporaryDaySchedule(remainingDays: 1, periods: [
            Period(start: 0, end: 60, color: scheduleAmber), Period(start: 60, end: 1440, color: .white),
        ])).timeline(on: .friday)
        #expect(full.map(\.start) == [0, 60] && full.map(\.end) == [60, 1440])
        for segments in [monday, temporary, empty, full] {
            #expect(segments.first?.start == 0 && segments.last?.end == 1440)
            #expect(zip(segments, segments.dropFirst()).allSatisfy { $0.end == $1.start })
        }
    }
}
