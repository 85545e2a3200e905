import BLECore
import Foundation

/// One physical quantity of a reading: `object temperature 31.25 °C`.
public struct SensorTagQuantity: Sendable, Hashable, Codable {
    /// What it is, e.g. `object temperature`, `x`.
    public var name: String
    /// Its value in ``unit``.
    public var value: Double
    /// `°C`, `g`, `%RH`, `µT`, `hPa`, `°/s`, or empty.
    public var unit: String

    /// Creates a quantity.
    public init(_ name: String, _ value: Double, _ unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}

/// The IR temperature data (`AA01`): the TMP006's object voltage and die (ambient) temperature,
/// each `int16` LE.
///
/// - Die temperature: raw / 128 °C, the TMP006's register format (the same as the TMP007's,
///   TMP007 datasheet SBOS685C, table 3: `0C80` is 25 °C, `3E80` 125 °C, `FFFC` −0.03125 °C).
/// - Object voltage: raw × 156.25 nV (TI E2E thread 446815: `FEAF`, −337, is −52.656 µV).
/// - Object temperature: the TMP006 equations as TI's own SensorTag firmware computes them
///   (BLE stack 1.3, `CC2541ST`, hal_irtemp.c) and the SensorTag User Guide's code gives them,
///   with S0 = 6.4·10⁻¹⁴, a1 = 1.75·10⁻³, a2 = −1.678·10⁻⁵, b0 = −2.94·10⁻⁵, b1 = −5.7·10⁻⁷,
///   b2 = 4.63·10⁻⁹, c2 = 13.4, Tref = 298.15 K. The seed's Deanna app (YmsCoreBluetooth,
///   `DEATemperatureService.m`) uses the same S0; TI's later Android app and node-sensortag use
///   5.593·10⁻¹⁴, which reads warmer (`d300 800c`: 35.01 °C instead of 33.80 °C).
public struct SensorTagIRTemperature: Sendable, Hashable {
    /// The thermopile voltage, in 156.25 nV steps.
    public var rawObject: Int16
    /// The die temperature, in 1/128 °C.
    public var rawAmbient: Int16

    /// Creates a reading from its raw values.
    public init(rawObject: Int16, rawAmbient: Int16) {
        self.rawObject = rawObject
        self.rawAmbient = rawAmbient
    }

