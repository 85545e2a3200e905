import BLECore
import BLEGATT
import BLEProfiles
import BLESimulation
import BLEVirtual

/// What a step of the firmware produced: values to notify, lines for the log, and whether the
/// flash must be written.
struct MiBand2Output: Sendable {
    var updates: [VirtualValueUpdate] = []
    var events: [String] = []
    var needsSave = false

    mutating func append(_ other: MiBand2Output) {
        updates += other.updates
        events += other.events
        needsSave = needsSave || other.needsSave
    }
}

/// What a Mi Band 2's firmware keeps and does, second by second, without I/O: the paired key and
/// the authentication handshake, the wearer's walking, the battery and the heart rate sensor.
struct MiBand2FirmwareState: Sendable {
    /// Where the heart rate sensor is.
    enum HeartRateMode: Sendable, Hashable, CustomStringConvertible {
        /// Off.
        case idle
        /// One measurement, notified at `readyAt` (seconds since start), then off.
        case single(readyAt: Int)
        /// A measurement every ``MiBand2FirmwareState/continuousInterval`` seconds until the
        /// keep-alive stops coming.
        case continuous(nextAt: Int, lastKeepAlive: Int)

        var description: String {
            switch self {
            case .idle: "idle"
            case .single: "single measurement"
            case .continuous: "continuous"
            }
        }
    }

    /// How long a single measurement takes, in seconds.
    static let singleMeasurementTime = 5
    /// Seconds between measurements in continuous mode.
    static let continuousInterval = 3
    /// Continuous mode stops when no keep-alive came for this many seconds.
    static let keepAliveTimeout = 15
    /// Meters per step.
    static let stride = 0.7
    /// Kilocalories per step.
    static let kilocaloriesPerStep = 0.045
    /// Seconds for the battery to lose 1 %.
    static let secondsPerPercent = 1200

    /// Seconds since the firmware started.
    private(set) var seconds = 0
    /// The key the band was paired with, if any.
    private(set) var key: MiBand2Key?
    /// A pairing waiting for the wearer's tap: the key offered, when the band gives up, and when
    /// the simulated wearer taps (nil: only ``tap()``).
    private(set) var pairing: (key: MiBand2Key, deadline: Int, tapAt: Int?)?
    /// The random number sent to the connected app, awaiting its encrypted copy.
    private(set) var challenge: [UInt8]?
    /// Whether the connected app proved it has the key.
    private(set) var isAuthenticated = false
    /// Steps today.
    private(set) var steps: UInt32
    /// Distance today, in meters.
    private(set) var meters: Double
    /// Energy today, in kilocalories.
    private(set) var kilocalories: Double
    /// The battery's charge, percent.
    private(set) var batteryLevel: UInt8
    /// When the battery was last charged.
    let lastCharge = MiBand2Date(year: 2025, month: 3, day: 14, hour: 7, minute: 30)
    /// The heart rate now, beats per minute.
    private(set) var heartRate = 68
    /// What the heart rate sensor does.
    private(set) var heartRateMode = HeartRateMode.idle
    /// Whether sleep monitoring is on.
    private(set) var sleepMonitoring = false
    /// Seconds of walking left in the current walk.
    private var walkLeft = 0
    private var noise: VirtualNoiseGenerator
    private let pairingTimeout: Int
    private let tapDelay: Int?

    /// A band that starts with `steps` and `battery`, paired with `key` if given.
    init(seed: UInt64, key: MiBand2Key?, steps: UInt32, battery: UInt8, pairingTimeout: Int, tapDelay: Int?) {
        noise = VirtualNoiseGenerator(seed: seed)
        self.key = key
        self.steps = steps
        meters = Double(steps) * Self.stride
        kilocalories = Double(steps) * Self.kilocaloriesPerStep
        batteryLevel = battery
        self.pairingTimeout = pairingTimeout
        self.tapDelay = tapDelay
    }

    // MARK: Values

    /// The realtime activity value (meters and kilocalories held at `UInt32.max`, where the step
    /// counter wraps, rather than trapping).
    var activity: MiBand2Activity {
        MiBand2Activity(steps: steps, meters: Self.counter(meters), kilocalories: Self.counter(kilocalories))
    }

