/// Minutes of the local day, 0…1440, and their `HH:MM` text (SN profile: "minute" means minute of
/// the local day; 1440 is the midnight that ends the day, written `24:00`).
public enum MinuteOfDay {
    /// Minutes in a day: 1440.
    public static let perDay = 1440

    /// `HH:MM`, e.g. `06:30`; 1440 is `24:00`. Minutes outside 0…1440 are written as they are
    /// (`24:01`), so error messages show what was sent.
    public static func format(_ minute: Int) -> String {
        if minute < 0 { return "-" + format(-minute) }
        let hours = minute / 60, minutes = abs(minute % 60)
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// `start–end` with an en dash, as error messages and labels show a range: `19:30–24:00`.
    public static func formatRange(_ start: Int, _ end: Int) -> String {
        format(start) + "–" + format(end)
    }

    /// Parses `H:MM` or `HH:MM`, 00:00…24:00.
    ///
    /// Throws ``SNValueError/Code/invalidText``: `time "25:00" is not a time of day 00:00…24:00`.
    public static func parse(_ text: some StringProtocol) throws(SNValueError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]),
              minutes < 60, hours * 60 + minutes <= perDay else {
            throw SNValueError(.invalidText, path: ["time \"\(text)\""], "is not a time of day 00:00…24:00")
        }
        return hours * 60 + minutes
    }
}
