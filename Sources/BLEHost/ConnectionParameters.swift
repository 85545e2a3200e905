import BLEHCI

/// The parameters of an LE connection a host asks for: interval range, latency, supervision timeout.
///
/// Core 5.4, Vol 4, Part E, 7.8.12 and 7.8.18 (same fields and units in HCI_LE_Create_Connection,
/// HCI_LE_Connection_Update and L2CAP_CONNECTION_PARAMETER_UPDATE_REQ): intervals × 1.25 ms
/// (0x0006…0x0C80), latency in connection events (0…499), supervision timeout × 10 ms
/// (0x000A…0x0C80) and longer than (1 + latency) × interval max × 2.
public struct ConnectionParameters: Sendable, Hashable, CustomStringConvertible {
    /// Connection_Interval_Min (× 1.25 ms).
    public var intervalMin: UInt16
    /// Connection_Interval_Max (× 1.25 ms).
    public var intervalMax: UInt16
    /// Max_Latency: connection events the peripheral may skip.
    public var latency: UInt16
    /// Supervision_Timeout (× 10 ms).
    public var supervisionTimeout: UInt16

    /// Creates parameters from HCI units.
    public init(intervalMin: UInt16, intervalMax: UInt16, latency: UInt16 = 0, supervisionTimeout: UInt16) {
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
        self.latency = latency
        self.supervisionTimeout = supervisionTimeout
    }

    /// Creates parameters from durations, rounded to the HCI units.
    public init(interval: ClosedRange<Duration>, latency: UInt16 = 0, supervisionTimeout: Duration) {
        self.init(
            intervalMin: HCITimeUnit.connectionInterval.count(for: interval.lowerBound),
            intervalMax: HCITimeUnit.connectionInterval.count(for: interval.upperBound),
            latency: latency,
            supervisionTimeout: HCITimeUnit.supervisionTimeout.count(for: supervisionTimeout)
        )
    }

    /// 30–50 ms, no latency, 4 s supervision timeout: a responsive default.
    public static let `default` = ConnectionParameters(intervalMin: 24, intervalMax: 40, latency: 0, supervisionTimeout: 400)

    /// The interval range as durations.
    public var intervalRange: ClosedRange<Duration> {
        HCITimeUnit.connectionInterval.duration(intervalMin)...HCITimeUnit.connectionInterval.duration(max(intervalMin, intervalMax))
    }

    /// The supervision timeout as a duration.
    public var supervisionTimeoutDuration: Duration { HCITimeUnit.supervisionTimeout.duration(supervisionTimeout) }

    /// Whether the parameters are within the spec's ranges and relations.
    public var isValid: Bool { validationFailure == nil }

    /// Throws ``HostError/Code/invalidArgument`` naming what is out of range.
    public func validate() throws(HostError) {
        if let failure = validationFailure { throw HostError(.invalidArgument, "connection parameters \(self): \(failure)") }
    }

    private var validationFailure: String? {
        if !(6...3200).contains(intervalMin) || !(6...3200).contains(intervalMax) {
            return "intervals must be 7.5 ms…4 s (6…3200 units of 1.25 ms)"
        }
        if intervalMin > intervalMax { return "the minimum interval exceeds the maximum" }
        if latency > 499 { return "latency must be at most 499" }
        if !(10...3200).contains(supervisionTimeout) { return "the supervision timeout must be 100 ms…32 s" }
        if Int(supervisionTimeout) * 4 <= (1 + Int(latency)) * Int(intervalMax) {
            return "the supervision timeout must exceed (1 + latency) × interval max × 2"
        }
        return nil
    }

    /// `interval 30–50 ms, latency 0, timeout 4000 ms`.
    public var description: String {
        let ms = { (units: UInt16, micro: Int) in String(Double(Int(units) * micro) / 1000) }
        return "interval \(ms(intervalMin, 1250))–\(ms(intervalMax, 1250)) ms, latency \(latency), timeout \(Int(supervisionTimeout) * 10) ms"
    }
}

/// Which connection parameter update requests a central accepts from its peripherals.
///
/// Core 5.4, Vol 3, Part A, 4.20: the central may accept or reject an
/// L2CAP_CONNECTION_PARAMETER_UPDATE_REQ; parameters outside the spec's ranges are always rejected.
public struct ConnectionParameterPolicy: Sendable {
    private let decide: @Sendable (ConnectionParameters) -> Bool

    /// A policy deciding with `decide` (called only for valid parameters).
    public init(_ decide: @escaping @Sendable (ConnectionParameters) -> Bool) {
        self.decide = decide
    }

    /// Accepts every valid request (the default).
    public static let acceptValid = ConnectionParameterPolicy { _ in true }
    /// Rejects every request.
    public static let rejectAll = ConnectionParameterPolicy { _ in false }

    /// Whether `parameters` are accepted.
    public func accepts(_ parameters: ConnectionParameters) -> Bool {
        parameters.isValid && decide(parameters)
    }
}
