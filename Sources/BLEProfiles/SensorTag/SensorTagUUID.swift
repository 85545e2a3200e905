import BLECore

/// The GATT layout of the TI SensorTag (CC2541), as TI's SensorTag User Guide gives it.
///
/// Each sensor is a service `F000AAx0-0451-4000-B000-000000000000` with a data characteristic
/// (`AAx1`, read and notify), a configuration (`AAx2`, one byte: `00` off, `01` on) and a period
/// (`AAx3`, one byte in 10 ms units); the barometer also has its calibration (`AA43`, 16 bytes)
/// and its period at `AA44`. The simple keys are the 16-bit service `FFE0` with `FFE1` (notify).
public enum SensorTagUUID {
    /// `F000xxxx-0451-4000-B000-000000000000` with `short` in place of `xxxx`: TI's base.
    public static func ti(_ short: UInt16) -> BluetoothUUID {
        BluetoothUUID(high: 0xF000_0000_0451_4000 | UInt64(short) << 32, low: 0xB000_0000_0000_0000)
    }

    /// IR Temperature (TMP006) service, `AA00`.
    public static let irTemperatureService = ti(0xAA00)
    /// Accelerometer (KXTJ9) service, `AA10`.
    public static let accelerometerService = ti(0xAA10)
    /// Humidity (SHT21) service, `AA20`.
    public static let humidityService = ti(0xAA20)
    /// Magnetometer (MAG3110) service, `AA30`.
    public static let magnetometerService = ti(0xAA30)
    /// Barometer (T5400) service, `AA40`.
    public static let barometerService = ti(0xAA40)
    /// Barometer calibration, `AA43`: c1…c8, 16 bytes.
    public static let barometerCalibration = ti(0xAA43)
    /// Gyroscope (IMU-3000) service, `AA50`.
    public static let gyroscopeService = ti(0xAA50)
    /// Simple Keys service, `FFE0`.
    public static let simpleKeysService = BluetoothUUID(0xFFE0)
    /// Simple Keys data, `FFE1`: one byte of ``SensorTagKeys``.
    public static let simpleKeysData = BluetoothUUID(0xFFE1)
    /// Device Information.
    public static let deviceInformation = BluetoothUUID(0x180A)
}

/// One of the SensorTag's sensors: where it lives in the database, how it is switched on, and its
/// period's limits.
public enum SensorTagSensor: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Contactless IR temperature (TI TMP006): object and ambient temperature.
    case irTemperature = "ir-temperature"
    /// Acceleration (Kionix KXTJ9): ±2 g before firmware 1.5; on 1.5 the configuration chooses
    /// ±8, ±4 or ±2 g (``SensorTagFirmwareVersion``).
    case accelerometer
    /// Relative humidity and temperature (Sensirion SHT21).
    case humidity
    /// Magnetic field (Freescale MAG3110), ±1000 µT.
    case magnetometer
    /// Air pressure and temperature (Epcos T5400), with calibration coefficients.
    case barometer
    /// Angular velocity (InvenSense IMU-3000), ±250 °/s.
    case gyroscope
    /// The two buttons (and the side key in test mode).
    case keys

    /// `IR temperature`, `accelerometer`, ….
    public var description: String {
        switch self {
        case .irTemperature: "IR temperature"
        case .keys: "simple keys"
        default: rawValue
        }
    }

    /// The sensor's service.
    public var service: BluetoothUUID {
        switch self {
        case .irTemperature: SensorTagUUID.irTemperatureService
        case .accelerometer: SensorTagUUID.accelerometerService
        case .humidity: SensorTagUUID.humidityService
        case .magnetometer: SensorTagUUID.magnetometerService
        case .barometer: SensorTagUUID.barometerService
        case .gyroscope: SensorTagUUID.gyroscopeService
        case .keys: SensorTagUUID.simpleKeysService
        }
    }

    /// The 16-bit part of the service UUID (`AA00`…`AA50`, `FFE0`).
    var base: UInt16 {
        switch self {
        case .irTemperature: 0xAA00
        case .accelerometer: 0xAA10
        case .humidity: 0xAA20
        case .magnetometer: 0xAA30
        case .barometer: 0xAA40
        case .gyroscope: 0xAA50
        case .keys: 0xFFE0
        }
    }

    /// The data characteristic (`AAx1`, `FFE1`).
    public var data: BluetoothUUID {
        self == .keys ? SensorTagUUID.simpleKeysData : SensorTagUUID.ti(base + 1)
    }

    /// The configuration characteristic (`AAx2`); nil for the keys, which are always on.
    public var configuration: BluetoothUUID? {
        self == .keys ? nil : SensorTagUUID.ti(base + 2)
    }

    /// The period characteristic (`AAx3`, the barometer's `AA44`); nil for the keys.
    public var period: BluetoothUUID? {
        switch self {
        case .keys: nil
        case .barometer: SensorTagUUID.ti(0xAA44)
        default: SensorTagUUID.ti(base + 3)
        }
    }

    /// The configuration value that switches the sensor on: `01`, or `07` (all three axes) for the
    /// gyroscope.
    public var enableValue: UInt8 {
        self == .gyroscope ? 0x07 : 0x01
    }

    /// The length of the data value.
    public var dataLength: Int {
        switch self {
        case .irTemperature, .humidity, .barometer: 4
        case .accelerometer: 3
        case .magnetometer, .gyroscope: 6
        case .keys: 1
        }
    }

    /// The shortest period: 300 ms for the IR temperature sensor, 100 ms for the others.
    public var minimumPeriod: Duration {
        self == .irTemperature ? .milliseconds(300) : .milliseconds(100)
    }

    /// The period after power-up: 1 s (2 s for the magnetometer).
    public var defaultPeriod: Duration {
        self == .magnetometer ? .seconds(2) : .seconds(1)
    }

    /// The longest period: 2.55 s (`FF`).
    public static let maximumPeriod = Duration.milliseconds(2550)

    /// The sensor a name stands for: its raw value, its description, or a short alias (`ir`,
    /// `temperature`, `accel`, `magnet`, `pressure`, `gyro`, `buttons`); nil for anything else.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        if let sensor = SensorTagSensor(rawValue: key) {
            self = sensor
            return
        }
        switch key {
        case "ir", "temperature", "irtemperature", "tmp006": self = .irTemperature
        case "accel", "acceleration", "kxtj9": self = .accelerometer
        case "rh", "sht21": self = .humidity
        case "magnet", "mag", "compass", "mag3110": self = .magnetometer
        case "pressure", "baro", "t5400": self = .barometer
        case "gyro", "imu-3000", "imu3000": self = .gyroscope
        case "buttons", "simple-keys", "key": self = .keys
        default: return nil
        }
    }
}
