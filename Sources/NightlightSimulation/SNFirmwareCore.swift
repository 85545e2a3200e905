import BLECore
import BLEGATT
import Nightlight

/// What the firmware hands to its I/O side after a step: values to notify or indicate, the
/// advertisement, the state to write to flash, lines for the log, and whether to restart.
struct SNFirmwareOutput: Sendable {
    /// Characteristic values to send to subscribers, in order.
    var notifications: [(uuid: BluetoothUUID, value: [UInt8])] = []
    /// The manufacturer data to advertise now.
    var advertisement: SNAdvertisement
    /// The state to write to flash, with the host time of the snapshot.
    var save: (state: SNDeviceState, savedAt: Double)?
    /// What happened, for the device's log.
    var events: [String] = []
    /// Why the device restarts now, if it does.
    var restart: SNRestart?

    /// Whether there is anything beyond the advertisement.
    var isEmpty: Bool { notifications.isEmpty && save == nil && events.isEmpty && restart == nil }
}

/// Why a SN restarts.
enum SNRestart: Sendable, Hashable {
    /// A simulator control asked for it.
    case requested
    /// A firmware update was activated: the restart waits for the Activate answer to go out.
    case activation
}

/// A SN's firmware as a state machine without I/O (SN profile §3–§7): the state in flash, LED
/// proof mode, the firmware transfer, and the passing of time.
///
/// Time passes only through ``advance(by:)`` / ``advance(to:)``, in steps that stop at every
/// event (a schedule period starting or ending, local midnight, the button light or proof mode
/// running out, the battery going flat or full), so a jump of days gives the same result as many
/// small steps.
/// After each change ``collect(savedAt:force:)`` returns the values whose notified form changed.
struct SNFirmwareCore: Sendable {
    /// LED proof mode while it is on (§4.4).
    struct Proof: Sendable, Hashable {
        /// The client that turned it on; its disconnection ends it.
        var owner: GATTClientID?
        /// Seconds since the last write to the LED Service.
        var idle: Double
    }

    /// Proof mode ends after this many seconds without a write to the LED Service.
    static let proofTimeout = 120.0
    /// The runtime state (battery, clock, button) is written to flash at least this often.
    static let saveInterval = 60.0
    /// The characteristics whose value is notified whenever it changes.
    static let notifiedCharacteristics: [BluetoothUUID] = [
        SNUUID.activeState, SNUUID.buttonStatus, SNUUID.batteryLevel, SNUUID.batteryLevelStatus,
        SNUUID.ledProofMode, SNUUID.temporaryDaySchedule,
    ]

    /// The settings and runtime state kept in flash.
    private(set) var state: SNDeviceState
    /// How the battery drains and charges.
    let battery: SNBatteryModel
    /// Proof mode, while on.
    private(set) var proof: Proof?
    /// The firmware transfer.
    private(set) var transfer: SNFirmwareTransfer
    /// Seconds of clock time since the firmware started.
    private(set) var uptime = 0.0

    private var notified: [BluetoothUUID: [UInt8]] = [:]
    private var advertised: SNAdvertisement?
    private var pending: [(uuid: BluetoothUUID, value: [UInt8])] = []
    private var events: [String] = []
    private var needsSave = false
    private var lastSave = 0.0
    private var restart: SNRestart?

    /// Starts the firmware on `state`; nothing is notified for the values it starts with.
    /// `needsSave` writes the state to flash at the first ``collect(savedAt:force:)`` (a device
    /// without flash, or whose flash was unreadable).
    /// `vendorKey` is the public key whose signatures the firmware update accepts (§7.1).
    init(state: SNDeviceState, battery: SNBatteryModel = .standard, needsSave: Bool = false, vendorKey: FirmwarePublicKey = .testVendor) {
        self.state = state
        self.battery = battery
        self.needsSave = needsSave
        transfer = SNFirmwareTransfer(vendorKey: vendorKey)
        for uuid in Self.notifiedCharacteristics { notified[uuid] = value(of: uuid) }
        advertised = advertisement
    }

