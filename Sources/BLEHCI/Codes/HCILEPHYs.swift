/// A set of LE PHYs, `TX_PHYs` / `RX_PHYs` of HCI_LE_Set_PHY.
///
/// Core 5.4, Vol 4, Part E, 7.8.49 (1 octet bit field). Unnamed bits are kept.
public struct HCILEPHYs: OptionSet, Hashable, Sendable {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: LE 1M.
    public static let le1M = HCILEPHYs(rawValue: 1 << 0)
    /// Bit 1: LE 2M.
    public static let le2M = HCILEPHYs(rawValue: 1 << 1)
    /// Bit 2: LE Coded.
    public static let leCoded = HCILEPHYs(rawValue: 1 << 2)
}
