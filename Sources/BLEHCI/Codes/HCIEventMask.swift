/// The events a controller may send, set with HCI_Set_Event_Mask.
///
/// Core 5.4, Vol 4, Part E, 7.3.1: 8 octets, bit `n` enables one event. Unnamed bits are kept, so
/// any mask round-trips. HCI_Command_Complete, HCI_Command_Status and
/// HCI_Number_Of_Completed_Packets cannot be masked: their bits (13, 14, 18) are Reserved in
/// Core 5.4; they are named here because older controllers expect them set (Linux sets them).
public struct HCIEventMask: OptionSet, Hashable, Sendable {
    /// The 64-bit mask.
    public let rawValue: UInt64

    /// Wraps a 64-bit mask.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Bit 4: HCI_Disconnection_Complete.
    public static let disconnectionComplete = HCIEventMask(rawValue: 1 << 4)
    /// Bit 7: HCI_Encryption_Change [v1].
    public static let encryptionChange = HCIEventMask(rawValue: 1 << 7)
    /// Bit 10: HCI_Read_Remote_Supported_Features_Complete.
    public static let readRemoteSupportedFeaturesComplete = HCIEventMask(rawValue: 1 << 10)
    /// Bit 11: HCI_Read_Remote_Version_Information_Complete.
    public static let readRemoteVersionInformationComplete = HCIEventMask(rawValue: 1 << 11)
    /// Bit 13: HCI_Command_Complete (Reserved in Core 5.4: always enabled).
    public static let commandComplete = HCIEventMask(rawValue: 1 << 13)
    /// Bit 14: HCI_Command_Status (Reserved in Core 5.4: always enabled).
    public static let commandStatus = HCIEventMask(rawValue: 1 << 14)
    /// Bit 15: HCI_Hardware_Error.
    public static let hardwareError = HCIEventMask(rawValue: 1 << 15)
    /// Bit 18: HCI_Number_Of_Completed_Packets (Reserved in Core 5.4: always enabled).
    public static let numberOfCompletedPackets = HCIEventMask(rawValue: 1 << 18)
    /// Bit 25: HCI_Data_Buffer_Overflow.
    public static let dataBufferOverflow = HCIEventMask(rawValue: 1 << 25)
    /// Bit 47: HCI_Encryption_Key_Refresh_Complete.
    public static let encryptionKeyRefreshComplete = HCIEventMask(rawValue: 1 << 47)
    /// Bit 61: HCI_LE_Meta_Event (then filtered by ``HCILEEventMask``).
    public static let leMeta = HCIEventMask(rawValue: 1 << 61)

    /// 0x00001FFFFFFFFFFF: the mask in force after HCI_Reset.
    public static let defaultAfterReset = HCIEventMask(rawValue: 0x0000_1FFF_FFFF_FFFF)

    /// The events a BLE host needs: disconnection, encryption, hardware error, buffer overflow,
    /// key refresh and LE Meta, plus the three always-enabled bits for old controllers.
    public static let leHost: HCIEventMask = [
        .disconnectionComplete, .encryptionChange, .readRemoteVersionInformationComplete, .commandComplete,
        .commandStatus, .hardwareError, .numberOfCompletedPackets, .dataBufferOverflow,
        .encryptionKeyRefreshComplete, .leMeta,
    ]
}
