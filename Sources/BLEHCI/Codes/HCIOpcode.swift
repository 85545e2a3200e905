import BLECore

/// An HCI command opcode: OGF (6 bits) and OCF (10 bits) in one little-endian `UInt16`.
///
/// Core 5.4, Vol 4, Part E, 5.4.1: `Opcode = OGF << 10 | OCF`. An open code space: an opcode this
/// stack does not know survives decoding, and a controller answers it with Unknown HCI Command
/// (0x01). Opcode 0x0000 (``noOperation``) appears only in Command Complete and Command Status
/// events that just return command credits.
public struct HCIOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The 16-bit opcode.
    public let rawValue: UInt16

    /// Wraps a 16-bit opcode.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Builds an opcode from its group (OGF, 6 bits) and command (OCF, 10 bits) fields.
    public init(ogf: UInt8, ocf: UInt16) {
        precondition(ogf < 0x40 && ocf < 0x400, "OGF is 6 bits and OCF 10 bits")
        rawValue = UInt16(ogf) << 10 | ocf
    }

    /// Opcode Group Field: bits 10–15.
    public var ogf: UInt8 { UInt8(rawValue >> 10) }
    /// Opcode Command Field: bits 0–9.
    public var ocf: UInt16 { rawValue & 0x03FF }

    /// OGF 0x01: Link Control commands (7.1).
    public static let linkControlOGF: UInt8 = 0x01
    /// OGF 0x03: Controller & Baseband commands (7.3).
    public static let controllerAndBasebandOGF: UInt8 = 0x03
    /// OGF 0x04: Informational Parameters commands (7.4).
    public static let informationalParametersOGF: UInt8 = 0x04
    /// OGF 0x05: Status Parameters commands (7.5).
    public static let statusParametersOGF: UInt8 = 0x05
    /// OGF 0x08: LE Controller commands (7.8).
    public static let leControllerOGF: UInt8 = 0x08
    /// OGF 0x3F: vendor-specific commands.
    public static let vendorSpecificOGF: UInt8 = 0x3F

    /// 0x0000: no command; used by events that only return command credits (7.7.14).
    public static let noOperation = HCIOpcode(rawValue: 0x0000)
    /// 0x0406: HCI_Disconnect (7.1.6).
    public static let disconnect = HCIOpcode(rawValue: 0x0406)
    /// 0x0C01: HCI_Set_Event_Mask (7.3.1).
    public static let setEventMask = HCIOpcode(rawValue: 0x0C01)
    /// 0x0C03: HCI_Reset (7.3.2).
    public static let reset = HCIOpcode(rawValue: 0x0C03)
    /// 0x0C31: HCI_Set_Controller_To_Host_Flow_Control (7.3.38).
    public static let setControllerToHostFlowControl = HCIOpcode(rawValue: 0x0C31)
    /// 0x0C33: HCI_Host_Buffer_Size (7.3.39).
    public static let hostBufferSize = HCIOpcode(rawValue: 0x0C33)
    /// 0x0C35: HCI_Host_Number_Of_Completed_Packets (7.3.40).
    public static let hostNumberOfCompletedPackets = HCIOpcode(rawValue: 0x0C35)
    /// 0x1001: HCI_Read_Local_Version_Information (7.4.1).
    public static let readLocalVersionInformation = HCIOpcode(rawValue: 0x1001)
    /// 0x1002: HCI_Read_Local_Supported_Commands (7.4.2).
    public static let readLocalSupportedCommands = HCIOpcode(rawValue: 0x1002)
    /// 0x1003: HCI_Read_Local_Supported_Features (7.4.3).
    public static let readLocalSupportedFeatures = HCIOpcode(rawValue: 0x1003)
    /// 0x1005: HCI_Read_Buffer_Size (7.4.5).
    public static let readBufferSize = HCIOpcode(rawValue: 0x1005)
    /// 0x1009: HCI_Read_BD_ADDR (7.4.6).
    public static let readBDADDR = HCIOpcode(rawValue: 0x1009)
    /// 0x1405: HCI_Read_RSSI (7.5.4).
    public static let readRSSI = HCIOpcode(rawValue: 0x1405)
    /// 0x1408: HCI_Read_Encryption_Key_Size (7.5.7).
    public static let readEncryptionKeySize = HCIOpcode(rawValue: 0x1408)
    /// 0x2001: HCI_LE_Set_Event_Mask (7.8.1).
    public static let leSetEventMask = HCIOpcode(rawValue: 0x2001)
    /// 0x2002: HCI_LE_Read_Buffer_Size [v1] (7.8.2).
    public static let leReadBufferSize = HCIOpcode(rawValue: 0x2002)
    /// 0x2003: HCI_LE_Read_Local_Supported_Features (7.8.3).
    public static let leReadLocalSupportedFeatures = HCIOpcode(rawValue: 0x2003)
    /// 0x2005: HCI_LE_Set_Random_Address (7.8.4).
    public static let leSetRandomAddress = HCIOpcode(rawValue: 0x2005)
    /// 0x2006: HCI_LE_Set_Advertising_Parameters (7.8.5).
    public static let leSetAdvertisingParameters = HCIOpcode(rawValue: 0x2006)
    /// 0x2008: HCI_LE_Set_Advertising_Data (7.8.7).
    public static let leSetAdvertisingData = HCIOpcode(rawValue: 0x2008)
    /// 0x2009: HCI_LE_Set_Scan_Response_Data (7.8.8).
    public static let leSetScanResponseData = HCIOpcode(rawValue: 0x2009)
    /// 0x200A: HCI_LE_Set_Advertising_Enable (7.8.9).
    public static let leSetAdvertisingEnable = HCIOpcode(rawValue: 0x200A)
    /// 0x200B: HCI_LE_Set_Scan_Parameters (7.8.10).
    public static let leSetScanParameters = HCIOpcode(rawValue: 0x200B)
    /// 0x200C: HCI_LE_Set_Scan_Enable (7.8.11).
    public static let leSetScanEnable = HCIOpcode(rawValue: 0x200C)
    /// 0x200D: HCI_LE_Create_Connection (7.8.12).
    public static let leCreateConnection = HCIOpcode(rawValue: 0x200D)
    /// 0x200E: HCI_LE_Create_Connection_Cancel (7.8.13).
    public static let leCreateConnectionCancel = HCIOpcode(rawValue: 0x200E)
    /// 0x200F: HCI_LE_Read_Filter_Accept_List_Size (7.8.14).
    public static let leReadFilterAcceptListSize = HCIOpcode(rawValue: 0x200F)
    /// 0x2010: HCI_LE_Clear_Filter_Accept_List (7.8.15).
    public static let leClearFilterAcceptList = HCIOpcode(rawValue: 0x2010)
    /// 0x2013: HCI_LE_Connection_Update (7.8.18).
    public static let leConnectionUpdate = HCIOpcode(rawValue: 0x2013)
    /// 0x2016: HCI_LE_Read_Remote_Features (7.8.21).
    public static let leReadRemoteFeatures = HCIOpcode(rawValue: 0x2016)
    /// 0x2018: HCI_LE_Rand (7.8.23).
    public static let leRand = HCIOpcode(rawValue: 0x2018)
    /// 0x2019: HCI_LE_Enable_Encryption (7.8.24).
    public static let leEnableEncryption = HCIOpcode(rawValue: 0x2019)
    /// 0x201A: HCI_LE_Long_Term_Key_Request_Reply (7.8.25).
    public static let leLongTermKeyRequestReply = HCIOpcode(rawValue: 0x201A)
    /// 0x201B: HCI_LE_Long_Term_Key_Request_Negative_Reply (7.8.26).
    public static let leLongTermKeyRequestNegativeReply = HCIOpcode(rawValue: 0x201B)
    /// 0x2022: HCI_LE_Set_Data_Length (7.8.33).
    public static let leSetDataLength = HCIOpcode(rawValue: 0x2022)
    /// 0x2024: HCI_LE_Write_Suggested_Default_Data_Length (7.8.35).
    public static let leWriteSuggestedDefaultDataLength = HCIOpcode(rawValue: 0x2024)
    /// 0x202F: HCI_LE_Read_Maximum_Data_Length (7.8.46).
    public static let leReadMaximumDataLength = HCIOpcode(rawValue: 0x202F)
    /// 0x2030: HCI_LE_Read_PHY (7.8.47).
    public static let leReadPHY = HCIOpcode(rawValue: 0x2030)
    /// 0x2032: HCI_LE_Set_PHY (7.8.49).
    public static let leSetPHY = HCIOpcode(rawValue: 0x2032)
    /// 0x2060: HCI_LE_Read_Buffer_Size [v2] (7.8.2).
    public static let leReadBufferSizeV2 = HCIOpcode(rawValue: 0x2060)

    /// The spec's name, e.g. `HCI_LE_Set_Scan_Parameters`, or `OGF 0x08 OCF 0x0123` when unknown.
    public var name: String {
        switch rawValue {
        case 0x0000: "HCI_NOP"
        case 0x0406: "HCI_Disconnect"
        case 0x0C01: "HCI_Set_Event_Mask"
        case 0x0C03: "HCI_Reset"
        case 0x0C31: "HCI_Set_Controller_To_Host_Flow_Control"
        case 0x0C33: "HCI_Host_Buffer_Size"
        case 0x0C35: "HCI_Host_Number_Of_Completed_Packets"
        case 0x1001: "HCI_Read_Local_Version_Information"
        case 0x1002: "HCI_Read_Local_Supported_Commands"
        case 0x1003: "HCI_Read_Local_Supported_Features"
        case 0x1005: "HCI_Read_Buffer_Size"
        case 0x1009: "HCI_Read_BD_ADDR"
        case 0x1405: "HCI_Read_RSSI"
        case 0x1408: "HCI_Read_Encryption_Key_Size"
        case 0x2001: "HCI_LE_Set_Event_Mask"
        case 0x2002: "HCI_LE_Read_Buffer_Size"
        case 0x2003: "HCI_LE_Read_Local_Supported_Features"
        case 0x2005: "HCI_LE_Set_Random_Address"
        case 0x2006: "HCI_LE_Set_Advertising_Parameters"
        case 0x2008: "HCI_LE_Set_Advertising_Data"
        case 0x2009: "HCI_LE_Set_Scan_Response_Data"
        case 0x200A: "HCI_LE_Set_Advertising_Enable"
        case 0x200B: "HCI_LE_Set_Scan_Parameters"
        case 0x200C: "HCI_LE_Set_Scan_Enable"
        case 0x200D: "HCI_LE_Create_Connection"
        case 0x200E: "HCI_LE_Create_Connection_Cancel"
        case 0x200F: "HCI_LE_Read_Filter_Accept_List_Size"
        case 0x2010: "HCI_LE_Clear_Filter_Accept_List"
        case 0x2013: "HCI_LE_Connection_Update"
        case 0x2016: "HCI_LE_Read_Remote_Features"
        case 0x2018: "HCI_LE_Rand"
        case 0x2019: "HCI_LE_Enable_Encryption"
        case 0x201A: "HCI_LE_Long_Term_Key_Request_Reply"
        case 0x201B: "HCI_LE_Long_Term_Key_Request_Negative_Reply"
        case 0x2022: "HCI_LE_Set_Data_Length"
        case 0x2024: "HCI_LE_Write_Suggested_Default_Data_Length"
        case 0x202F: "HCI_LE_Read_Maximum_Data_Length"
        case 0x2030: "HCI_LE_Read_PHY"
        case 0x2032: "HCI_LE_Set_PHY"
        case 0x2060: "HCI_LE_Read_Buffer_Size [v2]"
        default: "OGF \(HCIFormat.hex(ogf)) OCF \(HCIFormat.hex(ocf))"
        }
    }

    /// `HCI_Reset (0x0C03)`.
    public var description: String {
        "\(name) (0x\([UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)].hexString.uppercased()))"
    }
}
