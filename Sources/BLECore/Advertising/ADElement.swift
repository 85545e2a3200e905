/// One AD structure decoded into a typed value.
///
/// Decoding checks each known type's data size against the Core Specification Supplement (CSS),
/// Part A; types without a typed case, and unknown types, stay as ``other(_:)`` with raw bytes.
/// Encoding mirrors decoding field for field.
public enum ADElement: Hashable, Sendable {
    /// Flags, 0x01 (CSS Part A, 1.3).
    case flags(ADFlags)
    /// A list of service UUIDs, 0x02–0x07 (CSS Part A, 1.1).
    case serviceUUIDs(ServiceUUIDList)
    /// Shortened or Complete Local Name, 0x08/0x09 (CSS Part A, 1.2).
    case localName(LocalName)
    /// Tx Power Level in dBm, 0x0A (CSS Part A, 1.5).
    case txPowerLevel(Int8)
    /// Class of Device (24 bits), 0x0D (CSS Part A, 1.6).
    case classOfDevice(UInt32)
    /// Peripheral Connection Interval Range, 0x12 (CSS Part A, 1.9).
    case peripheralConnectionIntervalRange(ConnectionIntervalRange)
    /// A list of service solicitation UUIDs, 0x14/0x1F/0x15 (CSS Part A, 1.10).
    case solicitedServiceUUIDs(SolicitedServiceUUIDs)
    /// Service Data for a 16-, 32- or 128-bit UUID, 0x16/0x20/0x21 (CSS Part A, 1.11).
    case serviceData(ServiceData)
    /// Public Target Address, 0x17 (CSS Part A, 1.13).
    case publicTargetAddresses([DeviceAddress])
    /// Random Target Address, 0x18 (CSS Part A, 1.14).
    case randomTargetAddresses([DeviceAddress])
    /// Appearance, 0x19 (CSS Part A, 1.12).
    case appearance(Appearance)
    /// Advertising Interval (2 bytes), 0x1A (CSS Part A, 1.15).
    case advertisingInterval(AdvertisingInterval)
    /// Advertising Interval - long (3 or 4 bytes), 0x2F (CSS Part A, 1.15).
    case advertisingIntervalLong(AdvertisingInterval)
    /// LE Bluetooth Device Address, 0x1B (CSS Part A, 1.16).
    case leBluetoothDeviceAddress(DeviceAddress)
    /// LE Role, 0x1C (CSS Part A, 1.17).
    case leRole(LERole)
    /// URI, 0x24 (CSS Part A, 1.18).
    case uri(AdvertisingURI)
    /// Manufacturer Specific Data, 0xFF (CSS Part A, 1.4).
    case manufacturerData(ManufacturerData)
    /// Any other structure, raw (size-checked when its type has a fixed size).
    case other(ADStructure)

    /// Decodes a structure, checking its data size for its type.
    ///
    /// Throws ``AdvertisingDataError/invalidLength(type:offset:dataLength:expected:)`` naming the
    /// type; `offset` is where the structure starts in its blob, for the error message.
    public init(decoding structure: ADStructure, offset: Int = 0) throws(AdvertisingDataError) {
        try self.init(type: structure.type, data: structure.data[...], offset: offset)
    }

