/// The readable text form of schedules, for people and the `nightlight` CLI.
///
/// A week schedule is one line per period, each starting with its group's days and name:
///
/// ```
/// schedule "Default"
/// Mon-Fri "Working days" 00:00-06:30 #402000
/// Mon-Fri "Working days" 19:30-24:00 #402000 fade 5
/// Sat-Sun "Weekend" 00:00-08:00 #402000
/// Sat-Sun "Weekend" 20:00-24:00 #402000
/// ```
///
/// A period is `HH:MM-HH:MM #RRGGBB`, with ` fade N` (minutes) when it fades. Lines with the same
/// days form one group; the name (in double quotes, `\"` and `\\` escaped, before or after the
/// days) may be given on any of them; a group without periods is written `Wed "Quiet" off`. Blank lines and lines starting with
/// `#` are ignored; a line may hold several periods.
enum ScheduleText {
    /// A token of a line: a bare word, or a quoted string with its escapes resolved.
    struct Token: Equatable {
        var text: String
        var isQuoted: Bool
    }

    /// Splits a line at spaces and tabs, keeping quoted strings whole; commas and semicolons
    /// between periods are separators too.
    static func tokens(_ line: String) throws(SNValueError) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inQuotes = false, escaped = false, quoted = false
        func flush() {
            if !current.isEmpty || quoted { tokens.append(Token(text: current, isQuoted: quoted)) }
            current = ""
            quoted = false
        }
        for character in line {
            if inQuotes {
                if escaped { current.append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == "\"" { inQuotes = false }
                else { current.append(character) }
            } else if character == "\"" {
                flush()
                inQuotes = true
                quoted = true
            } else if character == " " || character == "\t" || character == ";" {
                flush()
            } else if character == "," && current.first?.isLetter != true {
                flush()
            } else {
                current.append(character)
            }
        }
        guard !inQuotes else { throw SNValueError(.invalidText, "has a \" that is not closed") }
        flush()
        return tokens
    }

