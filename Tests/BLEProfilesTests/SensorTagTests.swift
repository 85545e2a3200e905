import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Synchronization
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// The TI SensorTag (CC2541): the conversions of TI's SensorTag User Guide checked against
/// worked examples (the sensors' datasheets' own and ours), the firmware's world on its own, and
/// the virtual tag (firmware 1.5 and one before) against the `SensorTag` profile over the sim
/// radio (the radio in real time, the tag's firmware on a manual clock).
@Suite(.timeLimit(.minutes(1)))
struct SensorTagTests {
    typealias Bench = ProfileWorld<VirtualSensorTag>

    static func near(_ value: Double, _ expected: Double, within tolerance: Double) -> Bool {
        abs(value - expected) <= tolerance
    }

    // MARK: Conversions

    /// IR temperature (`ObjLSB ObjMSB AmbLSB AmbMSB`): ambient = raw / 128; the object by the
    /// TMP006 equations with S0 = 6.4·10⁻¹⁴, as TI's firmware (hal_irtemp.c, BLE stack 1.3), the
    /// User Guide's code and the seed's Deanna app (`DEATemperatureService.m`) have it. The values
    /// were worked from those equations in double precision (Python); with node-sensortag's
    /// S0 = 5.593·10⁻¹⁴ they would be 35.01172, 27.29693, 30.06773 and 50.78222.
    static let irVectors: [(hex: String, ambient: Double, object: Double)] = [
        ("d300800c", 25.0, 33.80240),   // 211 × 156.25 nV = 32.97 µV over a 25 °C die
        ("9cff800c", 25.0, 27.01019),   // −100: the offset Vos = −29.4 µV still reads warmer than the die
        ("00009c0c", 25.21875, 29.46905),
        ("e803800b", 23.0, 47.65966),
    ]

    @Test(arguments: irVectors)
    func irTemperatureFollowsTheTMP006Equations(hex: String, ambient: Double, object: Double) throws {
        let bytes = try #require([UInt8](hex: hex))
        let reading = try SensorTagIRTemperature(bytes: bytes)
        #expect(reading.ambient == ambient)
        #expect(Self.near(try #require(reading.object), object, within: 0.00001))
        #expect(reading.encoded() == bytes)
    }

    /// The TMP006's die temperature register, in the SensorTag's data as `int16` LE: raw / 128 °C.
    /// Published examples of the format (TMP007 datasheet SBOS685C, table 3; the TMP006's is the
    /// same): `0C80` is 25 °C, `3E80` 125 °C, `FFFC` −0.03125 °C.
    static let dieTemperatureVectors: [(register: UInt16, celsius: Double)] = [
        (0x0C80, 25), (0x3E80, 125), (0xFFFC, -0.03125),
    ]

    @Test(arguments: dieTemperatureVectors)
    func theDieTemperatureIsTheDatasheetsRegisterFormat(register: UInt16, celsius: Double) throws {
        let bytes: [UInt8] = [0x00, 0x00, UInt8(register & 0xFF), UInt8(register >> 8)]
        let reading = try SensorTagIRTemperature(bytes: bytes)
        #expect(reading.ambient == celsius)
        #expect(reading.rawAmbient == Int16(bitPattern: register))
        #expect(reading.encoded() == bytes)
    }

    /// The thermopile voltage: 156.25 nV per step. TI E2E thread 446815 works `FEAF` (−337) out
    /// as −52.656 µV.
    @Test func theObjectVoltageIsTheE2EThreadsExample() throws {
        let reading = try SensorTagIRTemperature(bytes: [0xAF, 0xFE, 0x80, 0x0C])
        #expect(reading.rawObject == -337)
        #expect(Self.near(reading.objectVoltage * 1e6, -52.656, within: 0.0005))
        #expect(reading.objectVoltage == -52.65625e-6)
    }

    @Test func anImpossibleVoltageHasNoObjectTemperature() throws {
        let reading = try SensorTagIRTemperature(bytes: [0x00, 0x80, 0x80, 0x0C])
        #expect(reading.object == nil, "−5.12 mV would put the object below absolute zero")
        #expect(reading.quantities.map(\.name) == ["ambient"])
        #expect(SensorTagReading.irTemperature(reading).summary == "ambient 25.00 °C")
    }

    @Test func accelerationIsRawOver64AtTwoG() throws {
        let reading = try SensorTagAcceleration(bytes: [0xC0, 0x20, 0x7F])
        #expect(reading.range == .twoG, "the User Guide's ±2 g unless told")
        #expect(reading.x == -1 && reading.y == 0.5 && reading.z == 1.984375)
        #expect(try SensorTagAcceleration(bytes: [0, 0, 64]).z == 1, "a tag lying flat reads 1 g on Z")
        #expect(try SensorTagAcceleration(bytes: [0x80, 0, 0]).x == -2)
        #expect(SensorTagAcceleration(x: 0.5, y: -0.25, z: 3).encoded() == [32, 0xF0, 127], "clamped to the ±2 g range")
    }

