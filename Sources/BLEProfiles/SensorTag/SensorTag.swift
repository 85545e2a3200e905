import BLE
import BLECore
import BLEGATT
import Synchronization

/// A typed client for a TI SensorTag (CC2541) on a ``Peripheral`` of the `BLE` API: switching
/// sensors on and off, their periods, the barometer's calibration, and readings converted to
/// physical units with TI's published formulas.
///
/// ```swift
/// let tag = SensorTag(peripheral)
/// try await tag.connect()
/// let readings = try await tag.measure([.irTemperature, .barometer])   // one reading each
/// for try await reading in try await tag.readings([.accelerometer]) {  // live
///     print(reading.summary)
/// }
/// ```
///
/// The accelerometer's range depends on the tag's firmware, which the client learns once from the
/// Firmware Revision String (``firmwareVersion()``) before it first decodes acceleration: ±2 g
/// before 1.5, ±8 g on 1.5 for the configuration `01` it writes (``accelerometerRange()``).
///
/// Time limits run on the injected clock (the real one unless told otherwise).
public final class SensorTag: PeripheralProfile {
    /// The clock of the time limits.
    public let clock: any Clock<Duration>
    private let connection: ProfileConnection
    private let calibration = Mutex<SensorTagBarometerCalibration?>(nil)
    /// The firmware, once learned (``firmwareVersion()``); nil inside when the tag does not say.
    private let firmware = Mutex<SensorTagFirmwareVersion??>(nil)

    /// The tag.
    public var peripheral: Peripheral { connection.peripheral }

    /// A client for `peripheral` (connected or not).
    public init(_ peripheral: Peripheral, clock: some Clock<Duration> = ContinuousClock()) {
        connection = ProfileConnection(peripheral, kind: "a CC2541 SensorTag", explain: Self.explain)
        self.clock = clock
    }

    /// The names SensorTags advertise: `SensorTag` (firmware 1.4 and later) and
    /// `TI BLE Sensor Tag` (earlier).
    public static let advertisedNames = ["SensorTag", "TI BLE Sensor Tag"]

    /// Whether an advertisement is a SensorTag's: one of ``advertisedNames`` (a prefix), or the
    /// IR temperature service.
    public static func isSensorTag(_ advertisement: AdvertisementView) -> Bool {
        if let name = advertisement.name, advertisedNames.contains(where: { name.hasPrefix($0) }) { return true }
        return advertisement.serviceUUIDs.contains(SensorTagUUID.irTemperatureService)
    }

    // MARK: Connection

    /// Discovers the sensor services, the simple keys and Device Information; throws
    /// ``ProfileError/Code/wrongDevice`` when the device has no IR temperature service.
    public func discover() async throws(ProfileError) {
        try await connection.discover(
            SensorTagSensor.allCases.map(\.service) + [SensorTagUUID.deviceInformation], requiring: SensorTagUUID.irTemperatureService,
            "IR temperature service"
        )
        firmware.withLock { $0 = nil }
    }

    /// The tag's firmware version, from the start of its Firmware Revision String (`2A26`, e.g.
    /// `1.5  (Jun 12 2013)`); read once after each discovery. Nil when the tag has no such string
    /// or it does not begin with `major.minor`: the client then takes the tag for one before 1.5.
    public func firmwareVersion() async throws(ProfileError) -> SensorTagFirmwareVersion? {
        if let known = firmware.withLock({ $0 }) { return known }
        let uuid = DeviceInformationString.Field.firmwareRevision.uuid
        var version: SensorTagFirmwareVersion?
        if connection.has(uuid) {
            let bytes = try await connection.read(uuid, DeviceInformationString.Field.firmwareRevision.name)
            version = SensorTagFirmwareVersion(revision: String(decoding: bytes, as: UTF8.self))
        }
        firmware.withLock { $0 = .some(version) }
        return version
    }

    /// The range the accelerometer measures in once ``enable(_:period:)`` switched it on (with
    /// `01`): ±8 g on firmware 1.5 and later, ±2 g before (``firmwareVersion()``).
    public func accelerometerRange() async throws(ProfileError) -> SensorTagAccelerometerRange {
        let version = try await firmwareVersion()
        return SensorTagFirmwareVersion.accelerometerRange(configuration: SensorTagSensor.accelerometer.enableValue, firmware: version) ?? .twoG
    }

    // MARK: Configuration

    /// Switches `sensor` on (``SensorTagSensor/enableValue``), first setting its period when one
    /// is given. The barometer's calibration is read first when it is not known yet.
    public func enable(_ sensor: SensorTagSensor, period: Duration? = nil) async throws(ProfileError) {
        guard let configuration = sensor.configuration else { return }
        if let period { try await setPeriod(sensor, period) }
        if sensor == .barometer, calibration.withLock({ $0 }) == nil { _ = try await barometerCalibration() }
        try await connection.write([sensor.enableValue], to: configuration, "the \(sensor) configuration")
    }

