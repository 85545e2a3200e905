import BLECore
import BLEHCI

/// One device seen while scanning: its address, signal and advertising data merged with its scan
/// response.
///
/// Built from HCI_LE_Advertising_Report (Core 5.4, Vol 4, Part E, 7.7.65.2) or
/// HCI_LE_Extended_Advertising_Report (7.7.65.13), whichever the controller sends.
public struct HostDiscovery: Sendable, Hashable {
    /// The advertiser's address.
    public var address: DeviceAddress
    /// The address type as the controller reported it (identity types when it resolved an RPA).
    public var addressType: HCIAddressType
    /// RSSI in dBm, or nil when not available.
    public var rssi: Int?
    /// The advertised TX power in dBm (extended reports), or nil.
    public var txPower: Int?
    /// Whether the advertiser accepts connections.
    public var isConnectable: Bool
    /// Whether the advertiser accepts scan requests.
    public var isScannable: Bool
    /// Whether the advertisement used legacy PDUs.
    public var isLegacy: Bool
    /// The advertising data and the scan response (when one was received), merged for reading.
    public var advertisement: AdvertisementView

    /// Creates a discovery.
    public init(
        address: DeviceAddress,
        addressType: HCIAddressType,
        rssi: Int?,
        txPower: Int? = nil,
        isConnectable: Bool,
        isScannable: Bool,
        isLegacy: Bool = true,
        advertisement: AdvertisementView
    ) {
        self.address = address
        self.addressType = addressType
        self.rssi = rssi
        self.txPower = txPower
        self.isConnectable = isConnectable
        self.isScannable = isScannable
        self.isLegacy = isLegacy
        self.advertisement = advertisement
    }

    /// The device's name from the advertisement or scan response, if any.
    public var name: String? { advertisement.name }
}

/// How to scan: active or passive, interval and window, duplicate filtering.
///
/// Core 5.4, Vol 4, Part E, 7.8.10 and 7.8.11. Interval and window are rounded to 0.625 ms units
/// (2.5 ms…10.24 s; window ≤ interval).
public struct ScanParameters: Sendable, Hashable {
    /// Active scanning sends scan requests, so scan responses are received and merged.
    public var isActive: Bool
    /// How often a scan window starts.
    public var interval: Duration
    /// How long each scan window lasts.
    public var window: Duration
    /// Whether the controller (and the host) report each device once per unchanged data.
    public var filterDuplicates: Bool

    /// Creates scan parameters: by default active, 60 ms interval, 30 ms window, no duplicate filtering.
    public init(
        isActive: Bool = true,
        interval: Duration = .milliseconds(60),
        window: Duration = .milliseconds(30),
        filterDuplicates: Bool = false
    ) {
        self.isActive = isActive
        self.interval = interval
        self.window = window
        self.filterDuplicates = filterDuplicates
    }
}
