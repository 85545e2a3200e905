#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// What the standard output of `ble` is connected to, and so how the commands print.
///
/// On a terminal, tables and charts redraw in place (``LiveFrame``), progress rewrites one line
/// (``ProgressLine``) and colours are used unless `NO_COLOR` is set (https://no-color.org) or
/// `TERM` is `dumb`. Into a pipe or a file, every update is a plain line and no escape sequence is
/// written. Box drawing and block characters are used when the locale is UTF-8, ASCII otherwise.
public struct TerminalOutput: Sendable, Hashable {
    /// Whether the output is a terminal.
    public var isTerminal: Bool
    /// Whether ANSI colours may be written.
    public var usesColor: Bool
    /// Whether the terminal takes UTF-8 (block and box-drawing characters).
    public var isUTF8: Bool
    /// The terminal's width in columns, when known.
    public var columns: Int?

    /// Decides from the facts, so tests need no terminal.
    ///
    /// - Parameters:
    ///   - isTerminal: whether the output is a TTY.
    ///   - environment: the process environment (`NO_COLOR`, `TERM`, `LC_ALL`, `LC_CTYPE`, `LANG`,
    ///     `COLUMNS`).
    ///   - columns: the width the terminal reported, if any; `COLUMNS` is used otherwise.
    public init(isTerminal: Bool, environment: [String: String], columns: Int? = nil) {
        self.isTerminal = isTerminal
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        usesColor = isTerminal && !noColor && environment["TERM"] != "dumb"
        // The first locale variable that is set wins, as in POSIX.
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let normalized = locale.uppercased().replacingOccurrences(of: "-", with: "")
        isUTF8 = normalized.contains("UTF8")
        self.columns = isTerminal ? (columns ?? environment["COLUMNS"].flatMap { Int($0) }).flatMap { $0 > 0 ? $0 : nil } : nil
    }

    /// Looks at the real standard output and environment.
    public static func standardOutput() -> TerminalOutput {
        detect(fileDescriptor: STDOUT_FILENO)
    }

    /// Looks at the real standard error and environment (for error lines).
    public static func standardError() -> TerminalOutput {
        detect(fileDescriptor: STDERR_FILENO)
    }

    private static func detect(fileDescriptor: Int32) -> TerminalOutput {
        let isTerminal = isatty(fileDescriptor) == 1
        return TerminalOutput(
            isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment,
            columns: isTerminal ? windowColumns(fileDescriptor) : nil
        )
    }

    private static func windowColumns(_ fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The characters to draw with: Unicode when the locale is UTF-8, ASCII otherwise.
    public var glyphs: Glyphs { isUTF8 ? .unicode : .ascii }

    /// The colours to draw with (none unless ``usesColor``).
    public var style: ANSIStyle { ANSIStyle(isEnabled: usesColor) }
}

/// Redraws a block of lines in place on a terminal (the live scan table, the RSSI chart).
///
/// Each call returns what to write: the cursor moves up over the previous frame, clears to the end
/// of the screen and prints the new one. Lines are clipped to the terminal width so none wraps
/// (a wrapped line would throw off the count of lines to move up).
public struct LiveFrame: Sendable {
    /// The number of lines the last frame took.
    private(set) var lineCount = 0
    /// The terminal width lines are clipped to, if known.
    public var columns: Int?

    /// Creates a redrawer for a terminal `columns` wide.
    public init(columns: Int? = nil) { self.columns = columns }

    /// What to write to replace the previous frame with `lines`.
    public mutating func redraw(_ lines: [String]) -> String {
        let clear = lineCount > 0 ? "\u{1B}[\(lineCount)A\r\u{1B}[J" : ""
        lineCount = lines.count
        let body = lines.map { line in
            (columns.map { TextLayout.clipped(line, to: $0) } ?? line) + "\n"
        }
        return clear + body.joined()
    }

    /// What to write to replace the previous frame with `text` (split at line feeds).
    public mutating func redraw(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return redraw(lines)
    }
}

/// A progress message for a long operation (connecting, discovering, reading every value).
///
/// On a terminal the message rewrites one line in place (`\r`, then erase to the end of the line),
/// cut to the terminal width so it never wraps; elsewhere every new message is its own line and a
/// repeated message prints nothing.
public struct ProgressLine: Sendable {
    /// Whether the output is a terminal.
    public let isTerminal: Bool
    /// The terminal width messages are cut to, if known.
    public let columns: Int?
    private var last: String?

    /// Creates a progress line for an output.
    public init(isTerminal: Bool, columns: Int? = nil) {
        self.isTerminal = isTerminal
        self.columns = columns
    }

    /// What to write to show `message`; empty when a pipe has already been told.
    public mutating func update(_ message: String) -> String {
        let message = TextLayout.singleLine(message)
        defer { last = message }
        if isTerminal {
            return "\r\u{1B}[K" + (columns.map { TextLayout.truncated(message, to: max(1, $0 - 1)) } ?? message)
        }
        return message == last ? "" : message + "\n"
    }

    /// What to write when the operation is over: the terminal line is erased, then `message`
    /// (if any) is printed as a line of its own.
    public mutating func finish(_ message: String? = nil) -> String {
        let erase = isTerminal && last != nil ? "\r\u{1B}[K" : ""
        last = nil
        return erase + (message.map { TextLayout.singleLine($0) + "\n" } ?? "")
    }
}

/// The one-line error messages of `ble`: `ble: error: <what failed> on <what>: <what to do>`.
///
/// ```
/// ble: error: connection timed out on 5C:31:3E:F2:16:13: move closer or check the device is advertising
/// ```
public enum ErrorLine {
    /// The error line, without a line end; line breaks in the parts become spaces.
    ///
    /// - Parameters:
    ///   - failure: what failed, e.g. `connection timed out`.
    ///   - subject: what it failed on, e.g. an address or a characteristic; left out when `nil`.
    ///   - remedy: what the user can do; left out when `nil`.
    ///   - style: colours `error:` in red when enabled.
    public static func format(_ failure: String, on subject: String? = nil, remedy: String? = nil, style: ANSIStyle = .init(isEnabled: false)) -> String {
        "ble: " + style.paint("error:", .red) + " " + message(failure, on: subject, remedy: remedy)
    }

    /// The part after `ble: error: `, for writers that add the prefix themselves:
    /// `<what failed> on <what>: <what to do>`.
    public static func message(_ failure: String, on subject: String? = nil, remedy: String? = nil) -> String {
        var line = TextLayout.singleLine(failure)
        if let subject { line += " on " + TextLayout.singleLine(subject) }
        if let remedy { line += ": " + TextLayout.singleLine(remedy) }
        return line
    }
}
