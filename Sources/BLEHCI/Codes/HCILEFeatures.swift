/// The LE features a controller supports, `LE_Features` of HCI_LE_Read_Local_Supported_Features
/// and LE Read Remote Features Complete.
///
/// Core 5.4, Vol 6, Part B, 4.6 (FeatureSet, 8 octets, bit `n` of the little-endian value).
/// Unnamed bits are kept.
public struct HCILEFeatures: OptionSet, Hashable, Sendable {
    /// The 64-bit feature set.
    public let rawValue: UInt64

    /// Wraps a 64-bit feature set.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Bit 0: LE Encryption.
    public static let leEncryption = HCILEFeatures(rawValue: 1 << 0)
    /// Bit 1: Connection Parameters Request procedure.
    public static let connectionParametersRequestProcedure = HCILEFeatures(rawValue: 1 << 1)
    /// Bit 2: Extended Reject Indication.
    public static let extendedRejectIndication = HCILEFeatures(rawValue: 1 << 2)
    /// Bit 3: Peripheral-initiated Features Exchange.
    public static let peripheralInitiatedFeaturesExchange = HCILEFeatures(rawValue: 1 << 3)
    /// Bit 4: LE Ping.
    public static let lePing = HCILEFeatures(rawValue: 1 << 4)
    /// Bit 5: LE Data Packet Length Extension.
    public static let leDataPacketLengthExtension = HCILEFeatures(rawValue: 1 << 5)
    /// Bit 6: LL Privacy.
    public static let llPrivacy = HCILEFeatures(rawValue: 1 << 6)
    /// Bit 7: Extended Scanner Filter Policies.
    public static let extendedScannerFilterPolicies = HCILEFeatures(rawValue: 1 << 7)
    /// Bit 8: LE 2M PHY.
    public static let le2MPHY = HCILEFeatures(rawValue: 1 << 8)
    /// Bit 11: LE Coded PHY.
    public static let leCodedPHY = HCILEFeatures(rawValue: 1 << 11)
    /// Bit 12: LE Extended Advertising.
    public static let leExtendedAdvertising = HCILEFeatures(rawValue: 1 << 12)
    /// Bit 13: LE Periodic Advertising.
    public static let lePeriodicAdvertising = HCILEFeatures(rawValue: 1 << 13)
    /// Bit 14: Channel Selection Algorithm #2.
    public static let channelSelectionAlgorithm2 = HCILEFeatures(rawValue: 1 << 14)
    /// Bit 15: LE Power Class 1.
    public static let lePowerClass1 = HCILEFeatures(rawValue: 1 << 15)
}
