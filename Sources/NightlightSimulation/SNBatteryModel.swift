import Nightlight

/// How fast a virtual SN's battery drains and charges, in percent per second of clock time.
///
/// The defaults describe a small lithium cell behind four RGB LEDs:
///
/// | state | rate | so that |
/// |---|---|---|
/// | lit (any LED shows a color), on battery | 5 % an hour | a full battery gives 20 hours of light: two long nights |
/// | dark, on battery | 1 % a day | advertising and the clock alone last about three months |
/// | plugged in | 1 % a minute (whatever the LEDs do) | empty to full in 100 minutes |
///
/// The battery is flat when it reaches 0 %: the clock is lost (SN profile §3, status flag bit 4)
/// and the child button light goes off. Battery Level reports the charge rounded up, so 0 % means
/// flat.
public struct SNBatteryModel: Hashable, Sendable {
    /// Percent per second while an LED is lit on battery.
    public var litDrain: Double
    /// Percent per second while every LED is dark on battery.
    public var idleDrain: Double
    /// Percent per second while plugged in.
    public var charge: Double

    /// A model from rates in percent per second.
    public init(litDrain: Double, idleDrain: Double, charge: Double) {
        self.litDrain = litDrain
        self.idleDrain = idleDrain
        self.charge = charge
    }

    /// 5 % an hour lit, 1 % a day dark, 1 % a minute charging.
    public static let standard = SNBatteryModel(litDrain: 5.0 / 3600, idleDrain: 1.0 / 86_400, charge: 1.0 / 60)

    /// The change of charge per second (negative while draining).
    func rate(isPluggedIn: Bool, isLit: Bool) -> Double {
        isPluggedIn ? charge : -(isLit ? litDrain : idleDrain)
    }

    /// Battery Level for a charge: rounded up (ignoring rounding noise under a millionth of a
    /// percent) and clamped to 0…100, so only a flat battery reads 0.
    static func reportedLevel(_ charge: Double) -> Int {
        Int(min(max(charge - 1e-6, 0), 100).rounded(.up))
    }
}
