/// The unit of an HCI time field, to turn a field's count into a `Duration` and back.
///
/// Core 5.4, Vol 4, Part E: scan and advertising intervals and CE lengths count 0.625 ms,
/// connection intervals 1.25 ms, supervision timeouts 10 ms, data length times 1 µs.
public struct HCITimeUnit: Hashable, Sendable {
    /// The length of one unit in microseconds.
    public let microseconds: Int64

    /// A unit of `microseconds` µs.
    public init(microseconds: Int64) {
        precondition(microseconds > 0, "a time unit is positive")
        self.microseconds = microseconds
    }

    /// 0.625 ms: scan interval and window, advertising interval, CE length.
    public static let slot = HCITimeUnit(microseconds: 625)
    /// 1.25 ms: connection interval.
    public static let connectionInterval = HCITimeUnit(microseconds: 1_250)
    /// 10 ms: supervision timeout.
    public static let supervisionTimeout = HCITimeUnit(microseconds: 10_000)
    /// 1 µs: TX_Time and RX_Time of the data length commands and events.
    public static let microsecond = HCITimeUnit(microseconds: 1)

    /// The duration of `count` units.
    public func duration(_ count: some BinaryInteger) -> Duration {
        .microseconds(Int64(count) * microseconds)
    }

    /// The number of units nearest to `duration`, clamped to `0…UInt16.max`.
    public func count(for duration: Duration) -> UInt16 {
        let (seconds, attoseconds) = duration.components
        let totalMicroseconds = Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
        let units = (totalMicroseconds / Double(microseconds)).rounded()
        return UInt16(min(max(units, 0), Double(UInt16.max)))
    }
}
