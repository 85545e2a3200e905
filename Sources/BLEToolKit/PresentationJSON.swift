import BLECore
import Foundation

/// The JSON the `ble` commands print for scripts (`--json`).
///
/// Keys are sorted and slashes are not escaped, so the same value always prints the same text.
/// Optional fields are written as `null` rather than left out, so every object of a kind has the
/// same keys. Dates are ISO 8601 in UTC with milliseconds (``Timestamp/iso8601(_:)``), never
/// Foundation's seconds since 2001. Two layouts: ``Layout/pretty`` for a whole document (`ble scan`, `ble inspect`,
/// `ble read`), ``Layout/line`` for one JSON object per line as values arrive (`ble subscribe`,
/// `ble rssi`, i.e. JSON Lines).
public enum PresentationJSON {
    /// How the JSON text is laid out.
    public enum Layout: Sendable {
        /// Indented over several lines.
        case pretty
        /// One line, no spaces.
        case line
    }

    /// Encodes `value` as JSON text.
    ///
    /// Throws `EncodingError` only for values JSON cannot hold (non-finite numbers), which the
    /// records of this module never contain.
    public static func encode(_ value: some Encodable, layout: Layout = .pretty) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = layout == .pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.iso8601(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Timestamps for lines printed as things happen (`ble subscribe`, `ble rssi`).
public enum Timestamp {
    /// ISO 8601 with milliseconds in UTC, e.g. `2026-05-01T12:00:00.123Z`.
    ///
    /// The time is rounded to the nearest millisecond and converted in integer arithmetic
    /// (``CivilDate``), so `x.123` seconds, which a `Double` holds as
    /// `x.12299…`, prints as `.123` rather than being cut to `.122`.
    public static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = floorDivide(milliseconds, 1000)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(days: Int(days))
        let fields = [
            digits(year, 4), "-", digits(month, 2), "-", digits(day, 2), "T", digits(secondOfDay / 3600, 2), ":",
            digits(secondOfDay / 60 % 60, 2), ":", digits(secondOfDay % 60, 2), ".",
            digits(milliseconds - seconds * 1000, 3), "Z",
        ]
        return fields.joined()
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func digits(_ value: some BinaryInteger, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}

/// An optional JSON field written as `null` when absent, so every object of a kind has the same keys.
///
/// Synthesized `Codable` leaves `nil` optionals out; a property marked `@JSONNullable` is always
/// written.
@propertyWrapper
public struct JSONNullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The value, or `nil` for `null`.
    public var wrappedValue: Value?

    /// Wraps a value.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    /// Decodes the value or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Encodes the value or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
