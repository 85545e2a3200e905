import BLECore
import BLEToolKit
import Foundation

/// `ble rssi` on a terminal: the gauge and a bar chart of the last readings, one frame at a time.
///
/// ```
/// RSSI -52 dBm  ▁▂▄▆·  ██████████████░░░░░░  69 %  Good  Close
///  -30 │
///      │                           ▂   ▃ ▅ ▇ ▆
///      │                 ▁ ▄ ▆ ▅ █ █ █ █ █ █ █ ▄
///      │         ▁ ▅ ▆ ▄ █ █ █ █ █ █ █ █ █ █ █ █
///      │   ▃ ▃ ▇ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
///      │ ▇ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
///      │ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
/// -100 │ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █
///      └────────────────────────────────────────
///        20 readings · min -75 · avg -54.6 · max -40 dBm
/// ```
/// The header shows the displayed value, after the 2 dB noise filter of ``BLECore/SignalHistory``:
/// its signal bars, a 20-column gauge of the percent, the percent, quality and distance labels. The
/// chart shows the raw readings, newest at the right, scaled from -100 dBm (empty) to -30 dBm (full)
/// in eighths of a row; with colour, each bar is green at -60 dBm and stronger, yellow to -75 dBm,
/// red below. Redraw frames in place with ``LiveFrame``; into a pipe print ``plainLine(rssi:at:)``.
struct RSSIChart: Sendable {
    /// The readings in dBm, oldest first (only the last ``capacity`` are drawn).
    var readings: [Int]
    /// The value the header shows (after the noise filter); the latest reading when `nil`.
    var displayed: Int?
    /// How many readings the chart has room for.
    var capacity = 20
    /// The chart's height in rows.
    var height = 8
    /// The characters to draw with.
    var glyphs: Glyphs
    /// The colours to draw with.
    var style: ANSIStyle

    /// Creates a chart from readings in dBm, oldest first.
    init(readings: [Int], displayed: Int? = nil, glyphs: Glyphs = .unicode, style: ANSIStyle = .init(isEnabled: false)) {
        self.readings = readings
        self.displayed = displayed
        self.glyphs = glyphs
        self.style = style
    }

    /// Creates a chart from a signal history: its readings, its filtered value and its capacity.
    init(history: SignalHistory, glyphs: Glyphs = .unicode, style: ANSIStyle = .init(isEnabled: false)) {
        self.init(readings: history.readings.map(\.rssi), displayed: history.displayed?.rssi, glyphs: glyphs, style: style)
        capacity = history.capacity
    }

    /// The readings drawn: the last ``capacity``.
    private var shown: ArraySlice<Int> { readings.suffix(capacity) }

    /// The gauge line.
    var header: String {
        guard let rssi = displayed ?? readings.last else { return "RSSI waiting for a reading" }
        let signal = SignalStrength(rssi: rssi)
        let percent = Int(signal.percent.rounded())
        return [
            "RSSI \(signal)", glyphs.signalBar(signal), glyphs.gauge(signal.gaugeFraction, columns: 20),
            "\(percent) %", signal.quality.label, signal.proximity.label,
        ].joined(separator: "  ")
    }

    /// One frame: the header, the chart rows, the axis and the statistics, without line ends.
    var lines: [String] {
        let levels = height * 8
        // Eighths of the chart height each reading fills: (rssi + 100) / 70 of it, rounded.
        let filled = shown.map { (min(max($0 + 100, 0), 70) * levels * 2 + 70) / 140 }
        let blanks = String(repeating: "  ", count: capacity - shown.count)
        let rows = (0..<height).map { row in
            let base = (height - 1 - row) * 8
            let label = row == 0 ? "-30" : row == height - 1 ? "-100" : ""
            let cells = zip(shown, filled).map { rssi, level in
                let fill = min(max(level - base, 0), 8)
                let glyph = fill == 0 ? " " : style.paint(glyphs.eighths[fill - 1], ANSIStyle.color(for: SignalHistoryBand(rssi: rssi)))
                return " " + glyph
            }
            let line = TextLayout.padded(label, to: 4, alignment: .right) + " " + glyphs.axisVertical + blanks + cells.joined()
            return TextLayout.trimmingTrailingSpaces(line)
        }
        let axis = "     " + glyphs.axisCorner + String(repeating: glyphs.axisHorizontal, count: capacity * 2)
        return [header] + rows + [axis, "       " + statistics]
    }

    /// The frame as text, each line ended by a line feed.
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// `19 readings · min -80 · avg -66.2 · max -52 dBm`, over the readings drawn.
    var statistics: String {
        guard let low = shown.min(), let high = shown.max() else { return "no readings yet" }
        let tenths = Int((Double(shown.reduce(0, +)) * 10 / Double(shown.count)).rounded())
        let average = (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
        let count = shown.count == 1 ? "1 reading" : "\(shown.count) readings"
        return [count, "min \(low)", "avg \(average)", "max \(high) dBm"].joined(separator: glyphs.separator)
    }

    /// `ble rssi` into a pipe: one reading per line, e.g.
    /// `2026-05-01T12:00:00.123Z  -52 dBm | 69 % | Good | Close`.
    static func plainLine(rssi: Int, at date: Date) -> String {
        let signal = SignalRecord(SignalStrength(rssi: rssi))
        return Timestamp.iso8601(date) + "  " + ["\(rssi) dBm", "\(signal.percent) %", signal.quality, signal.distance].joined(separator: " | ")
    }

    /// `ble rssi --json`: one JSON line per reading (see ``RSSIReadingRecord``).
    static func jsonLine(rssi: Int, displayed: Int? = nil, at date: Date) throws -> String {
        let record = RSSIReadingRecord(
            timestamp: Timestamp.iso8601(date), rssi: rssi, displayed: displayed ?? rssi,
            signal: SignalRecord(SignalStrength(rssi: displayed ?? rssi))
        )
        return try PresentationJSON.encode(record, layout: .line)
    }
}

/// One RSSI reading in `ble rssi --json`.
///
/// ```json
/// {"displayed":-52,"rssi":-53,"signal":{"distance":"Close","percent":69,"quality":"Good"},"timestamp":"2026-05-01T12:00:00.123Z"}
/// ```
/// `rssi` is the raw reading; `displayed` the value after the 2 dB noise filter, which `signal`
/// describes.
struct RSSIReadingRecord: Codable, Hashable, Sendable {
    /// ISO 8601 with milliseconds, UTC.
    var timestamp: String
    /// The raw reading in dBm.
    var rssi: Int
    /// The filtered value in dBm.
    var displayed: Int
    /// The gauge percent and labels of the filtered value.
    var signal: SignalRecord
}