    /// Decodes the 4-byte value (`ObjLSB ObjMSB AmbLSB AmbMSB`).
    public init(bytes: [UInt8]) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, .irTemperature)
        self.init(rawObject: reader.readInt16() ?? 0, rawAmbient: reader.readInt16() ?? 0)
    }

    /// The 4-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 4)
        writer.writeInt16(rawObject)
        writer.writeInt16(rawAmbient)
        return writer.bytes
    }

    /// The calibration factor S0 of TI's firmware and User Guide (not node-sensortag's 5.593·10⁻¹⁴).
    static let s0 = 6.4e-14
    static let a1 = 1.75e-3
    static let a2 = -1.678e-5
    static let b0 = -2.94e-5
    static let b1 = -5.7e-7
    static let b2 = 4.63e-9
    static let c2 = 13.4
    static let tref = 298.15
    /// Volts per step of the object voltage.
    static let voltsPerStep = 156.25e-9

    /// The ambient (die) temperature in °C.
    public var ambient: Double { Double(rawAmbient) / 128 }

    /// The thermopile voltage in volts.
    public var objectVoltage: Double { Double(rawObject) * Self.voltsPerStep }

    /// The object temperature in °C; nil for a voltage the equations cannot explain (one that
    /// would put the object below absolute zero).
    public var object: Double? {
        Self.objectTemperature(voltage: objectVoltage, ambient: ambient)
    }

    /// The TMP006's object temperature (°C) for a thermopile `voltage` (V) at die temperature
    /// `ambient` (°C); nil when the equations give no real temperature.
    public static func objectTemperature(voltage: Double, ambient: Double) -> Double? {
        let tdie = ambient + 273.15
        let (s, vos) = sensitivityAndOffset(tdie)
        let f = (voltage - vos) + c2 * (voltage - vos) * (voltage - vos)
        let fourth = pow(tdie, 4) + f / s
        guard fourth.isFinite, fourth >= 0 else { return nil }
        return pow(fourth, 0.25) - 273.15
    }

    private static func sensitivityAndOffset(_ tdie: Double) -> (Double, Double) {
        let d = tdie - tref
        return (s0 * (1 + a1 * d + a2 * d * d), b0 + b1 * d + b2 * d * d)
    }

    /// The raw values a TMP006 reports for an object at `object` °C seen from a die at `ambient`
    /// °C (the inverse of the conversion, for virtual tags), rounded to the sensor's steps.
    public init(object: Double, ambient: Double) {
        let tdie = ambient + 273.15
        let (s, vos) = Self.sensitivityAndOffset(tdie)
        let f = s * (pow(object + 273.15, 4) - pow(tdie, 4))
        let x = (-1 + (1 + 4 * Self.c2 * f).squareRoot()) / (2 * Self.c2)
        // The die temperature register has a resolution of 1/32 °C (its two low bits are 0).
        let ambientSteps = Int16(clamping: min(max(SensorTagCodec.steps(ambient * 32), -8192), 8191)) << 2
        self.init(rawObject: Int16(clamping: SensorTagCodec.steps((x + vos) / Self.voltsPerStep)), rawAmbient: ambientSteps)
    }

    /// Object (when there is one) and ambient temperature.
    public var quantities: [SensorTagQuantity] {
        (object.map { [SensorTagQuantity("object", $0, "°C")] } ?? []) + [SensorTagQuantity("ambient", ambient, "°C")]
    }
}

/// The range of the SensorTag's accelerometer (Kionix KXTJ9, 8-bit samples): ±2, ±4 or ±8 g,
/// 64, 32 or 16 steps per g. Which one a configuration byte sets depends on the firmware
/// (``SensorTagFirmwareVersion/accelerometerRange(configuration:)``).
public enum SensorTagAccelerometerRange: Int, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// ±2 g, 64 steps per g: firmware before 1.5 (configuration `01`), and 1.5 with `03`.
    case twoG = 2
    /// ±4 g, 32 steps per g: firmware 1.5 with configuration `02`.
    case fourG = 4
    /// ±8 g, 16 steps per g: firmware 1.5 with configuration `01`.
    case eightG = 8

    /// The range in g: 2, 4 or 8.
    public var gravities: Double { Double(rawValue) }

    /// Raw steps per g: 128 / the range in g.
    public var stepsPerG: Double { 128 / gravities }

    /// `±2 g`.
    public var description: String { "±\(rawValue) g" }
}

/// The accelerometer data (`AA11`): X, Y, Z as `int8`; g = raw / ``SensorTagAccelerometerRange/stepsPerG``
/// of the range it was measured in (raw / 64 at ±2 g, as the SensorTag User Guide and the seed's
/// Deanna app have it for firmware before 1.5).
public struct SensorTagAcceleration: Sendable, Hashable {
    /// The raw axes.
    public var rawX: Int8, rawY: Int8, rawZ: Int8
    /// The range the axes were measured in.
    public var range: SensorTagAccelerometerRange

    /// Creates a reading from its raw values, measured in `range`.
    public init(rawX: Int8, rawY: Int8, rawZ: Int8, range: SensorTagAccelerometerRange = .twoG) {
        self.rawX = rawX
        self.rawY = rawY
        self.rawZ = rawZ
        self.range = range
    }

