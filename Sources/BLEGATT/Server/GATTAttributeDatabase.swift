import BLECore

/// A server's attribute table, built from service definitions.
///
/// Core 5.4, Vol 3, Part G, 3: each service is its declaration, its include declarations, then per
/// characteristic the declaration, the value and the descriptors, with handles assigned in that
/// order. A value type: the server swaps in a new database when services are added or removed,
/// and existing attributes keep their handles (a removed service leaves a gap; an added one goes
/// after the last handle), so a client's cache stays valid outside the changed range.
public struct GATTAttributeDatabase: Sendable {
    /// The longest attribute value: 512 octets (Core 5.4, Vol 3, Part F, 3.2.9).
    public static let maximumValueLength = 512

    /// Every attribute, in ascending handle order.
    public private(set) var attributes: [GATTAttribute]

    /// An empty database.
    public init() {
        attributes = []
    }

    /// Lays out `services` from handle 0x0001.
    ///
    /// Throws ``GATTError/Code/invalidArgument`` when a value is longer than 512 octets, a service
    /// includes a UUID no service has, a descriptor is one the server manages (0x2900, 0x2902), or
    /// the handles run out.
    public init(services: [GATTServiceDefinition]) throws(GATTError) {
        attributes = []
        try add(services)
    }

    // MARK: Lookups

    /// The attribute with `handle`, if any.
    public func attribute(at handle: UInt16) -> GATTAttribute? {
        let index = lowerBound(handle)
        guard index < attributes.count, attributes[index].handle == handle else { return nil }
        return attributes[index]
    }

    /// The attributes with handles in `range`, in ascending order.
    public func attributes(in range: ClosedRange<UInt16>) -> ArraySlice<GATTAttribute> {
        let start = lowerBound(range.lowerBound)
        var end = start
        while end < attributes.count, attributes[end].handle <= range.upperBound { end += 1 }
        return attributes[start..<end]
    }

    /// The highest handle in use, or 0 when the database is empty.
    public var lastHandle: UInt16 { attributes.last?.handle ?? 0 }

    /// The service declarations, in handle order.
    public var services: [GATTAttribute] {
        attributes.filter { $0.endGroupHandle != nil }
    }

    /// The handle range of the first service with `uuid`.
    public func serviceRange(_ uuid: BluetoothUUID) -> ClosedRange<UInt16>? {
        for service in services where service.type == GATTAttributeType.primaryService
            || service.type == GATTAttributeType.secondaryService
        {
            if BluetoothUUID(littleEndianBytes: service.value) == uuid, let end = service.endGroupHandle {
                return service.handle...end
            }
        }
        return nil
    }

    /// The value handle of the first characteristic with `uuid`, optionally only inside the first
    /// service with `service`.
    public func valueHandle(ofCharacteristic uuid: BluetoothUUID, inService service: BluetoothUUID? = nil) -> UInt16? {
        let range: ClosedRange<UInt16>
        if let service {
            guard let found = serviceRange(service) else { return nil }
            range = found
        } else {
            range = 0x0001...0xFFFF
        }
        for attribute in attributes(in: range) {
            if case .characteristicValue = attribute.role, attribute.type == uuid { return attribute.handle }
        }
        return nil
    }

    /// The handle of the CCCD of the characteristic value at `valueHandle`, if it has one.
    public func clientConfigurationHandle(ofValue valueHandle: UInt16) -> UInt16? {
        for attribute in attributes(in: valueHandle...0xFFFF).dropFirst() {
            switch attribute.role {
            case .clientConfiguration(let owner) where owner == valueHandle: return attribute.handle
            case .descriptor(let owner) where owner == valueHandle: continue
            default: return nil
            }
        }
        return nil
    }

    // MARK: Changes