    /// A name in double quotes with `"` and `\` escaped.
    static func quote(_ name: String) -> String {
        "\"" + name.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// Parses periods from tokens: `HH:MM-HH:MM #RRGGBB [fade N]`, repeated.
    static func periods(_ tokens: ArraySlice<Token>) throws(SNValueError) -> [Period] {
        var rest = tokens
        var periods: [Period] = []
        while let range = rest.popFirst() {
            let bounds = range.text.split(separator: "-", omittingEmptySubsequences: false)
            guard !range.isQuoted, bounds.count == 2 else {
                throw SNValueError(.invalidText, path: ["\"\(range.text)\""], "is not a time range like 19:30-24:00")
            }
            let start = try MinuteOfDay.parse(bounds[0]), end = try MinuteOfDay.parse(bounds[1])
            guard let colorToken = rest.popFirst() else {
                throw SNValueError(.invalidText, path: ["period \(range.text)"], "has no color; write it as #RRGGBB")
            }
            let color = try RGBColor(hex: colorToken.text)
            var fade = 0
            if rest.first?.text.lowercased() == "fade" {
                rest.removeFirst()
                guard let value = rest.popFirst(), let minutes = Int(value.text), minutes >= 0 else {
                    throw SNValueError(.invalidText, path: ["period \(range.text)"], "has \"fade\" without a number of minutes")
                }
                fade = minutes
            }
            periods.append(Period(start: start, end: end, color: color, fade: fade))
        }
        return periods
    }

    /// The lines of a week schedule.
    static func format(_ schedule: WeekSchedule) -> String {
        var lines = ["schedule " + quote(schedule.name)]
        for group in schedule.groups {
            let head = group.days.description + (group.name.isEmpty ? "" : " " + quote(group.name))
            if group.periods.isEmpty { lines.append(head + " off") }
            for period in group.periods { lines.append(head + " " + period.description) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses a week schedule and validates it.
    static func parse(_ text: String) throws(SNValueError) -> WeekSchedule {
        var name: String?
        var groups: [DayGroup] = []
        var nameLines: [DaySet: Int] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            do throws(SNValueError) {
                let words = try tokens(line)
                guard let first = words.first else { continue }
                if first.text.lowercased() == "schedule", !first.isQuoted {
                    guard name == nil else { throw SNValueError(.invalidText, "names the schedule a second time") }
                    name = words.count == 2 && words[1].isQuoted ? words[1].text : words.dropFirst().map(\.text).joined(separator: " ")
                    continue
                }
                var rest = words[...]
                var groupName: String?
                if let first = rest.first, first.isQuoted {
                    groupName = first.text
                    rest.removeFirst()
                }
                guard let dayText = rest.popFirst() else { throw SNValueError(.invalidText, "names a group but gives no days") }
                let days = try DaySet(parsing: dayText.text)
                if groupName == nil, let first = rest.first, first.isQuoted {
                    groupName = first.text
                    rest.removeFirst()
                }
                let periods: [Period]
                if rest.count == 1, rest.first?.text.lowercased() == "off" {
                    periods = []
                } else {
                    guard !rest.isEmpty else { throw SNValueError(.invalidText, "has days but no period; write HH:MM-HH:MM #RRGGBB, or off") }
                    periods = try Self.periods(rest)
                }
                if !groups.contains(where: { $0.days == days }) { groups.append(DayGroup(name: "", days: days)) }
                let position = groups.firstIndex { $0.days == days }!
                if let groupName {
                    if let earlier = nameLines[days], groups[position].name != groupName {
                        throw SNValueError(.invalidText, path: ["group \(days)"], "is named \(quote(groups[position].name)) on line \(earlier) and \(quote(groupName)) here")
                    }
                    groups[position].name = groupName
                    nameLines[days] = index + 1
                }
                groups[position].periods += periods
            } catch {
                throw error.within("line \(index + 1)")
            }
        }
        for index in groups.indices {
            groups[index].periods.sort { $0.start < $1.start }
        }
        let schedule = WeekSchedule(name: name ?? "", groups: groups)
        try schedule.validate()
        return schedule
    }
}

extension WeekSchedule {
    /// The readable text form, one line per period (see ``init(text:)``):
    ///
    /// ```
    /// schedule "Default"
    /// Mon-Fri "Working days" 00:00-06:30 #402000
    /// Mon-Fri "Working days" 19:30-24:00 #402000
    /// Sat-Sun "Weekend" 00:00-08:00 #402000
    /// Sat-Sun "Weekend" 20:00-24:00 #402000
    /// ```
    public var text: String { ScheduleText.format(self) }

    /// Parses the text form and validates the schedule.
    ///
    /// Each line is `DAYS ["GROUP NAME"] HH:MM-HH:MM #RRGGBB [fade N]` (or `DAYS ["NAME"] off` for
    /// a group without light); `schedule "NAME"` names the schedule; lines with the same days form
    /// one group, whose periods are sorted by start. Blank lines and `#` comments are ignored.
    /// Throws ``SNValueError/Code/invalidText`` with the line (`line 3: time "25:00" is not a time
    /// of day 00:00…24:00`), or the schedule rule broken (``SNValueError/Code/invalidSchedule``).
    public init(text: String) throws(SNValueError) {
        self = try ScheduleText.parse(text)
    }
}

extension Period {
    /// Parses one period: `19:30-24:00 #402000` or `19:30-24:00 #402000 fade 5`, and validates it.
    public init(text: String) throws(SNValueError) {
        let periods = try Period.parseList(text)
        guard periods.count == 1 else {
            throw SNValueError(.invalidText, path: ["\"\(text)\""], "holds \(periods.count) periods; expected one")
        }
        self = periods[0]
    }

    /// Parses any number of periods written one after another, separated by spaces, commas,
    /// semicolons or new lines (`00:00-07:00 #402000, 19:30-24:00 #402000 fade 5`), validating each.
    public static func parseList(_ text: String) throws(SNValueError) -> [Period] {
        let tokens = try ScheduleText.tokens(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        let periods = try ScheduleText.periods(tokens[...])
        for period in periods { try period.validate() }
        return periods
    }
}

extension TemporaryDaySchedule {
    /// A temporary schedule for `days` days from the periods' text (see ``Period/parseList(_:)``),
    /// sorted by start and validated.
    public init(days: Int, text: String) throws(SNValueError) {
        self.init(remainingDays: days, periods: try Period.parseList(text).sorted { $0.start < $1.start })
        try validate()
    }

    /// The periods' text form: `19:30-24:00 #402000, 00:00-07:00 #402000`.
    public var periodsText: String { periods.map(\.description).joined(separator: ", ") }
}

extension String {
    /// The string with every `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