    // MARK: What the device shows

    /// The light plan of this instant's state (proof mode and the button light included).
    var plan: LightPlan {
        var led = state.led
        led.isProofModeOn = proof != nil
        return LightPlan(led: led, buttonLight: state.buttonLight, temporarySchedule: state.temporarySchedule,
                         weekSchedule: state.weekSchedule, isClockSet: state.clock != nil)
    }

    /// What the LEDs show now and why.
    var decision: LightDecision { plan.evaluate(clock: state.clockTime) }

    /// Whether the LEDs draw power: a schedule period's color is not black (even while it fades
    /// in from 0), or the button light or proof mode shows a color.
    var isLit: Bool {
        let decision = self.decision
        switch decision.reason {
        case .temporaryPeriod(_, let period), .weekPeriod(_, _, let period): return !period.color.isOff
        default: return decision.colors.contains { !$0.isOff }
        }
    }

    /// Whether the battery is flat and no wired power is connected.
    var isFlat: Bool { state.batteryCharge <= 0 && !state.isPluggedIn }

    /// Battery Level and Battery Level Status.
    var batteryStatus: BatteryStatus {
        BatteryStatus(level: state.batteryLevel, isPluggedIn: state.isPluggedIn, isCharging: state.isCharging, isLit: isLit)
    }

    /// The status flags of the advertisement (§1).
    var statusFlags: SNStatusFlags {
        var flags: SNStatusFlags = []
        if state.isCharging { flags.insert(.charging) }
        if state.temporarySchedule.isActive { flags.insert(.temporaryScheduleActive) }
        if state.buttonRemaining > 0 { flags.insert(.childButtonLightOn) }
        if state.childName.isEmpty { flags.insert(.needsConfiguration) }
        if state.clock == nil { flags.insert(.clockNotSet) }
        return flags
    }

    /// The manufacturer data to advertise (§1).
    var advertisement: SNAdvertisement {
        SNAdvertisement(batteryLevel: state.batteryLevel, status: statusFlags, activeMode: decision.mode)
    }

    /// The value a client reads from the characteristic `uuid`, for every value that changes
    /// while the device runs; nil for the fixed ones (identity strings, Appearance, the firmware
    /// update characteristics).
    func value(of uuid: BluetoothUUID) -> [UInt8]? {
        Self.readers[uuid].map { $0(self) }
    }

    private static let readers: [BluetoothUUID: @Sendable (SNFirmwareCore) -> [UInt8]] = {
        var readers: [BluetoothUUID: @Sendable (SNFirmwareCore) -> [UInt8]] = [
            SNUUID.batteryLevel: { [UInt8($0.state.batteryLevel)] },
            SNUUID.batteryLevelStatus: { $0.batteryStatus.powerState.encode() },
            SNUUID.currentTime: { $0.state.clockTime.encode() },
            SNUUID.localTimeInformation: { $0.state.localTimeInformation.encode() },
            SNUUID.ledPowerEnable: { flag($0.state.led.isPowerEnabled) },
            SNUUID.ledLink: { flag($0.state.led.isLinked) },
            SNUUID.ledProofMode: { flag($0.proof != nil) },
            SNUUID.activeState: { $0.decision.activeState.encode() },
            SNUUID.buttonMode: { flag($0.state.button.isEnabled) },
            SNUUID.buttonColor: { $0.state.button.color.encode() },
            SNUUID.buttonStatus: { $0.state.buttonStatus.encode() },
            SNUUID.onTime: { SNCharacteristic<Int>.onTime.encode($0.state.button.onTime) },
            SNUUID.dailyUsage: { SNCharacteristic<Int>.dailyUsage.encode($0.state.button.dailyUsage) },
            SNUUID.deactivationTime: { $0.state.button.deactivationWindow.encode() },
            SNUUID.shakeModeControl: { flag($0.state.button.shakeMode) },
            SNUUID.childName: { Array($0.state.childName.utf8) },
            SNUUID.weekSchedule: { $0.state.weekSchedule.encode() },
            SNUUID.temporaryDaySchedule: { $0.state.temporarySchedule.encode() },
        ]
        for index in 1...ActiveState.ledCount {
            readers[SNUUID.ledColor(index)] = { $0.state.led.colors[index - 1].encode() }
        }
        return readers
    }()

