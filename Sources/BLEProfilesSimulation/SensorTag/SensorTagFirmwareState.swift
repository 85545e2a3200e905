import BLECore
import BLEProfiles
import BLESimulation
import BLEVirtual
import Foundation

/// What a SensorTag's firmware keeps and does, without I/O: each sensor's configuration, period
/// and last data, the barometer's calibration, the buttons, and the world the sensors measure
/// (a desk with a warm mug in view, the tag tilting gently, someone pressing the buttons now and
/// then), all as functions of the time since the firmware started. Its accelerometer is that of
/// its ``version``: ±2 g before 1.5; on 1.5 the configuration chooses ±8, ±4 or ±2 g.
struct SensorTagFirmwareState: Sendable {
    /// One sensor.
    struct Sensor: Sendable, Hashable {
        /// The configuration byte (`00` off).
        var configuration: UInt8 = 0
        /// The period in 10 ms steps.
        var period: UInt8
        /// When the next measurement is due, while on.
        var nextDue: Duration?
        /// The last data measured (zeros before the first).
        var data: [UInt8]
    }

    /// The calibration of this tag's barometer (each T5400 has its own).
    static let barometerCalibration = SensorTagBarometerCalibration(c1: 45_000, c2: 4_000, c3: 40_000, c4: 5_000, c5: 2_000, c6: -3_000, c7: -500, c8: 1_000)

    /// The measuring sensors (all but the keys).
    static let measuring = SensorTagSensor.allCases.filter { $0 != .keys }

    /// The firmware's version (nil: one that does not say, taken for one before 1.5).
    let version: SensorTagFirmwareVersion?
    private(set) var sensors: [SensorTagSensor: Sensor] = [:]
    /// The calibration characteristic: zeros until `02` is written to the configuration.
    private(set) var calibration = [UInt8](repeating: 0, count: 16)
    /// The buttons down.
    private(set) var keys: SensorTagKeys = []
    /// Buttons held by a simulator control (they override the simulated user).
    private var heldKeys: SensorTagKeys?
    /// The time since the firmware started.
    private(set) var elapsed: Duration = .zero
    private var noise: VirtualNoiseGenerator
    /// A per-tag offset so two tags do not read the same.
    private let offset: Double

    init(seed: UInt64, version: SensorTagFirmwareVersion? = .rangeChoosingAccelerometer) {
        self.version = version
        noise = VirtualNoiseGenerator(seed: seed)
        offset = Double(seed % 7) * 0.1
        reset()
    }

    /// Every sensor off at its power-up period (as after a disconnection).
    mutating func reset() {
        for sensor in Self.measuring {
            let data = sensors[sensor]?.data ?? [UInt8](repeating: 0, count: sensor.dataLength)
            sensors[sensor] = Sensor(period: Self.steps(sensor.defaultPeriod), data: data)
        }
    }

    static func steps(_ period: Duration) -> UInt8 {
        UInt8(clamping: SensorTagCodec.steps(period.inSeconds * 100))
    }

    // MARK: Writes

    /// Whether `value` is a configuration `sensor` takes: `00`/`01`; `00`…`07` (axes) for the
    /// gyroscope; `02` (read the calibration) too for the barometer; for the accelerometer on
    /// firmware 1.5, `00`…`03` (off, ±8 g, ±4 g, ±2 g).
    func acceptsConfiguration(_ value: UInt8, for sensor: SensorTagSensor) -> Bool {
        switch sensor {
        case .gyroscope: value <= 0x07
        case .barometer: value <= 0x02
        case .accelerometer: value == 0 || SensorTagFirmwareVersion.accelerometerRange(configuration: value, firmware: version) != nil
        default: value <= 0x01
        }
    }

    /// Whether `steps` (10 ms) is a period `sensor` takes.
    static func acceptsPeriod(_ steps: UInt8, for sensor: SensorTagSensor) -> Bool {
        steps >= Self.steps(sensor.minimumPeriod)
    }

    /// A configuration was written.
    mutating func configure(_ sensor: SensorTagSensor, _ value: UInt8) {
        guard var state = sensors[sensor] else { return }
        if sensor == .barometer, value == 0x02 {
            calibration = Self.barometerCalibration.encoded()
            return
        }
        let wasOn = state.configuration != 0
        state.configuration = value
        if value == 0 {
            state.nextDue = nil
        } else if !wasOn {
            state.nextDue = elapsed + .milliseconds(Int(state.period) * 10)
        }
        sensors[sensor] = state
    }

    /// A period was written; it counts from the next measurement.
    mutating func setPeriod(_ sensor: SensorTagSensor, _ steps: UInt8) {
        guard var state = sensors[sensor] else { return }
        state.period = steps
        if state.nextDue != nil { state.nextDue = elapsed + .milliseconds(Int(steps) * 10) }
        sensors[sensor] = state
    }

    /// Buttons held down by the simulator (nil: back to the simulated user).
    mutating func hold(_ keys: SensorTagKeys?) -> [VirtualValueUpdate] {
        heldKeys = keys
        return updateKeys()
    }

    // MARK: Time