    /// The same bytes in each range: 64, 32 or 16 steps per g (128 / the range in g).
    static let accelerationVectors: [(range: SensorTagAccelerometerRange, stepsPerG: Double, hex: String, x: Double, y: Double, z: Double)] = [
        (.twoG, 64, "c0207f", -1, 0.5, 1.984375),
        (.fourG, 32, "c0207f", -2, 1, 3.96875),
        (.eightG, 16, "c0207f", -4, 2, 7.9375),
        (.eightG, 16, "00f010", 0, -1, 1),   // a tag lying flat on firmware 1.5, configuration 01
        (.fourG, 32, "800020", -4, 0, 1),
    ]

    @Test(arguments: accelerationVectors)
    func accelerationIsScaledToItsRange(range: SensorTagAccelerometerRange, stepsPerG: Double, hex: String, x: Double, y: Double, z: Double) throws {
        #expect(range.stepsPerG == stepsPerG)
        #expect(range.description == "±\(range.rawValue) g")
        let bytes = try #require([UInt8](hex: hex))
        let reading = try SensorTagAcceleration(bytes: bytes, range: range)
        #expect(reading.x == x && reading.y == y && reading.z == z)
        #expect(reading.encoded() == bytes)
        #expect(try SensorTagReading(.accelerometer, bytes: bytes, accelerometerRange: range) == .acceleration(reading))
        #expect(SensorTagAcceleration(x: x, y: y, z: z, range: range) == reading, "the inverse")
    }

    @Test func accelerationIsClampedToItsRange() {
        #expect(SensorTagAcceleration(x: 9, y: -9, z: 1, range: .eightG).encoded() == [127, 0x80, 16])
        #expect(SensorTagAcceleration(x: 5, y: -5, z: 1, range: .fourG).encoded() == [127, 0x80, 32])
        #expect(SensorTagAcceleration(x: 3, y: -3, z: 1, range: .twoG).encoded() == [127, 0x80, 64])
    }

    /// Firmware Revision Strings: real tags answer like `1.5  (Jun 12 2013)`; the leading
    /// major.minor counts, anything else is no version (taken for a tag before 1.5).
    static let revisions: [(string: String, version: SensorTagFirmwareVersion?)] = [
        ("1.5  (Jun 12 2013)", SensorTagFirmwareVersion(major: 1, minor: 5)),
        ("1.4 (Nightlight)", SensorTagFirmwareVersion(major: 1, minor: 4)),
        ("1.5 (Nightlight)", SensorTagFirmwareVersion(major: 1, minor: 5)),
        (" 1.3", SensorTagFirmwareVersion(major: 1, minor: 3)),
        ("2.0.1", SensorTagFirmwareVersion(major: 2, minor: 0)),
        ("1.10", SensorTagFirmwareVersion(major: 1, minor: 10)),
        ("", nil), ("v1.5", nil), ("1.", nil), ("15", nil), (".5", nil), ("Nightlight", nil),
    ]

    @Test(arguments: revisions)
    func theFirmwareVersionIsTheRevisionsLeadingNumbers(string: String, version: SensorTagFirmwareVersion?) {
        #expect(SensorTagFirmwareVersion(revision: string) == version)
    }

    /// The accelerometer's configuration on each firmware (hal_acc.c rev 35100 for 1.5:
    /// `HAL_ACC_RANGE_8G` = 1, `4G` = 2, `2G` = 3; before 1.5 only `01`, ±2 g).
    static let accelerometerConfigurations: [(version: SensorTagFirmwareVersion?, configuration: UInt8, range: SensorTagAccelerometerRange?)] = [
        (SensorTagFirmwareVersion(major: 1, minor: 5), 0x00, nil),
        (SensorTagFirmwareVersion(major: 1, minor: 5), 0x01, .eightG),
        (SensorTagFirmwareVersion(major: 1, minor: 5), 0x02, .fourG),
        (SensorTagFirmwareVersion(major: 1, minor: 5), 0x03, .twoG),
        (SensorTagFirmwareVersion(major: 1, minor: 5), 0x04, nil),
        (SensorTagFirmwareVersion(major: 2, minor: 0), 0x01, .eightG),
        (SensorTagFirmwareVersion(major: 1, minor: 4), 0x00, nil),
        (SensorTagFirmwareVersion(major: 1, minor: 4), 0x01, .twoG),
        (SensorTagFirmwareVersion(major: 1, minor: 4), 0x02, nil),
        (SensorTagFirmwareVersion(major: 1, minor: 4), 0x03, nil),
        (nil, 0x01, .twoG),
        (nil, 0x03, nil),
    ]