    private static func flag(_ value: Bool) -> [UInt8] { [value ? 1 : 0] }

    // MARK: Time

    /// Lets time pass until `uptime` seconds after the start (nothing when it is not later).
    mutating func advance(to uptime: Double) {
        advance(by: uptime - self.uptime)
    }

    /// Lets `seconds` of clock time pass, event by event.
    mutating func advance(by seconds: Double) {
        guard seconds.isFinite else { return }
        var remaining = seconds
        while remaining > 1e-9 {
            let step = min(remaining, nextEventDelay())
            integrate(step)
            remaining -= step
        }
    }

    /// How fast the local clock runs against clock time.
    private var clockRate: Double { 1 + state.driftPPM / 1_000_000 }

    /// Seconds until the next event, at most an hour.
    private func nextEventDelay() -> Double {
        var delay = 3600.0
        if state.buttonRemaining > 0 { delay = min(delay, state.buttonRemaining) }
        if let proof { delay = min(delay, Self.proofTimeout - proof.idle) }
        let rate = battery.rate(isPluggedIn: state.isPluggedIn, isLit: isLit)
        if rate < 0, state.batteryCharge > 0 { delay = min(delay, state.batteryCharge / -rate) }
        if rate > 0, state.batteryCharge < 100 { delay = min(delay, (100 - state.batteryCharge) / rate) }
        if let clock = state.clock {
            delay = min(delay, secondsToNextScheduleEdge(clock: clock) / clockRate)
        }
        return max(delay, 1e-6)
    }

    /// Local seconds from `clock` to the next start or end of a period in force today, or to
    /// midnight: between them the LEDs are lit or dark throughout.
    private func secondsToNextScheduleEdge(clock: Double) -> Double {
        let secondOfDay = clock - (clock / 86_400).rounded(.down) * 86_400
        let minute = secondOfDay / 60
        let periods: [Period]
        if state.temporarySchedule.isActive {
            periods = state.temporarySchedule.periods
        } else {
            periods = state.clockTime.weekday.map { state.weekSchedule.periods(on: $0) } ?? []
        }
        let next = periods.flatMap { [Double($0.start), Double($0.end)] }.filter { $0 > minute }.min() ?? Double(MinuteOfDay.perDay)
        return next * 60 - secondOfDay
    }

    /// One step without an event inside it.
    private mutating func integrate(_ step: Double) {
        let rate = battery.rate(isPluggedIn: state.isPluggedIn, isLit: isLit)
        let wasCharged = state.batteryCharge > 0
        state.batteryCharge = min(max(state.batteryCharge + rate * step, 0), 100)
        if state.batteryCharge < 1e-9 { state.batteryCharge = 0 }
        if 100 - state.batteryCharge < 1e-9 { state.batteryCharge = 100 }
        if let clock = state.clock {
            let next = clock + step * clockRate
            state.clock = next
            if (next / 86_400).rounded(.down) > (clock / 86_400).rounded(.down) { midnight() }
        }
        if state.buttonRemaining > 0 {
            state.buttonRemaining -= step
            if state.buttonRemaining < 1e-9 {
                state.buttonRemaining = 0
                state.shakes = 0
                events.append("child button light off: ON time over")
            }
        }
        if var current = proof {
            current.idle += step
            proof = current
            if current.idle >= Self.proofTimeout - 1e-9 {
                proof = nil
                events.append("LED proof mode ended: \(Int(Self.proofTimeout)) s without a write to the LED Service")
            }
        }
        uptime += step
        if wasCharged, isFlat { batteryRanFlat() }
    }

