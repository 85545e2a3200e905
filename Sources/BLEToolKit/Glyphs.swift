import BLECore

/// The characters the renderings draw with: Unicode block and box-drawing characters for UTF-8
/// terminals, plain ASCII otherwise (see ``TerminalOutput/glyphs``).
public struct Glyphs: Sendable, Hashable {
    /// The lit signal bars, weakest first: bar `i` of 5 is drawn with `signalBars[i]`.
    public var signalBars: [String]
    /// An unlit signal bar.
    public var unlitBar: String
    /// Chart cells filled 1/8 … 8/8 of their height.
    public var eighths: [String]
    /// The filled part of the horizontal gauge.
    public var gaugeFilled: String
    /// The empty part of the horizontal gauge.
    public var gaugeEmpty: String
    /// What ends a cut name.
    public var ellipsis: String
    /// Tree branch to a child that has a later sibling.
    public var branch: String
    /// Tree branch to the last child.
    public var lastBranch: String
    /// Tree guide below a child that has a later sibling.
    public var guide: String
    /// The vertical axis of the chart.
    public var axisVertical: String
    /// The corner of the chart axes.
    public var axisCorner: String
    /// The horizontal axis of the chart.
    public var axisHorizontal: String
    /// Separates facts on one line, e.g. a service's name and its category.
    public var separator: String

    /// Block elements, box drawing, `…` and `·`.
    public static let unicode = Glyphs(
        signalBars: ["▁", "▂", "▄", "▆", "█"], unlitBar: "·",
        eighths: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], gaugeFilled: "█", gaugeEmpty: "░",
        ellipsis: "…", branch: "├── ", lastBranch: "└── ", guide: "│   ",
        axisVertical: "│", axisCorner: "└", axisHorizontal: "─", separator: " · "
    )

    /// Seven-bit ASCII only.
    public static let ascii = Glyphs(
        signalBars: ["|", "|", "|", "|", "|"], unlitBar: ".",
        eighths: [".", ".", ":", ":", "|", "|", "#", "#"], gaugeFilled: "#", gaugeEmpty: "-",
        ellipsis: "...", branch: "|-- ", lastBranch: "`-- ", guide: "|   ",
        axisVertical: "|", axisCorner: "+", axisHorizontal: "-", separator: " - "
    )

    /// The 5-bar signal indicator, e.g. `▁▂▄··` for 3 bars.
    public func signalBar(_ signal: SignalStrength) -> String {
        (0..<5).map { $0 < signal.bars ? signalBars[$0] : unlitBar }.joined()
    }

    /// A horizontal gauge `columns` wide filled to `fraction` (0…1), e.g. `████████░░`.
    public func gauge(_ fraction: Double, columns: Int) -> String {
        let filled = min(columns, max(0, Int((fraction * Double(columns)).rounded())))
        return String(repeating: gaugeFilled, count: filled) + String(repeating: gaugeEmpty, count: columns - filled)
    }
}

/// ANSI colours for the renderings; every function returns its text unchanged when colour is off.
public struct ANSIStyle: Sendable, Hashable {
    /// A Select Graphic Rendition colour code.
    public enum Color: Int, Sendable {
        /// 31.
        case red = 31
        /// 32.
        case green = 32
        /// 33 (the scanner's orange).
        case yellow = 33
        /// 34.
        case blue = 34
        /// 35 (the scanner's purple).
        case magenta = 35
        /// 90.
        case gray = 90
        /// 92 (the scanner's light green).
        case brightGreen = 92
        /// 93 (the scanner's light orange).
        case brightYellow = 93
    }

    /// Whether escape sequences are written.
    public var isEnabled: Bool

    /// A style that writes escape sequences when `isEnabled`.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// `text` in `color`, reset afterwards.
    public func paint(_ text: String, _ color: Color) -> String {
        isEnabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String {
        isEnabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// The colour the scanner draws a signal-history bar in (green, yellow, red).
    public static func color(for band: SignalHistoryBand) -> Color {
        switch band {
        case .strong: .green
        case .moderate: .yellow
        case .weak: .red
        }
    }
}
