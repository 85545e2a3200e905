import BLECore
import BLEHost
import Nightlight

/// Everything a virtual SN keeps in its flash: the settings of SN profile §3–§7 and the state its
/// firmware carries across a restart (clock, battery, child button).
///
/// LED proof mode and a firmware transfer in progress are not kept: a restart ends them.
struct SNDeviceState: Hashable, Sendable {
    /// The running image's semantic version (Firmware Revision String).
    var firmwareVersion: String
    /// Child Name; empty at the factory.
    var childName: String
    /// Power, link and the LED #n colors (``LEDSettings/isProofModeOn`` is never stored on).
    var led: LEDSettings
    /// The Child Button Service settings.
    var button: ChildButtonSettings
    /// The permanent week schedule.
    var weekSchedule: WeekSchedule
    /// The temporary day schedule (inactive when its remaining days are 0).
    var temporarySchedule: TemporaryDaySchedule
    /// Local Time Information.
    var localTimeInformation: SNLocalTimeInformation
    /// The local wall-clock time in seconds since 1970-01-01 00:00 (with the fraction), or nil
    /// while the clock is not set.
    var clock: Double?
    /// The Adjust Reason of the last Current Time write.
    var adjustReason: SNClockTime.AdjustReason
    /// How fast the clock runs wrong, in parts per million (positive: it gains).
    var driftPPM: Double
    /// The charge in percent, 0…100 (fractional; Battery Level rounds it up).
    var batteryCharge: Double
    /// Whether wired power is connected.
    var isPluggedIn: Bool
    /// Seconds the child button light stays on; 0 while it is off.
    var buttonRemaining: Double
    /// Presses counted today.
    var usesToday: Int
    /// Shakes since the button light went on (each turns its hue by 15°).
    var shakes: Int
    /// The bonds (§9.2), at most ``maximumBonds``, the least recently used first.
    var bonds: [SecurityBond] = []
    /// When the pairing window a 3 s hold opened closes, in seconds of the firmware's uptime
    /// (in flash: in host time, seconds since 1970); nil when no hold opened one.
    var pairingWindowCloses: Double? = nil

    /// The most bonds a SN keeps (§9.2); a fifth pairing replaces the least recently used.
    static let maximumBonds = 4
    /// How long the pairing window stays open after a 3 s hold (§9.1).
    static let pairingWindowDuration = 60.0

    /// The version a new SN runs: `1.0.0`.
    static let factoryFirmwareVersion = "1.0.0"

    /// A SN as it leaves the factory (SN profile §4–§6 factory values): empty child name,
    /// schedule "Default", clock not set, time zone unknown, battery full.
    static let factory = SNDeviceState(
        firmwareVersion: factoryFirmwareVersion, childName: "", led: .factory, button: .factory,
        weekSchedule: .factory, temporarySchedule: .inactive, localTimeInformation: .unknown,
        clock: nil, adjustReason: [], driftPPM: 0, batteryCharge: 100, isPluggedIn: false,
        buttonRemaining: 0, usesToday: 0, shakes: 0
    )

    /// A SN an app has set up: child name "Mia", the week schedule "School nights", the clock set
    /// to the host's local time (`localSeconds` since 1970 on the host's wall clock, `utcOffset`
    /// seconds from UTC), battery at 85 %.
    static func configured(localSeconds: Double, utcOffset: Int) -> SNDeviceState {
        var state = factory
        state.childName = "Mia"
        state.weekSchedule = schoolNights
        state.clock = localSeconds
        state.adjustReason = .manualTimeUpdate
        state.localTimeInformation = SNLocalTimeInformation(utcOffset: utcOffset)
        state.batteryCharge = 85
        return state
    }