    /// Local midnight: uses reset, the temporary schedule counts a day down (§5, §6.2).
    private mutating func midnight() {
        state.usesToday = 0
        if state.temporarySchedule.isActive {
            state.temporarySchedule = state.temporarySchedule.afterMidnight
            let left = state.temporarySchedule.remainingDays
            events.append(left > 0 ? "midnight: temporary day schedule, \(left) day\(left == 1 ? "" : "s") left" : "midnight: temporary day schedule ended")
        }
        needsSave = true
    }

    /// The battery reached 0 %: the clock is lost, the button light and proof mode go off (§1, §3).
    private mutating func batteryRanFlat() {
        let hadClock = state.clock != nil
        state.clock = nil
        state.buttonRemaining = 0
        state.shakes = 0
        proof = nil
        if hadClock { pending.append((SNUUID.currentTime, state.clockTime.encode())) }
        events.append("battery flat: the clock is lost until an app writes the time")
        needsSave = true
    }

    // MARK: Simulator events

    /// The child presses the button (§5). A flat battery cannot light the LEDs: the press is
    /// ignored as if the button were disabled. Without a clock, the deactivation window does not
    /// apply.
    mutating func press() -> ButtonPressOutcome {
        guard !isFlat else { return .ignored(.disabled) }
        var settings = state.button
        let clock = state.clockTime
        if !clock.isSet { settings.deactivationWindow = .never }
        let outcome = settings.pressOutcome(isLightOn: state.buttonRemaining > 0, usesToday: state.usesToday, minute: clock.minuteOfDay)
        switch outcome {
        case .turnOn:
            state.buttonRemaining = Double(state.button.onTime)
            state.usesToday += 1
            state.shakes = 0
            events.append("child button: light on for \(state.button.onTime) s (use \(state.usesToday) today)")
        case .turnOff:
            state.buttonRemaining = 0
            state.shakes = 0
            events.append("child button: light off")
        case .ignored(let reason):
            events.append("child button: press ignored (\(reason.rawValue))")
        }
        needsSave = true
        return outcome
    }

    /// The child shakes the SN: with shake mode on and the light on, its hue turns by 15° (§5).
    /// Returns whether the color changed.
    mutating func shake() -> Bool {
        guard state.button.shakeMode, state.buttonRemaining > 0 else { return false }
        state.shakes += 1
        needsSave = true
        return true
    }

    /// Wired power is connected or disconnected.
    mutating func setPluggedIn(_ pluggedIn: Bool) {
        guard state.isPluggedIn != pluggedIn else { return }
        state.isPluggedIn = pluggedIn
        events.append(pluggedIn ? "plugged in" : "unplugged")
        needsSave = true
    }

    /// Sets the charge (a test override); 0 % unplugged is a flat battery.
    mutating func setBatteryLevel(_ percent: Int) {
        let wasFlat = isFlat
        state.batteryCharge = Double(min(max(percent, 0), 100))
        needsSave = true
        if !wasFlat, isFlat { batteryRanFlat() }
    }

    /// Sets how fast the clock runs wrong, in parts per million.
    mutating func setDrift(ppm: Double) {
        state.driftPPM = ppm
        needsSave = true
    }

    /// Moves the clock by `seconds` (as drift would over time); false when it is not set.
    mutating func shiftClock(by seconds: Double) -> Bool {
        guard let clock = state.clock else { return false }
        state.clock = clock + seconds
        needsSave = true
        return true
    }

    /// Restarts the firmware (as a power cycle would, without losing the flash).
    mutating func requestRestart() {
        restart = .requested
        events.append("restarting")
    }

    // MARK: Writes

    /// Applies a write that ``SNDatabase`` validated (`write` changes the state); a write to the
    /// LED Service restarts proof mode's 120 s.
    mutating func apply(_ write: (inout SNFirmwareCore) -> Void, touchesLEDService: Bool) {
        write(&self)
        if touchesLEDService, var current = proof {
            current.idle = 0
            proof = current
        }
        needsSave = true
    }

