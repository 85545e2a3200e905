import BLECore

/// The permanent week schedule: named groups of days, each with its light periods (SN profile §6.1).
///
/// Wire form: format version u8 = 1, name length u8 (0…20) and the name, group count u8 (1…7),
/// then the groups (``DayGroup``); at most 464 bytes. Valid only when every day of the week is in
/// exactly one group and each group's periods are sorted and do not overlap. Every refusal has
/// the code ``SNValueError/Code/invalidSchedule`` (ATT error 0x80).
public struct WeekSchedule: SNValue, CustomStringConvertible {
    /// The schedule's name (the "permanent week schedule name"), at most 20 bytes of UTF-8.
    public var name: String
    /// The groups of days, 1…7, covering every day exactly once.
    public var groups: [DayGroup]

    /// The only format version: 1.
    public static let formatVersion: UInt8 = 1
    /// The longest name: 20 bytes.
    public static let maximumNameLength = 20
    /// The most groups: 7.
    public static let maximumGroupCount = 7
    /// The largest blob: 464 bytes (7 groups with 12-byte names and 6 periods, a 20-byte name).
    public static let maximumByteCount = 464

    /// A schedule (not checked; see ``validate()``).
    public init(name: String, groups: [DayGroup]) {
        self.name = name
        self.groups = groups
    }

    /// The factory schedule "Default": "Working days" (Mon–Fri) 00:00–06:30 and 19:30–24:00,
    /// "Weekend" (Sat–Sun) 00:00–08:00 and 20:00–24:00, all `#402000` without fade (§6.1).
    public static let factory = WeekSchedule(name: "Default", groups: [
        DayGroup(name: "Working days", days: .workingDays, periods: [
            Period(start: 0, end: 390, color: .factoryScheduleColor),
            Period(start: 1170, end: 1440, color: .factoryScheduleColor),
        ]),
        DayGroup(name: "Weekend", days: .weekend, periods: [
            Period(start: 0, end: 480, color: .factoryScheduleColor),
            Period(start: 1200, end: 1440, color: .factoryScheduleColor),
        ]),
    ])

    /// The group a day belongs to (the first, should an invalid schedule list it twice).
    public func group(for day: Weekday) -> DayGroup? {
        groups.first { $0.days.contains(day) }
    }

    /// The periods of a day; none when no group has the day.
    public func periods(on day: Weekday) -> [Period] {
        group(for: day)?.periods ?? []
    }

    /// `Default: Working days (Mon-Fri): …; Weekend (Sat-Sun): …`.
    public var description: String {
        "\(name.isEmpty ? "(unnamed)" : name): " + groups.map(\.description).joined(separator: "; ")
    }

    // MARK: SNValue

    /// Decodes and checks a Week Schedule blob.
    ///
    /// Throws ``SNValueError/Code/invalidSchedule`` for anything wrong: a blob over 464 bytes,
    /// another format version, a missing field, bytes after the last group, or a broken rule.
    public init(bytes: [UInt8]) throws(SNValueError) {
        do throws(SNValueError) {
            guard bytes.count <= Self.maximumByteCount else {
                throw SNValueError(.invalidSchedule, path: ["week schedule"], "is \(bytes.count) bytes long; the most is \(Self.maximumByteCount)")
            }
            var reader = SNReader(bytes, code: .invalidSchedule)
            let version = try reader.u8("format version")
            guard version == Self.formatVersion else {
                throw SNValueError(.invalidSchedule, path: ["format version \(version)"], "is not \(Self.formatVersion)")
            }
            let name = try reader.string("name")
            let count = try reader.u8("group count")
            try SNCheck.range(Int(count), 1...Self.maximumGroupCount, "group count")
            var groups: [DayGroup] = []
            for index in 0..<Int(count) {
                groups.append(try DayGroup(reading: &reader, index: index))
            }
            try reader.expectEnd("week schedule")
            self.init(name: name, groups: groups)
            try validate()
        } catch {
            throw error.with(code: .invalidSchedule)
        }
    }

    /// The blob: version, name, group count, groups.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.maximumByteCount)
        writer.writeUInt8(Self.formatVersion)
        SNText.write(name, to: &writer)
        writer.writeUInt8(groups.count.wire())
        for group in groups { group.write(to: &writer) }
        return writer.bytes
    }

    /// Checks the name, the group count, each group (`group Weekend: period 2 (19:00–18:00) ends
    /// before it starts`) and that every day is in exactly one group.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            try SNCheck.utf8Length(name, maximum: Self.maximumNameLength, "name")
            try SNCheck.range(groups.count, 1...Self.maximumGroupCount, "group count")
            var seen: [Weekday: String] = [:]
            for (index, group) in groups.enumerated() {
                let label = group.label(index: index)
                do throws(SNValueError) { try group.checkRules() } catch { throw error.within(label) }
                for day in group.days.weekdays {
                    if let other = seen[day] {
                        throw SNValueError(.invalidSchedule, path: [label], "has \(day.shortName), which is already in \(other); every day must be in exactly one group")
                    }
                    seen[day] = label
                }
            }
            let missing = Weekday.allCases.filter { seen[$0] == nil }
            if !missing.isEmpty {
                let list = DaySet(missing).description
                throw SNValueError(.invalidSchedule, path: [list], "\(missing.count == 1 ? "is" : "are") in no group; every day must be in exactly one group")
            }
        } catch {
            throw error.with(code: .invalidSchedule)
        }
    }
}

extension WeekSchedule {
    /// The same schedule under `name`, cut to the ``maximumNameLength`` bytes of UTF-8 the
    /// profile allows (at a character boundary): how a schedule saved in an app's library under
    /// its own name goes onto a nightlight, so the nightlight shows the name the parent chose.
    public func named(_ name: String) -> WeekSchedule {
        var copy = self
        var cut = ""
        for character in name where cut.utf8.count + String(character).utf8.count <= Self.maximumNameLength {
            cut.append(character)
        }
        copy.name = cut
        return copy
    }
}
