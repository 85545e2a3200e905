import BLECore

/// The Local Time Information characteristic (0x2A0F): the time zone and daylight saving offset
/// of the device's clock (SN profile §3).
///
/// Wire form, 2 bytes: time zone s8 in 15-minute steps from UTC (−48…+56, −128 unknown), DST
/// offset u8 (0 standard time, 2 +½ h, 4 +1 h, 8 +2 h, 255 unknown).
public struct SNLocalTimeInformation: SNValue, CustomStringConvertible {
    /// The DST offset code: 0, 2 (+½ h), 4 (+1 h), 8 (+2 h) or 255 (unknown), in 15-minute steps.
    public typealias DSTOffset = LocalTimeInformation.DSTOffset

    /// The DST offsets the profile allows: 0, 2, 4, 8 and 255.
    public static let allowedDSTOffsets: [DSTOffset] = [.standardTime, .halfAnHourDaylightTime, .daylightTime, .doubleDaylightTime, .unknown]

    /// The time zone in 15-minute steps from UTC, −48…+56, or −128 unknown.
    public var timeZone: Int
    /// The daylight saving offset.
    public var dstOffset: DSTOffset

    /// The wire size: 2 bytes.
    public static let byteCount = 2
    /// The time zone value for "unknown": −128.
    public static let unknownTimeZone = -128
    /// The time zones Local Time Information can hold: −48 (UTC−12) … +56 (UTC+14).
    public static let timeZoneRange = -48...56

    /// A time zone and DST offset (not checked; see ``validate()``).
    public init(timeZone: Int, dstOffset: DSTOffset) {
        self.timeZone = timeZone
        self.dstOffset = dstOffset
    }

    /// The information for a total offset from UTC (standard offset plus DST), rounded to 15 minutes.
    public init(utcOffset seconds: Int, dstOffset: DSTOffset = .standardTime) {
        let steps = Double(seconds - Self.seconds(of: dstOffset)) / 900
        self.init(timeZone: Int(steps.rounded()), dstOffset: dstOffset)
    }

    /// Time zone and DST unknown.
    public static let unknown = SNLocalTimeInformation(timeZone: unknownTimeZone, dstOffset: .unknown)

    /// The local time's offset from UTC in seconds (time zone plus DST); `nil` when the time zone
    /// is unknown.
    public var utcOffset: Int? {
        timeZone == Self.unknownTimeZone ? nil : timeZone * 900 + Self.seconds(of: dstOffset)
    }

    /// A DST offset in seconds (0 when unknown).
    static func seconds(of offset: DSTOffset) -> Int { (offset.minutes ?? 0) * 60 }

    /// `UTC+01:00, Daylight Time (+1 h)`.
    public var description: String {
        guard timeZone != Self.unknownTimeZone else { return "time zone unknown, \(dstOffset)" }
        let minutes = abs(timeZone) * 15
        let sign = timeZone < 0 ? "-" : "+"
        return "UTC" + sign + MinuteOfDay.format(minutes) + ", \(dstOffset)"
    }

    /// Decodes the 2 bytes (0x0D for another length, 0xFF for a time zone or DST offset out of range).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "local time information")
        self.init(timeZone: Int(Int8(bitPattern: bytes[0])), dstOffset: DSTOffset(rawValue: bytes[1]))
        try validate()
    }

    /// time zone s8, DST offset u8.
    public func encode() -> [UInt8] {
        [UInt8(bitPattern: Int8(truncatingIfNeeded: timeZone)), dstOffset.rawValue]
    }

    private enum CodingKeys: String, CodingKey {
        case timeZone, dstOffset
    }

    /// Decodes `{"timeZone": 4, "dstOffset": 4}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(timeZone: try container.decode(Int.self, forKey: .timeZone),
                  dstOffset: DSTOffset(rawValue: try container.decode(UInt8.self, forKey: .dstOffset)))
    }

    /// Encodes `{"timeZone": 4, "dstOffset": 4}` (the DST offset as its code).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(dstOffset.rawValue, forKey: .dstOffset)
    }

    /// Checks the time zone is −48…+56 or −128, and the DST offset 0, 2, 4, 8 or 255.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            if timeZone != Self.unknownTimeZone {
                try SNCheck.range(timeZone, Self.timeZoneRange, "time zone")
            }
            guard Self.allowedDSTOffsets.contains(dstOffset) else {
                throw SNValueError(.outOfRange, path: ["DST offset \(dstOffset.rawValue)"], "is not 0, 2, 4, 8 or 255")
            }
        } catch {
            throw error.within("local time information")
        }
    }
}