    /// Switches `sensor` off.
    public func disable(_ sensor: SensorTagSensor) async throws(ProfileError) {
        guard let configuration = sensor.configuration else { return }
        try await connection.write([0x00], to: configuration, "the \(sensor) configuration")
    }

    /// Whether `sensor` is on.
    public func isEnabled(_ sensor: SensorTagSensor) async throws(ProfileError) -> Bool {
        guard let configuration = sensor.configuration else { return true }
        return try await connection.read(configuration, "the \(sensor) configuration").first.map { $0 != 0 } ?? false
    }

    /// Sets how often `sensor` measures: ``SensorTagSensor/minimumPeriod`` to 2.55 s, in 10 ms
    /// steps. Throws ``ProfileError/Code/invalidValue`` outside that range.
    public func setPeriod(_ sensor: SensorTagSensor, _ period: Duration) async throws(ProfileError) {
        guard let uuid = sensor.period else {
            throw ProfileError(.invalidValue, "the \(sensor) have no period: they notify when a button changes")
        }
        let steps = SensorTagCodec.steps(period.inSeconds * 100)
        let minimum = SensorTagCodec.steps(sensor.minimumPeriod.inSeconds * 100)
        guard (minimum...255).contains(steps) else {
            throw ProfileError(.invalidValue, "a \(sensor) period of \(period) is out of range; use \(sensor.minimumPeriod)…\(SensorTagSensor.maximumPeriod) in 10 ms steps")
        }
        try await connection.write([UInt8(steps)], to: uuid, "the \(sensor) period")
    }

    /// How often `sensor` measures.
    public func period(_ sensor: SensorTagSensor) async throws(ProfileError) -> Duration {
        guard let uuid = sensor.period else { return .zero }
        let bytes = try await connection.read(uuid, "the \(sensor) period")
        guard bytes.count == 1 else {
            throw ProfileError(.invalidValue, "the \(sensor) period is 1 byte, not \(bytes.count)")
        }
        return .milliseconds(Int(bytes[0]) * 10)
    }

    /// The barometer's calibration coefficients: writes `02` to its configuration, then reads
    /// `AA43` (and keeps them for converting readings).
    public func barometerCalibration() async throws(ProfileError) -> SensorTagBarometerCalibration {
        guard let configuration = SensorTagSensor.barometer.configuration else { throw ProfileError(.wrongDevice, "no barometer") }
        try await connection.write([0x02], to: configuration, "the barometer configuration (calibrate)")
        let coefficients = try SensorTagBarometerCalibration(bytes: try await connection.read(SensorTagUUID.barometerCalibration, "the barometer calibration"))
        calibration.withLock { $0 = coefficients }
        return coefficients
    }

    // MARK: Readings

    /// Reads `sensor`'s data characteristic now and converts it (the last measurement: zeros
    /// before the sensor first measured). The keys cannot be read; they only notify.
    public func read(_ sensor: SensorTagSensor) async throws(ProfileError) -> SensorTagReading {
        guard sensor != .keys else {
            throw ProfileError(.invalidValue, "the simple keys cannot be read, only followed (notifications)")
        }
        if sensor == .barometer, calibration.withLock({ $0 }) == nil { _ = try await barometerCalibration() }
        let range = sensor == .accelerometer ? try await currentAccelerometerRange() : .twoG
        let bytes = try await connection.read(sensor.data, "the \(sensor) data")
        return try SensorTagReading(sensor, bytes: bytes, calibration: calibration.withLock { $0 }, accelerometerRange: range)
    }

    /// The accelerometer's range as the tag is configured now: on firmware 1.5 and later its
    /// configuration says (whoever wrote it; ``accelerometerRange()`` when it is off), before
    /// 1.5 it is ±2 g.
    private func currentAccelerometerRange() async throws(ProfileError) -> SensorTagAccelerometerRange {
        let enabled = try await accelerometerRange()
        guard let version = try await firmwareVersion(), version.choosesAccelerometerRange,
            let configuration = SensorTagSensor.accelerometer.configuration
        else { return enabled }
        let value = try await connection.read(configuration, "the accelerometer configuration").first ?? 0
        return version.accelerometerRange(configuration: value) ?? enabled
    }

