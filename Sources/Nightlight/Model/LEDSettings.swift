/// The LED Service's settings (SN profile §4): power, link, proof mode and the four LED colors.
///
/// Each field is its own characteristic; ``SNCharacteristic`` has the codec of each.
public struct LEDSettings: Hashable, Sendable, Codable {
    /// LED Power Enable: whether the LEDs' supply is on (factory `true`).
    public var isPowerEnabled: Bool
    /// LED Link: whether LED #2…#4 follow LED #1 (factory `true`).
    public var isLinked: Bool
    /// LED Proof Mode: whether the test mode is on (§4.4; factory `false`).
    public var isProofModeOn: Bool
    /// LED #1…#4 Color, shown in proof mode (exactly 4).
    public var colors: [RGBColor]

    /// Settings (not checked; see ``validate()``).
    public init(isPowerEnabled: Bool, isLinked: Bool, isProofModeOn: Bool, colors: [RGBColor]) {
        self.isPowerEnabled = isPowerEnabled
        self.isLinked = isLinked
        self.isProofModeOn = isProofModeOn
        self.colors = colors
    }

    /// The factory settings: power on, linked, proof off, every LED color `#402000`.
    ///
    /// The profile does not fix the factory LED colors; ours are the factory schedule's color.
    public static let factory = LEDSettings(
        isPowerEnabled: true, isLinked: true, isProofModeOn: false,
        colors: Array(repeating: .factoryScheduleColor, count: ActiveState.ledCount)
    )

    /// The colors proof mode shows on LED #1…#4: LED #1's color on all four when linked (§4.4).
    public var proofColors: [RGBColor] {
        isLinked ? Array(repeating: colors.first ?? .off, count: ActiveState.ledCount) : colors
    }

    /// Checks there are exactly 4 colors.
    public func validate() throws(SNValueError) {
        try SNCheck.ledColors(colors, "LED settings")
    }
}