    /// Adds services after the last handle and returns the handle range they took.
    ///
    /// Included services are looked up among the existing services and the new ones.
    @discardableResult
    public mutating func add(_ services: [GATTServiceDefinition]) throws(GATTError) -> ClosedRange<UInt16>? {
        guard !services.isEmpty else { return nil }
        let first = Int(lastHandle) + 1
        // First pass: where each new service starts and ends.
        var layout: [(service: GATTServiceDefinition, start: Int, end: Int)] = []
        var next = first
        for service in services {
            try Self.validate(service)
            let end = next + service.attributeCount - 1
            guard end <= 0xFFFF else {
                throw GATTError(.invalidArgument, "the database has no handles left for service \(service.uuid)")
            }
            layout.append((service, next, end))
            next = end + 1
        }
        // Second pass: build, resolving includes among existing and new services.
        var known: [(uuid: BluetoothUUID, start: UInt16, end: UInt16)] = self.services.compactMap { service in
            guard let uuid = BluetoothUUID(littleEndianBytes: service.value), let end = service.endGroupHandle else { return nil }
            return (uuid, service.handle, end)
        }
        known += layout.map { ($0.service.uuid, UInt16($0.start), UInt16($0.end)) }
        for entry in layout {
            attributes += try Self.build(entry.service, start: UInt16(entry.start), end: UInt16(entry.end), known: known)
        }
        return UInt16(first)...UInt16(next - 1)
    }

    /// Removes the service whose declaration is at `handle` and returns the handle range it took.
    ///
    /// Include declarations that named it are left in place (Part G, 2.5.2: the server reports the
    /// change through Service Changed; a profile that includes a removed service removes itself).
    @discardableResult
    public mutating func removeService(at handle: UInt16) throws(GATTError) -> ClosedRange<UInt16> {
        guard let service = attribute(at: handle), let end = service.endGroupHandle else {
            throw GATTError(.invalidArgument, "no service declaration at handle \(handle)", handle: handle)
        }
        attributes.removeAll { (handle...end).contains($0.handle) }
        return handle...end
    }

    // MARK: Database Hash

    /// The message the Database Hash is computed over (Core 5.4, Vol 3, Part G, 7.3.1).
    ///
    /// In ascending handle order: for every Primary Service, Secondary Service, Include,
    /// Characteristic and Characteristic Extended Properties attribute, its handle, type and value;
    /// for every Characteristic User Description, Client Characteristic Configuration, Server
    /// Characteristic Configuration, Characteristic Presentation Format and Characteristic
    /// Aggregate Format attribute, its handle and type only. Handles are 2 octets little-endian;
    /// types are 2 octets for 16-bit UUIDs, else 16, little-endian as ATT sends them.
    public var hashMessage: [UInt8] {
        var writer = ByteWriter()
        for attribute in attributes {
            let withValue: Bool
            switch attribute.type {
            case GATTAttributeType.primaryService, GATTAttributeType.secondaryService, GATTAttributeType.include,
                GATTAttributeType.characteristic, GATTAttributeType.characteristicExtendedProperties:
                withValue = true
            case GATTAttributeType.characteristicUserDescription, GATTAttributeType.clientCharacteristicConfiguration,
                GATTAttributeType.serverCharacteristicConfiguration, GATTAttributeType.characteristicPresentationFormat,
                GATTAttributeType.characteristicAggregateFormat:
                withValue = false
            default:
                continue
            }
            writer.writeUInt16(attribute.handle)
            writer.writeATTUUID(attribute.type)
            if withValue { writer.writeBytes(attribute.value) }
        }
        return writer.bytes
    }

    /// The Database Hash characteristic value: AES-CMAC with an all-zero key over
    /// ``hashMessage``, sent least significant octet first (Core 5.4, Vol 3, Part G, 7.3.1).
    ///
    /// The CMAC output is a 128-bit number written most significant octet first (the spec's
    /// Appendix B example prints it so: F1CA2D48…A990); as every GATT multi-octet value, the
    /// characteristic carries it little-endian (Part G, 3.3.3.x and Part F, 3.3.1), so these 16
    /// octets are the CMAC output reversed.
    public var hash: [UInt8] {
        Array(AESCMAC.mac(key: [UInt8](repeating: 0, count: 16), message: hashMessage).reversed())
    }

    // MARK: Building

