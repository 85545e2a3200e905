/// What the LEDs show now (SN profile §4, Active State): 13 bytes, the active mode u8, then the
/// RGB actually shown on LED #1…#4.
public struct ActiveState: SNValue, CustomStringConvertible {
    /// The mode driving the LEDs.
    public var mode: ActiveMode
    /// The colors shown on LED #1…#4 (exactly 4).
    public var colors: [RGBColor]

    /// The number of LEDs: 4.
    public static let ledCount = 4
    /// The wire size: 13 bytes.
    public static let byteCount = 1 + ledCount * RGBColor.byteCount

    /// A state (not checked; see ``validate()``).
    public init(mode: ActiveMode, colors: [RGBColor]) {
        self.mode = mode
        self.colors = colors
    }

    /// One color on all four LEDs.
    public init(mode: ActiveMode, color: RGBColor) {
        self.init(mode: mode, colors: Array(repeating: color, count: Self.ledCount))
    }

    /// Idle, all LEDs off.
    public static let idle = ActiveState(mode: .idle, color: .off)

    /// `week schedule: #402000 #402000 #402000 #402000`, or one color when all four agree.
    public var description: String {
        let shown = Set(colors).count == 1 ? colors[0].hex : colors.map(\.hex).joined(separator: " ")
        return "\(mode): \(shown)"
    }

    /// Decodes the 13 bytes (0x0D for another length). Any mode byte is kept.
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "active state")
        let colors = stride(from: 1, to: Self.byteCount, by: RGBColor.byteCount).map {
            RGBColor(red: bytes[$0], green: bytes[$0 + 1], blue: bytes[$0 + 2])
        }
        self.init(mode: ActiveMode(rawValue: bytes[0]), colors: colors)
    }

    /// mode, then R G B of LED #1…#4.
    public func encode() -> [UInt8] {
        [mode.rawValue] + colors.flatMap { $0.encode() }
    }

    /// Checks there are exactly 4 colors.
    public func validate() throws(SNValueError) {
        try SNCheck.ledColors(colors, "active state")
    }
}