    @Test(arguments: accelerometerConfigurations)
    func theAccelerometerRangeFollowsTheFirmwareAndConfiguration(
        version: SensorTagFirmwareVersion?, configuration: UInt8, range: SensorTagAccelerometerRange?
    ) {
        #expect(SensorTagFirmwareVersion.accelerometerRange(configuration: configuration, firmware: version) == range)
        if let version { #expect(version.accelerometerRange(configuration: configuration) == range) }
        let state = SensorTagFirmwareState(seed: 5, version: version)
        #expect(state.acceptsConfiguration(configuration, for: .accelerometer) == (configuration == 0 || range != nil))
    }

    /// The SHT21 datasheet's worked example (§6): S_RH = `6350` (here after the two temperature
    /// bytes, LE: `50 63`) is −6 + 125 × 25424 / 2¹⁶ = 42.49 %RH.
    @Test func humidityIsTheSHT21DatasheetsExample() throws {
        let reading = try SensorTagHumidity(bytes: [0x00, 0x00, 0x50, 0x63])
        #expect(reading.rawHumidity == 0x6350)
        #expect(Self.near(reading.relativeHumidity, 42.4924, within: 0.00005))
        let worked: Double = -6 + 125 / 65536 * 25424
        #expect(reading.relativeHumidity == worked)
        #expect(try SensorTagHumidity(bytes: [0x00, 0x00, 0x52, 0x63]).relativeHumidity == reading.relativeHumidity, "status bits cleared")
    }

    @Test func humidityFollowsTheSHT21Equations() throws {
        let reading = try SensorTagHumidity(bytes: [0x2C, 0x6A, 0x4E, 0x7A])
        // −46.85 + 175.72 × 27180 / 65536 and −6 + 125 × 31308 / 65536.
        #expect(Self.near(reading.temperature, 26.02704, within: 0.00001))
        #expect(Self.near(reading.relativeHumidity, 53.71527, within: 0.00001))
        #expect(try SensorTagHumidity(bytes: [0x2C, 0x6A, 0x4C, 0x7A]).relativeHumidity == reading.relativeHumidity, "the status bits do not count")
        let extremes = try SensorTagHumidity(bytes: [0, 0, 0, 0])
        #expect(extremes.temperature == -46.85 && extremes.relativeHumidity == -6)
    }

    @Test func magneticFieldAndRotationAreScaledToTheirRanges() throws {
        let field = try SensorTagMagneticField(bytes: [0xFF, 0x7F, 0x00, 0x80, 0x66, 0x06])
        #expect(Self.near(field.x, 999.96948, within: 0.00001))
        #expect(field.y == -1000)
        #expect(Self.near(field.z, 49.98779, within: 0.00001))
        let rotation = try SensorTagAngularVelocity(bytes: [0xFF, 0x7F, 0x83, 0x00, 0x00, 0x00])
        #expect(Self.near(rotation.x, 249.99237, within: 0.00001))
        #expect(Self.near(rotation.y, 0.99945, within: 0.00001))
        #expect(rotation.z == 0)
    }

    /// The virtual tag's T5400 coefficients, and a reading near sea level.
    static let calibration = SensorTagBarometerCalibration(c1: 45_000, c2: 4_000, c3: 40_000, c4: 5_000, c5: 2_000, c6: -3_000, c7: -500, c8: 1_000)

    @Test func barometerFollowsTheT5400Equations() throws {
        let bytes = try #require([UInt8](hex: "c8af a00f 409c 8813 d007 48f4 0cfe e803"))
        #expect(try SensorTagBarometerCalibration(bytes: bytes) == Self.calibration)
        #expect(Self.calibration.encoded() == bytes)
        let data = try SensorTagBarometerData(bytes: [0x43, 0x1D, 0xBF, 0xA5])
        #expect(data.rawTemperature == 7491 && data.rawPressure == 42431)
        let pressure = SensorTagPressure(data: data, calibration: Self.calibration)
        // Ta = 45000 × 7491 / 2^24 + 4000 / 2^10 = 20.0925… + 3.90625.
        #expect(Self.near(pressure.temperature, 23.99868, within: 0.00001))
        // S = 40000 + 285.76 + 6.53; O = −49 152 000 − 468 187.5 + 107 031.3; (S × 42431 + O) / 2^14.
        #expect(Self.near(pressure.pascals, 101_326.237, within: 0.001))
        #expect(Self.near(pressure.hectopascals, 1013.26, within: 0.01))
    }

    /// The seed's Deanna app computes the same in 32-bit integers (calcBarTmp, calcBarPress):
    /// our values agree with it to its rounding.
    @Test func barometerAgreesWithTheSeedsIntegerArithmetic() throws {
        func deannaTemperature(_ tr: Int32, _ c1: Int32, _ c2: Int32) -> Double {
            let scaled: Int32 = (c1 * tr) / 0x100 + c2 * 0x40
            return Double((scaled * 100) / 0x10000) / 100
        }
        func deannaPressure(_ tr: Int32, _ pr: Int32, _ c: SensorTagBarometerCalibration) -> Double {
            let c3 = Int32(c.c3), c4 = Int32(c.c4), c5 = Int32(c.c5), c6 = Int32(c.c6), c7 = Int32(c.c7), c8 = Int32(c.c8)
            let s1: Int32 = (c4 * tr) / 0x20000
            let s2: Int32 = (((c5 * tr) / 0x8000) * tr) / 0x80000
            let o1: Int32 = (c7 * tr) / 8
            let o2: Int32 = (((c8 * tr) / 0x8000) * tr) / 16
            let s: Int32 = c3 + s1 + s2
            let o: Int32 = c6 * 0x4000 + o1 + o2
            return Double((s * pr + o) / 0x4000)
        }
        for (tr, pr): (Int16, UInt16) in [(7491, 42431), (7000, 42000), (8000, 43000)] {
            let ours = SensorTagPressure(data: SensorTagBarometerData(rawTemperature: tr, rawPressure: pr), calibration: Self.calibration)
            #expect(Self.near(ours.temperature, deannaTemperature(Int32(tr), 45_000, 4_000), within: 0.01))
            #expect(Self.near(ours.pascals, deannaPressure(Int32(tr), Int32(pr), Self.calibration), within: 6))
        }
    }

    @Test func keysAreBits() throws {
        #expect(try SensorTagKeys(bytes: [0x01]) == .right)
        #expect(try SensorTagKeys(bytes: [0x03]).names == "left + right")
        #expect(try SensorTagKeys(bytes: [0x00]).names == "none")
    }

    @Test func wrongLengthsAreRefused() {
        for sensor in SensorTagSensor.allCases where sensor != .barometer {
            for length in [0, sensor.dataLength - 1, sensor.dataLength + 1] {
                #expect(throws: ProfileError.self, "\(sensor) \(length)") {
                    try SensorTagReading(sensor, bytes: Array(repeating: 0x11, count: length))
                }
            }
        }
        #expect(throws: ProfileError.self) { try SensorTagReading(.barometer, bytes: [1, 2, 3, 4]) }
        #expect(throws: ProfileError.self) { try SensorTagBarometerCalibration(bytes: Array(repeating: 0, count: 16)) }
        #expect(throws: ProfileError.self) { try SensorTagBarometerCalibration(bytes: Array(repeating: 1, count: 15)) }
    }

