/// The version of a SensorTag's firmware, as its Firmware Revision String (`2A26`) begins: real
/// tags answer e.g. `1.5  (Jun 12 2013)`, which is 1.5.
///
/// It matters for the accelerometer (``SensorTagAccelerometerRange``): TI's firmware before 1.5
/// runs the KXTJ9 at ±2 g (configuration `01` on); firmware 1.5 (hal_acc.c rev 35100, 2013)
/// lets the configuration choose the range: `01` ±8 g, `02` ±4 g, `03` ±2 g
/// (`HAL_ACC_RANGE_8G` = 1, `HAL_ACC_RANGE_4G` = 2, `HAL_ACC_RANGE_2G` = 3).
public struct SensorTagFirmwareVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version: 1.
    public var major: Int
    /// The minor version: 5 in 1.5.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The first firmware whose accelerometer configuration chooses the range: 1.5.
    public static let rangeChoosingAccelerometer = SensorTagFirmwareVersion(major: 1, minor: 5)

    /// The version a Firmware Revision String begins with (`1.5  (Jun 12 2013)` → 1.5, after
    /// any leading spaces); nil when it does not begin with `major.minor` in decimal digits.
    public init?(revision: String) {
        let text = revision.drop { $0 == " " }
        let major = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(major.count)
        guard !major.isEmpty, rest.first == "." else { return nil }
        let minor = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !minor.isEmpty, let majorValue = Int(major), let minorValue = Int(minor) else { return nil }
        self.init(major: majorValue, minor: minorValue)
    }

    /// `1.5`.
    public var description: String { "\(major).\(minor)" }

    /// Orders by major, then minor version.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Whether the accelerometer's configuration chooses its range (1.5 and later).
    public var choosesAccelerometerRange: Bool { self >= Self.rangeChoosingAccelerometer }

    /// The accelerometer's range for a configuration byte: on 1.5 and later `01` ±8 g, `02` ±4 g,
    /// `03` ±2 g; before, `01` ±2 g. Nil for `00` (off) and a value the firmware does not take.
    public func accelerometerRange(configuration: UInt8) -> SensorTagAccelerometerRange? {
        Self.accelerometerRange(configuration: configuration, firmware: self)
    }

    /// The accelerometer's range for a configuration byte on `firmware`, where nil (a tag that
    /// does not say, or says something else than a version) counts as before 1.5.
    public static func accelerometerRange(configuration: UInt8, firmware: SensorTagFirmwareVersion?) -> SensorTagAccelerometerRange? {
        guard let firmware, firmware.choosesAccelerometerRange else { return configuration == 0x01 ? .twoG : nil }
        switch configuration {
        case 0x01: return .eightG
        case 0x02: return .fourG
        case 0x03: return .twoG
        default: return nil
        }
    }
}
