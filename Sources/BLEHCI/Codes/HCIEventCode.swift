import BLECore

/// An HCI event code: the first octet of every HCI Event packet.
///
/// Core 5.4, Vol 4, Part E, 5.4.4 and 7.7. An open code space: an event this stack does not know
/// survives decoding as ``HCIEvent/unknown(code:parameters:)``.
public struct HCIEventCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The event code octet.
    public let rawValue: UInt8

    /// Wraps an event code octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x05: HCI_Disconnection_Complete (7.7.5).
    public static let disconnectionComplete = HCIEventCode(rawValue: 0x05)
    /// 0x08: HCI_Encryption_Change [v1] (7.7.8).
    public static let encryptionChange = HCIEventCode(rawValue: 0x08)
    /// 0x0E: HCI_Command_Complete (7.7.14).
    public static let commandComplete = HCIEventCode(rawValue: 0x0E)
    /// 0x0F: HCI_Command_Status (7.7.15).
    public static let commandStatus = HCIEventCode(rawValue: 0x0F)
    /// 0x10: HCI_Hardware_Error (7.7.16).
    public static let hardwareError = HCIEventCode(rawValue: 0x10)
    /// 0x13: HCI_Number_Of_Completed_Packets (7.7.19).
    public static let numberOfCompletedPackets = HCIEventCode(rawValue: 0x13)
    /// 0x1A: HCI_Data_Buffer_Overflow (7.7.26).
    public static let dataBufferOverflow = HCIEventCode(rawValue: 0x1A)
    /// 0x30: HCI_Encryption_Key_Refresh_Complete (7.7.39).
    public static let encryptionKeyRefreshComplete = HCIEventCode(rawValue: 0x30)
    /// 0x3E: HCI_LE_Meta_Event (7.7.65): the first parameter is an ``HCILEMetaSubevent``.
    public static let leMeta = HCIEventCode(rawValue: 0x3E)
    /// 0xFF: vendor-specific event.
    public static let vendorSpecific = HCIEventCode(rawValue: 0xFF)

    /// The spec's name, e.g. `HCI_Command_Complete`, or `event 0x57` when unknown.
    public var name: String {
        switch rawValue {
        case 0x05: "HCI_Disconnection_Complete"
        case 0x08: "HCI_Encryption_Change"
        case 0x0E: "HCI_Command_Complete"
        case 0x0F: "HCI_Command_Status"
        case 0x10: "HCI_Hardware_Error"
        case 0x13: "HCI_Number_Of_Completed_Packets"
        case 0x1A: "HCI_Data_Buffer_Overflow"
        case 0x30: "HCI_Encryption_Key_Refresh_Complete"
        case 0x3E: "HCI_LE_Meta_Event"
        case 0xFF: "vendor-specific event"
        default: "event \(HCIFormat.hex(rawValue))"
        }
    }

    /// The spec's name.
    public var description: String { name }
}