    @Test func theInversesGiveBackThePhysicalValues() {
        let ir = SensorTagIRTemperature(object: 35, ambient: 25)
        #expect(Self.near(ir.object ?? 0, 35, within: 0.05))
        #expect(Self.near(ir.ambient, 25, within: 1.0 / 32))
        let humidity = SensorTagHumidity(temperature: 22.5, relativeHumidity: 47)
        #expect(Self.near(humidity.temperature, 22.5, within: 0.02))
        #expect(Self.near(humidity.relativeHumidity, 47, within: 0.01))
        #expect(humidity.rawHumidity & 0x3 == 0x2, "the status bits say humidity")
        let tr = Self.calibration.rawTemperature(24)
        #expect(Self.near(Self.calibration.temperature(raw: tr), 24, within: 0.01))
        let pr = Self.calibration.rawPressure(101_325, rawTemperature: tr)
        #expect(Self.near(Self.calibration.pressure(raw: pr, rawTemperature: tr), 101_325, within: 2))
        #expect(Self.near(SensorTagMagneticField(x: 22, y: 4, z: -42).z, -42, within: 0.02))
        #expect(Self.near(SensorTagAngularVelocity(x: 1.5, y: 0, z: 0).x, 1.5, within: 0.004))
    }

    @Test func uuidsAreTIsBase() {
        #expect(SensorTagSensor.irTemperature.data.description == "F000AA01-0451-4000-B000-000000000000")
        #expect(SensorTagSensor.barometer.period?.description == "F000AA44-0451-4000-B000-000000000000")
        #expect(SensorTagUUID.barometerCalibration.description == "F000AA43-0451-4000-B000-000000000000")
        #expect(SensorTagSensor.gyroscope.configuration?.description == "F000AA52-0451-4000-B000-000000000000")
        #expect(SensorTagSensor.keys.data == BluetoothUUID(0xFFE1))
        #expect(SensorTagSensor(name: "gyro") == .gyroscope)
        #expect(SensorTagSensor(name: "IR") == .irTemperature)
        #expect(SensorTagSensor(name: "ir-temperature") == .irTemperature)
        #expect(SensorTagSensor(name: "thermometer") == nil)
    }

    // MARK: The firmware on its own