    private func lowerBound(_ handle: UInt16) -> Int {
        var low = 0
        var high = attributes.count
        while low < high {
            let mid = (low + high) / 2
            if attributes[mid].handle < handle { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func validate(_ service: GATTServiceDefinition) throws(GATTError) {
        for characteristic in service.characteristics {
            guard characteristic.value.count <= maximumValueLength else {
                throw GATTError(
                    .invalidArgument,
                    "the initial value is \(characteristic.value.count) octets; attribute values are at most 512",
                    uuid: characteristic.uuid
                )
            }
            if let fixed = characteristic.fixedLength, !(0...characteristic.maximumLength).contains(fixed) {
                throw GATTError(.invalidArgument, "fixed length \(fixed) is outside 0…\(characteristic.maximumLength)", uuid: characteristic.uuid)
            }
            for descriptor in characteristic.descriptors {
                if descriptor.uuid == GATTAttributeType.clientCharacteristicConfiguration
                    || descriptor.uuid == GATTAttributeType.characteristicExtendedProperties
                {
                    throw GATTError(
                        .invalidArgument,
                        "the server adds descriptor \(descriptor.uuid) itself: set the characteristic's properties instead",
                        uuid: characteristic.uuid
                    )
                }
                guard descriptor.value.count <= maximumValueLength else {
                    throw GATTError(.invalidArgument, "descriptor \(descriptor.uuid) value is longer than 512 octets", uuid: characteristic.uuid)
                }
            }
        }
    }

    private static func build(
        _ service: GATTServiceDefinition,
        start: UInt16,
        end: UInt16,
        known: [(uuid: BluetoothUUID, start: UInt16, end: UInt16)]
    ) throws(GATTError) -> [GATTAttribute] {
        var result: [GATTAttribute] = []
        var handle = start
        func append(_ type: BluetoothUUID, _ value: [UInt8], _ permissions: GATTAttributePermissions, _ role: GATTAttribute.Role,
                    characteristic: GATTCharacteristicDefinition? = nil, descriptor: GATTDescriptorDefinition? = nil) {
            result.append(GATTAttribute(
                handle: handle, type: type, value: value, permissions: permissions, role: role, serviceHandle: start,
                characteristic: characteristic, descriptor: descriptor
            ))
            handle &+= 1
        }

        append(
            service.isPrimary ? GATTAttributeType.primaryService : GATTAttributeType.secondaryService,
            service.uuid.attBytes, .read, .serviceDeclaration(isPrimary: service.isPrimary, endGroupHandle: end)
        )
        for included in service.includedServices {
            guard let target = known.first(where: { $0.uuid == included }) else {
                throw GATTError(.invalidArgument, "service \(service.uuid) includes \(included), which is not in the database")
            }
            var writer = ByteWriter()
            writer.writeUInt16(target.start)
            writer.writeUInt16(target.end)
            if let uuid16 = included.uuid16 { writer.writeUInt16(uuid16) }
            append(GATTAttributeType.include, writer.bytes, .read,
                   .includeDeclaration(includedServiceHandle: target.start, endGroupHandle: target.end))
        }
        for characteristic in service.characteristics {
            let declarationHandle = handle
            let valueHandle = handle + 1
            var declaration = ByteWriter()
            declaration.writeUInt8(characteristic.properties.rawValue)
            declaration.writeUInt16(valueHandle)
            declaration.writeBytes(characteristic.uuid.attBytes)
            append(GATTAttributeType.characteristic, declaration.bytes, .read,
                   .characteristicDeclaration(valueHandle: valueHandle))
            append(characteristic.uuid, characteristic.value, characteristic.permissions,
                   .characteristicValue(declarationHandle: declarationHandle), characteristic: characteristic)
            if characteristic.hasClientConfiguration {
                append(GATTAttributeType.clientCharacteristicConfiguration, [0x00, 0x00], characteristic.clientConfigurationPermissions,
                       .clientConfiguration(valueHandle: valueHandle))
            }
            if characteristic.hasExtendedPropertiesDescriptor {
                var writer = ByteWriter()
                writer.writeUInt16(characteristic.extendedProperties.rawValue)
                append(GATTAttributeType.characteristicExtendedProperties, writer.bytes, .read,
                       .descriptor(valueHandle: valueHandle))
            }
            for descriptor in characteristic.descriptors {
                var permissions = descriptor.permissions
                if descriptor.uuid == GATTAttributeType.characteristicUserDescription {
                    permissions.insert(.read)
                    if characteristic.extendedProperties.contains(.writableAuxiliaries) {
                        permissions.insert(.write)
                    } else {
                        permissions.subtract(.anyWrite)
                    }
                }
                append(descriptor.uuid, descriptor.value, permissions, .descriptor(valueHandle: valueHandle), descriptor: descriptor)
            }
        }
        precondition(handle &- 1 == end, "attributeCount and build disagree")
        return result
    }
}