    /// Sets a setting (any field of the flash state but the runtime ones).
    mutating func set<Value>(_ keyPath: WritableKeyPath<SNDeviceState, Value>, _ value: Value) {
        state[keyPath: keyPath] = value
    }

    /// LED Proof Mode written by `client` (§4.4).
    mutating func setProofMode(_ isOn: Bool, by client: GATTClientID?) {
        if isOn {
            if proof == nil { events.append("LED proof mode on") }
            proof = Proof(owner: client, idle: 0)
        } else if proof != nil {
            proof = nil
            events.append("LED proof mode off")
        }
    }

    /// Current Time written: the clock is set (§3).
    mutating func setClock(_ time: SNClockTime) {
        guard let seconds = time.localSeconds else { return }
        state.clock = Double(seconds) + Double(time.fractions256) / 256
        state.adjustReason = time.adjustReason
        pending.append((SNUUID.currentTime, state.clockTime.encode()))
        events.append("clock set to \(time)")
    }

    /// Temporary Day Schedule written; remaining days 0 cancels it (§6.2).
    mutating func setTemporarySchedule(_ schedule: TemporaryDaySchedule) {
        state.temporarySchedule = schedule.isActive ? schedule : .inactive
    }

    /// A client's link closed: proof mode ends when that client turned it on (§4.4).
    mutating func clientDisconnected(_ client: GATTClientID) {
        guard let proof, proof.owner == client else { return }
        self.proof = nil
        events.append("LED proof mode ended: its central disconnected")
    }

    /// A Control Point request (§7); the answer is indicated.
    mutating func controlPoint(_ bytes: [UInt8]) {
        let response: FirmwareControlResponse
        if restart != nil {
            response = .failure(request: FirmwareOpcode(rawValue: bytes.first ?? 0), status: .busy)
        } else {
            do {
                let (answer, image) = transfer.handle(try FirmwareControlRequest(bytes: bytes))
                response = answer
                if let image {
                    state.firmwareVersion = image.version
                    needsSave = true
                    restart = .activation
                    events.append("firmware \(image.version) activated: restarting")
                }
            } catch {
                response = .failure(request: FirmwareOpcode(rawValue: bytes.first ?? 0), status: .invalidParameter)
            }
        }
        if response.status != .success || response.request != .query { events.append("firmware update: \(response)") }
        if response.request == .validate, response.status == .imageRejected, let why = transfer.rejection {
            events.append("firmware update: \(why); the running firmware \(state.firmwareVersion) stays")
        }
        pending.append((SNUUID.firmwareControlPoint, response.encode()))
    }

    /// A Data write (§7): appended when its offset is the count received so far, else dropped.
    mutating func firmwareData(_ bytes: [UInt8]) {
        guard let (offset, data) = try? FirmwareDataPacket.decode(bytes) else { return }
        transfer.receive(offset: offset, data: data)
    }

    // MARK: Output

    /// Everything to send, save and log since the last call. The state is saved when a setting
    /// changed and at least every ``saveInterval`` seconds; `force` returns an output even when
    /// nothing changed.
    mutating func collect(savedAt: Double, force: Bool = false) -> SNFirmwareOutput? {
        var notifications = pending
        pending = []
        for uuid in Self.notifiedCharacteristics {
            guard let current = value(of: uuid), notified[uuid] != current else { continue }
            notified[uuid] = current
            notifications.append((uuid, current))
        }
        let advertisement = self.advertisement
        var output = SNFirmwareOutput(notifications: notifications, advertisement: advertisement, events: events, restart: restart)
        events = []
        if needsSave || restart != nil || uptime - lastSave >= Self.saveInterval {
            output.save = (state, savedAt)
            needsSave = false
            lastSave = uptime
        }
        guard force || !output.isEmpty || advertisement != advertised else { return nil }
        advertised = advertisement
        return output
    }
}
