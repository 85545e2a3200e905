/// A place on the app's color tool: a hue/saturation wheel with white at its centre, and a dimmer
/// (SN profile §8, "Colors").
///
/// This is HSV: the hue is the angle on the wheel, the saturation the distance from the centre
/// (0 white … 1 pure hue), the intensity the dimmer (0 off … 1 full). Converting a color to a
/// position and back gives every component back within 1.
public struct ColorWheelPosition: Hashable, Sendable, Codable {
    /// The angle on the wheel in degrees, 0…360 (0 and 360 are red, 120 green, 240 blue).
    public var hue: Double
    /// The distance from the white centre, 0…1.
    public var saturation: Double
    /// The dimmer, 0 (off) … 1 (full).
    public var intensity: Double

    /// A position on the wheel; values outside their ranges are clamped when converted to a color.
    public init(hue: Double, saturation: Double, intensity: Double) {
        self.hue = hue
        self.saturation = saturation
        self.intensity = intensity
    }

    /// The position of a color: its hue (0 for greys), saturation and intensity.
    public init(_ color: RGBColor) {
        let r = Double(color.red), g = Double(color.green), b = Double(color.blue)
        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
        var hue = 0.0
        if chroma > 0 {
            switch high {
            case r: hue = 60 * ((g - b) / chroma)
            case g: hue = 60 * ((b - r) / chroma + 2)
            default: hue = 60 * ((r - g) / chroma + 4)
            }
            if hue < 0 { hue += 360 }
        }
        self.init(hue: hue, saturation: high == 0 ? 0 : chroma / high, intensity: high / 255)
    }

    /// The 24-bit color at this position, each component rounded.
    public var color: RGBColor {
        let saturation = min(max(saturation, 0), 1), intensity = min(max(intensity, 0), 1)
        var hue = hue.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        let high = intensity * 255
        let chroma = high * saturation
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let low = high - chroma
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        func byte(_ value: Double) -> UInt8 { UInt8(min(max((value + low).rounded(), 0), 255)) }
        return RGBColor(red: byte(r), green: byte(g), blue: byte(b))
    }
}

extension RGBColor {
    /// The color at a place on the app's wheel: `hue` in degrees, `saturation` 0 (white centre) … 1,
    /// `intensity` 0 … 1 (the dimmer).
    public init(hue: Double, saturation: Double, intensity: Double = 1) {
        self = ColorWheelPosition(hue: hue, saturation: saturation, intensity: intensity).color
    }

    /// Where this color sits on the app's wheel.
    public var wheelPosition: ColorWheelPosition { ColorWheelPosition(self) }

    /// The same hue and saturation at another dimmer setting, 0…1.
    public func withIntensity(_ intensity: Double) -> RGBColor {
        var position = wheelPosition
        position.intensity = intensity
        return position.color
    }
}

extension RGBColor {
    /// The color with its hue turned by `degrees` at the same saturation and intensity: what a
    /// shake does to the child button light (§5, 15° per shake). Greys stay as they are.
    public func rotatingHue(by degrees: Double) -> RGBColor {
        var position = wheelPosition
        position.hue += degrees
        return position.color
    }
}