    private static func counter(_ value: Double) -> UInt32 {
        value < Double(UInt32.max) ? UInt32(max(value, 0)) : .max
    }

    /// The battery information value.
    var battery: MiBand2Battery {
        MiBand2Battery(level: batteryLevel, isCharging: false, previousCharge: MiBand2Date(year: 2025, month: 3, day: 1, hour: 22, minute: 5), lastCharge: lastCharge, lastChargeLevel: 100)
    }

    // MARK: Authentication

    /// An app wrote to the authentication characteristic.
    mutating func authenticationWrite(_ bytes: [UInt8]) -> MiBand2Output {
        let command: MiBand2AuthCommand
        do {
            command = try MiBand2AuthCommand(bytes: bytes)
        } catch {
            return respond(MiBand2AuthResponse(command: bytes.first ?? 0, status: .failure), event: "refused a malformed authentication command: \(error.message)")
        }
        switch command {
        case .sendKey(let offered):
            isAuthenticated = false
            pairing = (offered, later(by: pairingTimeout), tapDelay.map(later(by:)))
            return MiBand2Output(events: ["a new key \(offered) was offered: vibrating, waiting for the wearer to tap"])
        case .requestRandomNumber:
            var random = [UInt8](repeating: 0, count: MiBand2Key.length)
            for index in random.indices { random[index] = UInt8(truncatingIfNeeded: noise.next()) }
            challenge = random
            return respond(MiBand2AuthResponse(command: command.opcode, status: .success, randomNumber: random))
        case .sendEncryptedNumber(let answer):
            defer { challenge = nil }
            guard let key, let challenge, key.encrypt(challenge) == answer else {
                isAuthenticated = false
                let why = key == nil ? "the band is not paired" : (challenge == nil ? "no random number was asked for" : "wrong key")
                return respond(MiBand2AuthResponse(command: command.opcode, status: .failure), event: "authentication failed: \(why)")
            }
            isAuthenticated = true
            return respond(MiBand2AuthResponse(command: command.opcode, status: .success), event: "authenticated")
        }
    }

    /// The second `delay` seconds from now; `Int.max` (never) when that is past what an `Int`
    /// holds, so a huge timeout configured on the band cannot trap.
    private func later(by delay: Int) -> Int {
        let (sum, overflow) = seconds.addingReportingOverflow(max(delay, 0))
        return overflow ? .max : sum
    }

    /// The wearer taps the band: a waiting pairing is accepted. Returns nil when none was waiting.
    mutating func tap() -> MiBand2Output? {
        guard let offered = pairing?.key else { return nil }
        pairing = nil
        key = offered
        var output = respond(MiBand2AuthResponse(command: 0x01, status: .success), event: "the wearer tapped: paired with key \(offered)")
        output.needsSave = true
        return output
    }

    /// The app disconnected: its authentication, a waiting pairing and measurements end.
    mutating func clientDisconnected() {
        isAuthenticated = false
        challenge = nil
        pairing = nil
        heartRateMode = .idle
    }

    /// A factory reset: the band forgets its key (and the connected app's authentication); its
    /// counters, its battery and the run's timings (pairing timeout, the wearer's tap) stay.
    mutating func forgetKey() {
        clientDisconnected()
        key = nil
    }

    private func respond(_ response: MiBand2AuthResponse, event: String? = nil) -> MiBand2Output {
        MiBand2Output(updates: [VirtualValueUpdate(uuid: MiBand2UUID.authentication, value: response.encoded())], events: event.map { [$0] } ?? [])
    }

    // MARK: Heart rate

    /// Why a write to the Heart Rate Control Point is refused, if it is: Not Authenticated (0x81)
    /// before the handshake, Control Point Not Supported (0x80) for an unknown command.
    func heartRateRefusal(_ bytes: [UInt8]) -> ATTErrorCode? {
        guard isAuthenticated else { return .application(0x81) }
        guard (try? MiBand2HeartRateCommand(bytes: bytes)) != nil else { return .application(0x80) }
        return nil
    }

