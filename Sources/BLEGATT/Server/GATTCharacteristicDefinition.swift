import BLECore

/// A characteristic in a server's database: its declaration, its value and its descriptors.
///
/// Core 5.4, Vol 3, Part G, 3.3. The server lays it out as the characteristic declaration (0x2803),
/// the value, then the descriptors: the Client Characteristic Configuration (0x2902, added when
/// ``properties`` has `notify` or `indicate`), the Characteristic Extended Properties (0x2900, added
/// when ``extendedProperties`` is not empty or ``properties`` has `extendedProperties`), then
/// ``descriptors`` in order.
public struct GATTCharacteristicDefinition: Sendable {
    /// The characteristic UUID.
    public var uuid: BluetoothUUID
    /// The Characteristic Properties of the declaration (`extendedProperties` is set for you when
    /// ``extendedProperties`` is not empty).
    public var properties: GATTCharacteristicProperties
    /// The Characteristic Extended Properties (reliable write, writable auxiliaries).
    public var extendedProperties: GATTCharacteristicExtendedProperties
    /// Who may read and write the value; by default derived from ``properties``: `read` when it
    /// has `read`, `write` when it has `write`, `writeWithoutResponse`, `authenticatedSignedWrites`
    /// or the reliable-write extended property.
    public var permissions: GATTAttributePermissions
    /// The initial value, at most ``maximumLength`` octets.
    public var value: [UInt8]
    /// The longest value a client may write, at most 512 (Part F, 3.2.9); longer writes get
    /// Invalid Attribute Value Length.
    public var maximumLength: Int
    /// The one length every written value must have (writes of another length get Invalid
    /// Attribute Value Length), or nil for a variable-length value. A fixed-length value no longer
    /// than ATT_MTU − 3 also answers Read Blob with Attribute Not Long (Part F, 3.4.4.5).
    public var fixedLength: Int?
    /// Descriptors after the server-managed ones.
    public var descriptors: [GATTDescriptorDefinition]
    /// Computes the value on every read instead of returning the stored one.
    public var onRead: GATTReadHandler?
    /// Sees every whole new value before it is stored and may refuse it, leaving the old value.
    public var validate: GATTWriteValidator?
    /// Learns of every value after it was stored.
    public var onWrite: GATTWriteObserver?
    /// Who may read and write the Client Characteristic Configuration descriptor the server
    /// adds (Part G, 3.3.3.3: writable with the security a higher layer specifies); read and
    /// write on any link by default. A client subscribes only with the security its CCCD's write
    /// needs, and is notified only while its link still has it.
    public var clientConfigurationPermissions: GATTAttributePermissions = [.read, .write]

    /// Creates a characteristic.
    ///
    /// - Precondition: values and lengths are at most 512 octets.
    public init(
        uuid: BluetoothUUID,
        properties: GATTCharacteristicProperties,
        extendedProperties: GATTCharacteristicExtendedProperties = [],
        permissions: GATTAttributePermissions? = nil,
        value: [UInt8] = [],
        maximumLength: Int = GATTAttributeDatabase.maximumValueLength,
        fixedLength: Int? = nil,
        descriptors: [GATTDescriptorDefinition] = [],
        onRead: GATTReadHandler? = nil,
        validate: GATTWriteValidator? = nil,
        onWrite: GATTWriteObserver? = nil
    ) {
        self.uuid = uuid
        self.properties = extendedProperties.isEmpty ? properties : properties.union(.extendedProperties)
        self.extendedProperties = extendedProperties
        self.permissions = permissions ?? Self.defaultPermissions(properties, extendedProperties)
        self.value = value
        self.maximumLength = min(maximumLength, GATTAttributeDatabase.maximumValueLength)
        self.fixedLength = fixedLength
        self.descriptors = descriptors
        self.onRead = onRead
        self.validate = validate
        self.onWrite = onWrite
    }

    /// The permissions the properties imply.
    public static func defaultPermissions(
        _ properties: GATTCharacteristicProperties,
        _ extendedProperties: GATTCharacteristicExtendedProperties = []
    ) -> GATTAttributePermissions {
        var permissions: GATTAttributePermissions = []
        if properties.contains(.read) { permissions.insert(.read) }
        if !properties.intersection([.write, .writeWithoutResponse, .authenticatedSignedWrites]).isEmpty
            || extendedProperties.contains(.reliableWrite)
        {
            permissions.insert(.write)
        }
        return permissions
    }

    /// Whether the server adds a Client Characteristic Configuration descriptor.
    public var hasClientConfiguration: Bool {
        !properties.intersection([.notify, .indicate]).isEmpty
    }

    /// Whether the server adds a Characteristic Extended Properties descriptor.
    public var hasExtendedPropertiesDescriptor: Bool {
        properties.contains(.extendedProperties)
    }

    /// The CCCD bits this characteristic accepts: notifications and/or indications.
    public var allowedClientConfiguration: GATTClientConfiguration {
        var allowed: GATTClientConfiguration = []
        if properties.contains(.notify) { allowed.insert(.notifications) }
        if properties.contains(.indicate) { allowed.insert(.indications) }
        return allowed
    }
}
