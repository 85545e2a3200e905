import BLECore

/// A 24-bit color: `R G B`, one byte each (SN profile, introduction and §4).
///
/// Color and intensity are the same value: the dimmer scales R, G and B by one factor
/// (``dimmed(by:)``). The text form is `#RRGGBB` (``hex``, ``init(hex:)``); in JSON a color is
/// that string. ``init(hue:saturation:intensity:)`` and ``wheelPosition`` convert to and from the
/// app's color wheel. ``rgb``, ``init(rgb:)``, ``isOff`` and ``hex`` come from ``HexColor``.
public struct RGBColor: SNValue, HexColor, CustomStringConvertible, Comparable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// The wire size: 3 bytes.
    public static let byteCount = 3

    /// A color from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// All LEDs off: `#000000`.
    public static let off = RGBColor(rgb: 0x000000)
    /// Full white: `#FFFFFF`.
    public static let white = RGBColor(rgb: 0xFFFFFF)
    /// The dim amber of the factory week schedule: `#402000` (§6.1).
    public static let factoryScheduleColor = RGBColor(rgb: 0x402000)
    /// The factory child button light: `#FFA040` (§5).
    public static let factoryButtonColor = RGBColor(rgb: 0xFFA040)

    /// ``hex``.
    public var description: String { hex }

    /// Parses `#RRGGBB` or `RRGGBB` (either case).
    ///
    /// Throws ``SNValueError/Code/invalidText``: `color "#40200" is not #RRGGBB`.
    public init(hex text: String) throws(SNValueError) {
        guard let color = RGBColor(hexDigits: text.hasPrefix("#") ? text.dropFirst() : Substring(text)) else {
            throw SNValueError(.invalidText, path: ["color \"\(text)\""], "is not #RRGGBB")
        }
        self = color
    }

    /// The color with R, G and B each multiplied by `factor`, rounded and clamped to 0…255: the
    /// SN's dimmer. A negative factor gives ``off``.
    public func dimmed(by factor: Double) -> RGBColor {
        func scale(_ component: UInt8) -> UInt8 {
            let value = (Double(component) * factor).rounded()
            guard value.isFinite else { return value > 0 ? 255 : 0 }
            return UInt8(min(max(value, 0), 255))
        }
        return RGBColor(red: scale(red), green: scale(green), blue: scale(blue))
    }

    /// The brightest component over 255, 0…1: where the dimmer stands.
    public var intensity: Double { Double(max(red, green, blue)) / 255 }

    /// Orders by ``rgb``.
    public static func < (lhs: RGBColor, rhs: RGBColor) -> Bool { lhs.rgb < rhs.rgb }

    // MARK: SNValue

    /// Decodes `R G B` (3 bytes; any other length is ``SNValueError/Code/invalidLength``).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "color")
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    /// `R G B`.
    public func encode() -> [UInt8] { [red, green, blue] }

    /// Every 24-bit value is a valid color.
    public func validate() throws(SNValueError) {}

    // MARK: Codable

    /// Decodes the JSON string `"#RRGGBB"`; a malformed one is a `DecodingError` at its coding
    /// path, with the ``SNValueError`` as the underlying error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try RGBColor(hex: text)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath, debugDescription: error.message, underlyingError: error
            ))
        }
    }

    /// Encodes as the JSON string `"#RRGGBB"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