    /// Decodes the 3-byte value, measured in `range`.
    public init(bytes: [UInt8], range: SensorTagAccelerometerRange = .twoG) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, .accelerometer)
        self.init(rawX: reader.readInt8() ?? 0, rawY: reader.readInt8() ?? 0, rawZ: reader.readInt8() ?? 0, range: range)
    }

    /// The raw values for an acceleration in g (for virtual tags), clamped to `range`.
    public init(x: Double, y: Double, z: Double, range: SensorTagAccelerometerRange = .twoG) {
        func raw(_ g: Double) -> Int8 { Int8(clamping: SensorTagCodec.steps(g * range.stepsPerG)) }
        self.init(rawX: raw(x), rawY: raw(y), rawZ: raw(z), range: range)
    }

    /// The 3-byte value.
    public func encoded() -> [UInt8] {
        [UInt8(bitPattern: rawX), UInt8(bitPattern: rawY), UInt8(bitPattern: rawZ)]
    }

    /// X in g.
    public var x: Double { Double(rawX) / range.stepsPerG }
    /// Y in g.
    public var y: Double { Double(rawY) / range.stepsPerG }
    /// Z in g.
    public var z: Double { Double(rawZ) / range.stepsPerG }

    /// X, Y and Z.
    public var quantities: [SensorTagQuantity] {
        [SensorTagQuantity("x", x, "g"), SensorTagQuantity("y", y, "g"), SensorTagQuantity("z", z, "g")]
    }
}

/// The humidity data (`AA21`): the SHT21's temperature and humidity, each `uint16` LE.
///
/// SensorTag User Guide, Humidity Sensor, after the SHT21 datasheet, §6:
/// T = −46.85 + 175.72 × raw / 2¹⁶ °C; RH = −6 + 125 × (raw with its two status bits cleared) / 2¹⁶ %
/// (the datasheet's example: S_RH = `6350` is 42.49 %RH).
public struct SensorTagHumidity: Sendable, Hashable {
    /// The raw temperature.
    public var rawTemperature: UInt16
    /// The raw humidity (its two low bits are status bits).
    public var rawHumidity: UInt16

    /// Creates a reading from its raw values.
    public init(rawTemperature: UInt16, rawHumidity: UInt16) {
        self.rawTemperature = rawTemperature
        self.rawHumidity = rawHumidity
    }

    /// Decodes the 4-byte value (`TempLSB TempMSB HumLSB HumMSB`).
    public init(bytes: [UInt8]) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, .humidity)
        self.init(rawTemperature: reader.readUInt16() ?? 0, rawHumidity: reader.readUInt16() ?? 0)
    }

    /// The raw values for `temperature` °C and `relativeHumidity` % (for virtual tags); the
    /// humidity's status bits say "humidity measurement" (`10`).
    public init(temperature: Double, relativeHumidity: Double) {
        let t = SensorTagCodec.steps((temperature + 46.85) * 65536 / 175.72)
        let h = SensorTagCodec.steps((relativeHumidity + 6) * 65536 / 125)
        self.init(rawTemperature: UInt16(clamping: t) & ~0x0003, rawHumidity: (UInt16(clamping: h) & ~0x0003) | 0x0002)
    }

    /// The 4-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 4)
        writer.writeUInt16(rawTemperature)
        writer.writeUInt16(rawHumidity)
        return writer.bytes
    }

    /// The temperature in °C.
    public var temperature: Double { -46.85 + 175.72 / 65536 * Double(rawTemperature) }
    /// The relative humidity in %.
    public var relativeHumidity: Double { -6 + 125 / 65536 * Double(rawHumidity & ~0x0003) }

    /// Humidity and temperature.
    public var quantities: [SensorTagQuantity] {
        [SensorTagQuantity("humidity", relativeHumidity, "%RH"), SensorTagQuantity("temperature", temperature, "°C")]
    }
}

/// Three `int16` LE axes, as the magnetometer (`AA31`) and the gyroscope (`AA51`) send them.
public struct SensorTagAxes: Sendable, Hashable {
    /// The raw axes.
    public var rawX: Int16, rawY: Int16, rawZ: Int16

