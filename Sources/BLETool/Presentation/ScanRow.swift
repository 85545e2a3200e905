import BLECore
import BLEToolKit

/// One device in `ble scan`'s list: what the scanner shows about an advertiser.
///
/// The commands fill it from a discovery, either field by field with the memberwise initializer
/// (only `address` is required) or from parsed advertising data with
/// ``init(address:advertisement:rssi:isConnectable:)``.
struct ScanRow: Sendable, Hashable {
    /// The device address; its type is the address type shown in JSON.
    var address: DeviceAddress
    /// The advertised local name, if any.
    var name: String? = nil
    /// The last RSSI in dBm, if known.
    var rssi: Int? = nil
    /// The advertised TX power level in dBm, if any.
    var txPower: Int? = nil
    /// Whether the advertisement accepts connections.
    var isConnectable = false
    /// The advertised service UUIDs.
    var services: [BluetoothUUID] = []
    /// The first manufacturer-specific data, if any.
    var manufacturerData: ManufacturerData? = nil
    /// The advertised service data.
    var serviceData: [ServiceData] = []

    /// The name shown for a device that advertises none (scanner specification, shared/seeds/003).
    static let noName = "[No Name]"

    /// The signal strength, when the RSSI is known.
    var signal: SignalStrength? { rssi.map(SignalStrength.init(rssi:)) }

    /// The name to show: the advertised name made safe for a terminal, or `[No Name]`.
    var displayName: String {
        guard let name, !name.isEmpty else { return Self.noName }
        return TextLayout.sanitized(name)
    }

    /// The manufacturer to show: the company's assigned name, e.g. `Apple, Inc.`, or its identifier
    /// as `0x1234`; `nil` without manufacturer data.
    var manufacturerLabel: String? {
        manufacturerData.map { AssignedNumbers.companyName(for: $0.companyID) ?? TextLayout.hex($0.companyID) }
    }

    /// The JSON object for this row.
    var record: ScanRecord { ScanRecord(self) }
}

extension ScanRow {
    /// Creates a row from an advertisement (and scan response) as parsed by BLECore.
    init(address: DeviceAddress, advertisement: some AdvertisingDataFields, rssi: Int?, isConnectable: Bool) {
        self.init(
            address: address, name: advertisement.name, rssi: rssi, txPower: advertisement.txPowerLevel.map(Int.init),
            isConnectable: isConnectable, services: advertisement.serviceUUIDs,
            manufacturerData: advertisement.manufacturerData.first, serviceData: advertisement.serviceData
        )
    }
}

/// One device in `ble scan --json`.
///
/// ```json
/// {"address": "5C:31:3E:F2:16:13", "addressType": "public", "name": "Thermo", "rssi": -43,
///  "txPower": 4, "connectable": true, "services": ["180F"],
///  "manufacturer": {"companyId": 76, "companyName": "Apple, Inc.", "data": "0215"},
///  "serviceData": [{"uuid": "180F", "data": "57"}],
///  "signal": {"percent": 81, "quality": "Excellent", "distance": "Very Close"}}
/// ```
/// `addressType` is one of `public`, `randomStatic`, `resolvablePrivate`, `nonResolvablePrivate`,
/// `reservedRandom` (as ``DeviceAddressType`` encodes). UUIDs are in their canonical spelling (`180F`
/// or the dashed 128-bit form); data is lowercase hex. `name`, `rssi`, `txPower`, `manufacturer`,
/// `manufacturer.companyName` and `signal` are `null` when unknown.
struct ScanRecord: Codable, Hashable, Sendable {
    /// The manufacturer-specific data.
    struct Manufacturer: Codable, Hashable, Sendable {
        /// The company identifier, e.g. 76 for Apple.
        var companyId: Int
        /// The company's assigned name, or `null` when the identifier is not assigned.
        @JSONNullable var companyName: String?
        /// The bytes after the company identifier, lowercase hex.
        var data: String
    }

    /// One service data entry.
    struct ServiceDataEntry: Codable, Hashable, Sendable {
        /// The service UUID.
        var uuid: String
        /// The service data bytes, lowercase hex.
        var data: String
    }

    /// The address, e.g. `5C:31:3E:F2:16:13`.
    var address: String
    /// The address type (``DeviceAddressType`` raw value).
    var addressType: String
    /// The advertised name.
    @JSONNullable var name: String?
    /// The RSSI in dBm.
    @JSONNullable var rssi: Int?
    /// The advertised TX power in dBm.
    @JSONNullable var txPower: Int?
    /// Whether the device accepts connections.
    var connectable: Bool
    /// The advertised service UUIDs.
    var services: [String]
    /// The manufacturer-specific data.
    @JSONNullable var manufacturer: Manufacturer?
    /// The service data.
    var serviceData: [ServiceDataEntry]
    /// The gauge percent and labels.
    @JSONNullable var signal: SignalRecord?

    /// Describes a row.
    init(_ row: ScanRow) {
        address = row.address.description
        addressType = row.address.type.rawValue
        name = row.name
        rssi = row.rssi
        txPower = row.txPower
        connectable = row.isConnectable
        services = row.services.map(\.description)
        manufacturer = row.manufacturerData.map {
            Manufacturer(
                companyId: Int($0.companyID), companyName: AssignedNumbers.companyName(for: $0.companyID),
                data: $0.data.hexString
            )
        }
        serviceData = row.serviceData.map { ServiceDataEntry(uuid: $0.uuid.description, data: $0.data.hexString) }
        signal = row.signal.map(SignalRecord.init)
    }
}
