import BLECore

/// The temporary day schedule: periods that replace the week schedule for a number of days
/// (SN profile §6.2).
///
/// Wire form: remaining days u8 (0…30; 0 = inactive), period count u8 (0…6), then the periods
/// (8 bytes each, as in §6.1: sorted by start, not overlapping). While ``remainingDays`` > 0 it
/// replaces the week schedule for the whole day, today included; minutes it does not cover are
/// idle. The device decrements it at local midnight. Every refusal has the code
/// ``SNValueError/Code/invalidSchedule`` (ATT error 0x80).
public struct TemporaryDaySchedule: SNValue, CustomStringConvertible {
    /// Days left, today included, 0…30; 0 means inactive.
    public var remainingDays: Int
    /// The periods of each of these days, at most 6.
    public var periods: [Period]

    /// The most days: 30.
    public static let maximumDays = 30

    /// A temporary schedule (not checked; see ``validate()``).
    public init(remainingDays: Int, periods: [Period]) {
        self.remainingDays = remainingDays
        self.periods = periods
    }

    /// No temporary schedule: `00 00`.
    public static let inactive = TemporaryDaySchedule(remainingDays: 0, periods: [])

    /// Whether it replaces the week schedule (``remainingDays`` > 0).
    public var isActive: Bool { remainingDays > 0 }

    /// The schedule one local midnight later: one day fewer, inactive and without periods at 0.
    public var afterMidnight: TemporaryDaySchedule {
        remainingDays > 1 ? TemporaryDaySchedule(remainingDays: remainingDays - 1, periods: periods) : .inactive
    }

    /// The period covering a minute of the day, with its index.
    public func period(atMinute minute: Double) -> (index: Int, period: Period)? {
        periods.covering(minute: minute)
    }

    /// `inactive`, or `3 days: 19:30-24:00 #402000, …`.
    public var description: String {
        guard isActive else { return "inactive" }
        return "\(remainingDays) day\(remainingDays == 1 ? "" : "s"): " + (periods.isEmpty ? "no light" : periods.map(\.description).joined(separator: ", "))
    }

    // MARK: SNValue

    /// Decodes and checks a Temporary Day Schedule blob (any error is ``SNValueError/Code/invalidSchedule``).
    public init(bytes: [UInt8]) throws(SNValueError) {
        do throws(SNValueError) {
            var reader = SNReader(bytes, code: .invalidSchedule)
            let days = try reader.u8("remaining days")
            let count = try reader.u8("period count")
            try SNCheck.range(Int(count), 0...DayGroup.maximumPeriodCount, "period count")
            var periods: [Period] = []
            for index in 0..<Int(count) {
                do throws(SNValueError) { periods.append(try Period(reading: &reader)) } catch { throw error.within("period \(index + 1)") }
            }
            try reader.expectEnd("temporary day schedule")
            self.init(remainingDays: Int(days), periods: periods)
            try validate()
        } catch {
            throw error.with(code: .invalidSchedule)
        }
    }

    /// remaining days, period count, periods.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 2 + periods.count * Period.byteCount)
        writer.writeUInt8(remainingDays.wire())
        writer.writeUInt8(periods.count.wire())
        for period in periods { period.write(to: &writer) }
        return writer.bytes
    }

    /// Checks remaining days 0…30 and the periods (`period 2 (19:00–18:00) ends before it starts`).
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            try SNCheck.range(remainingDays, 0...Self.maximumDays, "remaining days")
            try periods.validateSchedule(maximumCount: DayGroup.maximumPeriodCount)
        } catch {
            throw error.with(code: .invalidSchedule)
        }
    }
}