    /// Creates a reading from its raw values.
    public init(rawX: Int16, rawY: Int16, rawZ: Int16) {
        self.rawX = rawX
        self.rawY = rawY
        self.rawZ = rawZ
    }

    init(bytes: [UInt8], _ sensor: SensorTagSensor) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, sensor)
        self.init(rawX: reader.readInt16() ?? 0, rawY: reader.readInt16() ?? 0, rawZ: reader.readInt16() ?? 0)
    }

    init(_ x: Double, _ y: Double, _ z: Double, stepsPerUnit: Double) {
        func raw(_ value: Double) -> Int16 { Int16(clamping: SensorTagCodec.steps(value * stepsPerUnit)) }
        self.init(rawX: raw(x), rawY: raw(y), rawZ: raw(z))
    }

    /// The 6-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 6)
        writer.writeInt16(rawX)
        writer.writeInt16(rawY)
        writer.writeInt16(rawZ)
        return writer.bytes
    }
}

/// A reading of three `int16` LE axes scaled to a unit: what ``SensorTagMagneticField`` and
/// ``SensorTagAngularVelocity`` share. A value of the unit is `raw / stepsPerUnit`.
public protocol SensorTagAxisReading: Sendable, Hashable {
    /// The sensor that sends the reading.
    static var sensor: SensorTagSensor { get }
    /// Raw steps per unit.
    static var stepsPerUnit: Double { get }
    /// The unit's symbol, e.g. `µT`.
    static var unit: String { get }
    /// The raw axes.
    var axes: SensorTagAxes { get }
    /// A reading of `axes`.
    init(axes: SensorTagAxes)
}

extension SensorTagAxisReading {
    /// Creates a reading from its raw axes.
    public init(rawX: Int16, rawY: Int16, rawZ: Int16) {
        self.init(axes: SensorTagAxes(rawX: rawX, rawY: rawY, rawZ: rawZ))
    }

    /// Decodes the 6-byte value.
    public init(bytes: [UInt8]) throws(ProfileError) {
        self.init(axes: try SensorTagAxes(bytes: bytes, Self.sensor))
    }

    /// The raw values for a reading in the unit (for virtual tags).
    public init(x: Double, y: Double, z: Double) {
        self.init(axes: SensorTagAxes(x, y, z, stepsPerUnit: Self.stepsPerUnit))
    }

    /// The 6-byte value.
    public func encoded() -> [UInt8] { axes.encoded() }

    /// X in the unit.
    public var x: Double { Double(axes.rawX) / Self.stepsPerUnit }
    /// Y in the unit.
    public var y: Double { Double(axes.rawY) / Self.stepsPerUnit }
    /// Z in the unit.
    public var z: Double { Double(axes.rawZ) / Self.stepsPerUnit }

    /// X, Y and Z.
    public var quantities: [SensorTagQuantity] {
        [SensorTagQuantity("x", x, Self.unit), SensorTagQuantity("y", y, Self.unit), SensorTagQuantity("z", z, Self.unit)]
    }
}

/// The magnetometer data (`AA31`): X, Y, Z `int16` LE; µT = raw × 2000 / 2¹⁶ (±1000 µT).
public struct SensorTagMagneticField: SensorTagAxisReading {
    /// The magnetometer.
    public static let sensor = SensorTagSensor.magnetometer
    /// Steps per µT.
    public static let stepsPerUnit = 65536.0 / 2000
    /// `µT`.
    public static let unit = "µT"

    /// The raw axes.
    public var axes: SensorTagAxes

    /// A reading of `axes`.
    public init(axes: SensorTagAxes) {
        self.axes = axes
    }
}

/// The gyroscope data (`AA51`): X, Y, Z `int16` LE; °/s = raw × 500 / 2¹⁶ (±250 °/s).
public struct SensorTagAngularVelocity: SensorTagAxisReading {
    /// The gyroscope.
    public static let sensor = SensorTagSensor.gyroscope
    /// Steps per °/s.
    public static let stepsPerUnit = 65536.0 / 500
    /// `°/s`.
    public static let unit = "°/s"

