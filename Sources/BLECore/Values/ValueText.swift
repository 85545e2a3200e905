/// Text helpers shared by the value renderings.
enum ValueText {
    /// `0x004C`-style uppercase hex with at least `digits` digits.
    static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// A non-negative number padded with zeros to `digits` digits.
    static func padded<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
