/// A received signal strength (RSSI) in dBm and the ways a scanner shows it.
///
/// From the scanner specification (shared/seeds/003, "Signal Strength Gauge" and "Technical
/// Details"): RSSI runs from about -30 dBm (very close) to -100 dBm (far); it is normalised to
/// 0–100 % as `(rssi + 100) / 70`, clamped. Every threshold is compared in exact integer
/// arithmetic (`(rssi + 100) × 100` against `percent × 70`), so no floating-point rounding ever
/// moves a reading across a label boundary.
public struct SignalStrength: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The RSSI in dBm.
    public let rssi: Int

    /// The HCI RSSI value meaning "not available" (Core 5.4, Vol 4, Part E, 7.7.65.2).
    public static let hciUnavailable: Int8 = 127

    /// Wraps an RSSI in dBm.
    public init(rssi: Int) { self.rssi = rssi }

    /// Wraps an RSSI reported by HCI, or returns `nil` for 127 (not available).
    public static func fromHCI(_ rssi: Int8) -> SignalStrength? {
        rssi == hciUnavailable ? nil : SignalStrength(rssi: Int(rssi))
    }

    /// `(rssi + 100) × 100`, i.e. the percentage × 70, clamped to 0…7000.
    private var percentTimes70: Int { min(max((rssi + 100) * 100, 0), 7000) }

    /// The strength as 0–100 %: `(rssi + 100) / 70 × 100`, clamped (-30 dBm → 100, -100 dBm → 0).
    public var percent: Double { Double(percentTimes70) / 70 }

    /// The fraction of the gauge arc to fill, 0…1.
    public var gaugeFraction: Double { Double(percentTimes70) / 7000 }

    /// The number of lit bars out of 5: `ceil(percent / 20)`, clamped to 0…5.
    ///
    /// So 0 % is 0 bars, anything above 0 % lights at least 1, and above 80 % lights all 5.
    /// Computed exactly as `ceil((rssi + 100) / 14)`.
    public var bars: Int {
        let scaled = percentTimes70  // percent × 70; one bar is 20 % = 1400
        return min(5, (scaled + 1399) / 1400)
    }

    /// The quality label: Excellent > 80 %, Good > 60 %, Fair > 40 %, Poor > 20 %, else Very Poor.
    public var quality: SignalQuality {
        let scaled = percentTimes70
        if scaled > 80 * 70 { return .excellent }
        if scaled > 60 * 70 { return .good }
        if scaled > 40 * 70 { return .fair }
        if scaled > 20 * 70 { return .poor }
        return .veryPoor
    }

    /// The approximate distance label from the RSSI thresholds.
    public var proximity: Proximity { Proximity(rssi: rssi) }

    /// The colour band of this reading in the history chart.
    public var historyBand: SignalHistoryBand { SignalHistoryBand(rssi: rssi) }

    /// The path loss in dB given the advertised TX power (the RSSI expected at 1 m): `txPower - rssi`.
    public func pathLoss(txPower: Int) -> Int { txPower - rssi }

    /// The estimated distance in metres by the log-distance path loss model.
    ///
    /// `d = 10 ^ ((txPower - rssi) / (10 × n))`, where `txPower` is the RSSI at 1 m (as the TX
    /// Power Level AD type is read by scanners) and `n` the path loss exponent: 2 in free space,
    /// 2.7–4 indoors. A rough guide only: obstacles and antennas change the result a lot.
    /// Returns `nil` when `n` is not positive.
    public func estimatedDistance(txPower: Int, pathLossExponent n: Double = 2) -> Double? {
        guard n > 0, n.isFinite else { return nil }
        return power10(Double(pathLoss(txPower: txPower)) / (10 * n))
    }

    /// Orders by RSSI: a stronger signal is greater.
    public static func < (lhs: SignalStrength, rhs: SignalStrength) -> Bool { lhs.rssi < rhs.rssi }

    /// `-43 dBm`.
    public var description: String { "\(rssi) dBm" }
}

/// The signal quality label (scanner specification, "Signal quality").
public enum SignalQuality: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// 20 % or less.
    case veryPoor
    /// More than 20 %.
    case poor
    /// More than 40 %.
    case fair
    /// More than 60 %.
    case good
    /// More than 80 %.
    case excellent

    /// `Excellent`, `Good`, `Fair`, `Poor` or `Very Poor`.
    public var label: String {
        switch self {
        case .excellent: "Excellent"
        case .good: "Good"
        case .fair: "Fair"
        case .poor: "Poor"
        case .veryPoor: "Very Poor"
        }
    }

    /// Orders from worst to best.
    public static func < (lhs: SignalQuality, rhs: SignalQuality) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The approximate distance label from RSSI thresholds (scanner specification, "Approximate distance").
///
/// -50 dBm and stronger (including above -30) Very Close; -51…-65 Close; -66…-80 Medium;
/// -81…-90 Far; below -90 Very Far.
public enum Proximity: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// -50 dBm or stronger.
    case veryClose
    /// -51 to -65 dBm.
    case close
    /// -66 to -80 dBm.
    case medium
    /// -81 to -90 dBm.
    case far
    /// Below -90 dBm.
    case veryFar

    /// Classifies an RSSI in dBm.
    public init(rssi: Int) {
        switch rssi {
        case (-50)...: self = .veryClose
        case (-65)...: self = .close
        case (-80)...: self = .medium
        case (-90)...: self = .far
        default: self = .veryFar
        }
    }

    /// `Very Close`, `Close`, `Medium`, `Far` or `Very Far`.
    public var label: String {
        switch self {
        case .veryClose: "Very Close"
        case .close: "Close"
        case .medium: "Medium"
        case .far: "Far"
        case .veryFar: "Very Far"
        }
    }

    /// Orders from nearest to farthest.
    public static func < (lhs: Proximity, rhs: Proximity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The colour band of a reading in the signal history chart (scanner specification, "Signal History").
///
/// Green at -60 dBm and stronger, yellow from -75 to -61 dBm, red below -75 dBm.
public enum SignalHistoryBand: Sendable, Hashable, CaseIterable {
    /// -60 dBm or stronger.
    case strong
    /// -75 to -61 dBm.
    case moderate
    /// Below -75 dBm.
    case weak

    /// Classifies an RSSI in dBm.
    public init(rssi: Int) {
        self = rssi >= -60 ? .strong : rssi >= -75 ? .moderate : .weak
    }

    /// `Strong`, `Moderate` or `Weak`.
    public var label: String {
        switch self {
        case .strong: "Strong"
        case .moderate: "Moderate"
        case .weak: "Weak"
        }
    }

    /// The colour the scanner draws the bar in: `green`, `yellow` or `red`.
    public var colorName: String {
        switch self {
        case .strong: "green"
        case .moderate: "yellow"
        case .weak: "red"
        }
    }
}