    /// The raw axes.
    public var axes: SensorTagAxes

    /// A reading of `axes`.
    public init(axes: SensorTagAxes) {
        self.axes = axes
    }
}

/// The barometer's calibration coefficients (`AA43`): c1…c4 `uint16`, c5…c8 `int16`, LE.
public struct SensorTagBarometerCalibration: Sendable, Hashable, Codable {
    /// c1…c4, unsigned.
    public var c1: UInt16, c2: UInt16, c3: UInt16, c4: UInt16
    /// c5…c8, signed.
    public var c5: Int16, c6: Int16, c7: Int16, c8: Int16

    /// Creates a calibration.
    public init(c1: UInt16, c2: UInt16, c3: UInt16, c4: UInt16, c5: Int16, c6: Int16, c7: Int16, c8: Int16) {
        (self.c1, self.c2, self.c3, self.c4) = (c1, c2, c3, c4)
        (self.c5, self.c6, self.c7, self.c8) = (c5, c6, c7, c8)
    }

    /// Decodes the 16-byte value; throws for another length, or for all zeros (the
    /// characteristic before the calibration was requested with configuration `02`).
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count == 16 else {
            throw ProfileError(.invalidValue, "the barometer calibration is 16 bytes (c1…c8), not \(bytes.count)")
        }
        guard bytes.contains(where: { $0 != 0 }) else {
            throw ProfileError(.invalidValue, "the barometer calibration is all zeros: write 02 to its configuration first")
        }
        var reader = ByteReader(bytes)
        self.init(
            c1: reader.readUInt16() ?? 0, c2: reader.readUInt16() ?? 0, c3: reader.readUInt16() ?? 0, c4: reader.readUInt16() ?? 0,
            c5: reader.readInt16() ?? 0, c6: reader.readInt16() ?? 0, c7: reader.readInt16() ?? 0, c8: reader.readInt16() ?? 0
        )
    }

    /// The 16-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 16)
        for value in [c1, c2, c3, c4] { writer.writeUInt16(value) }
        for value in [c5, c6, c7, c8] { writer.writeInt16(value) }
        return writer.bytes
    }

    /// The temperature in °C for a raw temperature: Ta = c1 × Tr / 2²⁴ + c2 / 2¹⁰.
    public func temperature(raw: Int16) -> Double {
        Double(c1) * Double(raw) / 16_777_216 + Double(c2) / 1024
    }

    /// The pressure in Pa for raw pressure and temperature:
    /// S = c3 + c4 × Tr / 2¹⁷ + c5 × Tr² / 2³⁴; O = c6 × 2¹⁴ + c7 × Tr / 2³ + c8 × Tr² / 2¹⁹;
    /// Pa = (S × Pr + O) / 2¹⁴.
    public func pressure(raw: UInt16, rawTemperature: Int16) -> Double {
        let (s, o) = sensitivityAndOffset(rawTemperature)
        return (s * Double(raw) + o) / 16384
    }

    private func sensitivityAndOffset(_ rawTemperature: Int16) -> (Double, Double) {
        let tr = Double(rawTemperature)
        let s = Double(c3) + Double(c4) * tr / 131_072 + Double(c5) * tr * tr / 17_179_869_184
        let o = Double(c6) * 16384 + Double(c7) * tr / 8 + Double(c8) * tr * tr / 524_288
        return (s, o)
    }

    /// The raw temperature for `celsius` (for virtual tags).
    public func rawTemperature(_ celsius: Double) -> Int16 {
        Int16(clamping: SensorTagCodec.steps((celsius - Double(c2) / 1024) * 16_777_216 / Double(c1)))
    }

    /// The raw pressure for `pascals` at raw temperature `rawTemperature` (for virtual tags).
    public func rawPressure(_ pascals: Double, rawTemperature: Int16) -> UInt16 {
        let (s, o) = sensitivityAndOffset(rawTemperature)
        return UInt16(clamping: SensorTagCodec.steps((pascals * 16384 - o) / s))
    }
}

