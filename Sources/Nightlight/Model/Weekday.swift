/// A day of the week, numbered as in Current Time: 1 = Monday … 7 = Sunday (SN profile §3).
///
/// In a week schedule's days bitmask Monday is bit 0 … Sunday bit 6 (§6.1): see ``bit``. In
/// JSON a weekday is its lower-case English name, e.g. `"monday"`.
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Monday, 1.
    case monday = 1
    /// Tuesday, 2.
    case tuesday
    /// Wednesday, 3.
    case wednesday
    /// Thursday, 4.
    case thursday
    /// Friday, 5.
    case friday
    /// Saturday, 6.
    case saturday
    /// Sunday, 7.
    case sunday

    /// The bit of this day in a days bitmask: Monday 0x01 … Sunday 0x40.
    public var bit: UInt8 { 1 << UInt8(rawValue - 1) }

    /// `Mon` … `Sun`.
    public var shortName: String { name.prefix(1).uppercased() + name.dropFirst().prefix(2) }

    /// `monday` … `sunday`.
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// ``shortName``.
    public var description: String { shortName }

    /// The next day (Sunday is followed by Monday).
    public var next: Weekday { Weekday(rawValue: rawValue % 7 + 1)! }

    /// The day before (Monday follows Sunday).
    public var previous: Weekday { Weekday(rawValue: (rawValue + 5) % 7 + 1)! }

    /// A day from its English name or its first three letters, in any case (`Mon`, `monday`).
    public init?(name: some StringProtocol) {
        let lower = name.lowercased()
        guard lower.count >= 3, let day = Weekday.allCases.first(where: { $0.name.hasPrefix(lower) }) else { return nil }
        self = day
    }

    /// Orders Monday first.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the JSON string `"monday"` … `"sunday"` (or `"Mon"` … `"Sun"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Weekday(name: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a weekday")
        }
        self = day
    }

    /// Encodes as the JSON string `"monday"` … `"sunday"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
