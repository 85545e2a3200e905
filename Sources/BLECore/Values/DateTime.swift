/// Date Time (0x2A08): a calendar date and time of day; also the first 7 bytes of Current Time.
///
/// GSS, 3.70 Date Time: year `uint16` (1582–9999, 0 = not known), month `uint8` (1–12, 0 = not
/// known), day `uint8` (1–31, 0 = not known), hours (0–23), minutes (0–59), seconds (0–59).
public struct DateTime: SIGCharacteristic {
    /// 0x2A08.
    public static let uuid = BluetoothUUID(0x2A08)
    /// `Date Time`.
    public static let name = "Date Time"

    /// The year, 1582–9999, or 0 when not known.
    public let year: UInt16
    /// The month, 1–12, or 0 when not known.
    public let month: UInt8
    /// The day of the month, 1–31, or 0 when not known.
    public let day: UInt8
    /// Hours since midnight, 0–23.
    public let hours: UInt8
    /// Minutes since the hour, 0–59.
    public let minutes: UInt8
    /// Seconds since the minute, 0–59.
    public let seconds: UInt8

    /// Creates a date and time, checking every field's range.
    public init(year: UInt16, month: UInt8, day: UInt8, hours: UInt8, minutes: UInt8, seconds: UInt8)
        throws(CharacteristicValueError)
    {
        try Self.validate(Self.self, year: year, month: month, day: day, hours: hours, minutes: minutes, seconds: seconds)
        self.year = year
        self.month = month
        self.day = day
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Decodes the 7-byte value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        try self.init(reading: &reader)
        try reader.finish(after: "seconds")
    }

    /// Reads the 7 bytes for any characteristic that embeds a Date Time, reporting errors as that characteristic.
    init<C: SIGCharacteristic>(reading reader: inout CharacteristicReader<C>) throws(CharacteristicValueError) {
        let year = try reader.uint16("year")
        let month = try reader.uint8("month")
        let day = try reader.uint8("day")
        let hours = try reader.uint8("hours")
        let minutes = try reader.uint8("minutes")
        let seconds = try reader.uint8("seconds")
        try Self.validate(C.self, year: year, month: month, day: day, hours: hours, minutes: minutes, seconds: seconds)
        self.year = year
        self.month = month
        self.day = day
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    private static func validate<C: SIGCharacteristic>(
        _ owner: C.Type, year: UInt16, month: UInt8, day: UInt8, hours: UInt8, minutes: UInt8, seconds: UInt8
    ) throws(CharacteristicValueError) {
        if year != 0 { try check(owner, "year", year, in: 1582...9999) }
        try check(owner, "month", month, in: 0...12)
        try check(owner, "day", day, in: 0...31)
        try check(owner, "hours", hours, in: 0...23)
        try check(owner, "minutes", minutes, in: 0...59)
        try check(owner, "seconds", seconds, in: 0...59)
    }

    /// Appends the 7 bytes.
    func write(to writer: inout ByteWriter) {
        writer.writeUInt16(year)
        writer.writeUInt8(month)
        writer.writeUInt8(day)
        writer.writeUInt8(hours)
        writer.writeUInt8(minutes)
        writer.writeUInt8(seconds)
    }

    /// Seven bytes: year (little-endian), month, day, hours, minutes, seconds.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 7)
        write(to: &writer)
        return writer.bytes
    }

    /// `2026-11-22 14:05:09` (unknown parts are zeros).
    public var description: String {
        "\(ValueText.padded(year, digits: 4))-\(ValueText.padded(month, digits: 2))-\(ValueText.padded(day, digits: 2)) "
            + "\(ValueText.padded(hours, digits: 2)):\(ValueText.padded(minutes, digits: 2)):\(ValueText.padded(seconds, digits: 2))"
    }
}

/// Day of Week (0x2A09 field): 1 Monday … 7 Sunday, 0 not known (an open code space).
///
/// GSS, 3.73 Day of Week; values 8–255 are reserved and rejected by the decoders that use it.
public struct DayOfWeek: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The byte on the wire.
    public let rawValue: UInt8

    /// Wraps a wire byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: not known.
    public static let unknown = DayOfWeek(rawValue: 0)
    /// 1: Monday.
    public static let monday = DayOfWeek(rawValue: 1)
    /// 2: Tuesday.
    public static let tuesday = DayOfWeek(rawValue: 2)
    /// 3: Wednesday.
    public static let wednesday = DayOfWeek(rawValue: 3)
    /// 4: Thursday.
    public static let thursday = DayOfWeek(rawValue: 4)
    /// 5: Friday.
    public static let friday = DayOfWeek(rawValue: 5)
    /// 6: Saturday.
    public static let saturday = DayOfWeek(rawValue: 6)
    /// 7: Sunday.
    public static let sunday = DayOfWeek(rawValue: 7)

    private static let names = ["Unknown", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `Sunday`, `Unknown`, or `day 9` for a reserved value.
    public var description: String {
        rawValue < Self.names.count ? Self.names[Int(rawValue)] : "day \(rawValue)"
    }
}