/// The barometer data (`AA41`): raw temperature (`int16`) and pressure (`uint16`), LE; its
/// meaning needs the tag's ``SensorTagBarometerCalibration``.
public struct SensorTagBarometerData: Sendable, Hashable {
    /// The raw temperature Tr.
    public var rawTemperature: Int16
    /// The raw pressure Pr.
    public var rawPressure: UInt16

    /// Creates a reading from its raw values.
    public init(rawTemperature: Int16, rawPressure: UInt16) {
        self.rawTemperature = rawTemperature
        self.rawPressure = rawPressure
    }

    /// Decodes the 4-byte value (`TempLSB TempMSB PressLSB PressMSB`).
    public init(bytes: [UInt8]) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, .barometer)
        self.init(rawTemperature: reader.readInt16() ?? 0, rawPressure: reader.readUInt16() ?? 0)
    }

    /// The 4-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 4)
        writer.writeInt16(rawTemperature)
        writer.writeUInt16(rawPressure)
        return writer.bytes
    }
}

/// A barometer reading with the calibration that gives it meaning.
public struct SensorTagPressure: Sendable, Hashable {
    /// The raw data.
    public var data: SensorTagBarometerData
    /// The tag's calibration.
    public var calibration: SensorTagBarometerCalibration

    /// Pairs data with its calibration.
    public init(data: SensorTagBarometerData, calibration: SensorTagBarometerCalibration) {
        self.data = data
        self.calibration = calibration
    }

    /// The temperature in °C.
    public var temperature: Double { calibration.temperature(raw: data.rawTemperature) }
    /// The pressure in Pa.
    public var pascals: Double { calibration.pressure(raw: data.rawPressure, rawTemperature: data.rawTemperature) }
    /// The pressure in hPa.
    public var hectopascals: Double { pascals / 100 }

    /// Pressure and temperature.
    public var quantities: [SensorTagQuantity] {
        [SensorTagQuantity("pressure", hectopascals, "hPa"), SensorTagQuantity("temperature", temperature, "°C")]
    }
}

/// The simple keys (`FFE1`): which buttons are down.
public struct SensorTagKeys: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8
    /// Wraps the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: the right (user) button.
    public static let right = SensorTagKeys(rawValue: 0x01)
    /// Bit 1: the left (power) button.
    public static let left = SensorTagKeys(rawValue: 0x02)
    /// Bit 2: the side key (test mode only).
    public static let side = SensorTagKeys(rawValue: 0x04)

    /// Decodes the 1-byte value.
    public init(bytes: [UInt8]) throws(ProfileError) {
        var reader = try SensorTagCodec.reader(bytes, .keys)
        self.init(rawValue: reader.readUInt8() ?? 0)
    }

    /// `right + left`, or `none`.
    public var names: String {
        let names = [(Self.left, "left"), (Self.right, "right"), (Self.side, "side")].filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: " + ")
    }
}

/// A decoded reading of any sensor.
public enum SensorTagReading: Sendable, Hashable {
    /// IR temperature.
    case irTemperature(SensorTagIRTemperature)
    /// Acceleration.
    case acceleration(SensorTagAcceleration)
    /// Humidity.
    case humidity(SensorTagHumidity)
    /// Magnetic field.
    case magneticField(SensorTagMagneticField)
    /// Pressure (with the calibration used).
    case pressure(SensorTagPressure)
    /// Angular velocity.
    case angularVelocity(SensorTagAngularVelocity)
    /// Buttons.
    case keys(SensorTagKeys)

    /// The sensor it came from.
    public var sensor: SensorTagSensor {
        switch self {
        case .irTemperature: .irTemperature
        case .acceleration: .accelerometer
        case .humidity: .humidity
        case .magneticField: .magnetometer
        case .pressure: .barometer
        case .angularVelocity: .gyroscope
        case .keys: .keys
        }
    }

