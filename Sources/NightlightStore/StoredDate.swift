import BLECore
import Foundation
import GRDB

/// A date as the store keeps it: the text `yyyy-MM-dd HH:mm:ss.SSS` in UTC (to the nearest
/// millisecond), the format GRDB gives a `Date`, formatted and parsed here without Foundation's
/// `DateFormatter` and `Calendar`.
///
/// GRDB formats a `Date` with a `DateFormatter` (the en_US_POSIX locale), which loads ICU's code
/// and locale data into the process (about 5.5 MiB resident in an idle dashboard); every date
/// column of the store goes through this type instead, so no path of the store touches ICU.
/// The text is the same, so files written before keep reading, and other readers (the Python
/// peer of the benchmark, `sqlite3`) see no change.
///
/// Reading accepts what GRDB accepts for a date: `YYYY-MM-DD`, optionally followed by a space
/// or `T` and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.F…` (any number of fraction digits, read to the
/// millisecond), optionally followed by `Z` or `±HH:MM`; and a number, as seconds since 1970
/// UTC. Unlike GRDB's it refuses out-of-range fields (month 13, 30 February) instead of rolling
/// them over.
///
/// Dates are in the proleptic Gregorian calendar, years 0001 to 9999; a date outside is written
/// as the nearest of those bounds (GRDB's formatter would write a five-digit year that no
/// reader parses back). The store's dates come from its clock, far inside.
struct StoredDate: Hashable, Sendable {
    /// The date.
    var date: Date

    /// Wraps `date`.
    init(_ date: Date) {
        self.date = date
    }

    /// Seconds from 1970-01-01 to 2001-01-01 (Foundation's reference date).
    private static let referenceOffset: Double = 978_307_200
    /// Days from 1970-01-01 to 0001-01-01 and to 10000-01-01, proleptic Gregorian.
    private static let firstDay: Int64 = -719_162
    private static let endDay: Int64 = 2_932_897
    /// Milliseconds since 1970 of the first and last dates that can be written.
    private static let firstMillisecond = firstDay * 86_400_000
    private static let lastMillisecond = endDay * 86_400_000 - 1

