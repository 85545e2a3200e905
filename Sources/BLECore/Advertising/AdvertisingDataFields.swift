/// Typed accessors over a sequence of AD elements, shared by ``AdvertisingData`` and ``AdvertisementView``.
///
/// When a type appears more than once, single-valued accessors return the first occurrence
/// (CSS Part A, 1: most types shall not appear more than once per advertisement, but scan
/// responses may repeat them); list-valued accessors merge all occurrences.
public protocol AdvertisingDataFields {
    /// The typed values, in order.
    var elements: [ADElement] { get }
    /// Calls `body` with each structure's AD type and data, in order, until it returns `false`;
    /// the data is a view into the stored bytes. The accessors decode only the structures of the
    /// types they read, through this, and copy nothing but the values they return.
    func forEachStructureInPlace(_ body: (_ type: ADType, _ data: ArraySlice<UInt8>) -> Bool)
}

extension AdvertisingDataFields {
    /// Calls `body` with each structure, copied out, in order until it returns `false`.
    @inlinable
    public func forEachStructure(_ body: (ADStructure) -> Bool) {
        forEachStructureInPlace { type, data in body(ADStructure(type: type, data: Array(data))) }
    }
}

// The accessors are inlinable: a caller in another module (a scanner, `BLE`) gets them
// specialized for its concrete type, not as generic code that looks up witnesses and metadata
// for every structure (issue 17: five accessors cost 5,000 instructions per advertisement).
extension AdvertisingDataFields {
    /// The Flags (0x01), if present.
    @inlinable
    public var flags: ADFlags? {
        first(of: { $0 == .flags }) { if case .flags(let value) = $0 { value } else { nil } }
    }

    /// The local name: the first complete name, else the first shortened name.
    @inlinable
    public var localName: LocalName? {
        var shortened: LocalName?
        var complete: LocalName?
        forEachElement(of: { $0 == .completeLocalName || $0 == .shortenedLocalName }) { element in
            guard case .localName(let name) = element else { return true }
            if name.isComplete {
                complete = name
                return false
            }
            if shortened == nil { shortened = name }
            return true
        }
        return complete ?? shortened
    }

    /// The local name text, complete or shortened, if any.
    @inlinable
    public var name: String? { localName?.name }

    /// Every advertised service UUID list, in order.
    @inlinable
    public var serviceUUIDLists: [ServiceUUIDList] {
        all(of: Self.isServiceUUIDList) { if case .serviceUUIDs(let value) = $0 { value } else { nil } }
    }

    /// Every advertised service UUID of any size, in order, without duplicates.
    @inlinable
    public var serviceUUIDs: [BluetoothUUID] {
        // Read in place rather than through ``ADElement``: no list per structure.
        var uuids: [BluetoothUUID] = []
        forEachStructureInPlace { type, data in
            guard Self.isServiceUUIDList(type) else { return true }
            let width = Self.serviceUUIDListSize(type).byteCount
            guard data.count % width == 0 else { return true }  // malformed: skipped, as by ``elements``
            var start = data.startIndex
            while start < data.endIndex {
                if let uuid = BluetoothUUID(littleEndianBytes: data[start..<start + width]), !uuids.contains(uuid) {
                    uuids.append(uuid)
                }
                start += width
            }
            return true
        }
        return uuids
    }

    /// Whether a complete list was advertised for a UUID size, i.e. the device has no other services of that size.
    @inlinable
    public func isServiceUUIDListComplete(for size: BluetoothUUID.Size) -> Bool {
        serviceUUIDLists.contains { $0.size == size && $0.isComplete }
    }

    /// The Tx Power Level in dBm (0x0A), if present.
    @inlinable
    public var txPowerLevel: Int8? {
        first(of: { $0 == .txPowerLevel }) { if case .txPowerLevel(let value) = $0 { value } else { nil } }
    }

    /// The Class of Device (0x0D), if present.
    @inlinable
    public var classOfDevice: UInt32? {
        first(of: { $0 == .classOfDevice }) { if case .classOfDevice(let value) = $0 { value } else { nil } }
    }

    /// Every Manufacturer Specific Data structure (0xFF), in order.
    @inlinable
    public var manufacturerData: [ManufacturerData] {
        all(of: { $0 == .manufacturerSpecificData }) { if case .manufacturerData(let value) = $0 { value } else { nil } }
    }

    /// The data of the first Manufacturer Specific Data with this company identifier.
    @inlinable
    public func manufacturerData(companyID: UInt16) -> [UInt8]? {
        first(of: { $0 == .manufacturerSpecificData }) { element in
            if case .manufacturerData(let value) = element, value.companyID == companyID { value.data } else { nil }
        }
    }

    /// Every Service Data structure (0x16, 0x20, 0x21), in order.
    @inlinable
    public var serviceData: [ServiceData] {
        all(of: Self.isServiceData) { if case .serviceData(let value) = $0 { value } else { nil } }
    }

