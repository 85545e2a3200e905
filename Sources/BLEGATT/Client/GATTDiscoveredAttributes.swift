import BLECore

/// A service found on the peer's GATT server by discovery.
///
/// Core 5.4, Vol 3, Part G, 3.1: a service declaration (`0x2800` primary, `0x2801` secondary) and
/// the handle range it groups. ``characteristics`` is filled by ``GATTClient/discoverAll()``; the
/// single-step procedures return services with no characteristics.
public struct GATTService: Sendable, Hashable, Codable {
    /// The service UUID (the value of its declaration).
    public var uuid: BluetoothUUID
    /// Whether this is a primary service (a secondary one is only reachable through an include).
    public var isPrimary: Bool
    /// The handle of the service declaration: the first handle of the service.
    public var startHandle: UInt16
    /// The last handle of the service (the End Group Handle).
    public var endHandle: UInt16
    /// The services this one includes (Core 5.4, Vol 3, Part G, 3.2).
    public var includedServices: [GATTIncludedService]
    /// The service's characteristics, in handle order, when they have been discovered.
    public var characteristics: [GATTCharacteristic]

    /// Creates a service.
    public init(
        uuid: BluetoothUUID,
        isPrimary: Bool = true,
        startHandle: UInt16,
        endHandle: UInt16,
        includedServices: [GATTIncludedService] = [],
        characteristics: [GATTCharacteristic] = []
    ) {
        self.uuid = uuid
        self.isPrimary = isPrimary
        self.startHandle = startHandle
        self.endHandle = endHandle
        self.includedServices = includedServices
        self.characteristics = characteristics
    }

    /// The handles the service covers, declaration included.
    public var handleRange: ClosedRange<UInt16> { startHandle...max(startHandle, endHandle) }

    /// The first characteristic with this UUID, if discovered.
    public func characteristic(_ uuid: BluetoothUUID) -> GATTCharacteristic? {
        characteristics.first { $0.uuid == uuid }
    }
}

/// An include declaration found by Find Included Services.
///
/// Core 5.4, Vol 3, Part G, 3.2: the declaration at ``declarationHandle`` (type `0x2802`) names the
/// included service's handle range and UUID.
public struct GATTIncludedService: Sendable, Hashable, Codable {
    /// The handle of the include declaration in the including service.
    public var declarationHandle: UInt16
    /// The UUID of the included service.
    public var uuid: BluetoothUUID
    /// The first handle of the included service (its service declaration).
    public var startHandle: UInt16
    /// The last handle of the included service.
    public var endHandle: UInt16

    /// Creates an included service reference.
    public init(declarationHandle: UInt16, uuid: BluetoothUUID, startHandle: UInt16, endHandle: UInt16) {
        self.declarationHandle = declarationHandle
        self.uuid = uuid
        self.startHandle = startHandle
        self.endHandle = endHandle
    }

    /// The handles the included service covers.
    public var handleRange: ClosedRange<UInt16> { startHandle...max(startHandle, endHandle) }
}

/// A characteristic found on the peer's GATT server by discovery.
///
/// Core 5.4, Vol 3, Part G, 3.3: a declaration (type `0x2803`: properties, value handle, UUID), the
/// value attribute, then its descriptors up to ``endHandle``. ``descriptors`` is filled by
/// ``GATTClient/discoverAll()`` or ``GATTClient/discoverDescriptors(of:)``.
public struct GATTCharacteristic: Sendable, Hashable, Codable {
    /// The characteristic UUID (the type of its value attribute).
    public var uuid: BluetoothUUID
    /// The handle of the characteristic declaration.
    public var declarationHandle: UInt16
    /// The handle of the characteristic value: the handle to read, write and subscribe to.
    public var valueHandle: UInt16
    /// What the characteristic allows.
    public var properties: GATTCharacteristicProperties
    /// The last handle of the characteristic: the one before the next declaration, or the end of
    /// its service (Core 5.4, Vol 3, Part G, 4.7.1).
    public var endHandle: UInt16
    /// The characteristic's descriptors, in handle order, when they have been discovered.
    public var descriptors: [GATTDescriptor]

    /// Creates a characteristic.
    public init(
        uuid: BluetoothUUID,
        declarationHandle: UInt16,
        valueHandle: UInt16,
        properties: GATTCharacteristicProperties,
        endHandle: UInt16,
        descriptors: [GATTDescriptor] = []
    ) {
        self.uuid = uuid
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.properties = properties
        self.endHandle = endHandle
        self.descriptors = descriptors
    }