    /// The stored text, e.g. `2026-11-29 16:02:03.045`.
    var text: String {
        // Rounded to the nearest millisecond from the reference-date interval, as Foundation's
        // formatter does, so the text is the one GRDB wrote for the same date.
        let exact = (date.timeIntervalSinceReferenceDate + Self.referenceOffset) * 1000
        let milliseconds: Int64
        if exact.isNaN {
            milliseconds = 0
        } else if exact <= Double(Self.firstMillisecond) {
            milliseconds = Self.firstMillisecond
        } else if exact >= Double(Self.lastMillisecond) {
            milliseconds = Self.lastMillisecond
        } else {
            milliseconds = Int64((exact + 0.5).rounded(.down))
        }
        let (days, inDay) = Self.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDate.date(days: Int(days))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func append(_ value: some BinaryInteger, digits: Int, then separator: UInt8?) {
            let value = Int64(value)
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            if let separator { bytes.append(separator) }
        }
        append(year, digits: 4, then: UInt8(ascii: "-"))
        append(month, digits: 2, then: UInt8(ascii: "-"))
        append(day, digits: 2, then: UInt8(ascii: " "))
        append(inDay / 3_600_000, digits: 2, then: UInt8(ascii: ":"))
        append(inDay / 60_000 % 60, digits: 2, then: UInt8(ascii: ":"))
        append(inDay / 1000 % 60, digits: 2, then: UInt8(ascii: "."))
        append(inDay % 1000, digits: 3, then: nil)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses stored date text (see the type's description for what is accepted); nil when
    /// `text` is not a date.
    init?(text: String) {
        var parser = Parser(bytes: Array(text.utf8))
        guard let seconds = parser.parseDateTime(), parser.isAtEnd else { return nil }
        date = Date(timeIntervalSinceReferenceDate: seconds.whole - Self.referenceOffset + seconds.fraction)
    }

    /// Reads a stored value: date text, or a number of seconds since 1970 UTC; nil for NULL.
    ///
    /// - Throws: ``StoreError/Code/notADatabase`` when the value is neither (a damaged or
    ///   foreign database): `what` names the column in the message.
    static func read(_ value: DatabaseValue, _ what: @autoclosure () -> String) throws -> Date? {
        switch value.storage {
        case .null:
            return nil
        case .int64(let seconds):
            return Date(timeIntervalSince1970: Double(seconds))
        case .double(let seconds) where seconds.isFinite:
            return Date(timeIntervalSince1970: seconds)
        case .string(let text):
            if let stored = StoredDate(text: text) { return stored.date }
        case .double, .blob:
            break
        }
        let shown = String(String(describing: value).prefix(60))
        throw StoreError(
            .notADatabase,
            "\(what()) holds \(shown), which is not a date (yyyy-MM-dd HH:mm:ss.SSS); the database is damaged: "
                + "restore it from a copy, or move it aside to start anew"
        )
    }

    /// `value` divided by `divisor` rounded down, and the non-negative remainder.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    /// Reads date text byte by byte.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// `YYYY-MM-DD[( |T)HH:MM[:SS[.F…]][Z|±HH:MM]]` as whole seconds since 1970 and a fraction.
        mutating func parseDateTime() -> (whole: Double, fraction: Double)? {
            guard let year = number(digits: 4), skip("-"), let month = number(digits: 2), skip("-"),
                let day = number(digits: 2), (1...12).contains(month), day >= 1,
                day <= CivilDate.daysInMonth(year: Int(year), month: Int(month))
            else { return nil }
            var seconds = Int64(CivilDate.days(year: Int(year), month: Int(month), day: Int(day))) * 86_400
            var fraction = 0.0
            if isAtEnd { return (Double(seconds), 0) }
            guard skip(" ") || skip("T"), let hour = number(digits: 2), hour < 24, skip(":"),
                let minute = number(digits: 2), minute < 60
            else { return nil }
            seconds += hour * 3600 + minute * 60
            if skip(":") {
                guard let second = number(digits: 2), second < 60 else { return nil }
                seconds += second
                if skip(".") {
                    // Milliseconds, as GRDB reads them: the digits after the third are passed over.
                    var scale = 0.1
                    var digits = 0
                    while let digit = digit() {
                        if digits < 3 { fraction += Double(digit) * scale }
                        scale /= 10
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            if skip("Z") { return (Double(seconds), fraction) }
            let sign: Int64
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return (Double(seconds), fraction)
            }
            guard let offsetHours = number(digits: 2), offsetHours < 24, skip(":"),
                let offsetMinutes = number(digits: 2), offsetMinutes < 60
            else { return nil }
            // A local time east of UTC (+) is that much later than the same time in UTC.
            return (Double(seconds - sign * (offsetHours * 3600 + offsetMinutes * 60)), fraction)
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
                return nil
            }
            defer { position += 1 }
            return Int64(bytes[position] - UInt8(ascii: "0"))
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}

extension StoredDate: DatabaseValueConvertible {
    /// The stored text.
    var databaseValue: DatabaseValue { text.databaseValue }

    /// The date in a stored value, or nil when it holds none (use ``read(_:_:)`` for an error
    /// that says why).
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredDate? {
        (try? read(dbValue, "")).flatMap { $0 }.map(StoredDate.init)
    }
}

extension Row {
    /// The date in `column` of `table`.
    ///
    /// - Throws: ``StoreError/Code/notADatabase`` when it is NULL or not a date.
    func storedDate(_ column: String, of table: String) throws -> Date {
        guard let date = try optionalStoredDate(column, of: table) else {
            throw StoreError(
                .notADatabase,
                "\(table).\(column) is empty where a date must be; the database is damaged: "
                    + "restore it from a copy, or move it aside to start anew"
            )
        }
        return date
    }

    /// The date in `column` of `table`, or nil when it is NULL.
    ///
    /// - Throws: ``StoreError/Code/notADatabase`` when it holds something else than a date.
    func optionalStoredDate(_ column: String, of table: String) throws -> Date? {
        try StoredDate.read(self[column] as DatabaseValue, "\(table).\(column)")
    }
}
