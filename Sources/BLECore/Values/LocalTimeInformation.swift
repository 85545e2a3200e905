/// Local Time Information (0x2A0F): the time zone and daylight saving offset of the server.
///
/// GSS, 3.135 Local Time Information; Current Time Service 1.1, 3.2: Time Zone (`sint8`, in
/// 15-minute steps from UTC, -48…56, -128 = not known) and DST Offset (`uint8`).
public struct LocalTimeInformation: SIGCharacteristic {
    /// 0x2A0F.
    public static let uuid = BluetoothUUID(0x2A0F)
    /// `Local Time Information`.
    public static let name = "Local Time Information"
    /// The time zone value meaning "not known".
    public static let unknownTimeZone: Int8 = -128

    /// The DST Offset code (GSS, 3.71 DST Offset; an open code space, reserved values kept).
    public struct DSTOffset: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The byte on the wire.
        public let rawValue: UInt8
        /// Wraps a wire byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: standard time.
        public static let standardTime = DSTOffset(rawValue: 0)
        /// 2: half an hour daylight time (+0.5 h).
        public static let halfAnHourDaylightTime = DSTOffset(rawValue: 2)
        /// 4: daylight time (+1 h).
        public static let daylightTime = DSTOffset(rawValue: 4)
        /// 8: double daylight time (+2 h).
        public static let doubleDaylightTime = DSTOffset(rawValue: 8)
        /// 255: not known.
        public static let unknown = DSTOffset(rawValue: 255)

        /// The offset in minutes, or `nil` when not known or reserved.
        public var minutes: Int? {
            switch self {
            case .standardTime, .halfAnHourDaylightTime, .daylightTime, .doubleDaylightTime: Int(rawValue) * 15
            default: nil
            }
        }

        /// `Daylight Time (+1 h)`.
        public var description: String {
            switch self {
            case .standardTime: "Standard Time"
            case .halfAnHourDaylightTime: "Half an Hour Daylight Time (+0.5 h)"
            case .daylightTime: "Daylight Time (+1 h)"
            case .doubleDaylightTime: "Double Daylight Time (+2 h)"
            case .unknown: "DST unknown"
            default: "reserved DST offset \(rawValue)"
            }
        }
    }

    /// The offset from UTC in 15-minute steps, -48…56, or -128 when not known.
    public let timeZone: Int8
    /// The daylight saving offset.
    public let dstOffset: DSTOffset

    /// Creates a value; throws for a time zone outside -48…56 (other than -128).
    public init(timeZone: Int8, dstOffset: DSTOffset) throws(CharacteristicValueError) {
        if timeZone != Self.unknownTimeZone { try check(Self.self, "time zone", timeZone, in: -48...56) }
        self.timeZone = timeZone
        self.dstOffset = dstOffset
    }

    /// The time zone offset from UTC in minutes, or `nil` when not known.
    public var timeZoneMinutes: Int? {
        timeZone == Self.unknownTimeZone ? nil : Int(timeZone) * 15
    }

    /// Decodes the 2-byte value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let timeZone = try reader.int8("time zone")
        let dst = DSTOffset(rawValue: try reader.uint8("DST offset"))
        try reader.finish(after: "DST offset")
        try self.init(timeZone: timeZone, dstOffset: dst)
    }

    /// Two bytes: time zone, DST offset.
    public func encoded() -> [UInt8] { [UInt8(bitPattern: timeZone), dstOffset.rawValue] }

    /// `UTC+01:00, Daylight Time (+1 h)`.
    public var description: String {
        guard let minutes = timeZoneMinutes else { return "time zone unknown, \(dstOffset)" }
        let sign = minutes < 0 ? "-" : "+"
        let magnitude = abs(minutes)
        return "UTC\(sign)\(ValueText.padded(magnitude / 60, digits: 2)):\(ValueText.padded(magnitude % 60, digits: 2)), \(dstOffset)"
    }
}
