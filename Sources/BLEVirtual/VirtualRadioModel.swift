#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a ``VirtualLink`` turns distance into received signal strength.
///
/// Log-distance path loss: `RSSI = measuredPower − 10 · n · log10(d)` with `measuredPower` the
/// transmitter's RSSI at 1 m (``VirtualControllerConfiguration/measuredPower``), `n` the
/// ``pathLossExponent`` (2 in free space) and `d` the distance in metres, plus uniform noise of
/// ±``noiseAmplitude`` dB drawn from the link's seeded generator, clamped to the HCI range
/// −127…+20 dBm.
public struct VirtualRadioModel: Sendable, Hashable {
    /// `n`, the path-loss exponent (2: free space; 2.7–3.5: indoors).
    public var pathLossExponent: Double
    /// The noise added to each measurement: a whole number of dB in −amplitude…+amplitude.
    public var noiseAmplitude: Int
    /// The shortest distance the model computes with (a receiver on top of the transmitter).
    public var minimumDistance: Double

    /// Creates a model; the defaults are free space with ±2 dB of noise.
    public init(pathLossExponent: Double = 2, noiseAmplitude: Int = 2, minimumDistance: Double = 0.1) {
        self.pathLossExponent = pathLossExponent
        self.noiseAmplitude = max(0, noiseAmplitude)
        self.minimumDistance = max(minimumDistance, 0.001)
    }

    /// The RSSI without noise, in dBm (not rounded or clamped).
    public func meanRSSI(measuredPower: Int, distance: Double) -> Double {
        Double(measuredPower) - 10 * pathLossExponent * log10(max(distance, minimumDistance))
    }

    /// One measurement: the mean RSSI, rounded, plus `noise`, clamped to −127…+20 dBm.
    public func rssi(measuredPower: Int, distance: Double, noise: Int) -> Int8 {
        let value = Int(meanRSSI(measuredPower: measuredPower, distance: distance).rounded()) + noise
        return Int8(min(max(value, -127), 20))
    }
}

/// SplitMix64: a small, fast, seedable generator, so a link's noise repeats from run to run.
public struct VirtualNoiseGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
