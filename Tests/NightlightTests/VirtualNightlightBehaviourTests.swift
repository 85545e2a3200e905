import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The virtual SN's firmware seen through its characteristics: the priority order and fades of
/// §4.5, the child button (§5), LED proof mode (§4.4), the temporary schedule's countdown (§6.2),
/// and the battery with its clock (§1, §3).
@Suite(.timeLimit(.minutes(1)))
struct VirtualNightlightBehaviourTests {
    /// Monday 17 March 2025 at `time` (`HH:MM:SS`).
    static func monday(_ hour: Int, _ minute: Int, _ second: Int = 0, plusDays days: Int = 0) -> SNClockTime {
        SNClockTime(year: 2025, month: 3, day: 17 + days, hour: hour, minute: minute, second: second)
    }

    static func state(_ mode: ActiveMode, _ colors: RGBColor...) -> ActiveState {
        colors.count == 1 ? ActiveState(mode: mode, color: colors[0]) : ActiveState(mode: mode, colors: colors)
    }

    // MARK: Priority and fades

    @Test func activeStateFollowsThePriorityOrderUpAndDown() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            var states = try await peer.subscribe(SNUUID.activeState)
            let amber = RGBColor.factoryScheduleColor, green = RGBColor(rgb: 0x00FF00), blue = RGBColor(rgb: 0x0000FF), red = RGBColor(rgb: 0xFF0000)

            try await peer.setClock(Self.monday(20, 0))
            #expect(try await states.nextActiveState() == Self.state(.weekSchedule, amber), "1: Working days 19:30–24:00")
            try await peer.write(SNUUID.temporaryDaySchedule, TemporaryDaySchedule(remainingDays: 1, periods: [Period(start: 1140, end: 1260, color: green)]).encode())
            #expect(try await states.nextActiveState() == Self.state(.temporarySchedule, green), "2 over 1")
            #expect(try await sn.nightlight.press() == .turnOn)
            #expect(try await states.nextActiveState() == Self.state(.childButton, .factoryButtonColor), "3 over 2")
            try await peer.write(SNUUID.ledColor(1), blue.encode())
            try await peer.write(SNUUID.ledColor(2), red.encode())
            try await peer.write(SNUUID.ledProofMode, [1])
            #expect(try await states.nextActiveState() == Self.state(.proof, blue), "4 over 3, LED #1 on all four (linked)")
            try await peer.write(SNUUID.ledLink, [0])
            #expect(try await states.nextActiveState() == Self.state(.proof, blue, red, amber, amber), "unlinked: each LED its color")
            try await peer.write(SNUUID.ledPowerEnable, [0])
            #expect(try await states.nextActiveState() == Self.state(.ledsDisabled, .off), "5 over everything")

