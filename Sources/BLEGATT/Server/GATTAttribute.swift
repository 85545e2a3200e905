import BLECore

/// One attribute of a server's database: handle, type, value and permissions.
///
/// Core 5.4, Vol 3, Part F, 3.2. The value here is the static or initial value; the server keeps
/// the current values of characteristic values and writable descriptors, and one Client
/// Characteristic Configuration value per client.
public struct GATTAttribute: Sendable {
    /// The part the attribute plays in GATT's grouping (Part G, 3).
    public enum Role: Sendable, Hashable {
        /// A service declaration (0x2800 or 0x2801) starting a group that ends at `endGroupHandle`.
        case serviceDeclaration(isPrimary: Bool, endGroupHandle: UInt16)
        /// An include declaration (0x2802) naming the included service's group.
        case includeDeclaration(includedServiceHandle: UInt16, endGroupHandle: UInt16)
        /// A characteristic declaration (0x2803).
        case characteristicDeclaration(valueHandle: UInt16)
        /// A characteristic value.
        case characteristicValue(declarationHandle: UInt16)
        /// The Client Characteristic Configuration descriptor of the value at `valueHandle`.
        case clientConfiguration(valueHandle: UInt16)
        /// Any other descriptor of the characteristic value at `valueHandle`.
        case descriptor(valueHandle: UInt16)
    }

    /// The attribute handle, 0x0001…0xFFFF.
    public var handle: UInt16 { storage.handle }
    /// The attribute type.
    public var type: BluetoothUUID { storage.type }
    /// The static value (declarations, read-only descriptors) or the initial value.
    public var value: [UInt8] { storage.value }
    /// Who may read and write it.
    public var permissions: GATTAttributePermissions { storage.permissions }
    /// The part it plays in GATT's grouping.
    public var role: Role { storage.role }
    /// The handle of the service declaration this attribute belongs to.
    public var serviceHandle: UInt16 { storage.serviceHandle }
    /// For a characteristic value: its definition (handlers, length limits).
    var characteristic: GATTCharacteristicDefinition? { storage.characteristic }
    /// For a descriptor defined by the application: its definition.
    var descriptor: GATTDescriptorDefinition? { storage.descriptor }

    /// The fields, never changed once laid out, behind one reference: an attribute is looked up
    /// on the way of every request, notification and write, and a copy of it is then one
    /// retain instead of a copy of every field (the definitions hold arrays and closures).
    private let storage: Storage

    private final class Storage: Sendable {
        let handle: UInt16
        let type: BluetoothUUID
        let value: [UInt8]
        let permissions: GATTAttributePermissions
        let role: Role
        let serviceHandle: UInt16
        let characteristic: GATTCharacteristicDefinition?
        let descriptor: GATTDescriptorDefinition?

        init(
            handle: UInt16, type: BluetoothUUID, value: [UInt8], permissions: GATTAttributePermissions, role: Role,
            serviceHandle: UInt16, characteristic: GATTCharacteristicDefinition?, descriptor: GATTDescriptorDefinition?
        ) {
            self.handle = handle
            self.type = type
            self.value = value
            self.permissions = permissions
            self.role = role
            self.serviceHandle = serviceHandle
            self.characteristic = characteristic
            self.descriptor = descriptor
        }
    }

    init(
        handle: UInt16,
        type: BluetoothUUID,
        value: [UInt8],
        permissions: GATTAttributePermissions,
        role: Role,
        serviceHandle: UInt16,
        characteristic: GATTCharacteristicDefinition? = nil,
        descriptor: GATTDescriptorDefinition? = nil
    ) {
        storage = Storage(
            handle: handle, type: type, value: value, permissions: permissions, role: role,
            serviceHandle: serviceHandle, characteristic: characteristic, descriptor: descriptor
        )
    }

    /// The longest value a client may write here.
    public var maximumLength: Int {
        characteristic?.maximumLength ?? descriptor?.maximumLength ?? GATTAttributeDatabase.maximumValueLength
    }

    /// The one length every value has, when the length is fixed: declarations, server-managed
    /// descriptors, and characteristic values with a ``GATTCharacteristicDefinition/fixedLength``.
    public var fixedLength: Int? {
        switch role {
        case .serviceDeclaration, .includeDeclaration, .characteristicDeclaration:
            return value.count
        case .clientConfiguration:
            return 2
        case .characteristicValue:
            if let fixed = characteristic?.fixedLength { return fixed }
            switch type {
            case GATTAttributeType.databaseHash: return 16
            default: return nil
            }
        case .descriptor:
            switch type {
            case GATTAttributeType.characteristicExtendedProperties: return 2
            case GATTAttributeType.characteristicPresentationFormat: return 7
            default: return nil
            }
        }
    }

    /// Whether this is a grouping attribute (a service declaration), and the end of its group.
    public var endGroupHandle: UInt16? {
        if case .serviceDeclaration(_, let end) = role { return end }
        return nil
    }

    /// The characteristic value handle this attribute belongs to, for values and descriptors.
    public var characteristicValueHandle: UInt16? {
        switch role {
        case .characteristicValue: return handle
        case .clientConfiguration(let valueHandle), .descriptor(let valueHandle): return valueHandle
        case .characteristicDeclaration(let valueHandle): return valueHandle
        default: return nil
        }
    }
}
