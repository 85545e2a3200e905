import BLE
import BLECore
import DBus
import DBusClient

/// BlueZ's names on the system bus (BlueZ `doc/org.bluez.Adapter.rst`, `org.bluez.Device.rst`).
enum BlueZ {
    /// bluetoothd's bus name.
    static let service = "org.bluez"
    /// The adapter interface.
    static let adapter = "org.bluez.Adapter1"
    /// The device interface.
    static let device = "org.bluez.Device1"

    /// Every signal bluetoothd sends, in its order (one match rule: signals of separate rules
    /// arrive on separate streams, whose order between them is lost).
    static func signals(on connection: DBusConnection) async throws -> AsyncStream<DBusMessage> {
        try await connection.signals(matching: DBusMatchRule(sender: service))
    }
}

/// What BlueZ knows of a device (`org.bluez.Device1` properties), as the report of an advertisement.
enum BlueZDeviceReport {
    /// The report of a device's properties; nil when they lack a valid `Address`.
    ///
    /// BlueZ hands on the advertising data parsed, so the advertisement is rebuilt from its parts:
    /// `AdvertisingFlags`, `Name`, `UUIDs`, `TxPower`, `Appearance`, `ManufacturerData` (company
    /// identifier → bytes) and `ServiceData` (UUID → bytes), each as its AD structure (Core
    /// Specification Supplement, Part A). BlueZ does not say whether the advertisement was
    /// connectable: `isConnectable` is true unless the flags say the device is not discoverable
    /// in LE at all (neither limited nor general discoverable). An `RSSI` of 127 is the
    /// controller's "not available" (Core 5.4, Vol 4, Part E, 7.7.65.2) and is left out.
    static func report(from properties: [String: DBusValue]) -> BLEAdvertisementReport? {
        guard let address = address(of: properties) else { return nil }
        var structures: [ADStructure] = []
        var flags: [UInt8]?
        if let bytes = properties["AdvertisingFlags"]?.byteArray, !bytes.isEmpty {
            flags = bytes
            structures.append(ADStructure(type: .flags, data: bytes))
        }
        if let name = properties["Name"]?.string {
            structures.append(ADStructure(type: .completeLocalName, data: Array(name.utf8)))
        }
        let uuids = (properties["UUIDs"]?.stringArray ?? []).compactMap(BluetoothUUID.init)
        for (type, size) in [(ADType.completeServiceUUIDs16, 2), (.completeServiceUUIDs32, 4), (.completeServiceUUIDs128, 16)] {
            let bytes = uuids.filter { $0.shortestBytes.count == size }.flatMap(\.shortestBytes)
            if !bytes.isEmpty { structures.append(ADStructure(type: type, data: bytes)) }
        }
        var txPower: Int?
        if let power = properties["TxPower"]?.integer, let level = Int8(exactly: power) {
            txPower = Int(level)
            structures.append(ADStructure(type: .txPowerLevel, data: [UInt8(bitPattern: level)]))
        }
        if let appearance = properties["Appearance"]?.integer, let value = UInt16(exactly: appearance) {
            structures.append(ADStructure(type: .appearance, data: [UInt8(value & 0xFF), UInt8(value >> 8)]))
        }
        for entry in (properties["ManufacturerData"]?.dictionaryEntries ?? []).sorted(by: { ($0.key.integer ?? 0) < ($1.key.integer ?? 0) }) {
            guard let company = entry.key.integer.flatMap(UInt16.init(exactly:)), let data = entry.value.byteArray else { continue }
            structures.append(ADStructure(type: .manufacturerSpecificData, data: [UInt8(company & 0xFF), UInt8(company >> 8)] + data))
        }
        for entry in (properties["ServiceData"]?.dictionaryEntries ?? []).sorted(by: { ($0.key.string ?? "") < ($1.key.string ?? "") }) {
            guard let uuid = entry.key.string.flatMap(BluetoothUUID.init), let data = entry.value.byteArray else { continue }
            let prefix = uuid.shortestBytes
            let type: ADType = prefix.count == 2 ? .serviceData16 : prefix.count == 4 ? .serviceData32 : .serviceData128
            structures.append(ADStructure(type: type, data: prefix + data))
        }
        let discoverable = flags.map { ($0.first ?? 0) & 0x03 != 0 } ?? true
        return BLEAdvertisementReport(
            address: address,
            rssi: properties["RSSI"]?.integer.flatMap { $0 == 127 ? nil : Int($0) },
            txPower: txPower,
            isConnectable: discoverable,
            advertisement: AdvertisementView(advertisement: AdvertisingData(structures: structures))
        )
    }

    /// A device's address from its `Address` and `AddressType`, if it has a valid one.
    static func address(of properties: [String: DBusValue]) -> DeviceAddress? {
        guard let text = properties["Address"]?.string else { return nil }
        return try? DeviceAddress(parsing: text, isRandom: properties["AddressType"]?.string == "random")
    }

}
