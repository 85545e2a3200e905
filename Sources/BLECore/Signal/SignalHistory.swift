/// A rolling record of the last RSSI readings with a noise filter for the displayed value.
///
/// Scanner specification (shared/seeds/003): the history chart shows the last 20 readings, and
/// "a noise filter suppresses updates smaller than 2 dB". The rule here, exactly:
///
/// - every reading is appended to ``readings`` (the oldest drops out beyond ``capacity``), so the
///   chart shows the raw signal;
/// - ``displayed`` is the first reading, and afterwards moves to a new reading only when
///   `|new - displayed| ≥ noiseThreshold` (2 dB by default). A drift of 1 dB per reading therefore
///   moves the display every second reading, never lagging more than 1 dB behind.
public struct SignalHistory: Hashable, Sendable {
    /// The number of readings kept: 20 by default.
    public let capacity: Int
    /// The smallest change in dB that moves the displayed value: 2 by default.
    public let noiseThreshold: Int
    /// The readings kept, oldest first.
    public private(set) var readings: [SignalStrength] = []
    /// The value to display, after the noise filter; `nil` before the first reading.
    public private(set) var displayed: SignalStrength?

    /// Creates an empty history.
    ///
    /// - Parameters:
    ///   - capacity: how many readings to keep (at least 1).
    ///   - noiseThreshold: the smallest change in dB that moves ``displayed`` (at least 0).
    public init(capacity: Int = 20, noiseThreshold: Int = 2) {
        self.capacity = max(1, capacity)
        self.noiseThreshold = max(0, noiseThreshold)
    }

    /// Records a reading; returns whether the displayed value changed.
    @discardableResult
    public mutating func record(_ reading: SignalStrength) -> Bool {
        readings.append(reading)
        if readings.count > capacity { readings.removeFirst(readings.count - capacity) }
        guard let current = displayed else {
            displayed = reading
            return true
        }
        guard abs(reading.rssi - current.rssi) >= noiseThreshold, reading != current else { return false }
        displayed = reading
        return true
    }

    /// Records a reading in dBm; returns whether the displayed value changed.
    @discardableResult
    public mutating func record(rssi: Int) -> Bool { record(SignalStrength(rssi: rssi)) }

    /// The most recent raw reading.
    public var latest: SignalStrength? { readings.last }

    /// The mean of the kept readings in dBm, or `nil` when empty.
    public var averageRSSI: Double? {
        readings.isEmpty ? nil : Double(readings.reduce(0) { $0 + $1.rssi }) / Double(readings.count)
    }

    /// The weakest and strongest kept readings, or `nil` when empty.
    public var range: ClosedRange<Int>? {
        guard let low = readings.map(\.rssi).min(), let high = readings.map(\.rssi).max() else { return nil }
        return low...high
    }
}