    /// One fresh reading of each of `sensors`: subscribes, switches them on at their shortest
    /// period, waits for the first measurement of each (at most `timeout`), and switches them off
    /// again, also when this fails (a sensor stays silent, a reading is malformed). The keys are
    /// skipped (they only notify when a button changes).
    public func measure(_ sensors: [SensorTagSensor], timeout: Duration = .seconds(5)) async throws(ProfileError) -> [SensorTagReading] {
        let wanted = Self.unique(sensors).filter { $0 != .keys }
        var inboxes: [(SensorTagSensor, NotifiedValueInbox)] = []
        defer { for (_, inbox) in inboxes { inbox.close() } }
        var readings: [SensorTagReading] = []
        do {
            let range = wanted.contains(.accelerometer) ? try await accelerometerRange() : .twoG
            for sensor in wanted {
                inboxes.append((sensor, try await connection.inbox(sensor.data, "the \(sensor) data")))
            }
            for sensor in wanted { try await enable(sensor, period: sensor.minimumPeriod) }
            for (sensor, inbox) in inboxes {
                let silent = ProfileError(.timedOut, "the \(sensor) of \(peripheral) sent no reading within \(timeout)")
                let bytes = try await connection.next(inbox, within: timeout, clock: clock, "waiting for the \(sensor)", timedOut: silent)
                readings.append(try SensorTagReading(sensor, bytes: bytes, calibration: calibration.withLock { $0 }, accelerometerRange: range))
            }
        } catch {
            await switchOff(wanted)
            throw error
        }
        for sensor in wanted { try await disable(sensor) }
        return readings
    }

    /// Live readings of `sensors` (every period, and the keys when a button changes): subscribes
    /// and switches them on (with `period` where given). Ending the iteration switches them off
    /// again; a lost link ends the stream with ``ProfileError/Code/disconnected``.
    ///
    /// Throws ``ProfileError/Code/invalidArgument`` when `sensors` is empty (a stream of nothing
    /// would never end); sensors already switched on are switched off again when this fails.
    public func readings(_ sensors: [SensorTagSensor], period: Duration? = nil) async throws(ProfileError) -> AsyncThrowingStream<SensorTagReading, any Error> {
        let wanted = Self.unique(sensors)
        guard !wanted.isEmpty else {
            throw ProfileError(.invalidArgument, "follow at least one sensor of \(peripheral)")
        }
        var sources: [(SensorTagSensor, AsyncThrowingStream<[UInt8], any Error>)] = []
        let range: SensorTagAccelerometerRange
        do {
            range = wanted.contains(.accelerometer) ? try await accelerometerRange() : .twoG
            for sensor in wanted {
                sources.append((sensor, try await connection.subscribe(sensor.data, "the \(sensor) data")))
            }
            for sensor in wanted {
                let chosen = period.map { min(max($0, sensor.minimumPeriod), SensorTagSensor.maximumPeriod) }
                try await enable(sensor, period: chosen)
            }
        } catch {
            await switchOff(wanted)
            throw error
        }
        let (calibration, connection) = (calibration.withLock { $0 }, connection)
        let (stream, continuation) = AsyncThrowingStream<SensorTagReading, any Error>.makeStream()
        let pump = Task {
            await withTaskGroup(of: Void.self) { group in
                for (sensor, values) in sources {
                    group.addTask {
                        let ended = ProfileError(.disconnected, "the \(sensor) notifications ended")
                        await connection.forward(values, to: continuation, "following the \(sensor)", endingWith: ended) { bytes in
                            try SensorTagReading(sensor, bytes: bytes, calibration: calibration, accelerometerRange: range)
                        }
                    }
                }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            Task { await self.switchOff(wanted) }
        }
        return stream
    }

    // MARK: Device information

    /// The Device Information strings the tag has (manufacturer, model, firmware, …), as
    /// (name, value) pairs in the service's order.
    public func deviceInformation() async throws(ProfileError) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for field in DeviceInformationString.Field.allCases where connection.has(field.uuid) {
            let bytes = try await connection.read(field.uuid, field.name)
            result.append((field.name, String(decoding: bytes, as: UTF8.self)))
        }
        return result
    }

    // MARK: Internals

    /// Switches `sensors` off as well as the link allows, after a failure: a failure of this
    /// would hide the one being reported.
    private func switchOff(_ sensors: [SensorTagSensor]) async {
        for sensor in sensors { try? await disable(sensor) }
    }

    private static func unique(_ sensors: [SensorTagSensor]) -> [SensorTagSensor] {
        var seen: Set<SensorTagSensor> = []
        return sensors.filter { seen.insert($0).inserted }
    }

    /// The meaning of an ATT error as the tag uses it.
    static func explain(_ code: ATTErrorCode) -> String {
        code == .outOfRange ? "Out of Range (0xFF): the value is outside what the sensor takes" : code.description
    }
}
