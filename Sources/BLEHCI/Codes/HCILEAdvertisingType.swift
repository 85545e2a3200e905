/// The legacy advertising PDU type, `Advertising_Type` of HCI_LE_Set_Advertising_Parameters.
///
/// Core 5.4, Vol 4, Part E, 7.8.5 (1 octet). An open code space; values above 0x04 are reserved.
public struct HCILEAdvertisingType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The octet on the wire.
    public let rawValue: UInt8

    /// Wraps an octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00: connectable and scannable undirected (ADV_IND), the default.
    public static let advInd = HCILEAdvertisingType(rawValue: 0x00)
    /// 0x01: connectable high duty cycle directed (ADV_DIRECT_IND).
    public static let advDirectIndHighDutyCycle = HCILEAdvertisingType(rawValue: 0x01)
    /// 0x02: scannable undirected (ADV_SCAN_IND).
    public static let advScanInd = HCILEAdvertisingType(rawValue: 0x02)
    /// 0x03: non-connectable undirected (ADV_NONCONN_IND).
    public static let advNonconnInd = HCILEAdvertisingType(rawValue: 0x03)
    /// 0x04: connectable low duty cycle directed (ADV_DIRECT_IND).
    public static let advDirectIndLowDutyCycle = HCILEAdvertisingType(rawValue: 0x04)

    /// The PDU name, e.g. `ADV_IND`.
    public var description: String {
        switch rawValue {
        case 0x00: "ADV_IND"
        case 0x01: "ADV_DIRECT_IND (high duty cycle)"
        case 0x02: "ADV_SCAN_IND"
        case 0x03: "ADV_NONCONN_IND"
        case 0x04: "ADV_DIRECT_IND (low duty cycle)"
        default: HCIFormat.hex(rawValue)
        }
    }
}
