import BLECore

/// What the seed's sketch reads from scratch bank 1: whether the strip is on, and its color.
///
/// The first 4 bytes of the bank (seed 001, "Sending Data to the LightBlue Bean"):
///
/// | offset | size | value |
/// |---|---|---|
/// | 0 | 1 | on: 0 off, anything else on (a C `bool`) |
/// | 1 | 1 | red, 0…255 |
/// | 2 | 1 | green, 0…255 |
/// | 3 | 1 | blue, 0…255 |
///
/// The sketch acts only on a bank of at least 4 bytes and ignores the bytes after the 4th.
public struct BeanLight: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bytes the sketch reads.
    public static let byteCount = 4

    /// Whether the strip is on.
    public var isOn: Bool
    /// The color it shows when on (kept, as the app keeps its swatch, while off).
    public var color: RGB

    /// A light.
    public init(isOn: Bool, color: RGB) {
        self.isOn = isOn
        self.color = color
    }

    /// Decodes the start of a bank.
    ///
    /// Throws ``ProfileError/Code/invalidValue`` for fewer than 4 bytes (the sketch then leaves
    /// the strip as it is).
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count >= Self.byteCount else {
            throw ProfileError(.invalidValue, "the light is 4 bytes (on, R, G, B); scratch bank 1 holds \(bytes.count)\(bytes.isEmpty ? "" : ": " + bytes.hexString)")
        }
        isOn = bytes[0] != 0
        color = RGB(red: bytes[1], green: bytes[2], blue: bytes[3])
    }

    /// The 4 bytes, as the app sends them: 0 or 1, then red, green and blue.
    public func encoded() -> [UInt8] {
        [isOn ? 1 : 0, color.red, color.green, color.blue]
    }

    /// What the sketch wipes the strip to: the color when on, else off.
    public var stripColor: RGB { isOn ? color : .off }

    /// `on #FF0000` or `off (#FF0000)`.
    public var description: String { isOn ? "on \(color)" : "off (\(color))" }
}
