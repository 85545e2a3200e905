import BLECore

/// A named group of days sharing one day program, e.g. "Working days" (Mon–Fri) (SN profile §6.1).
///
/// Wire form: name length u8 (0…12) and the UTF-8 name, the days bitmask u8 (bit 0 Monday …
/// bit 6 Sunday), the period count u8 (0…6), then the periods (8 bytes each), sorted by start and
/// not overlapping.
public struct DayGroup: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The group's name, at most 12 bytes of UTF-8.
    public var name: String
    /// The days the group applies to.
    public var days: DaySet
    /// The light periods of each of these days, sorted by start, not overlapping, at most 6.
    public var periods: [Period]

    /// The longest name: 12 bytes.
    public static let maximumNameLength = 12
    /// The most periods in a day: 6.
    public static let maximumPeriodCount = 6

    /// A group (not checked; see ``validate()``).
    public init(name: String, days: DaySet, periods: [Period] = []) {
        self.name = name
        self.days = days
        self.periods = periods
    }

    /// `group Weekend`, the prefix of this group's errors (`group #2` when the name is empty).
    func label(index: Int) -> String {
        name.isEmpty ? "group #\(index + 1)" : "group \(name)"
    }

    /// `Working days (Mon-Fri): 00:00-06:30 #402000, 19:30-24:00 #402000`.
    public var description: String {
        (name.isEmpty ? "" : name + " ") + "(\(days)): " + (periods.isEmpty ? "no light" : periods.map(\.description).joined(separator: ", "))
    }

    /// The period covering a minute of the day, with its index.
    public func period(atMinute minute: Double) -> (index: Int, period: Period)? {
        periods.covering(minute: minute)
    }

    /// Checks the name length, the days bitmask (no bit 7) and the periods; errors are about the
    /// group, e.g. `period 2 (19:00–18:00) ends before it starts` (``WeekSchedule`` adds
    /// `group Weekend:` in front).
    func checkRules() throws(SNValueError) {
        try SNCheck.utf8Length(name, maximum: Self.maximumNameLength, "name")
        if days.invalidBits != 0 {
            throw SNValueError(.outOfRange, path: ["days 0x" + [days.rawValue].hexString.uppercased()], "has bit 7 set; only bits 0 (Monday) … 6 (Sunday) are days")
        }
        try periods.validateSchedule(maximumCount: Self.maximumPeriodCount)
    }

    /// Checks the group on its own, as ``WeekSchedule/validate()`` does within a schedule.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) { try checkRules() } catch { throw error.within(label(index: 0)).with(code: .invalidSchedule) }
    }

    /// Reads group number `index` (from 0); errors name it by its name once that is read.
    init(reading reader: inout SNReader, index: Int) throws(SNValueError) {
        let name: String
        do throws(SNValueError) { name = try reader.string("name") } catch { throw error.within("group #\(index + 1)") }
        self.init(name: name, days: [])
        do throws(SNValueError) {
            days = DaySet(rawValue: try reader.u8("days"))
            let count = try reader.u8("period count")
            try SNCheck.range(Int(count), 0...Self.maximumPeriodCount, "period count", code: reader.code)
            for number in 0..<Int(count) {
                do throws(SNValueError) { periods.append(try Period(reading: &reader)) } catch { throw error.within("period \(number + 1)") }
            }
        } catch {
            throw error.within(label(index: index))
        }
    }

    func write(to writer: inout ByteWriter) {
        SNText.write(name, to: &writer)
        writer.writeUInt8(days.rawValue)
        writer.writeUInt8(periods.count.wire())
        for period in periods { period.write(to: &writer) }
    }
}
