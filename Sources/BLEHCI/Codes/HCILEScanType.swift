/// Passive or active scanning, `LE_Scan_Type` of HCI_LE_Set_Scan_Parameters.
///
/// Core 5.4, Vol 4, Part E, 7.8.10 (1 octet). An open code space; values above 0x01 are reserved.
public struct HCILEScanType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: passive scanning: no scan requests are sent.
    public static let passive = HCILEScanType(rawValue: 0x00)
    /// 0x01: active scanning: scan requests may be sent, scan responses reported.
    public static let active = HCILEScanType(rawValue: 0x01)

    /// `passive`, `active` or the hex value.
    public var description: String {
        switch rawValue {
        case 0x00: "passive"
        case 0x01: "active"
        default: HCIFormat.hex(rawValue)
        }
    }
}
