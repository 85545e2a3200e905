/// An L2CAP channel identifier. An open code space.
///
/// Core 5.4, Vol 3, Part A, 2.1: on LE, fixed channels 0x0004 (ATT), 0x0005 (LE signaling) and
/// 0x0006 (Security Manager); 0x0040–0x007F are dynamically allocated.
public struct L2CAPChannelID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The 16-bit CID.
    public let rawValue: UInt16
    /// Wraps a CID.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 0x0004: the Attribute Protocol.
    public static let att = L2CAPChannelID(rawValue: 0x0004)
    /// 0x0005: the LE signaling channel.
    public static let leSignaling = L2CAPChannelID(rawValue: 0x0005)
    /// 0x0006: the Security Manager Protocol.
    public static let securityManager = L2CAPChannelID(rawValue: 0x0006)

    /// `ATT (0x0004)`, `LE signaling (0x0005)`, `SMP (0x0006)` or the hex value.
    public var description: String {
        switch self {
        case .att: "ATT (0x0004)"
        case .leSignaling: "LE signaling (0x0005)"
        case .securityManager: "SMP (0x0006)"
        default: HostFormat.hex(rawValue)
        }
    }
}
