/// Current Time (0x2A2B): the server's wall-clock time and why it last changed.
///
/// GSS, 3.62 Current Time; Current Time Service 1.1, 3.1: Exact Time 256 (Date Time, 7 bytes;
/// Day of Week, 1 byte; Fractions256, 1 byte) followed by Adjust Reason (1 byte) — 10 bytes.
public struct CurrentTime: SIGCharacteristic {
    /// 0x2A2B.
    public static let uuid = BluetoothUUID(0x2A2B)
    /// `Current Time`.
    public static let name = "Current Time"

    /// Why the time was last adjusted (GSS, 3.62.2.1 Adjust Reason; bits 4–7 reserved and kept).
    public struct AdjustReason: OptionSet, Hashable, Sendable {
        /// The byte on the wire.
        public let rawValue: UInt8
        /// Wraps a wire byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bit 0: manual time update.
        public static let manualTimeUpdate = AdjustReason(rawValue: 1 << 0)
        /// Bit 1: external reference time update.
        public static let externalReferenceTimeUpdate = AdjustReason(rawValue: 1 << 1)
        /// Bit 2: change of time zone.
        public static let changeOfTimeZone = AdjustReason(rawValue: 1 << 2)
        /// Bit 3: change of DST (daylight saving time).
        public static let changeOfDST = AdjustReason(rawValue: 1 << 3)
    }

    /// The date and time of day.
    public let dateTime: DateTime
    /// The day of the week (1 Monday … 7 Sunday, 0 not known).
    public let dayOfWeek: DayOfWeek
    /// Fractions of a second in 1/256 s.
    public let fractions256: UInt8
    /// Why the time was last adjusted.
    public let adjustReason: AdjustReason

    /// Creates a current time value; throws for a reserved day of week (8–255).
    public init(dateTime: DateTime, dayOfWeek: DayOfWeek, fractions256: UInt8 = 0, adjustReason: AdjustReason = [])
        throws(CharacteristicValueError)
    {
        try check(Self.self, "day of week", dayOfWeek.rawValue, in: 0...7)
        self.dateTime = dateTime
        self.dayOfWeek = dayOfWeek
        self.fractions256 = fractions256
        self.adjustReason = adjustReason
    }

    /// Decodes the 10-byte value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let dateTime = try DateTime(reading: &reader)
        let dayOfWeek = DayOfWeek(rawValue: try reader.uint8("day of week"))
        let fractions = try reader.uint8("fractions256")
        let reason = AdjustReason(rawValue: try reader.uint8("adjust reason"))
        try reader.finish(after: "adjust reason")
        try self.init(dateTime: dateTime, dayOfWeek: dayOfWeek, fractions256: fractions, adjustReason: reason)
    }

    /// Ten bytes: Date Time, Day of Week, Fractions256, Adjust Reason.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 10)
        dateTime.write(to: &writer)
        writer.writeUInt8(dayOfWeek.rawValue)
        writer.writeUInt8(fractions256)
        writer.writeUInt8(adjustReason.rawValue)
        return writer.bytes
    }

    /// `2026-11-22 14:05:09 Sunday` (fractions appended as `+128/256` when non-zero).
    public var description: String {
        var text = "\(dateTime) \(dayOfWeek)"
        if fractions256 != 0 { text += " +\(fractions256)/256 s" }
        return text
    }
}