    @Test func valuesMovePlausiblyOverTime() throws {
        var state = SensorTagFirmwareState(seed: 1)
        var objects: [Double] = [], pitches: [Double] = [], pressures: [Double] = []
        for second in stride(from: 0, through: 300, by: 15) {
            _ = state.advance(to: .seconds(second))
            let ir = try SensorTagIRTemperature(bytes: state.measure(.irTemperature, configuration: 1))
            #expect((20...27).contains(ir.ambient))
            let object = try #require(ir.object)
            #expect((30...42).contains(object))
            objects.append(object)
            let g = try SensorTagAcceleration(bytes: state.measure(.accelerometer, configuration: 3))
            #expect(Self.near((g.x * g.x + g.y * g.y + g.z * g.z).squareRoot(), 1, within: 0.08))
            pitches.append(g.x)
            let humidity = try SensorTagHumidity(bytes: state.measure(.humidity, configuration: 1))
            #expect((40...50).contains(humidity.relativeHumidity))
            let barometer = try SensorTagBarometerData(bytes: state.measure(.barometer, configuration: 1))
            let pressure = SensorTagPressure(data: barometer, calibration: SensorTagFirmwareState.barometerCalibration)
            #expect((1010...1017).contains(pressure.hectopascals))
            pressures.append(pressure.hectopascals)
            let field = try SensorTagMagneticField(bytes: state.measure(.magnetometer, configuration: 1))
            #expect(Self.near((field.x * field.x + field.y * field.y + field.z * field.z).squareRoot(), 47.6, within: 2))
            let rotation = try SensorTagAngularVelocity(bytes: state.measure(.gyroscope, configuration: 7))
            #expect(abs(rotation.x) < 5 && abs(rotation.y) < 5 && abs(rotation.z) < 5)
        }
        #expect(Set(objects.map { ($0 * 10).rounded() }).count > 5, "the mug warms and cools")
        #expect((pitches.max() ?? 0) - (pitches.min() ?? 0) > 0.1, "the tag tilts")
        #expect(Set(pressures.map { ($0 * 100).rounded() }).count > 5)
    }

    @Test func aSensorMeasuresEveryPeriodOnceOn() {
        var state = SensorTagFirmwareState(seed: 2)
        #expect(state.advance(to: .seconds(2)).filter { $0.uuid != SensorTagSensor.keys.data }.isEmpty, "everything starts off")
        state.setPeriod(.accelerometer, 25)
        state.configure(.accelerometer, 1)
        var count = 0
        for tick in 1...40 { count += state.advance(to: .seconds(2) + .milliseconds(50 * tick)).filter { $0.uuid == SensorTagSensor.accelerometer.data }.count }
        #expect(count == 8, "every 250 ms for 2 s")
        state.configure(.accelerometer, 0)
        #expect(state.advance(to: .seconds(10)).filter { $0.uuid == SensorTagSensor.accelerometer.data }.isEmpty)
        state.configure(.gyroscope, 0x01)
        _ = state.advance(to: .seconds(12))
        let rotation = try? SensorTagAngularVelocity(bytes: state.sensors[.gyroscope]?.data ?? [])
        #expect(rotation?.axes.rawY == 0 && rotation?.axes.rawZ == 0, "only X was switched on")
    }

    /// Firmware 1.5 measures in the range its configuration chose (clamped to it); one before
    /// 1.5 at ±2 g.
    @Test func theFirmwareMeasuresInTheChosenRange() throws {
        for (version, configuration, range) in [
            (SensorTagFirmwareVersion(major: 1, minor: 5), UInt8(0x01), SensorTagAccelerometerRange.eightG),
            (SensorTagFirmwareVersion(major: 1, minor: 5), 0x02, .fourG), (SensorTagFirmwareVersion(major: 1, minor: 5), 0x03, .twoG),
            (SensorTagFirmwareVersion(major: 1, minor: 4), 0x01, .twoG),
        ] {
            var state = SensorTagFirmwareState(seed: 6, version: version)
            _ = state.advance(to: .seconds(7))
            let g = try SensorTagAcceleration(bytes: state.measure(.accelerometer, configuration: configuration), range: range)
            #expect(Self.near(Double(g.rawZ), range.stepsPerG, within: range.stepsPerG * 0.05), "\(version) \(configuration): \(g)")
            #expect(Self.near((g.x * g.x + g.y * g.y + g.z * g.z).squareRoot(), 1, within: 0.1))
        }
    }

    @Test func theCalibrationIsReadOnRequest() {
        var state = SensorTagFirmwareState(seed: 3)
        #expect(state.calibration == Array(repeating: 0, count: 16))
        state.configure(.barometer, 0x02)
        #expect(state.calibration == SensorTagFirmwareState.barometerCalibration.encoded())
        #expect(state.acceptsConfiguration(0x02, for: .barometer))
        #expect(!state.acceptsConfiguration(0x02, for: .humidity))
        #expect(state.acceptsConfiguration(0x07, for: .gyroscope))
        #expect(!SensorTagFirmwareState.acceptsPeriod(29, for: .irTemperature))
        #expect(SensorTagFirmwareState.acceptsPeriod(10, for: .magnetometer))
    }

