import BLECore

/// A fixed light period of a schedule: from `start` to `end` (minutes of the local day) in one
/// color, with optional fades (SN profile §6.1).
///
/// Wire form, 8 bytes: start minute u16 (0…1439), end minute u16 (start+1…1440), R, G, B, fade
/// minutes u8 (0…60, at most half the period). Periods never cross midnight. The fade ramps the
/// intensity linearly from 0 to full over the first `fade` minutes and back to 0 over the last
/// `fade` (``intensity(atMinute:)``). Text form: `19:30-24:00 #402000 fade 5`.
public struct Period: SNValue, CustomStringConvertible {
    /// The first minute of the period, 0…1439.
    public var start: Int
    /// The minute the period ends (excluded), `start`+1…1440.
    public var end: Int
    /// The color at full intensity.
    public var color: RGBColor
    /// Fade-in and fade-out length in minutes, 0…60 and at most half the period.
    public var fade: Int

    /// The wire size: 8 bytes.
    public static let byteCount = 8
    /// The longest fade: 60 minutes.
    public static let maximumFade = 60

    /// A period from minutes of the day (not checked; see ``validate()``).
    public init(start: Int, end: Int, color: RGBColor, fade: Int = 0) {
        self.start = start
        self.end = end
        self.color = color
        self.fade = fade
    }

    /// A period from `HH:MM` times, e.g. `Period(from: "19:30", to: "24:00", color: .factoryScheduleColor)`.
    ///
    /// Throws ``SNValueError/Code/invalidText`` for a time that does not parse, or the rule the
    /// period breaks.
    public init(from start: String, to end: String, color: RGBColor, fade: Int = 0) throws(SNValueError) {
        self.init(start: try MinuteOfDay.parse(start), end: try MinuteOfDay.parse(end), color: color, fade: fade)
        try validate()
    }

    /// The length in minutes.
    public var duration: Int { end - start }

    /// `19:30–24:00`, for labels and messages.
    public var timeRange: String { MinuteOfDay.formatRange(start, end) }

    /// Whether the period covers a minute of the day: `start ≤ minute < end`.
    public func contains(minute: Int) -> Bool { start <= minute && minute < end }

    /// Whether the period covers an instant given in (fractional) minutes of the day.
    public func contains(minute: Double) -> Bool { Double(start) <= minute && minute < Double(end) }

    /// Whether two periods share at least one minute.
    public func overlaps(_ other: Period) -> Bool { start < other.end && other.start < end }

    /// The intensity 0…1 at an instant in (fractional) minutes of the day: 0 outside the period,
    /// rising linearly from 0 at `start` to 1 at `start + fade`, falling from 1 at `end - fade` to 0
    /// at `end`; 1 throughout when `fade` is 0.
    public func intensity(atMinute minute: Double) -> Double {
        guard contains(minute: minute) else { return 0 }
        guard fade > 0 else { return 1 }
        let rising = (minute - Double(start)) / Double(fade)
        let falling = (Double(end) - minute) / Double(fade)
        return min(1, rising, falling)
    }

    /// The color shown at an instant: ``color`` dimmed by ``intensity(atMinute:)``, or `nil`
    /// outside the period.
    public func color(atMinute minute: Double) -> RGBColor? {
        contains(minute: minute) ? color.dimmed(by: intensity(atMinute: minute)) : nil
    }

    /// The text form: `19:30-24:00 #402000`, with ` fade 5` when there is a fade.
    public var description: String {
        MinuteOfDay.format(start) + "-" + MinuteOfDay.format(end) + " " + color.hex + (fade > 0 ? " fade \(fade)" : "")
    }

    /// Checks the rules relative to the period: the path names only the field, and an empty path
    /// means the period as a whole (callers put the period's label in front).
    func checkRules() throws(SNValueError) {
        try SNCheck.range(start, 0...(MinuteOfDay.perDay - 1), "start")
        if end < start {
            throw SNValueError(.outOfRange, "ends before it starts")
        }
        if end == start {
            throw SNValueError(.outOfRange, "is empty: it ends where it starts")
        }
        try SNCheck.range(end, (start + 1)...MinuteOfDay.perDay, "end")
        try SNCheck.range(fade, 0...Self.maximumFade, "fade")
        if fade * 2 > duration {
            throw SNValueError(.outOfRange, path: ["fade \(fade)"], "is more than half the period (\(duration) minutes)")
        }
    }

    // MARK: SNValue

    /// Decodes the 8-byte period and checks it.
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "period")
        var reader = SNReader(bytes, code: .invalidLength)
        try self.init(reading: &reader)
        try validate()
    }

    /// Reads the 8 bytes of a period without checking them.
    init(reading reader: inout SNReader) throws(SNValueError) {
        let start = try reader.u16("start")
        let end = try reader.u16("end")
        let color = try reader.bytes(3, "color")
        let fade = try reader.u8("fade")
        self.init(start: Int(start), end: Int(end), color: RGBColor(red: color[0], green: color[1], blue: color[2]), fade: Int(fade))
    }

    /// start u16, end u16, R, G, B, fade u8.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        write(to: &writer)
        return writer.bytes
    }

    /// Appends the 8 bytes.
    func write(to writer: inout ByteWriter) {
        writer.writeUInt16(start.wire())
        writer.writeUInt16(end.wire())
        writer.writeBytes(color.encode())
        writer.writeUInt8(fade.wire())
    }

    /// Checks start 0…1439, end after start and at most 1440, fade 0…60 and at most half the
    /// period: `period 19:00–18:00 ends before it starts`.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) { try checkRules() } catch { throw error.within("period \(timeRange)") }
    }
}

extension [Period] {
    /// The first period covering an instant, with its index.
    func covering(minute: Double) -> (index: Int, period: Period)? {
        enumerated().first { $0.element.contains(minute: minute) }.map { ($0.offset, $0.element) }
    }

    /// Checks each period and that they are sorted and do not overlap; errors name the period by
    /// its number from 1: `period 2 (19:00–18:00) ends before it starts`.
    func validateSchedule(maximumCount: Int) throws(SNValueError) {
        try SNCheck.range(count, 0...maximumCount, "period count")
        for (index, period) in enumerated() {
            let label = "period \(index + 1) (\(period.timeRange))"
            do throws(SNValueError) { try period.checkRules() } catch { throw error.within(label) }
            guard index > 0 else { continue }
            let previous = self[index - 1]
            if period.start < previous.start {
                throw SNValueError(.outOfRange, path: [label], "starts before period \(index) (\(previous.timeRange)); periods must be sorted by start")
            }
            if period.overlaps(previous) {
                throw SNValueError(.outOfRange, path: [label], "overlaps period \(index) (\(previous.timeRange))")
            }
        }
    }
}