    /// The physical quantities (none for the keys; see ``keysDown``).
    public var quantities: [SensorTagQuantity] {
        switch self {
        case .irTemperature(let value): value.quantities
        case .acceleration(let value): value.quantities
        case .humidity(let value): value.quantities
        case .magneticField(let value): value.quantities
        case .pressure(let value): value.quantities
        case .angularVelocity(let value): value.quantities
        case .keys: []
        }
    }

    /// The buttons down, for a keys reading.
    public var keysDown: SensorTagKeys? {
        if case .keys(let keys) = self { return keys }
        return nil
    }

    /// The data characteristic's bytes.
    public var raw: [UInt8] {
        switch self {
        case .irTemperature(let value): value.encoded()
        case .acceleration(let value): value.encoded()
        case .humidity(let value): value.encoded()
        case .magneticField(let value): value.encoded()
        case .pressure(let value): value.data.encoded()
        case .angularVelocity(let value): value.encoded()
        case .keys(let value): [value.rawValue]
        }
    }

    /// `object 31.42 °C · ambient 23.81 °C`, `x 0.02 g · y -0.03 g · z 1.00 g`, `right pressed`.
    public var summary: String {
        if let keysDown { return keysDown.isEmpty ? "none pressed" : "\(keysDown.names) pressed" }
        return quantities.map { "\($0.name) \(SensorTagReading.format($0.value, unit: $0.unit)) \($0.unit)" }.joined(separator: " · ")
    }

    /// A value with the decimals its unit deserves.
    static func format(_ value: Double, unit: String) -> String {
        let digits = switch unit {
        case "g": 2
        case "hPa", "°C": 2
        default: 1
        }
        return String(format: "%.\(digits)f", value)
    }

    /// Decodes the data of `sensor` (the barometer needs `calibration`; the accelerometer's is
    /// measured in `accelerometerRange`, which depends on the firmware and the configuration).
    public init(
        _ sensor: SensorTagSensor, bytes: [UInt8], calibration: SensorTagBarometerCalibration? = nil,
        accelerometerRange: SensorTagAccelerometerRange = .twoG
    ) throws(ProfileError) {
        switch sensor {
        case .irTemperature: self = .irTemperature(try SensorTagIRTemperature(bytes: bytes))
        case .accelerometer: self = .acceleration(try SensorTagAcceleration(bytes: bytes, range: accelerometerRange))
        case .humidity: self = .humidity(try SensorTagHumidity(bytes: bytes))
        case .magnetometer: self = .magneticField(try SensorTagMagneticField(bytes: bytes))
        case .gyroscope: self = .angularVelocity(try SensorTagAngularVelocity(bytes: bytes))
        case .keys: self = .keys(try SensorTagKeys(bytes: bytes))
        case .barometer:
            guard let calibration else {
                throw ProfileError(.invalidValue, "a barometer reading needs the tag's calibration (read it with configuration 02 first)")
            }
            self = .pressure(SensorTagPressure(data: try SensorTagBarometerData(bytes: bytes), calibration: calibration))
        }
    }
}

/// Length checks and rounding shared by the codecs.
package enum SensorTagCodec {
    /// `value` rounded to a whole number of steps, clamped to ±2³¹ (0 for NaN), so no input traps.
    package static func steps(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value.rounded(), -2_147_483_648), 2_147_483_647))
    }

    /// A reader over `bytes`, which must be `sensor`'s data length.
    package static func reader(_ bytes: [UInt8], _ sensor: SensorTagSensor) throws(ProfileError) -> ByteReader {
        guard bytes.count == sensor.dataLength else {
            throw ProfileError(.invalidValue, "\(sensor) data is \(sensor.dataLength) byte\(sensor.dataLength == 1 ? "" : "s"), not \(bytes.count)")
        }
        return ByteReader(bytes)
    }
}
