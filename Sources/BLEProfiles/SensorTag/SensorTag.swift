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
/// Time limits run on the injected clock (the real one unless told otherwise).
public final class SensorTag: PeripheralProfile {
    /// The clock of the time limits.
    public let clock: any Clock<Duration>
    private let connection: ProfileConnection
    private let calibration = Mutex<SensorTagBarometerCalibration?>(nil)

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
        return try SensorTagReading(sensor, bytes: try await connection.read(sensor.data, "the \(sensor) data"), calibration: calibration.withLock { $0 })
    }

    /// One fresh reading of each of `sensors`: subscribes, switches them on at their shortest
    /// period, waits for the first measurement of each (at most `timeout`), and switches them off
    /// again. The keys are skipped (they only notify when a button changes).
    public func measure(_ sensors: [SensorTagSensor], timeout: Duration = .seconds(5)) async throws(ProfileError) -> [SensorTagReading] {
        let wanted = Self.unique(sensors).filter { $0 != .keys }
        var inboxes: [(SensorTagSensor, NotifiedValueInbox)] = []
        defer { for (_, inbox) in inboxes { inbox.close() } }
        for sensor in wanted {
            inboxes.append((sensor, try await connection.inbox(sensor.data, "the \(sensor) data")))
        }
        for sensor in wanted { try await enable(sensor, period: sensor.minimumPeriod) }
        var readings: [SensorTagReading] = []
        for (sensor, inbox) in inboxes {
            let silent = ProfileError(.timedOut, "the \(sensor) of \(peripheral) sent no reading within \(timeout)")
            let bytes = try await connection.next(inbox, within: timeout, clock: clock, "waiting for the \(sensor)", timedOut: silent)
            readings.append(try SensorTagReading(sensor, bytes: bytes, calibration: calibration.withLock { $0 }))
        }
        for sensor in wanted { try await disable(sensor) }
        return readings
    }

    /// Live readings of `sensors` (every period, and the keys when a button changes): subscribes
    /// and switches them on (with `period` where given). Ending the iteration switches them off
    /// again; a lost link ends the stream with ``ProfileError/Code/disconnected``.
    public func readings(_ sensors: [SensorTagSensor], period: Duration? = nil) async throws(ProfileError) -> AsyncThrowingStream<SensorTagReading, any Error> {
        let wanted = Self.unique(sensors)
        var sources: [(SensorTagSensor, AsyncThrowingStream<[UInt8], any Error>)] = []
        for sensor in wanted {
            sources.append((sensor, try await connection.subscribe(sensor.data, "the \(sensor) data")))
        }
        for sensor in wanted {
            let chosen = period.map { min(max($0, sensor.minimumPeriod), SensorTagSensor.maximumPeriod) }
            try await enable(sensor, period: chosen)
        }
        let (calibration, connection) = (calibration.withLock { $0 }, connection)
        let (stream, continuation) = AsyncThrowingStream<SensorTagReading, any Error>.makeStream()
        let pump = Task {
            await withTaskGroup(of: Void.self) { group in
                for (sensor, values) in sources {
                    group.addTask {
                        let ended = ProfileError(.disconnected, "the \(sensor) notifications ended")
                        await connection.forward(values, to: continuation, "following the \(sensor)", endingWith: ended) { bytes in
                            try SensorTagReading(sensor, bytes: bytes, calibration: calibration)
                        }
                    }
                }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            Task { for sensor in wanted { try? await self.disable(sensor) } }
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

    private static func unique(_ sensors: [SensorTagSensor]) -> [SensorTagSensor] {
        var seen: Set<SensorTagSensor> = []
        return sensors.filter { seen.insert($0).inserted }
    }

    /// The meaning of an ATT error as the tag uses it.
    static func explain(_ code: ATTErrorCode) -> String {
        code == .outOfRange ? "Out of Range (0xFF): the value is outside what the sensor takes" : code.description
    }
}
