import BLECore
import Foundation

/// A 24-bit color, one byte each of red, green and blue: what the color bulb's command carries
/// and what one NeoPixel shows.
///
/// The text form is `#RRGGBB` (``hex``, ``init(hex:)``); in JSON a color is that string.
/// ``init(hue:saturation:value:)`` converts from HSV as the seed's hue-cycling script does.
/// ``rgb``, ``init(rgb:)``, ``isOff`` and ``hex`` come from ``HexColor``, as for the SN's colors.
public struct RGB: HexColor, Codable, CustomStringConvertible {
    /// Why a color given as text was not understood.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text as given.
        public var text: String
        /// What is wrong with it and what is expected.
        public var problem: String

        /// Creates a parse error.
        public init(text: String, problem: String) {
            self.text = text
            self.problem = problem
        }

        /// `invalid color '#12345': expected #RRGGBB, e.g. #FF8000`.
        public var description: String { "invalid color '\(text)': \(problem)" }
    }

    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A color from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Dark: `#000000`.
    public static let off = RGB(rgb: 0x000000)
    /// Full white: `#FFFFFF`.
    public static let white = RGB(rgb: 0xFFFFFF)
    /// `#FF0000`.
    public static let red = RGB(rgb: 0xFF0000)
    /// `#00FF00`.
    public static let green = RGB(rgb: 0x00FF00)
    /// `#0000FF`.
    public static let blue = RGB(rgb: 0x0000FF)

    /// The components in decimal, `R,G,B`, e.g. `255,128,0`.
    public var components: String { "\(red),\(green),\(blue)" }

    /// ``hex``.
    public var description: String { hex }

    /// Parses `#RRGGBB`, `RRGGBB` or `0xRRGGBB` (either case), or the words `off` (`#000000`) and
    /// `white` (`#FFFFFF`).
    public init(hex text: String) throws(ParseError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "off": self = .off; return
        case "white": self = .white; return
        default: break
        }
        var digits = Substring(trimmed)
        if digits.hasPrefix("#") {
            digits = digits.dropFirst()
        } else if digits.lowercased().hasPrefix("0x") {
            digits = digits.dropFirst(2)
        }
        guard let color = RGB(hexDigits: digits) else {
            throw ParseError(text: text, problem: "expected #RRGGBB (six hex digits), e.g. #FF8000, or off or white")
        }
        self = color
    }

    /// Parses `R,G,B`, three decimal components 0…255, e.g. `255,128,0`.
    public init(components text: String) throws(ParseError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else {
            throw ParseError(text: text, problem: "expected R,G,B: three numbers 0…255 separated by commas, e.g. 255,128,0")
        }
        var values: [UInt8] = []
        for (part, name) in zip(parts, ["red", "green", "blue"]) {
            guard let value = UInt8(part) else {
                throw ParseError(text: text, problem: "\(name) '\(part)' is not a number 0…255")
            }
            values.append(value)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// The color of an HSV triple (each 0…1; the hue wraps around), as Python's
    /// `colorsys.hsv_to_rgb` computes it, each component then scaled by 255 and truncated: what
    /// the seed's `colorific.py` sends for each hue.
    public init(hue: Double, saturation: Double = 1, value: Double = 1) {
        let h = hue.isFinite ? hue - hue.rounded(.down) : 0
        let s = saturation.isFinite ? min(max(saturation, 0), 1) : 0
        let v = value.isFinite ? min(max(value, 0), 1) : 0
        let components: (Double, Double, Double)
        if s == 0 {
            components = (v, v, v)
        } else {
            let sector = Int(h * 6)
            let f = h * 6 - Double(sector)
            let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
            switch sector % 6 {
            case 0: components = (v, t, p)
            case 1: components = (q, v, p)
            case 2: components = (p, v, t)
            case 3: components = (p, q, v)
            case 4: components = (t, p, v)
            default: components = (v, p, q)
            }
        }
        self.init(red: Self.byte(components.0), green: Self.byte(components.1), blue: Self.byte(components.2))
    }

    private static func byte(_ component: Double) -> UInt8 {
        UInt8(min(max(component * 255, 0), 255).rounded(.towardZero))
    }

    /// Decodes the `#RRGGBB` string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(hex: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the `#RRGGBB` string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
