import BLEGATT
import Nightlight
import Testing

@Suite struct ValueCodecTests {
    @Test func temporaryDayScheduleBlob() throws {
        let schedule = TemporaryDaySchedule(remainingDays: 3, periods: [
            Period(start: 0, end: 420, color: scheduleAmber),
            Period(start: 1170, end: 1440, color: scheduleAmber, fade: 5),
        ])
        expectRoundTrip(schedule, wire("03 02 0000 A401 402000 00 9204 A005 402000 05"))
        expectRoundTrip(TemporaryDaySchedule.inactive, wire("00 00"))
        #expect(!TemporaryDaySchedule.inactive.isActive)
        #expect(schedule.isActive)
        #expect(schedule.afterMidnight.remainingDays == 2)
        #expect(schedule.afterMidnight.afterMidnight.afterMidnight == .inactive)
        #expect(try TemporaryDaySchedule(bytes: wire("1E 00")).remainingDays == 30)
    }

    @Test(arguments: [
        ("1F 00", "remaining days 31 is not in 0…30"),
        ("01 07", "period count 7 is not in 0…6"),
        ("01 00 00", "temporary day schedule has 1 unexpected byte after its last field"),
        ("01 01 0000 A401 402000", "period 1: fade is missing: the value ends at byte 9, 1 byte short"),
        ("01 02 0000 A401 402000 00 0000 A401 402000 00", "period 2 (00:00–07:00) overlaps period 1 (00:00–07:00)"),
        ("01 01 A401 0000 402000 00", "period 1 (07:00–00:00) ends before it starts"),
    ])
    func temporaryScheduleRefusalsAreInvalidSchedule(hex: String, message: String) {
        expectRefusal(message, .invalidSchedule) { _ = try TemporaryDaySchedule(bytes: wire(hex)) }
    }

    @Test func deactivationWindowWrapsPastMidnight() {
        expectRoundTrip(DeactivationWindow.factory, wire("E001 3804"))
        let night = DeactivationWindow(start: minuteOfDay("22:00"), end: minuteOfDay("07:00"))
        #expect(night.wrapsMidnight)
        for (time, inside) in [("21:59", false), ("22:00", true), ("23:59", true), ("00:00", true), ("06:59", true), ("07:00", false), ("12:00", false)] {
            #expect(night.contains(minute: minuteOfDay(time)) == inside, "\(time)")
        }
        let day = DeactivationWindow.factory
        for (time, inside) in [("07:59", false), ("08:00", true), ("17:59", true), ("18:00", false)] {
            #expect(day.contains(minute: minuteOfDay(time)) == inside, "\(time)")
        }
        let none = DeactivationWindow(start: 600, end: 600)
        #expect(!none.isEnabled)
        #expect((0..<1440).allSatisfy { !none.contains(minute: $0) })
        #expect(DeactivationWindow(start: 0, end: 1440).contains(minute: 1439))
        #expect(night.description == "22:00–07:00 (past midnight)")
        #expect(DeactivationWindow.never.description == "none")
    }

    @Test func deactivationWindowRefusals() {
        expectDecodingRefused(DeactivationWindow.self, [
            "E001 38": ("deactivation time is 3 bytes long; it must be 4", .invalidAttributeValueLength),
            "A005 0000": ("deactivation time: start 1440 is not in 0…1439", .outOfRange),
            "0000 A105": ("deactivation time: end 1441 is not in 0…1440", .outOfRange),
        ])
    }

    @Test func buttonStatusAndActiveState() throws {
        expectRoundTrip(ButtonStatus(isLightOn: true, usesToday: 2, remainingSeconds: 540), wire("01 02 1C02"))
        expectDecodingRefused(ButtonStatus.self, [
            "02 00 0000": ("light on 2 is not 0 or 1", .outOfRange),
            "00 00 0000 00": ("button status is 5 bytes long; it must be 4", .invalidAttributeValueLength),
        ])
        let state = ActiveState(mode: .proof, colors: [RGBColor(rgb: 0x010203), RGBColor(rgb: 0x040506), RGBColor(rgb: 0x070809), RGBColor(rgb: 0x0A0B0C)])
        expectRoundTrip(state, wire("04 010203 040506 070809 0A0B0C"))
        expectRoundTrip(ActiveState.idle, wire("00 000000 000000 000000 000000"))
        let unknown = try ActiveState(bytes: wire("09 000000 000000 000000 000000"))
        #expect(unknown.mode.name == "mode 9")
        expectRefusal("active state has 3 colors; it must have 4", .invalidAttributeValueLength) {
            try ActiveState(mode: .idle, colors: [.off, .off, .off]).validate()
        }
    }

    @Test func activeModesOrderByPriority() {
        #expect(ActiveMode.allDefined.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(ActiveMode.allDefined.map(\.name) == ["idle", "week schedule", "temporary schedule", "child button", "proof", "LEDs disabled"])
        #expect(ActiveMode.allDefined == ActiveMode.allDefined.sorted())
        #expect(ActiveMode.ledsDisabled > ActiveMode.proof)
        #expect(ActiveMode.weekSchedule > ActiveMode.idle)
    }