    /// Applies a Heart Rate Control Point command.
    mutating func heartRateCommand(_ command: MiBand2HeartRateCommand) -> MiBand2Output {
        switch command {
        case .set(.single, true):
            heartRateMode = .single(readyAt: seconds + Self.singleMeasurementTime)
        case .set(.single, false):
            if case .single = heartRateMode { heartRateMode = .idle }
        case .set(.continuous, true):
            heartRateMode = .continuous(nextAt: seconds + Self.continuousInterval, lastKeepAlive: seconds)
        case .set(.continuous, false):
            if case .continuous = heartRateMode { heartRateMode = .idle }
        case .set(.sleep, let on):
            sleepMonitoring = on
        case .keepAlive:
            if case .continuous(let next, _) = heartRateMode { heartRateMode = .continuous(nextAt: next, lastKeepAlive: seconds) }
        }
        return MiBand2Output(events: ["heart rate: \(command); now \(heartRateMode)"])
    }

    // MARK: Time

    /// One second passes.
    mutating func tick() -> MiBand2Output {
        seconds += 1
        var output = MiBand2Output()
        if let waiting = pairing {
            if let tapAt = waiting.tapAt, seconds >= tapAt, let tapped = tap() {
                output.append(tapped)
            } else if seconds >= waiting.deadline {
                pairing = nil
                output.append(respond(MiBand2AuthResponse(command: 0x01, status: .failure), event: "nobody tapped within \(pairingTimeout) s: pairing refused"))
            }
        }
        output.append(walk())
        if seconds % Self.secondsPerPercent == 0, batteryLevel > 5 {
            batteryLevel -= 1
            output.updates.append(VirtualValueUpdate(uuid: MiBand2UUID.battery, value: battery.encoded()))
            output.needsSave = true
        }
        output.append(measureHeartRate())
        return output
    }

    /// The wearer walks now and then: walks of 10–60 s at about 1.8 steps a second.
    private mutating func walk() -> MiBand2Output {
        if walkLeft == 0, noise.next() % 20 == 0 { walkLeft = 10 + Int(noise.next() % 51) }
        guard walkLeft > 0 else { return MiBand2Output() }
        walkLeft -= 1
        return addSteps(noise.next() % 5 == 0 ? 1 : 2)
    }

    /// `count` more steps; notifies the activity.
    mutating func addSteps(_ count: UInt32) -> MiBand2Output {
        steps &+= count
        meters += Double(count) * Self.stride
        kilocalories += Double(count) * Self.kilocaloriesPerStep
        return MiBand2Output(updates: [VirtualValueUpdate(uuid: MiBand2UUID.activity, value: activity.encoded())], needsSave: steps % 100 < count)
    }

    /// The heart rate drifts (higher while walking) and is measured when asked.
    private mutating func measureHeartRate() -> MiBand2Output {
        let target = walkLeft > 0 ? 95 : 66
        let pull = heartRate > target + 4 ? -1 : (heartRate < target - 4 ? 1 : 0)
        heartRate = min(max(heartRate + Int(noise.next() % 5) - 2 + pull, 50), 150)
        switch heartRateMode {
        case .idle:
            return MiBand2Output()
        case .single(let readyAt):
            guard seconds >= readyAt else { return MiBand2Output() }
            heartRateMode = .idle
            return MiBand2Output(updates: [measurement()], events: ["measured \(heartRate) bpm"])
        case .continuous(let nextAt, let lastKeepAlive):
            if seconds - lastKeepAlive > Self.keepAliveTimeout {
                heartRateMode = .idle
                return MiBand2Output(events: ["no keep-alive for \(Self.keepAliveTimeout) s: continuous measurement stopped"])
            }
            guard seconds >= nextAt else { return MiBand2Output() }
            heartRateMode = .continuous(nextAt: seconds + Self.continuousInterval, lastKeepAlive: lastKeepAlive)
            return MiBand2Output(updates: [measurement()])
        }
    }

    /// Heart Rate Measurement as the band sends it: flags `00`, `uint8` bpm.
    private func measurement() -> VirtualValueUpdate {
        VirtualValueUpdate(uuid: MiBand2UUID.heartRateMeasurement, value: [0x00, UInt8(clamping: heartRate)])
    }
}
