import BLECore
import BLEHCI

/// What a ``VirtualController`` reports about itself and how big its buffers are.
///
/// The defaults describe a Bluetooth 5.4 LE-only controller with 8 ACL buffers of 251 octets,
/// LE Encryption, LE Data Packet Length Extension and the 2M PHY, transmitting at -59 dBm
/// measured at 1 m.
public struct VirtualControllerConfiguration: Sendable, Hashable {
    /// The public device address (BD_ADDR), answered by HCI_Read_BD_ADDR and used over the air
    /// when an own-address type is public.
    public var publicAddress: DeviceAddress
    /// LE_ACL_Data_Packet_Length: the most data octets the host may put in one ACL packet.
    public var aclDataPacketLength: UInt16
    /// Total_Num_LE_ACL_Data_Packets: the ACL buffers, i.e. the host's ACL credits.
    public var totalNumACLDataPackets: UInt8
    /// When `true`, HCI_LE_Read_Buffer_Size answers 0 (buffers shared with BR/EDR), so the host
    /// must take the sizes from HCI_Read_Buffer_Size (Core 5.4, Vol 4, Part E, 7.8.2).
    public var sharesBuffersWithBREDR: Bool
    /// The LE features this controller reports and its peers read.
    public var leFeatures: HCILEFeatures
    /// The RSSI a receiver measures 1 m away from this controller (dBm).
    public var measuredPower: Int
    /// HCI_Version and LMP_Version (0x0D: Bluetooth 5.4).
    public var hciVersion: UInt8
    /// Company_Identifier (0xFFFF: no company, for tests).
    public var companyIdentifier: UInt16
    /// Filter_Accept_List_Size, as answered by HCI_LE_Read_Filter_Accept_List_Size.
    public var filterAcceptListSize: UInt8
    /// A name for log lines, e.g. `central` or `sensor`.
    public var name: String

    /// The LE features of a default virtual controller (Core 5.4, Vol 6, Part B, 4.6): LE
    /// Encryption, Connection Parameters Request procedure, Peripheral-initiated Features
    /// Exchange, LE Data Packet Length Extension, LE 2M PHY.
    public static let defaultLEFeatures: HCILEFeatures = [
        .leEncryption, .connectionParametersRequestProcedure, .peripheralInitiatedFeaturesExchange,
        .leDataPacketLengthExtension, .le2MPHY,
    ]

    /// Creates a configuration.
    public init(
        publicAddress: DeviceAddress,
        aclDataPacketLength: UInt16 = 251,
        totalNumACLDataPackets: UInt8 = 8,
        sharesBuffersWithBREDR: Bool = false,
        leFeatures: HCILEFeatures = VirtualControllerConfiguration.defaultLEFeatures,
        measuredPower: Int = -59,
        hciVersion: UInt8 = 0x0D,
        companyIdentifier: UInt16 = 0xFFFF,
        filterAcceptListSize: UInt8 = 8,
        name: String? = nil
    ) {
        self.publicAddress = publicAddress
        self.aclDataPacketLength = aclDataPacketLength
        self.totalNumACLDataPackets = totalNumACLDataPackets
        self.sharesBuffersWithBREDR = sharesBuffersWithBREDR
        self.leFeatures = leFeatures
        self.measuredPower = measuredPower
        self.hciVersion = hciVersion
        self.companyIdentifier = companyIdentifier
        self.filterAcceptListSize = filterAcceptListSize
        self.name = name ?? publicAddress.description
    }
}