    @Test func theSimulatedUserPressesTheButtons() {
        #expect(SensorTagFirmwareState.simulatedKeys(at: 10.5) == .right)
        #expect(SensorTagFirmwareState.simulatedKeys(at: 12) == [])
        #expect(SensorTagFirmwareState.simulatedKeys(at: 40.2) == [.right, .left])
        var state = SensorTagFirmwareState(seed: 4)
        #expect(state.hold(.left).map(\.value) == [[0x02]])
        #expect(state.advance(to: .seconds(10.5)).isEmpty, "held keys override the user")
        #expect(state.hold(nil).map(\.value) == [[0x01]])
    }

    // MARK: Over the virtual radio

    @Test func measureEverySensorOnce() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            let information = try await tag.deviceInformation()
            #expect(information.contains { $0.name == "Manufacturer Name String" && $0.value == "Texas Instruments" })
            let readings = try await bench.whileTimePasses { try await tag.measure(SensorTagSensor.allCases) }
            #expect(readings.map(\.sensor) == SensorTagSensor.allCases.filter { $0 != .keys })
            for reading in readings {
                // What arrived is what the converter makes of the raw bytes.
                let decoded = try SensorTagReading(
                    reading.sensor, bytes: reading.raw, calibration: SensorTagFirmwareState.barometerCalibration, accelerometerRange: .eightG
                )
                #expect(decoded == reading)
                switch reading {
                case .irTemperature(let value): #expect((30...42).contains(value.object ?? 0) && (20...27).contains(value.ambient))
                case .acceleration(let value): #expect(value.range == .eightG && Self.near(value.z, 1, within: 0.1), "firmware 1.5, configuration 01")
                case .humidity(let value): #expect((40...50).contains(value.relativeHumidity))
                case .pressure(let value): #expect((1010...1017).contains(value.hectopascals))
                case .magneticField(let value): #expect(Self.near(value.z, -42, within: 6))
                case .angularVelocity(let value): #expect(abs(value.x) < 5)
                case .keys: Issue.record("the keys are not measured")
                }
            }
            #expect(await bench.device.configuration().values.allSatisfy { $0.configuration == 0 }, "switched off again")
        }
    }

    @Test func liveReadingsAndKeys() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            let received = try await bench.whileTimePasses { () async throws -> [SensorTagReading] in
                var readings = try await tag.readings([.accelerometer, .keys], period: .milliseconds(100)).makeAsyncIterator()
                var collected: [SensorTagReading] = []
                while collected.filter({ $0.sensor == .accelerometer }).count < 10 || !collected.contains(where: { $0.keysDown != nil }),
                    let reading = try await readings.next()
                {
                    collected.append(reading)
                    if collected.count == 3 { await bench.device.hold([.left, .right]) }
                }
                return collected
            }
            #expect(received.filter { $0.sensor == .accelerometer }.count >= 10)
            #expect(received.contains { $0.keysDown == [.left, .right] })
            #expect(try await tag.period(.accelerometer) == .milliseconds(100))
        }
    }

    /// Each firmware over the radio: the profile reads the Firmware Revision String, and decodes
    /// the accelerometer in the range its `01` chose (±8 g on 1.5, ±2 g before).
    static let firmwares: [(revision: String, version: SensorTagFirmwareVersion, range: SensorTagAccelerometerRange)] = [
        (VirtualSensorTag.firmwareRevision, SensorTagFirmwareVersion(major: 1, minor: 5), .eightG),
        (VirtualSensorTag.earlierFirmwareRevision, SensorTagFirmwareVersion(major: 1, minor: 4), .twoG),
    ]

    @Test(arguments: firmwares)
    func theProfileDecodesTheAccelerometerInTheFirmwaresRange(revision: String, version: SensorTagFirmwareVersion, range: SensorTagAccelerometerRange) async throws {
        try await Bench(firmwareRevision: revision).closing { bench in
            let tag = try await bench.connect()
            #expect(try await tag.deviceInformation().contains { $0.name == "Firmware Revision String" && $0.value == revision })
            #expect(try await tag.firmwareVersion() == version)
            #expect(try await tag.accelerometerRange() == range)
            let measured = try await bench.whileTimePasses { try await tag.measure([.accelerometer]) }
            guard case .acceleration(let g) = try #require(measured.first) else {
                Issue.record("no acceleration: \(measured)")
                return
            }
            #expect(g.range == range)
            #expect(Self.near(Double(g.rawZ), range.stepsPerG, within: range.stepsPerG * 0.05), "lying flat: \(g)")
            #expect(Self.near(g.z, 1, within: 0.1))

            // Live, too.
            let live = try await bench.whileTimePasses { () async throws -> [SensorTagReading] in
                var readings = try await tag.readings([.accelerometer], period: .milliseconds(100)).makeAsyncIterator()
                var collected: [SensorTagReading] = []
                while collected.count < 3, let reading = try await readings.next() { collected.append(reading) }
                return collected
            }
            for reading in live {
                guard case .acceleration(let g) = reading else { continue }
                #expect(g.range == range && Self.near(g.z, 1, within: 0.1), "\(g)")
            }
        }
    }

    /// Firmware 1.5 takes `01`, `02` and `03` (±8, ±4, ±2 g) and measures in that range; a read
    /// through the profile decodes by the configuration it finds. Firmware before 1.5 refuses
    /// all but `00` and `01`.
    @Test func theRangeIsChosenByTheConfigurationOnFirmware15() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            let uuid = try #require(SensorTagSensor.accelerometer.configuration)
            let configuration = try #require(tag.peripheral.service(SensorTagUUID.accelerometerService)?.characteristic(uuid))
            let refused = await #expect(throws: BLEError.self) { try await configuration.write([4], type: .withResponse) }
            #expect(refused?.attErrorCode == .outOfRange)
            for (value, range) in [(UInt8(0x02), SensorTagAccelerometerRange.fourG), (0x03, .twoG), (0x01, .eightG)] {
                try await configuration.write([value], type: .withResponse)
                #expect(try await configuration.read() == [value])
                // Until a measurement in the new range arrives (1 g lying flat is stepsPerG).
                let reading = try await bench.whileTimePasses { () async throws -> SensorTagAcceleration in
                    while true {
                        if case .acceleration(let g) = try await tag.read(.accelerometer), Self.near(Double(g.rawZ), range.stepsPerG, within: range.stepsPerG * 0.1) {
                            return g
                        }
                        try await Task.sleep(for: .milliseconds(20))
                    }
                }
                #expect(reading.range == range, "\(value)")
                #expect(Self.near(reading.z, 1, within: 0.1))
            }
            try await tag.disable(.accelerometer)
            #expect(try await !tag.isEnabled(.accelerometer))
        }
        try await Bench(firmwareRevision: VirtualSensorTag.earlierFirmwareRevision).closing { bench in
            let tag = try await bench.connect()
            let uuid = try #require(SensorTagSensor.accelerometer.configuration)
            let configuration = try #require(tag.peripheral.service(SensorTagUUID.accelerometerService)?.characteristic(uuid))
            for value: UInt8 in [2, 3] {
                let refused = await #expect(throws: BLEError.self) { try await configuration.write([value], type: .withResponse) }
                #expect(refused?.attErrorCode == .outOfRange, "\(value)")
            }
            try await configuration.write([1], type: .withResponse)
            #expect(try await tag.isEnabled(.accelerometer))
        }
    }

    /// A tag whose Firmware Revision String is not a version counts as one before 1.5.
    @Test func aTagWithoutAVersionIsTakenForOneBefore15() async throws {
        try await Bench(firmwareRevision: "Nightlight").closing { bench in
            let tag = try await bench.connect()
            #expect(try await tag.firmwareVersion() == nil)
            #expect(try await tag.accelerometerRange() == .twoG)
            let uuid = try #require(SensorTagSensor.accelerometer.configuration)
            let configuration = try #require(tag.peripheral.service(SensorTagUUID.accelerometerService)?.characteristic(uuid))
            let refused = await #expect(throws: BLEError.self) { try await configuration.write([2], type: .withResponse) }
            #expect(refused?.attErrorCode == .outOfRange, "the virtual tag behaves the same")
        }
    }

    @Test func periodsAndConfigurationsOutOfRangeAreRefused() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            try await tag.setPeriod(.humidity, .milliseconds(250))
            #expect(try await tag.period(.humidity) == .milliseconds(250))
            let tooShort = await #expect(throws: ProfileError.self) { try await tag.setPeriod(.irTemperature, .milliseconds(100)) }
            #expect(tooShort?.code == .invalidValue)
            let tooLong = await #expect(throws: ProfileError.self) { try await tag.setPeriod(.humidity, .seconds(3)) }
            #expect(tooLong?.code == .invalidValue)
            // Past the profile's checks, the tag refuses too.
            let periodUUID = try #require(SensorTagSensor.irTemperature.period)
            let period = try #require(tag.peripheral.service(SensorTagUUID.irTemperatureService)?.characteristic(periodUUID))
            let refused = await #expect(throws: BLEError.self) { try await period.write([10], type: .withResponse) }
            #expect(refused?.attErrorCode == .outOfRange)
            let configurationUUID = try #require(SensorTagSensor.humidity.configuration)
            let configuration = try #require(tag.peripheral.service(SensorTagUUID.humidityService)?.characteristic(configurationUUID))
            let unknown = await #expect(throws: BLEError.self) { try await configuration.write([5], type: .withResponse) }
            #expect(unknown?.attErrorCode == .outOfRange)
            let long = await #expect(throws: BLEError.self) { try await configuration.write([1, 0], type: .withResponse) }
            #expect(long?.attErrorCode == .invalidAttributeValueLength)
            #expect(try await !tag.isEnabled(.humidity))
        }
    }

    @Test func theBarometerIsCalibratedOnRequest() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            let raw = try #require(tag.peripheral.service(SensorTagUUID.barometerService)?.characteristic(SensorTagUUID.barometerCalibration))
            #expect(try await raw.read() == Array(repeating: 0, count: 16), "zeros until 02 is written")
            #expect(try await tag.barometerCalibration() == SensorTagFirmwareState.barometerCalibration)
            #expect(try await raw.read() == SensorTagFirmwareState.barometerCalibration.encoded())
        }
    }

    @Test func aDisconnectionSwitchesTheSensorsOff() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            try await tag.enable(.accelerometer, period: .milliseconds(500))
            #expect(try await tag.isEnabled(.accelerometer))
            try await tag.peripheral.disconnect()
            // The tag learns of the disconnection on its side of the link, a moment later.
            #expect(try await eventually { await bench.device.configuration()[.accelerometer]?.configuration == 0 })
            try await tag.connect()
            #expect(try await !tag.isEnabled(.accelerometer))
            #expect(try await tag.period(.accelerometer) == .seconds(1))
        }
    }

    @Test func aTagThatDisconnectsMidMeasurementIsAClearError() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            // The tag's clock stands still: the measurement waits until the link goes.
            let measuring = Task { try await tag.measure([.humidity]) }
            #expect(try await eventually { await bench.device.configuration()[.humidity]?.configuration == 1 })
            try await bench.loseLink()
            let error = await #expect(throws: ProfileError.self) { try await measuring.value }
            #expect(error?.code == .disconnected)
        }
    }

    /// A sensor that stays silent fails the measurement with `timedOut`, and every sensor it
    /// switched on is switched off again (they were left on, draining a real tag's battery).
    @Test func aSilentSensorTimesOutAndTheSensorsAreSwitchedOffAgain() async throws {
        try await Bench().closing { bench in
            let discovery = try await bench.discovery { $0.name == VirtualSensorTag.advertisedName }
            let limits = ManualClock()
            let tag = SensorTag(discovery.peripheral, clock: limits)
            try await tag.connect()
            // The tag's clock stands still: no sensor measures.
            let measuring = Task { try await tag.measure([.humidity, .accelerometer], timeout: .seconds(2)) }
            #expect(await limits.waitForSleepers(count: 1))
            #expect(await bench.device.configuration()[.humidity]?.configuration == 1)
            limits.advance(by: .seconds(2))
            let error = await #expect(throws: ProfileError.self) { try await measuring.value }
            #expect(error?.code == .timedOut)
            let configuration = await bench.device.configuration()
            #expect(configuration[.humidity]?.configuration == 0)
            #expect(configuration[.accelerometer]?.configuration == 0)
        }
    }

    /// Following no sensor at all is refused at once: the stream would never end.
    @Test func followingNoSensorIsRefused() async throws {
        try await Bench().closing { bench in
            let tag = try await bench.connect()
            let error = await #expect(throws: ProfileError.self) { _ = try await tag.readings([]) }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func aDeviceWithoutTheServicesIsNotASensorTag() async throws {
        try await expectWrongDevice({ SensorTag($0) }, recognizes: SensorTag.isSensorTag)
    }
}

