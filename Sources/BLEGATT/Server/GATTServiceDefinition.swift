import BLECore

/// A service in a server's database: its declaration, included services and characteristics.
///
/// Core 5.4, Vol 3, Part G, 3.1–3.3. Laid out as the service declaration (0x2800 primary or 0x2801
/// secondary, value the service UUID), one include declaration (0x2802) per included service, then
/// the characteristics in order.
public struct GATTServiceDefinition: Sendable {
    /// The service UUID.
    public var uuid: BluetoothUUID
    /// Whether it is a primary service (discoverable on its own) or a secondary one (only
    /// meaningful where another service includes it).
    public var isPrimary: Bool
    /// The UUIDs of the services this one includes; each names the first service with that UUID
    /// in the same database (usually a secondary service).
    public var includedServices: [BluetoothUUID]
    /// The characteristics, in handle order.
    public var characteristics: [GATTCharacteristicDefinition]

    /// Creates a service.
    public init(
        uuid: BluetoothUUID,
        isPrimary: Bool = true,
        includedServices: [BluetoothUUID] = [],
        characteristics: [GATTCharacteristicDefinition]
    ) {
        self.uuid = uuid
        self.isPrimary = isPrimary
        self.includedServices = includedServices
        self.characteristics = characteristics
    }

    /// How many attribute handles the service takes.
    public var attributeCount: Int {
        1 + includedServices.count + characteristics.reduce(0) { count, characteristic in
            count + 2 + (characteristic.hasClientConfiguration ? 1 : 0)
                + (characteristic.hasExtendedPropertiesDescriptor ? 1 : 0) + characteristic.descriptors.count
        }
    }
}
