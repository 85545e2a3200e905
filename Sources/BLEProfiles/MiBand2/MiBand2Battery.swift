import BLECore

/// A date and time as the band writes it: year (`uint16`), month, day, hour, minute, second, and
/// the time zone in quarters of an hour (`int8`); 8 bytes.
public struct MiBand2Date: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The year, e.g. 2025.
    public var year: UInt16
    /// 1…12.
    public var month: UInt8
    /// 1…31.
    public var day: UInt8
    /// 0…23.
    public var hour: UInt8
    /// 0…59.
    public var minute: UInt8
    /// 0…59.
    public var second: UInt8
    /// The offset from UTC in 15-minute steps (`8` is UTC+2).
    public var timeZoneQuarters: Int8

    /// Creates a date.
    public init(year: UInt16, month: UInt8, day: UInt8, hour: UInt8, minute: UInt8, second: UInt8 = 0, timeZoneQuarters: Int8 = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.timeZoneQuarters = timeZoneQuarters
    }

    /// Reads 8 bytes; nil when they are not there.
    init?(reading reader: inout ByteReader) {
        guard let year = reader.readUInt16(), let month = reader.readUInt8(), let day = reader.readUInt8(),
            let hour = reader.readUInt8(), let minute = reader.readUInt8(), let second = reader.readUInt8(),
            let zone = reader.readInt8()
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second, timeZoneQuarters: zone)
    }

    /// Writes 8 bytes.
    func write(to writer: inout ByteWriter) {
        writer.writeUInt16(year)
        writer.writeUInt8(month)
        writer.writeUInt8(day)
        writer.writeUInt8(hour)
        writer.writeUInt8(minute)
        writer.writeUInt8(second)
        writer.writeInt8(timeZoneQuarters)
    }

    /// `2025-03-14 07:30`.
    public var description: String {
        func two(_ value: UInt8) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
    }
}

/// The band's battery information (`0x0006`): 20 bytes.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 1 | `0x0F` |
/// | 1 | 1 | level, percent |
/// | 2 | 1 | state: `0` on battery, `1` charging |
/// | 3 | 8 | the charge before the last one, ``MiBand2Date`` |
/// | 11 | 8 | the last charge, ``MiBand2Date`` |
/// | 19 | 1 | the level the last charge reached, percent |
///
/// A short value with level and state only (3 bytes) is accepted too.
public struct MiBand2Battery: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first byte of the full value.
    public static let header: UInt8 = 0x0F
    /// The length of the full value.
    public static let length = 20

    /// The charge, 0…100 %.
    public var level: UInt8
    /// Whether the band is on its charger.
    public var isCharging: Bool
    /// When it was charged before the last time, if known.
    public var previousCharge: MiBand2Date?
    /// When it was last charged, if known.
    public var lastCharge: MiBand2Date?
    /// The level the last charge reached, if known.
    public var lastChargeLevel: UInt8?

    /// Creates battery information.
    public init(level: UInt8, isCharging: Bool, previousCharge: MiBand2Date? = nil, lastCharge: MiBand2Date? = nil, lastChargeLevel: UInt8? = nil) {
        self.level = level
        self.isCharging = isCharging
        self.previousCharge = previousCharge
        self.lastCharge = lastCharge
        self.lastChargeLevel = lastChargeLevel
    }

    /// Decodes the value (3 or 20 bytes); throws ``ProfileError/Code/invalidValue`` otherwise, or
    /// for a level over 100.
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count == 3 || bytes.count == Self.length else {
            throw ProfileError(.invalidValue, "battery information is \(Self.length) bytes (or 3 without the charge dates), not \(bytes.count)")
        }
        var reader = ByteReader(bytes)
        _ = reader.readUInt8()
        let level = reader.readUInt8() ?? 0
        let state = reader.readUInt8() ?? 0
        guard level <= 100 else {
            throw ProfileError(.invalidValue, "the battery level is \(level) %; at most 100 is allowed")
        }
        self.init(level: level, isCharging: state == 1)
        if bytes.count == Self.length {
            previousCharge = MiBand2Date(reading: &reader)
            lastCharge = MiBand2Date(reading: &reader)
            lastChargeLevel = reader.readUInt8()
        }
    }

    /// The 20-byte value (dates that are not known are written as zeros).
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.length)
        writer.writeUInt8(Self.header)
        writer.writeUInt8(level)
        writer.writeUInt8(isCharging ? 1 : 0)
        let none = MiBand2Date(year: 0, month: 0, day: 0, hour: 0, minute: 0)
        (previousCharge ?? none).write(to: &writer)
        (lastCharge ?? none).write(to: &writer)
        writer.writeUInt8(lastChargeLevel ?? 0)
        return writer.bytes
    }

    /// `83 %, on battery, last charged 2025-03-14 07:30 to 100 %`.
    public var description: String {
        var text = "\(level) %, \(isCharging ? "charging" : "on battery")"
        if let lastCharge, lastCharge.year > 0 {
            text += ", last charged \(lastCharge)"
            if let lastChargeLevel { text += " to \(lastChargeLevel) %" }
        }
        return text
    }
}