extension ProfileWorld where Device == VirtualSensorTag {
    /// A tag 3 m away running `firmwareRevision` (1.5 unless told), its firmware on ``clock``.
    init(firmwareRevision: String = VirtualSensorTag.firmwareRevision) async throws {
        let clock = ManualClock()
        try await self.init(try VirtualSensorTag(index: 0, firmwareRevision: firmwareRevision, firmwareClock: clock), distance: 3, clock: clock)
    }

    /// Finds the tag by its advertisement and connects; the profile's own time limits run on a
    /// clock that never moves.
    func connect() async throws -> SensorTag {
        let discovery = try await discovery { $0.name == VirtualSensorTag.advertisedName }
        #expect(SensorTag.isSensorTag(discovery.advertisement))
        let tag = SensorTag(discovery.peripheral, clock: ManualClock())
        try await tag.connect()
        return tag
    }

    /// Runs `body` while the tag's clock moves on in 50 ms steps (each once the firmware
    /// sleeps again), and returns its result.
    func whileTimePasses<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let done = Mutex(false)
        let work = Task {
            defer { done.withLock { $0 = true } }
            return try await body()
        }
        while !done.withLock({ $0 }) {
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .milliseconds(50))
            // Pace the tag's time (about ten times real time) so its notifications do not
            // pile up on the radio.
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await work.value
    }
}
