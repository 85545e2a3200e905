/// A 24-bit color, one byte each of red, green and blue, with its two usual forms: the number
/// `0xRRGGBB` (``rgb``) and the text `#RRGGBB` (``hex``).
///
/// A color type gives its three components and its memberwise initialiser; the packing, the hex
/// text and its parsing come from here, so every color of the package reads and writes
/// `#RRGGBB` the same way.
///
/// ```swift
/// struct Swatch: HexColor { var red, green, blue: UInt8 }
/// Swatch(rgb: 0xFF8000).hex            // "#FF8000"
/// Swatch(hexDigits: "402000")?.rgb     // 0x402000
/// ```
public protocol HexColor: Hashable, Sendable {
    /// Red, 0…255.
    var red: UInt8 { get }
    /// Green, 0…255.
    var green: UInt8 { get }
    /// Blue, 0…255.
    var blue: UInt8 { get }
    /// A color from its three components.
    init(red: UInt8, green: UInt8, blue: UInt8)
}

extension HexColor {
    /// A color from `0xRRGGBB` (bits above 24 are ignored).
    public init(rgb: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// A color from exactly six hex digits `RRGGBB`, either case, with no prefix; nil for
    /// anything else.
    public init?(hexDigits digits: some StringProtocol) {
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(rgb: value)
    }

    /// The color as `0xRRGGBB`.
    public var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// Whether every component is 0 (dark).
    public var isOff: Bool { rgb == 0 }

    /// The text form, `#RRGGBB` in upper-case hex, e.g. `#402000`.
    public var hex: String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