    /// The data of the first Service Data for this UUID, whatever size it was written in.
    @inlinable
    public func serviceData(for uuid: BluetoothUUID) -> [UInt8]? {
        first(of: Self.isServiceData) { element in
            if case .serviceData(let value) = element, value.uuid == uuid { value.data } else { nil }
        }
    }

    /// The Appearance (0x19), if present.
    @inlinable
    public var appearance: Appearance? {
        first(of: { $0 == .appearance }) { if case .appearance(let value) = $0 { value } else { nil } }
    }

    /// The Peripheral Connection Interval Range (0x12), if present.
    @inlinable
    public var peripheralConnectionIntervalRange: ConnectionIntervalRange? {
        first(of: { $0 == .peripheralConnectionIntervalRange }) {
            if case .peripheralConnectionIntervalRange(let value) = $0 { value } else { nil }
        }
    }

    /// Every service solicitation UUID of any size, in order, without duplicates.
    @inlinable
    public var solicitedServiceUUIDs: [BluetoothUUID] {
        var uuids: [BluetoothUUID] = []
        forEachElement(of: { $0 == .serviceSolicitationUUIDs16 || $0 == .serviceSolicitationUUIDs32 || $0 == .serviceSolicitationUUIDs128 }) { element in
            if case .solicitedServiceUUIDs(let list) = element { appendUnique(list.uuids, to: &uuids) }
            return true
        }
        return uuids
    }

    /// Every Public Target Address (0x17).
    @inlinable
    public var publicTargetAddresses: [DeviceAddress] {
        all(of: { $0 == .publicTargetAddress }) { if case .publicTargetAddresses(let value) = $0 { value } else { nil } }.flatMap { $0 }
    }

    /// Every Random Target Address (0x18).
    @inlinable
    public var randomTargetAddresses: [DeviceAddress] {
        all(of: { $0 == .randomTargetAddress }) { if case .randomTargetAddresses(let value) = $0 { value } else { nil } }.flatMap { $0 }
    }

    /// The advertising interval from Advertising Interval (0x1A) or Advertising Interval - long (0x2F).
    @inlinable
    public var advertisingInterval: AdvertisingInterval? {
        first(of: { $0 == .advertisingInterval || $0 == .advertisingIntervalLong }) {
            switch $0 {
            case .advertisingInterval(let value), .advertisingIntervalLong(let value): value
            default: nil
            }
        }
    }

    /// The LE Bluetooth Device Address (0x1B), if present.
    @inlinable
    public var leBluetoothDeviceAddress: DeviceAddress? {
        first(of: { $0 == .leBluetoothDeviceAddress }) { if case .leBluetoothDeviceAddress(let value) = $0 { value } else { nil } }
    }

    /// The LE Role (0x1C), if present.
    @inlinable
    public var leRole: LERole? {
        first(of: { $0 == .leRole }) { if case .leRole(let value) = $0 { value } else { nil } }
    }

    /// The URI (0x24), if present.
    @inlinable
    public var uri: AdvertisingURI? {
        first(of: { $0 == .uri }) { if case .uri(let value) = $0 { value } else { nil } }
    }

    // MARK: Decoding only what is read

    @inlinable
    static func isServiceUUIDList(_ type: ADType) -> Bool {
        (ADType.incompleteServiceUUIDs16.rawValue...ADType.completeServiceUUIDs128.rawValue).contains(type.rawValue)
    }

    /// The UUID size of a Service Class UUIDs list type (0x02 … 0x07).
    @inlinable
    static func serviceUUIDListSize(_ type: ADType) -> BluetoothUUID.Size {
        type.rawValue <= ADType.completeServiceUUIDs16.rawValue ? .bits16
            : type.rawValue <= ADType.completeServiceUUIDs32.rawValue ? .bits32 : .bits128
    }

    @inlinable
    static func isServiceData(_ type: ADType) -> Bool {
        type == .serviceData16 || type == .serviceData32 || type == .serviceData128
    }

    /// Decodes, in order, the structures whose type `matches` (skipping those that do not
    /// decode), calling `body` with each until it returns `false`.
    @inlinable
    func forEachElement(of matches: (ADType) -> Bool, _ body: (ADElement) -> Bool) {
        forEachStructureInPlace { type, data in
            guard matches(type), let element = try? ADElement(type: type, data: data) else { return true }
            return body(element)
        }
    }

    @inlinable
    func first<T>(of matches: (ADType) -> Bool, _ transform: (ADElement) -> T?) -> T? {
        var found: T?
        forEachElement(of: matches) { element in
            found = transform(element)
            return found == nil
        }
        return found
    }

    @inlinable
    func all<T>(of matches: (ADType) -> Bool, _ transform: (ADElement) -> T?) -> [T] {
        var found: [T] = []
        forEachElement(of: matches) { element in
            if let value = transform(element) { found.append(value) }
            return true
        }
        return found
    }
}

/// Appends the UUIDs not in `list` yet (a linear search: advertised lists are a few UUIDs long).
@inlinable
func appendUnique(_ uuids: [BluetoothUUID], to list: inout [BluetoothUUID]) {
    for uuid in uuids where !list.contains(uuid) { list.append(uuid) }
}
