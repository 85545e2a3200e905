/// An LE Meta event subevent code: the first parameter of HCI_LE_Meta_Event (0x3E).
///
/// Core 5.4, Vol 4, Part E, 7.7.65. An open code space: a subevent this stack does not know
/// survives decoding as ``HCILEMetaEvent/unknown(subevent:parameters:)``. Bit `n − 1` of the LE
/// event mask enables subevent `n` (``HCILEEventMask/init(subevent:)``).
public struct HCILEMetaSubevent: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The subevent code octet.
    public let rawValue: UInt8

    /// Wraps a subevent code octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01: HCI_LE_Connection_Complete (7.7.65.1).
    public static let connectionComplete = HCILEMetaSubevent(rawValue: 0x01)
    /// 0x02: HCI_LE_Advertising_Report (7.7.65.2).
    public static let advertisingReport = HCILEMetaSubevent(rawValue: 0x02)
    /// 0x03: HCI_LE_Connection_Update_Complete (7.7.65.3).
    public static let connectionUpdateComplete = HCILEMetaSubevent(rawValue: 0x03)
    /// 0x04: HCI_LE_Read_Remote_Features_Complete (7.7.65.4).
    public static let readRemoteFeaturesComplete = HCILEMetaSubevent(rawValue: 0x04)
    /// 0x05: HCI_LE_Long_Term_Key_Request (7.7.65.5).
    public static let longTermKeyRequest = HCILEMetaSubevent(rawValue: 0x05)
    /// 0x06: HCI_LE_Remote_Connection_Parameter_Request (7.7.65.6).
    public static let remoteConnectionParameterRequest = HCILEMetaSubevent(rawValue: 0x06)
    /// 0x07: HCI_LE_Data_Length_Change (7.7.65.7).
    public static let dataLengthChange = HCILEMetaSubevent(rawValue: 0x07)
    /// 0x0A: HCI_LE_Enhanced_Connection_Complete [v1] (7.7.65.10).
    public static let enhancedConnectionComplete = HCILEMetaSubevent(rawValue: 0x0A)
    /// 0x0B: HCI_LE_Directed_Advertising_Report (7.7.65.11).
    public static let directedAdvertisingReport = HCILEMetaSubevent(rawValue: 0x0B)
    /// 0x0C: HCI_LE_PHY_Update_Complete (7.7.65.12).
    public static let phyUpdateComplete = HCILEMetaSubevent(rawValue: 0x0C)
    /// 0x0D: HCI_LE_Extended_Advertising_Report (7.7.65.13).
    public static let extendedAdvertisingReport = HCILEMetaSubevent(rawValue: 0x0D)
    /// 0x11: HCI_LE_Scan_Timeout (7.7.65.17).
    public static let scanTimeout = HCILEMetaSubevent(rawValue: 0x11)
    /// 0x12: HCI_LE_Advertising_Set_Terminated (7.7.65.18).
    public static let advertisingSetTerminated = HCILEMetaSubevent(rawValue: 0x12)
    /// 0x14: HCI_LE_Channel_Selection_Algorithm (7.7.65.20).
    public static let channelSelectionAlgorithm = HCILEMetaSubevent(rawValue: 0x14)
    /// 0x29: HCI_LE_Enhanced_Connection_Complete [v2] (7.7.65.10).
    public static let enhancedConnectionCompleteV2 = HCILEMetaSubevent(rawValue: 0x29)

    /// The spec's name, e.g. `HCI_LE_Advertising_Report`, or `LE subevent 0x33` when unknown.
    public var name: String {
        switch rawValue {
        case 0x01: "HCI_LE_Connection_Complete"
        case 0x02: "HCI_LE_Advertising_Report"
        case 0x03: "HCI_LE_Connection_Update_Complete"
        case 0x04: "HCI_LE_Read_Remote_Features_Complete"
        case 0x05: "HCI_LE_Long_Term_Key_Request"
        case 0x06: "HCI_LE_Remote_Connection_Parameter_Request"
        case 0x07: "HCI_LE_Data_Length_Change"
        case 0x0A: "HCI_LE_Enhanced_Connection_Complete [v1]"
        case 0x0B: "HCI_LE_Directed_Advertising_Report"
        case 0x0C: "HCI_LE_PHY_Update_Complete"
        case 0x0D: "HCI_LE_Extended_Advertising_Report"
        case 0x11: "HCI_LE_Scan_Timeout"
        case 0x12: "HCI_LE_Advertising_Set_Terminated"
        case 0x14: "HCI_LE_Channel_Selection_Algorithm"
        case 0x29: "HCI_LE_Enhanced_Connection_Complete [v2]"
        default: "LE subevent \(HCIFormat.hex(rawValue))"
        }
    }

    /// The spec's name.
    public var description: String { name }
}