            try await peer.write(SNUUID.ledPowerEnable, [1])
            #expect(try await states.nextActiveState() == Self.state(.proof, blue, red, amber, amber))
            try await peer.write(SNUUID.ledProofMode, [0])
            #expect(try await states.nextActiveState() == Self.state(.childButton, .factoryButtonColor))
            #expect(try await sn.nightlight.press() == .turnOff)
            #expect(try await states.nextActiveState() == Self.state(.temporarySchedule, green))
            try await peer.write(SNUUID.temporaryDaySchedule, [0, 0])
            #expect(try await states.nextActiveState() == Self.state(.weekSchedule, amber))
            #expect(try await peer.activeState() == Self.state(.weekSchedule, amber))
            #expect(try await sn.nightlight.status().light.reason == .weekPeriod(group: "Working days", index: 1, period: Period(start: 1170, end: 1440, color: amber)))
        }
    }

    @Test func fadesRampTheIntensityAndTheSecondsMoveIt() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            let red = RGBColor(rgb: 0xFF0000)
            let schedule = WeekSchedule(name: "Fade", groups: [
                DayGroup(name: "All", days: .everyDay, periods: [Period(start: 1200, end: 1260, color: red, fade: 10)]),
            ])
            try await peer.write(SNUUID.weekSchedule, schedule.encode())
            var states = try await peer.subscribe(SNUUID.activeState)
            let expectations: [(SNClockTime, ActiveState)] = [
                (Self.monday(19, 59, 59), Self.state(.idle, .off)),
                (Self.monday(20, 0), Self.state(.weekSchedule, .off)),
                (Self.monday(20, 5), Self.state(.weekSchedule, RGBColor(rgb: 0x800000))),
                (Self.monday(20, 10), Self.state(.weekSchedule, red)),
                (Self.monday(20, 55), Self.state(.weekSchedule, RGBColor(rgb: 0x800000))),
                (Self.monday(20, 59, 30), Self.state(.weekSchedule, RGBColor(rgb: 0x0D0000))),
                (Self.monday(21, 0), Self.state(.idle, .off)),
            ]
            for (time, expected) in expectations {
                try await peer.setClock(time)
                #expect(try await peer.activeState() == expected, "\(time)")
            }
            try await peer.setClock(Self.monday(20, 2))
            while try await states.nextActiveState().colors[0] != RGBColor(rgb: 0x330000) {}  // 20:02:00: 0.2 of 255 is 51
            try await sn.pass(.seconds(6))
            var last = try await states.nextActiveState()
            while last.colors[0] != RGBColor(rgb: 0x360000) { last = try await states.nextActiveState() }  // 20:02:06: 0.21 is 54
            #expect(try await peer.activeState() == Self.state(.weekSchedule, RGBColor(rgb: 0x360000)))
        }
    }

    // MARK: Child button

    @Test func theButtonKeepsItsLimitTogglesOffUncountedAndSleepsInItsWindowAcrossMidnight() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            let nightlight = sn.nightlight
            try await peer.write(SNUUID.onTime, [5, 0])
            try await peer.write(SNUUID.dailyUsage, [2])
            try await peer.write(SNUUID.deactivationTime, DeactivationWindow(start: 1320, end: 420).encode())  // 22:00–07:00
            try await peer.setClock(Self.monday(21, 59, 58))
            var statuses = try await peer.subscribe(SNUUID.buttonStatus)

            #expect(try await nightlight.press() == .turnOn)
            #expect(try ButtonStatus(bytes: try #require(try await statuses.next())) == ButtonStatus(isLightOn: true, usesToday: 1, remainingSeconds: 5))
            #expect(try await nightlight.press() == .turnOff, "a press while on turns it off")
            #expect(try ButtonStatus(bytes: try #require(try await statuses.next())) == ButtonStatus(isLightOn: false, usesToday: 1, remainingSeconds: 0), "not counted")
            try await sn.pass(.seconds(3))  // 22:00:01
            #expect(try await nightlight.press() == .ignored(.deactivationWindow))

            try await peer.setClock(Self.monday(6, 59, 58, plusDays: 1))
            #expect(try await nightlight.press() == .ignored(.deactivationWindow), "the window runs past midnight")
            try await sn.pass(.seconds(3))  // 07:00:01
            #expect(try await nightlight.press() == .turnOn)
            try await sn.pass(.seconds(6))
            #expect(try await nightlight.status().button == ButtonStatus(isLightOn: false, usesToday: 2, remainingSeconds: 0), "ON time over")
            #expect(try await nightlight.press() == .ignored(.dailyLimitReached))

            try await peer.setClock(Self.monday(23, 59, 58, plusDays: 1))
            try await sn.pass(.seconds(3))
            #expect(try await nightlight.status().button.usesToday == 0, "uses reset at local midnight")
            #expect(try await nightlight.press() == .ignored(.deactivationWindow))
            try await peer.write(SNUUID.deactivationTime, DeactivationWindow.never.encode())
            #expect(try await nightlight.press() == .turnOn)
            #expect(try await nightlight.status().button.usesToday == 1)
        }
    }

    @Test func shakingTurnsTheLightsHueWhileItIsOnAndShakeModeIsOn() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            let nightlight = sn.nightlight
            try await peer.write(SNUUID.buttonColor, [0xFF, 0x00, 0x00])
            #expect(try await nightlight.shake() == false, "light off")
            #expect(try await nightlight.press() == .turnOn, "clock not set: the window does not apply")
            #expect(try await nightlight.shake() == false, "shake mode off")
            try await peer.write(SNUUID.shakeModeControl, [1])
            var states = try await peer.subscribe(SNUUID.activeState)
            #expect(try await nightlight.shake())
            #expect(try await states.nextActiveState() == Self.state(.childButton, RGBColor(hue: 15, saturation: 1)))
            #expect(try await nightlight.shake())
            #expect(try await states.nextActiveState() == Self.state(.childButton, RGBColor(hue: 30, saturation: 1)))
            #expect(try await nightlight.press() == .turnOff)
            #expect(try await nightlight.press() == .turnOn)
            #expect(try await peer.activeState() == Self.state(.childButton, RGBColor(rgb: 0xFF0000)), "a new light starts at Button Color")
        }
    }

    // MARK: Proof mode

    @Test func proofModeEndsAfter120SecondsWithoutALEDWrite() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            var proof = try await peer.subscribe(SNUUID.ledProofMode)
            try await peer.write(SNUUID.ledColor(1), [0x00, 0x00, 0xFF])
            try await peer.write(SNUUID.ledProofMode, [1])
            #expect(try await proof.next() == [1])
            #expect(try await peer.activeState() == Self.state(.proof, RGBColor(rgb: 0x0000FF)))
            try await sn.pass(.seconds(110), step: .seconds(2))
            try await peer.write(SNUUID.ledColor(3), [0x00, 0x10, 0x00])  // any LED Service write restarts the 120 s
            try await sn.pass(.seconds(115), step: .seconds(2))
            #expect(try await peer.read(SNUUID.ledProofMode) == [1])
            try await peer.write(SNUUID.childName, Array("Ada".utf8))  // not the LED Service
            try await sn.pass(.seconds(5), step: .seconds(1))
            #expect(try await proof.next() == [0])
            #expect(try await peer.read(SNUUID.ledProofMode) == [0])
            #expect(try await peer.activeState() == Self.state(.idle, .off), "clock not set: idle")
        }
    }

    @Test func proofModeEndsWhenWrittenZeroOrWhenTheCentralThatEnabledItDisconnects() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await peer.write(SNUUID.ledProofMode, [1])
            try await peer.write(SNUUID.ledProofMode, [0])
            #expect(try await sn.nightlight.status().isProofModeOn == false)

            let other = BLEHost(transport: try await sn.world.makeCentral(), clock: ManualClock(), logger: VirtualNightlightWorld.quiet)
            try await other.start()
            let second = try await other.connect(to: sn.nightlight.address)
            let device = try #require(await sn.world.device(at: sn.nightlight.address))
            #expect(try await sn.eventually { await device.host.connections.count == 2 })
            try await peer.write(SNUUID.ledProofMode, [1])
            try await second.disconnect()
            #expect(try await sn.eventually { await device.host.connections.count == 1 })
            try await Task.sleep(for: .milliseconds(20))
            #expect(try await sn.nightlight.status().isProofModeOn, "another central's disconnection changes nothing")
            try await peer.connection.disconnect()
            #expect(try await sn.eventually { try await sn.nightlight.status().isProofModeOn == false }, "its central disconnected")
            await other.stop()
        }
    }

    // MARK: Temporary schedule

    @Test func theTemporaryScheduleCountsItsDaysDownAtLocalMidnight() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            let green = RGBColor(rgb: 0x00FF00)
            try await peer.setClock(Self.monday(23, 59, 50))
            let temporary = TemporaryDaySchedule(remainingDays: 2, periods: [Period(start: 0, end: 1440, color: green)])
            try await peer.write(SNUUID.temporaryDaySchedule, temporary.encode())
            // The write's own notification leaves (to nobody) before subscribing, so the first
            // value the subscription sees is midnight's.
            _ = try await sn.nightlight.status()
            try await sn.nightlight.waitUntilIdle()
            var notified = try await peer.subscribe(SNUUID.temporaryDaySchedule)
            #expect(try await sn.nightlight.status().advertisement.status.contains(.temporaryScheduleActive))
            try await sn.pass(.seconds(15))
            #expect(try await notified.next() == TemporaryDaySchedule(remainingDays: 1, periods: temporary.periods).encode(), "Tuesday: 1 day left")
            #expect(try await peer.activeState() == Self.state(.temporarySchedule, green))
            try await peer.setClock(Self.monday(23, 59, 50, plusDays: 1))
            try await sn.pass(.seconds(15))
            #expect(try await notified.next() == [0, 0], "Wednesday: over")
            #expect(try await peer.read(SNUUID.temporaryDaySchedule) == [0, 0])
            #expect(try await peer.activeState() == Self.state(.weekSchedule, .factoryScheduleColor), "Working days 00:00–06:30 again")
            #expect(try await sn.nightlight.status().advertisement.status.contains(.temporaryScheduleActive) == false)
        }
    }

    // MARK: Battery and clock

    /// 1 % a second lit, 0.5 % dark, 2 % charging: quick enough to watch.
    static let fastBattery = SNBatteryModel(litDrain: 1, idleDrain: 0.5, charge: 2)

    @Test func theBatteryDrainsWhileLitChargesWhilePluggedInAndLosesTheClockWhenFlat() async throws {
        try await VirtualNightlightWorld.with([try VirtualNightlight(battery: Self.fastBattery)]) { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            let nightlight = sn.nightlight
            try await nightlight.setBatteryLevel(100)
            try await peer.setClock(Self.monday(20, 0))  // lit: Working days 19:30–24:00
            // What those two changed is notified before anyone subscribes (on a busy machine
            // the SN could otherwise still be sending it as the subscriptions arrive).
            try await sn.pause()
            var levels = try await peer.subscribe(SNUUID.batteryLevel)
            var statuses = try await peer.subscribe(SNUUID.batteryLevelStatus)
            var times = try await peer.subscribe(SNUUID.currentTime)
            try await sn.pass(.seconds(3))
            #expect(try await levels.next() == [99])
            #expect(try await levels.next() == [98])
            #expect(try await levels.next() == [97])
            #expect(try await nightlight.status().battery == BatteryStatus(level: 97, isPluggedIn: false, isCharging: false, isLit: true))

            try await nightlight.plug()
            #expect(try BatteryPowerState(bytes: try #require(try await statuses.next())) == BatteryPowerState(externalPower: .yes, chargeState: .charging, chargeLevel: .good))
            try await sn.pass(.seconds(2))
            #expect(try await levels.next() == [99])
            #expect(try await levels.next() == [100])
            #expect(try await nightlight.status().advertisement.status.contains(.charging) == false, "full")

            try await nightlight.unplug()
            try await nightlight.setBatteryLevel(3)
            try await sn.pass(.seconds(4))
            #expect(try await nightlight.status().battery.level == 0)
            #expect(try await times.next() == SNClockTime.notSet.encode(), "the clock is lost")
            #expect(try await peer.read(SNUUID.currentTime) == SNClockTime.notSet.encode())
            #expect(try await peer.activeState() == Self.state(.idle, .off), "schedules wait for the clock")
            let flat = try await nightlight.status().advertisement
            #expect(flat.status.contains(.clockNotSet) && flat.batteryLevel == 0)
            #expect(try await nightlight.press() == .ignored(.disabled), "no power for the light")

            try await nightlight.plug()
            try await sn.pass(.seconds(5))
            #expect(try await nightlight.status().battery.level == 10)
            #expect(try await peer.activeState() == Self.state(.idle, .off), "still no clock")
            try await peer.setClock(Self.monday(20, 30))
            #expect(try await peer.activeState() == Self.state(.weekSchedule, .factoryScheduleColor))
            #expect(try await nightlight.status().advertisement.status.contains(.clockNotSet) == false)
        }
    }

    @Test func theClockDriftsByItsPPM() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            try await sn.nightlight.setDrift(ppm: 62_500)  // 1/16: 4 s a minute
            try await peer.setClock(Self.monday(12, 0))
            try await sn.pass(.seconds(64), step: .seconds(2))
            let time = try SNClockTime(bytes: try await peer.read(SNUUID.currentTime))
            #expect(time.hour == 12 && time.minute == 1 && time.second == 8, "\(time)")
            await #expect(throws: VirtualError.self) { try await sn.nightlight.setDrift(ppm: .infinity) }
        }
    }
}
