import BLECore

/// The `signal` object of the JSON output: the gauge percent and the two labels.
struct SignalRecord: Codable, Hashable, Sendable {
    /// The gauge percent, 0–100, rounded to a whole number.
    var percent: Int
    /// The quality label, e.g. `Good`.
    var quality: String
    /// The approximate distance label, e.g. `Close`.
    var distance: String

    /// Describes a reading.
    init(_ signal: SignalStrength) {
        percent = Int(signal.percent.rounded())
        quality = signal.quality.label
        distance = signal.proximity.label
    }
}