    /// The handles that may hold descriptors: after the value, up to the end handle (may be empty).
    public var descriptorHandleRange: ClosedRange<UInt16>? {
        valueHandle < endHandle ? (valueHandle + 1)...endHandle : nil
    }

    /// The first descriptor with this UUID, if discovered.
    public func descriptor(_ uuid: BluetoothUUID) -> GATTDescriptor? {
        descriptors.first { $0.uuid == uuid }
    }
}

/// A characteristic descriptor found by Discover All Characteristic Descriptors.
///
/// Core 5.4, Vol 3, Part G, 3.3.3: an attribute after a characteristic's value, such as the Client
/// Characteristic Configuration descriptor (`0x2902`).
public struct GATTDescriptor: Sendable, Hashable, Codable {
    /// The descriptor type.
    public var uuid: BluetoothUUID
    /// The descriptor's handle.
    public var handle: UInt16

    /// Creates a descriptor.
    public init(uuid: BluetoothUUID, handle: UInt16) {
        self.uuid = uuid
        self.handle = handle
    }
}

/// An attribute handle and the value read from it (Read Using Characteristic UUID).
public struct GATTHandleValue: Sendable, Hashable, Codable {
    /// The attribute handle.
    public var handle: UInt16
    /// The value, possibly truncated by the server to what fits in one response
    /// (Core 5.4, Vol 3, Part F, 3.4.4.2: at most 253 bytes or ATT_MTU − 4).
    public var value: [UInt8]

    /// Creates a handle-value pair.
    public init(handle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

/// A range of handles in which the peer's database changed (the value of a Service Changed
/// indication, Core 5.4, Vol 3, Part G, 7.1).
public struct GATTServiceChange: Sendable, Hashable {
    /// The affected handles; `0x0001…0xFFFF` when the whole database must be rediscovered.
    public var range: ClosedRange<UInt16>

    /// Creates a change notice.
    public init(range: ClosedRange<UInt16>) { self.range = range }

    /// The whole database.
    public static let everything = GATTServiceChange(range: 0x0001...0xFFFF)
}

/// The peer's whole attribute database as discovered: its primary services, each with its
/// characteristics and their descriptors.
///
/// Codable, so a cache can keep it on disk between connections (``GATTDiscoveryCache``).
public struct GATTDiscoveredDatabase: Sendable, Hashable, Codable {
    /// The primary services, in handle order.
    public var services: [GATTService]
    /// The Database Hash (Core 5.4, Vol 3, Part G, 7.3) read before discovery, if the peer has one.
    public var databaseHash: [UInt8]?

    /// Creates a database tree.
    public init(services: [GATTService], databaseHash: [UInt8]? = nil) {
        self.services = services
        self.databaseHash = databaseHash
    }

    /// The first primary service with this UUID.
    public func service(_ uuid: BluetoothUUID) -> GATTService? {
        services.first { $0.uuid == uuid }
    }

    /// The first characteristic with this UUID, in any service (or in the given service).
    public func characteristic(_ uuid: BluetoothUUID, inService service: BluetoothUUID? = nil) -> GATTCharacteristic? {
        for candidate in services where service == nil || candidate.uuid == service {
            if let found = candidate.characteristic(uuid) { return found }
        }
        return nil
    }

    /// The characteristic whose handles (declaration to end) contain `handle`.
    public func characteristic(containing handle: UInt16) -> GATTCharacteristic? {
        services.first { $0.handleRange.contains(handle) }?.characteristics.first {
            ($0.declarationHandle...max($0.declarationHandle, $0.endHandle)).contains(handle)
        }
    }

    /// The UUID of the attribute at `handle` when discovery saw it: a service declaration, a
    /// characteristic value or a descriptor.
    public func uuid(ofHandle handle: UInt16) -> BluetoothUUID? {
        for service in services where service.handleRange.contains(handle) {
            if service.startHandle == handle { return service.uuid }
            for characteristic in service.characteristics {
                if characteristic.valueHandle == handle { return characteristic.uuid }
                if let descriptor = characteristic.descriptors.first(where: { $0.handle == handle }) {
                    return descriptor.uuid
                }
            }
        }
        return nil
    }

    /// Removes every service that overlaps `range` (a Service Changed indication invalidates them).
    public mutating func invalidate(_ range: ClosedRange<UInt16>) {
        services.removeAll { $0.handleRange.overlaps(range) }
        databaseHash = nil
    }
}
