/// The LE Meta subevents a controller may send, set with HCI_LE_Set_Event_Mask.
///
/// Core 5.4, Vol 4, Part E, 7.8.1: 8 octets; bit `n − 1` enables the subevent with code `n`
/// (LE Connection Complete 0x01 is bit 0, LE Enhanced Connection Complete [v2] 0x29 is bit 40).
/// Unnamed bits are kept, so any mask round-trips.
public struct HCILEEventMask: OptionSet, Hashable, Sendable {
    /// The 64-bit mask.
    public let rawValue: UInt64

    /// Wraps a 64-bit mask.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The bit that enables `subevent` (bit `code − 1`); empty for code 0 or above 64.
    public init(subevent: HCILEMetaSubevent) {
        let code = Int(subevent.rawValue)
        rawValue = (1...64).contains(code) ? 1 << UInt64(code - 1) : 0
    }

    /// Bit 0: HCI_LE_Connection_Complete.
    public static let connectionComplete = HCILEEventMask(subevent: .connectionComplete)
    /// Bit 1: HCI_LE_Advertising_Report.
    public static let advertisingReport = HCILEEventMask(subevent: .advertisingReport)
    /// Bit 2: HCI_LE_Connection_Update_Complete.
    public static let connectionUpdateComplete = HCILEEventMask(subevent: .connectionUpdateComplete)
    /// Bit 3: HCI_LE_Read_Remote_Features_Complete.
    public static let readRemoteFeaturesComplete = HCILEEventMask(subevent: .readRemoteFeaturesComplete)
    /// Bit 4: HCI_LE_Long_Term_Key_Request.
    public static let longTermKeyRequest = HCILEEventMask(subevent: .longTermKeyRequest)
    /// Bit 5: HCI_LE_Remote_Connection_Parameter_Request.
    public static let remoteConnectionParameterRequest = HCILEEventMask(subevent: .remoteConnectionParameterRequest)
    /// Bit 6: HCI_LE_Data_Length_Change.
    public static let dataLengthChange = HCILEEventMask(subevent: .dataLengthChange)
    /// Bit 9: HCI_LE_Enhanced_Connection_Complete [v1].
    public static let enhancedConnectionComplete = HCILEEventMask(subevent: .enhancedConnectionComplete)
    /// Bit 10: HCI_LE_Directed_Advertising_Report.
    public static let directedAdvertisingReport = HCILEEventMask(subevent: .directedAdvertisingReport)
    /// Bit 11: HCI_LE_PHY_Update_Complete.
    public static let phyUpdateComplete = HCILEEventMask(subevent: .phyUpdateComplete)
    /// Bit 12: HCI_LE_Extended_Advertising_Report.
    public static let extendedAdvertisingReport = HCILEEventMask(subevent: .extendedAdvertisingReport)
    /// Bit 16: HCI_LE_Scan_Timeout.
    public static let scanTimeout = HCILEEventMask(subevent: .scanTimeout)
    /// Bit 17: HCI_LE_Advertising_Set_Terminated.
    public static let advertisingSetTerminated = HCILEEventMask(subevent: .advertisingSetTerminated)
    /// Bit 19: HCI_LE_Channel_Selection_Algorithm.
    public static let channelSelectionAlgorithm = HCILEEventMask(subevent: .channelSelectionAlgorithm)
    /// Bit 40: HCI_LE_Enhanced_Connection_Complete [v2].
    public static let enhancedConnectionCompleteV2 = HCILEEventMask(subevent: .enhancedConnectionCompleteV2)

    /// 0x000000000000001F: the mask in force after HCI_Reset (subevents 0x01–0x05).
    public static let defaultAfterReset = HCILEEventMask(rawValue: 0x1F)

    /// The subevents a BLE host decodes: connections (all three forms), legacy and extended
    /// advertising reports, connection updates, remote features, LTK requests, data length and PHY.
    public static let leHost: HCILEEventMask = [
        .connectionComplete, .advertisingReport, .connectionUpdateComplete, .readRemoteFeaturesComplete,
        .longTermKeyRequest, .dataLengthChange, .enhancedConnectionComplete, .phyUpdateComplete,
        .extendedAdvertisingReport, .enhancedConnectionCompleteV2,
    ]
}