    /// Decodes a structure given by its AD type and its data, read in place from a larger buffer
    /// (only what the value itself holds is allocated: a name, a list, a payload).
    ///
    /// Throws ``AdvertisingDataError/invalidLength(type:offset:dataLength:expected:)`` naming the
    /// type; `offset` is where the structure starts in its blob, for the error message.
    public init(type: ADType, data: ArraySlice<UInt8>, offset: Int = 0) throws(AdvertisingDataError) {
        try Self.checkDataLength(type: type, dataLength: data.count, offset: offset)
        // The sizes are right from here on (checkDataLength): the reads cannot come short.
        let start = data.startIndex
        /// The little-endian integer of `size` bytes at `index` (counted from the data's start).
        func integer(at index: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in 0..<size { value |= UInt64(data[start + index + byte]) << (8 * byte) }
            return value
        }
        func uuids(_ size: BluetoothUUID.Size) -> [BluetoothUUID] {
            let width = size.byteCount
            var result: [BluetoothUUID] = []
            result.reserveCapacity(data.count / width)
            for uuidStart in stride(from: start, to: data.endIndex, by: width) {
                if let uuid = BluetoothUUID(littleEndianBytes: data[uuidStart..<uuidStart + width]) { result.append(uuid) }
            }
            return result
        }
        func addresses(isRandom: Bool) -> [DeviceAddress] {
            var reader = ByteReader(data)
            var result: [DeviceAddress] = []
            while let address = DeviceAddress.read(from: &reader, isRandom: isRandom) { result.append(address) }
            return result
        }

        switch type {
        case .flags:
            self = .flags(ADFlags(rawValue: data.first ?? 0))
        case .incompleteServiceUUIDs16, .completeServiceUUIDs16:
            self = .serviceUUIDs(ServiceUUIDList(uuids: uuids(.bits16), size: .bits16, isComplete: type == .completeServiceUUIDs16))
        case .incompleteServiceUUIDs32, .completeServiceUUIDs32:
            self = .serviceUUIDs(ServiceUUIDList(uuids: uuids(.bits32), size: .bits32, isComplete: type == .completeServiceUUIDs32))
        case .incompleteServiceUUIDs128, .completeServiceUUIDs128:
            self = .serviceUUIDs(ServiceUUIDList(uuids: uuids(.bits128), size: .bits128, isComplete: type == .completeServiceUUIDs128))
        case .shortenedLocalName, .completeLocalName:
            self = .localName(LocalName(String(decoding: data, as: UTF8.self), isComplete: type == .completeLocalName))
        case .txPowerLevel:
            self = .txPowerLevel(Int8(bitPattern: data[start]))
        case .classOfDevice:
            self = .classOfDevice(UInt32(integer(at: 0, size: 3)))
        case .peripheralConnectionIntervalRange:
            self = .peripheralConnectionIntervalRange(
                ConnectionIntervalRange(minimum: UInt16(integer(at: 0, size: 2)), maximum: UInt16(integer(at: 2, size: 2))))
        case .serviceSolicitationUUIDs16:
            self = .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: uuids(.bits16), size: .bits16))
        case .serviceSolicitationUUIDs32:
            self = .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: uuids(.bits32), size: .bits32))
        case .serviceSolicitationUUIDs128:
            self = .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: uuids(.bits128), size: .bits128))
        case .serviceData16, .serviceData32, .serviceData128:
            let size = Self.serviceDataUUIDSize(type)
            guard let uuid = BluetoothUUID(littleEndianBytes: data[start..<start + size.byteCount]) else {
                self = .other(ADStructure(type: type, data: Array(data)))  // unreachable: the size was checked
                return
            }
            self = .serviceData(ServiceData(uuid: uuid, data: Array(data[(start + size.byteCount)...]), size: size))
        case .publicTargetAddress:
            self = .publicTargetAddresses(addresses(isRandom: false))
        case .randomTargetAddress:
            self = .randomTargetAddresses(addresses(isRandom: true))
        case .appearance:
            self = .appearance(Appearance(rawValue: UInt16(integer(at: 0, size: 2))))
        case .advertisingInterval:
            self = .advertisingInterval(AdvertisingInterval(units: UInt32(integer(at: 0, size: 2))))
        case .advertisingIntervalLong:
            self = .advertisingIntervalLong(AdvertisingInterval(units: UInt32(integer(at: 0, size: data.count))))
        case .leBluetoothDeviceAddress:
            guard let address = try? DeviceAddress(value: integer(at: 0, size: 6), isRandom: data[start + 6] & 0x01 == 1) else {
                self = .other(ADStructure(type: type, data: Array(data)))  // unreachable: 7 bytes always make an address
                return
            }
            self = .leBluetoothDeviceAddress(address)
        case .leRole:
            self = .leRole(LERole(rawValue: data[start]))
        case .uri:
            self = .uri(AdvertisingURI(adData: Array(data)))
        case .manufacturerSpecificData:
            self = .manufacturerData(ManufacturerData(companyID: UInt16(integer(at: 0, size: 2)), data: Array(data[(start + 2)...])))
        default:
            self = .other(ADStructure(type: type, data: Array(data)))
        }
    }

    /// Checks a structure's data size against its type's rule (CSS Part A), without decoding it
    /// (nothing is allocated): what parsing checks for every structure it keeps.
    ///
    /// Throws ``AdvertisingDataError/invalidLength(type:offset:dataLength:expected:)``.
    public static func checkDataLength(of structure: ADStructure, offset: Int = 0) throws(AdvertisingDataError) {
        try checkDataLength(type: structure.type, dataLength: structure.data.count, offset: offset)
    }

    /// Checks a structure's data size, given as its AD type and data length, against its type's
    /// rule (CSS Part A).
    ///
    /// Throws ``AdvertisingDataError/invalidLength(type:offset:dataLength:expected:)``.
    public static func checkDataLength(type: ADType, dataLength count: Int, offset: Int = 0) throws(AdvertisingDataError) {
        func invalid(_ expected: String) -> AdvertisingDataError {
            .invalidLength(type: type, offset: offset, dataLength: count, expected: expected)
        }
        func exactly(_ wanted: Int) throws(AdvertisingDataError) {
            guard count == wanted else { throw invalid("exactly \(wanted)") }
        }
        func multiple(of size: BluetoothUUID.Size) throws(AdvertisingDataError) {
            guard count % size.byteCount == 0 else { throw invalid("a multiple of \(size.byteCount)") }
        }
        switch type {
        case .incompleteServiceUUIDs16, .completeServiceUUIDs16, .serviceSolicitationUUIDs16: try multiple(of: .bits16)
        case .incompleteServiceUUIDs32, .completeServiceUUIDs32, .serviceSolicitationUUIDs32: try multiple(of: .bits32)
        case .incompleteServiceUUIDs128, .completeServiceUUIDs128, .serviceSolicitationUUIDs128: try multiple(of: .bits128)
        case .txPowerLevel, .leRole: try exactly(1)
        case .classOfDevice: try exactly(3)
        case .peripheralConnectionIntervalRange: try exactly(4)
        case .serviceData16, .serviceData32, .serviceData128:
            let width = serviceDataUUIDSize(type).byteCount
            guard count >= width else { throw invalid("at least \(width) for the UUID") }
        case .publicTargetAddress, .randomTargetAddress:
            guard count > 0, count % 6 == 0 else { throw invalid("a non-zero multiple of 6") }
        case .appearance, .advertisingInterval: try exactly(2)
        case .advertisingIntervalLong:
            guard count == 3 || count == 4 else { throw invalid("3 or 4") }
        case .leBluetoothDeviceAddress: try exactly(7)
        case .manufacturerSpecificData:
            guard count >= 2 else { throw invalid("at least 2 for the company identifier") }
        case .simplePairingHashC192, .simplePairingRandomizerR192, .simplePairingHashC256, .simplePairingRandomizerR256,
             .leSecureConnectionsConfirmationValue, .leSecureConnectionsRandomValue:
            try exactly(16)  // CSS Part A, 1.6-1.7
        case .securityManagerOOBFlags: try exactly(1)
        default: break
        }
    }

    /// The UUID size of a Service Data type (0x16, 0x20, 0x21).
    private static func serviceDataUUIDSize(_ type: ADType) -> BluetoothUUID.Size {
        type == .serviceData16 ? .bits16 : type == .serviceData32 ? .bits32 : .bits128
    }

    /// Encodes the element as a structure.
    ///
    /// Throws when a UUID does not fit its list's size, a number does not fit its field, a URI
    /// scheme code is not a scheme code point, a raw structure has the wrong size for its type, or
    /// the data exceeds 254 bytes.
    public func encoded() throws(AdvertisingDataError) -> ADStructure {
        var writer = ByteWriter()
        let type: ADType
        func writeUUIDs(_ uuids: [BluetoothUUID], size: BluetoothUUID.Size, as listType: ADType) throws(AdvertisingDataError) {
            for uuid in uuids {
                guard let bytes = uuid.littleEndianBytes(size: size) else { throw .uuidDoesNotFit(type: listType, uuid: uuid) }
                writer.writeBytes(bytes)
            }
        }
        switch self {
        case .flags(let flags):
            type = .flags
            writer.writeUInt8(flags.rawValue)
        case .serviceUUIDs(let list):
            type = list.adType
            try writeUUIDs(list.uuids, size: list.size, as: type)
        case .localName(let name):
            type = name.isComplete ? .completeLocalName : .shortenedLocalName
            writer.writeBytes(name.name.utf8)
        case .txPowerLevel(let power):
            type = .txPowerLevel
            writer.writeInt8(power)
        case .classOfDevice(let value):
            type = .classOfDevice
            guard value <= 0xFF_FFFF else { throw .valueOutOfRange(type: type, value: UInt64(value), maximum: 0xFF_FFFF) }
            writer.writeUInt24(value)
        case .peripheralConnectionIntervalRange(let range):
            type = .peripheralConnectionIntervalRange
            writer.writeUInt16(range.minimum)
            writer.writeUInt16(range.maximum)
        case .solicitedServiceUUIDs(let list):
            type = list.adType
            try writeUUIDs(list.uuids, size: list.size, as: type)
        case .serviceData(let serviceData):
            type = serviceData.adType
            try writeUUIDs([serviceData.uuid], size: serviceData.size, as: type)
            writer.writeBytes(serviceData.data)
        case .publicTargetAddresses(let addresses):
            type = .publicTargetAddress
            for address in addresses { address.write(to: &writer) }
        case .randomTargetAddresses(let addresses):
            type = .randomTargetAddress
            for address in addresses { address.write(to: &writer) }
        case .appearance(let appearance):
            type = .appearance
            writer.writeUInt16(appearance.rawValue)
        case .advertisingInterval(let interval):
            type = .advertisingInterval
            guard let units = UInt16(exactly: interval.units) else {
                throw .valueOutOfRange(type: type, value: UInt64(interval.units), maximum: UInt64(UInt16.max))
            }
            writer.writeUInt16(units)
        case .advertisingIntervalLong(let interval):
            type = .advertisingIntervalLong
            if interval.units <= 0xFF_FFFF { writer.writeUInt24(interval.units) } else { writer.writeUInt32(interval.units) }
        case .leBluetoothDeviceAddress(let address):
            type = .leBluetoothDeviceAddress
            address.write(to: &writer)
            writer.writeUInt8(address.isRandom ? 1 : 0)
        case .leRole(let role):
            type = .leRole
            writer.writeUInt8(role.rawValue)
        case .uri(let uri):
            type = .uri
            if let scheme = uri.scheme, !URIScheme.isSchemeCodePoint(scheme.rawValue) { throw .invalidURIScheme(scheme) }
            writer.writeBytes(uri.adData)
        case .manufacturerData(let manufacturerData):
            type = .manufacturerSpecificData
            writer.writeBytes(manufacturerData.bytes)
        case .other(let structure):
            type = structure.type
            try ADElement.checkDataLength(of: structure)  // a raw structure of a known type must still have its size
            writer.writeBytes(structure.data)
        }
        guard writer.bytes.count <= ADStructure.maximumDataLength else {
            throw .structureTooLong(type: type, dataLength: writer.bytes.count)
        }
        return ADStructure(type: type, data: writer.bytes)
    }

    /// The AD type this element is written as.
    public var adType: ADType {
        switch self {
        case .flags: return .flags
        case .serviceUUIDs(let list): return list.adType
        case .localName(let name): return name.isComplete ? .completeLocalName : .shortenedLocalName
        case .txPowerLevel: return .txPowerLevel
        case .classOfDevice: return .classOfDevice
        case .peripheralConnectionIntervalRange: return .peripheralConnectionIntervalRange
        case .solicitedServiceUUIDs(let list): return list.adType
        case .serviceData(let serviceData): return serviceData.adType
        case .publicTargetAddresses: return .publicTargetAddress
        case .randomTargetAddresses: return .randomTargetAddress
        case .appearance: return .appearance
        case .advertisingInterval: return .advertisingInterval
        case .advertisingIntervalLong: return .advertisingIntervalLong
        case .leBluetoothDeviceAddress: return .leBluetoothDeviceAddress
        case .leRole: return .leRole
        case .uri: return .uri
        case .manufacturerData: return .manufacturerSpecificData
        case .other(let structure): return structure.type
        }
    }
}