    /// Time passes until `time` since the start: every sensor due measures (its data is set and
    /// notified), and the buttons follow the simulated user.
    mutating func advance(to time: Duration) -> [VirtualValueUpdate] {
        var updates: [VirtualValueUpdate] = []
        while true {
            let due = sensors.compactMap { sensor, state in state.nextDue.map { (sensor, $0) } }
                .filter { $0.1 <= time }
                .min { $0.1 < $1.1 }
            guard let (sensor, at) = due, var state = sensors[sensor] else { break }
            elapsed = at
            state.data = measure(sensor, configuration: state.configuration)
            state.nextDue = at + .milliseconds(max(Int(state.period), 1) * 10)
            sensors[sensor] = state
            updates.append(VirtualValueUpdate(uuid: sensor.data, value: state.data))
        }
        elapsed = time
        return updates + updateKeys()
    }

    /// The buttons now; notified when they change.
    private mutating func updateKeys() -> [VirtualValueUpdate] {
        let now = heldKeys ?? Self.simulatedKeys(at: elapsed.inSeconds)
        guard now != keys else { return [] }
        keys = now
        return [VirtualValueUpdate(uuid: SensorTagSensor.keys.data, value: [now.rawValue])]
    }

    /// The simulated user presses the right button for a second every 30 s and the left one for
    /// half a second every 75 s.
    static func simulatedKeys(at t: Double) -> SensorTagKeys {
        var keys: SensorTagKeys = []
        if t.truncatingRemainder(dividingBy: 30) >= 10, t.truncatingRemainder(dividingBy: 30) < 11 { keys.insert(.right) }
        if t.truncatingRemainder(dividingBy: 75) >= 40, t.truncatingRemainder(dividingBy: 75) < 40.5 { keys.insert(.left) }
        return keys
    }

    // MARK: The world measured

    /// Uniform noise in ±`amplitude`.
    private mutating func jitter(_ amplitude: Double) -> Double {
        (Double(noise.next() % 2001) / 1000 - 1) * amplitude
    }

    private func wave(_ t: Double, period: Double) -> Double {
        sin(2 * .pi * t / period)
    }

    /// The room temperature, °C.
    func ambient(_ t: Double) -> Double { 23.5 + offset + 0.6 * wave(t, period: 900) }
    /// The tag's tilt: pitch and roll in degrees.
    func tilt(_ t: Double) -> (pitch: Double, roll: Double) { (8 * wave(t, period: 60), 5 * wave(t, period: 45)) }

    /// One measurement of `sensor`, as its raw data bytes.
    mutating func measure(_ sensor: SensorTagSensor, configuration: UInt8) -> [UInt8] {
        let t = elapsed.inSeconds
        let room = ambient(t)
        let (pitch, roll) = tilt(t)
        let p = pitch * .pi / 180, r = roll * .pi / 180
        switch sensor {
        case .irTemperature:
            let mug = room + 12 + 3 * wave(t, period: 120) + jitter(0.2)
            return SensorTagIRTemperature(object: mug, ambient: room + 1.2 + jitter(0.03)).encoded()
        case .accelerometer:
            // In the range the configuration chose, clamped to it.
            let range = SensorTagFirmwareVersion.accelerometerRange(configuration: configuration, firmware: version) ?? .twoG
            return SensorTagAcceleration(
                x: sin(p) + jitter(0.015), y: -sin(r) * cos(p) + jitter(0.015), z: cos(r) * cos(p) + jitter(0.015), range: range
            ).encoded()
        case .humidity:
            return SensorTagHumidity(temperature: room + 0.3 + jitter(0.05), relativeHumidity: 45 + 3 * wave(t, period: 1200) + jitter(0.3)).encoded()
        case .magnetometer:
            // The Earth's field (about 22, 4, −42 µT) seen from the tilted tag.
            let (fx, fy, fz) = (22.0, 4.0, -42.0)
            let x = fx * cos(p) - fz * sin(p)
            let y = fy * cos(r) + (fx * sin(p) + fz * cos(p)) * sin(r)
            let z = -fy * sin(r) + (fx * sin(p) + fz * cos(p)) * cos(r)
            return SensorTagMagneticField(x: x + jitter(0.3), y: y + jitter(0.3), z: z + jitter(0.3)).encoded()
        case .barometer:
            let calibration = Self.barometerCalibration
            let rawTemperature = calibration.rawTemperature(room + 0.5 + jitter(0.05))
            let pascals = 101_325 + 80 * wave(t, period: 3600) + jitter(4)
            return SensorTagBarometerData(rawTemperature: rawTemperature, rawPressure: calibration.rawPressure(pascals, rawTemperature: rawTemperature)).encoded()
        case .gyroscope:
            // The rates of the tilt, a small bias, and noise; axes switched off read 0.
            let pitchRate = 8 * 2 * .pi / 60 * cos(2 * .pi * t / 60)
            let rollRate = 5 * 2 * .pi / 45 * cos(2 * .pi * t / 45)
            let rates = SensorTagAngularVelocity(x: rollRate + 0.4 + jitter(0.3), y: pitchRate - 0.2 + jitter(0.3), z: 0.1 + jitter(0.3))
            let axes = rates.axes
            return SensorTagAngularVelocity(
                rawX: configuration & 0x01 != 0 ? axes.rawX : 0,
                rawY: configuration & 0x02 != 0 ? axes.rawY : 0,
                rawZ: configuration & 0x04 != 0 ? axes.rawZ : 0
            ).encoded()
        case .keys:
            return [keys.rawValue]
        }
    }
}
