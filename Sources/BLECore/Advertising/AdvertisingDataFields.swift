/// Typed accessors over a sequence of AD elements, shared by ``AdvertisingData`` and ``AdvertisementView``.
///
/// When a type appears more than once, single-valued accessors return the first occurrence
/// (CSS Part A, 1: most types shall not appear more than once per advertisement, but scan
/// responses may repeat them); list-valued accessors merge all occurrences.
public protocol AdvertisingDataFields {
    /// The typed values, in order.
    var elements: [ADElement] { get }
}

extension AdvertisingDataFields {
    /// The Flags (0x01), if present.
    public var flags: ADFlags? {
        first { if case .flags(let value) = $0 { value } else { nil } }
    }

    /// The local name: the first complete name, else the first shortened name.
    public var localName: LocalName? {
        let names = elements.compactMap { if case .localName(let value) = $0 { value } else { nil } }
        return names.first(where: \.isComplete) ?? names.first
    }

    /// The local name text, complete or shortened, if any.
    public var name: String? { localName?.name }

    /// Every advertised service UUID list, in order.
    public var serviceUUIDLists: [ServiceUUIDList] {
        elements.compactMap { if case .serviceUUIDs(let value) = $0 { value } else { nil } }
    }

    /// Every advertised service UUID of any size, in order, without duplicates.
    public var serviceUUIDs: [BluetoothUUID] {
        unique(serviceUUIDLists.flatMap(\.uuids))
    }

    /// Whether a complete list was advertised for a UUID size, i.e. the device has no other services of that size.
    public func isServiceUUIDListComplete(for size: BluetoothUUID.Size) -> Bool {
        serviceUUIDLists.contains { $0.size == size && $0.isComplete }
    }

    /// The Tx Power Level in dBm (0x0A), if present.
    public var txPowerLevel: Int8? {
        first { if case .txPowerLevel(let value) = $0 { value } else { nil } }
    }

    /// The Class of Device (0x0D), if present.
    public var classOfDevice: UInt32? {
        first { if case .classOfDevice(let value) = $0 { value } else { nil } }
    }

    /// Every Manufacturer Specific Data structure (0xFF), in order.
    public var manufacturerData: [ManufacturerData] {
        elements.compactMap { if case .manufacturerData(let value) = $0 { value } else { nil } }
    }

    /// The data of the first Manufacturer Specific Data with this company identifier.
    public func manufacturerData(companyID: UInt16) -> [UInt8]? {
        manufacturerData.first { $0.companyID == companyID }?.data
    }

    /// Every Service Data structure (0x16, 0x20, 0x21), in order.
    public var serviceData: [ServiceData] {
        elements.compactMap { if case .serviceData(let value) = $0 { value } else { nil } }
    }

    /// The data of the first Service Data for this UUID, whatever size it was written in.
    public func serviceData(for uuid: BluetoothUUID) -> [UInt8]? {
        serviceData.first { $0.uuid == uuid }?.data
    }

    /// The Appearance (0x19), if present.
    public var appearance: Appearance? {
        first { if case .appearance(let value) = $0 { value } else { nil } }
    }

    /// The Peripheral Connection Interval Range (0x12), if present.
    public var peripheralConnectionIntervalRange: ConnectionIntervalRange? {
        first { if case .peripheralConnectionIntervalRange(let value) = $0 { value } else { nil } }
    }

    /// Every service solicitation UUID of any size, in order, without duplicates.
    public var solicitedServiceUUIDs: [BluetoothUUID] {
        unique(elements.flatMap { element -> [BluetoothUUID] in
            if case .solicitedServiceUUIDs(let value) = element { value.uuids } else { [] }
        })
    }

    /// Every Public Target Address (0x17).
    public var publicTargetAddresses: [DeviceAddress] {
        elements.flatMap { element -> [DeviceAddress] in
            if case .publicTargetAddresses(let value) = element { value } else { [] }
        }
    }

    /// Every Random Target Address (0x18).
    public var randomTargetAddresses: [DeviceAddress] {
        elements.flatMap { element -> [DeviceAddress] in
            if case .randomTargetAddresses(let value) = element { value } else { [] }
        }
    }

    /// The advertising interval from Advertising Interval (0x1A) or Advertising Interval - long (0x2F).
    public var advertisingInterval: AdvertisingInterval? {
        first {
            switch $0 {
            case .advertisingInterval(let value), .advertisingIntervalLong(let value): value
            default: nil
            }
        }
    }

    /// The LE Bluetooth Device Address (0x1B), if present.
    public var leBluetoothDeviceAddress: DeviceAddress? {
        first { if case .leBluetoothDeviceAddress(let value) = $0 { value } else { nil } }
    }

    /// The LE Role (0x1C), if present.
    public var leRole: LERole? {
        first { if case .leRole(let value) = $0 { value } else { nil } }
    }

    /// The URI (0x24), if present.
    public var uri: AdvertisingURI? {
        first { if case .uri(let value) = $0 { value } else { nil } }
    }

    private func first<T>(_ transform: (ADElement) -> T?) -> T? {
        for element in elements {
            if let value = transform(element) { return value }
        }
        return nil
    }
}

private func unique(_ uuids: [BluetoothUUID]) -> [BluetoothUUID] {
    var seen: Set<BluetoothUUID> = []
    return uuids.filter { seen.insert($0).inserted }
}