    @Test func batteryLevelStatusPowerStateBits() throws {
        let charging = BatteryPowerState(externalPower: .yes, chargeState: .charging, chargeLevel: .good)
        expectRoundTrip(charging, wire("00 A300"))
        #expect(charging.powerState == 0b1010_0011)
        let flat = BatteryPowerState(externalPower: .no, chargeState: .dischargingInactive, chargeLevel: .critical)
        expectRoundTrip(flat, wire("00 E101"))
        let lit = BatteryPowerState(externalPower: .no, chargeState: .dischargingActive, chargeLevel: .low)
        expectRoundTrip(lit, wire("00 4101"))
        expectDecodingRefused(BatteryPowerState.self, [
            "01 A300": ("battery level status: flags 0x01 is not 0x00 (a SN sends no optional field)", .outOfRange),
            "00 0700": ("battery level status: wired external power 3 is reserved", .outOfRange),
            "00 0902": ("battery level status: power state 0x209 has bits set that a SN leaves 0", .outOfRange),
            "00 A3": ("battery level status is 2 bytes long; it must be 3", .invalidAttributeValueLength),
        ])
    }

    @Test func batteryStatusDerivesTheChargeLevel() throws {
        #expect(BatteryPowerState.ChargeLevel(percent: 20) == .good)
        #expect(BatteryPowerState.ChargeLevel(percent: 19) == .low)
        #expect(BatteryPowerState.ChargeLevel(percent: 5) == .low)
        #expect(BatteryPowerState.ChargeLevel(percent: 4) == .critical)
        let status = BatteryStatus(level: 80, isPluggedIn: true, isCharging: true, isLit: false)
        #expect(status.isCharging && status.isExternalPowerConnected)
        #expect(status.powerState.encode() == wire("00 A300"))
        #expect(status.description == "80 %, charging")
        let decoded = try BatteryStatus(levelBytes: [80], powerStateBytes: wire("00 A300"))
        #expect(decoded == status)
        expectRefusal("Battery Level 101 is not in 0…100", .outOfRange) {
            _ = try BatteryStatus(levelBytes: [101], powerStateBytes: wire("00 A300"))
        }
        #expect(BatteryStatus(level: 3, isPluggedIn: false, isCharging: false, isLit: true).powerState.chargeState == .dischargingActive)
    }

    @Test func childButtonPresses() {
        let settings = ChildButtonSettings.factory
        #expect(settings.color == RGBColor(rgb: 0xFFA040) && settings.onTime == 600 && settings.dailyUsage == 3)
        #expect(settings.deactivationWindow == DeactivationWindow(start: 480, end: 1080) && settings.isEnabled && !settings.shakeMode)
        #expect(settings.pressOutcome(isLightOn: false, usesToday: 0, minute: minuteOfDay("20:00")) == .turnOn)
        #expect(settings.pressOutcome(isLightOn: false, usesToday: 2, minute: minuteOfDay("07:59")) == .turnOn)
        #expect(settings.pressOutcome(isLightOn: false, usesToday: 3, minute: minuteOfDay("20:00")) == .ignored(.dailyLimitReached))
        #expect(settings.pressOutcome(isLightOn: false, usesToday: 0, minute: minuteOfDay("08:00")) == .ignored(.deactivationWindow))
        #expect(settings.pressOutcome(isLightOn: true, usesToday: 3, minute: minuteOfDay("12:00")) == .turnOff)
        var unlimited = settings
        unlimited.dailyUsage = 0
        #expect(unlimited.pressOutcome(isLightOn: false, usesToday: 200, minute: minuteOfDay("20:00")) == .turnOn)
        unlimited.isEnabled = false
        #expect(unlimited.pressOutcome(isLightOn: false, usesToday: 0, minute: minuteOfDay("20:00")) == .ignored(.disabled))
        var wrong = settings
        wrong.onTime = 3601
        expectRefusal("ON time 3601 is not in 1…3600", .outOfRange) { try wrong.validate() }
        wrong.onTime = 0
        expectRefusal("ON time 0 is not in 1…3600", .outOfRange) { try wrong.validate() }
    }

    @Test func ledSettingsProofColors() {
        var led = LEDSettings.factory
        #expect(led.isPowerEnabled && led.isLinked && !led.isProofModeOn)
        led.colors = [RGBColor(rgb: 1), RGBColor(rgb: 2), RGBColor(rgb: 3), RGBColor(rgb: 4)]
        #expect(led.proofColors == Array(repeating: RGBColor(rgb: 1), count: 4))
        led.isLinked = false
        #expect(led.proofColors == led.colors)
        led.colors.removeLast()
        expectRefusal("LED settings has 3 colors; it must have 4", .invalidAttributeValueLength) { try led.validate() }
    }
}
