import BLECore
/// Text measuring, padding, truncating and sanitising for the `ble` renderings.
///
/// Widths are terminal columns, not characters: East Asian wide characters and emoji take two
/// columns, so a device named `温度计` lines up with one named `Thermo`. Every string that came over
/// the air (device names, characteristic text, error text from a peer) goes through
/// ``sanitized(_:)`` first, so a device cannot move the cursor or recolour the terminal by putting
/// an escape sequence in its name.
public enum TextLayout {
    /// How a cell is aligned within its column.
    public enum Alignment: Sendable {
        /// Padded on the right.
        case left
        /// Padded on the left.
        case right
    }

    /// The number of terminal columns `text` takes.
    public static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one grapheme takes: 2 for East Asian wide and emoji-presentation characters, else 1.
    public static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// `text` cut to at most `limit` columns, ending in `ellipsis` when anything was cut.
    public static func truncated(_ text: String, to limit: Int, ellipsis: String = "…") -> String {
        guard width(text) > limit else { return text }
        let room = limit - width(ellipsis)
        guard room > 0 else { return String(ellipsis.prefix(max(0, limit))) }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > room { break }
            result.append(character)
            used += next
        }
        return result + ellipsis
    }

    /// `text` cut to at most `limit` columns with no ellipsis (for clipping lines to the terminal).
    public static func clipped(_ text: String, to limit: Int) -> String {
        truncated(text, to: limit, ellipsis: "")
    }

    /// `text` padded with spaces to `columns` columns.
    public static func padded(_ text: String, to columns: Int, alignment: Alignment = .left) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(text)))
        return alignment == .left ? text + padding : padding + text
    }

    /// Whether a scalar could change the terminal's state or the reading order of the line:
    /// C0 and C1 controls, DEL, and the bidirectional embedding, override and isolate marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        TextSafety.isUnsafe(scalar)
    }

    /// `text` with every unsafe scalar (see ``isUnsafe(_:)``) replaced by U+FFFD `�`: for names and
    /// other text shown as is.
    public static func sanitized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `text` made safe to write to a terminal as a whole: every unsafe scalar (see
    /// ``isUnsafe(_:)``) becomes U+FFFD `�`, except line feeds and tabs, and except the few
    /// control sequences the tools themselves write — colours and bold (`ESC [ n;… m`), erasing
    /// the line or the screen below (`ESC [ K`, `ESC [ J`), moving up (`ESC [ n A`), and a carriage
    /// return that starts one of them. So a name from a device, the database or the command line
    /// can neither retitle the window, clear the screen nor hide a line, whatever it contains.
    public static func terminalSafe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = ownSequenceEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\u{1B}", ownSequenceEnd(scalars, from: index + 1) != nil {
                result.append(scalar)
            } else if scalar == "\n" || scalar == "\t" || !isUnsafe(scalar) {
                result.append(scalar)
            } else {
                result.append("\u{FFFD}")
            }
            index += 1
        }
        return String(result)
    }

    /// The end of the control sequence at `start` when it is one the tools write (see
    /// ``terminalSafe(_:)``), else nil.
    private static func ownSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var parameters = ""
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]), parameters.count < 16 {
            parameters.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "m": return index + 1
        case "K", "J": return parameters.isEmpty ? index + 1 : nil
        case "A": return parameters.allSatisfy(\.isNumber) ? index + 1 : nil
        default: return nil
        }
    }

    /// `text` in double quotes on one line: `"`, `\`, tab, line feed and carriage return are escaped
    /// as in Swift source and other unsafe scalars become `\u{…}`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isUnsafe(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `0x000A`-style uppercase hex with at least `digits` digits.
    public static func hex<T: BinaryInteger>(_ value: T, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `text` without the spaces at its end.
    public static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// `text` as one line: line breaks and other controls become spaces and runs of spaces one space.
    public static func singleLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let next: Unicode.Scalar = isUnsafe(scalar) ? " " : scalar
            if next == " ", result.hasSuffix(" ") || result.isEmpty { continue }
            result.unicodeScalars.append(next)
        }
        return trimmingTrailingSpaces(result)
    }
}

/// A table of text columns whose widths follow their widest cell.
///
/// Columns are separated by two spaces; the last column is not padded, so no line ends in spaces.
public struct TextTable: Sendable {
    /// One column: its header and how its cells align.
    public struct Column: Sendable {
        /// The header text.
        var header: String
        /// How cells (and the header) align.
        var alignment: TextLayout.Alignment = .left

        /// A column with `header`, its cells aligned by `alignment`.
        public init(_ header: String, alignment: TextLayout.Alignment = .left) {
            self.header = header
            self.alignment = alignment
        }

        /// A column with `header`, its cells aligned by `alignment`.
        public init(header: String, alignment: TextLayout.Alignment = .left) {
            self.init(header, alignment: alignment)
        }
    }

    /// A table with `columns` and `rows` (one cell per column in each row).
    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows of cells, one cell per column.
    public var rows: [[String]]

    /// The header line followed by one line per row.
    public var lines: [String] {
        let widths = columns.indices.map { index in
            rows.reduce(TextLayout.width(columns[index].header)) { max($0, TextLayout.width($1[index])) }
        }
        return ([columns.map(\.header)] + rows).map { cells in
            let padded = cells.indices.map { index in
                TextLayout.padded(cells[index], to: widths[index], alignment: columns[index].alignment)
            }
            return TextLayout.trimmingTrailingSpaces(padded.joined(separator: "  "))
        }
    }
}