    /// "School nights": a dim amber night light every night, a warm reading light from 19:00 on
    /// nights before school (fading in and out over 10 minutes), later evenings on Friday and
    /// Saturday and later mornings at the weekend.
    static let schoolNights: WeekSchedule = {
        let amber = RGBColor.factoryScheduleColor, reading = RGBColor.factoryButtonColor
        let schoolMorning = Period(start: 0, end: 405, color: amber)  // 00:00–06:45
        let lateMorning = Period(start: 0, end: 480, color: amber)  // 00:00–08:00
        let bedtime = [Period(start: 1140, end: 1170, color: reading, fade: 10), Period(start: 1170, end: 1440, color: amber)]
        let lateNight = Period(start: 1230, end: 1440, color: amber)  // 20:30–24:00
        return WeekSchedule(name: "School nights", groups: [
            DayGroup(name: "School days", days: DaySet([.monday, .tuesday, .wednesday, .thursday]), periods: [schoolMorning] + bedtime),
            DayGroup(name: "Friday", days: .friday, periods: [schoolMorning, lateNight]),
            DayGroup(name: "Saturday", days: .saturday, periods: [lateMorning, lateNight]),
            DayGroup(name: "Sunday", days: .sunday, periods: [lateMorning] + bedtime),
        ])
    }()

    /// Whether the SN accepts a new pairing at `uptime` (§9.1): it has no bond at all, or a
    /// 3 s hold opened the window less than 60 s ago.
    func isPairingWindowOpen(at uptime: Double) -> Bool {
        bonds.isEmpty || (pairingWindowCloses.map { uptime < $0 } ?? false)
    }

    /// Keeps `bond` as the most recently used, replacing the bond with the same peer; a fifth
    /// bond replaces the least recently used (§9.2).
    mutating func keep(_ bond: SecurityBond) {
        bonds.removeAll { $0.peer == bond.peer }
        while bonds.count >= Self.maximumBonds { bonds.removeFirst() }
        bonds.append(bond)
    }

    /// The bond with `peer` was used (a pairing or an encryption): it becomes the most recently
    /// used. Returns whether there was one.
    mutating func use(_ peer: DeviceAddress) -> Bool {
        guard let index = bonds.firstIndex(where: { $0.peer == peer }) else { return false }
        bonds.append(bonds.remove(at: index))
        return true
    }

    /// The 10 s hold (§9.1): the bonds, the child name, both schedules, the LED and child button
    /// settings back to their factory values (the button light off, today's uses cleared); the
    /// firmware, the clock, the time zone, the clock's drift and the battery are kept.
    mutating func factoryReset() {
        let factory = Self.factory
        bonds = []
        pairingWindowCloses = nil
        childName = factory.childName
        weekSchedule = factory.weekSchedule
        temporarySchedule = factory.temporarySchedule
        led = factory.led
        button = factory.button
        buttonRemaining = 0
        usesToday = 0
        shakes = 0
    }

    /// Current Time as the device serves it: ``SNClockTime/notSet`` while not set.
    var clockTime: SNClockTime {
        guard let clock else { return .notSet }
        let whole = clock.rounded(.down)
        return SNClockTime(localSeconds: Int(whole), fractions256: min(Int((clock - whole) * 256), 255), adjustReason: adjustReason)
    }

    /// The child button light's color now: Button Color turned 15° per shake; nil while off.
    var buttonLight: RGBColor? {
        guard buttonRemaining > 0 else { return nil }
        return shakes == 0 ? button.color : button.color.rotatingHue(by: 15 * Double(shakes))
    }

    /// Battery Level, 0…100.
    var batteryLevel: Int { SNBatteryModel.reportedLevel(batteryCharge) }

    /// Whether the battery is charging: plugged in and not full.
    var isCharging: Bool { isPluggedIn && batteryCharge < 100 }

    /// Button Status.
    var buttonStatus: ButtonStatus {
        ButtonStatus(isLightOn: buttonRemaining > 0, usesToday: min(usesToday, 255), remainingSeconds: min(Int(buttonRemaining.rounded(.up)), Int(UInt16.max)))
    }
}
