/// The GATT client sub-procedures, named as Core 5.4, Vol 3, Part G, 4 names them.
///
/// The name goes into ``GATTError/procedure`` of every error a ``GATTClient`` throws.
public enum GATTClientProcedure: String, Sendable, Hashable, CaseIterable {
    /// Core 5.4, Vol 3, Part G, 4.3.1.
    case exchangeMTU = "Exchange MTU"
    /// Core 5.4, Vol 3, Part G, 4.4.1.
    case discoverAllPrimaryServices = "Discover All Primary Services"
    /// Core 5.4, Vol 3, Part G, 4.4.2.
    case discoverPrimaryServiceByUUID = "Discover Primary Service by Service UUID"
    /// Core 5.4, Vol 3, Part G, 4.5.1.
    case findIncludedServices = "Find Included Services"
    /// Core 5.4, Vol 3, Part G, 4.6.1.
    case discoverAllCharacteristics = "Discover All Characteristics of a Service"
    /// Core 5.4, Vol 3, Part G, 4.6.2.
    case discoverCharacteristicsByUUID = "Discover Characteristics by UUID"
    /// Core 5.4, Vol 3, Part G, 4.7.1.
    case discoverAllDescriptors = "Discover All Characteristic Descriptors"
    /// Core 5.4, Vol 3, Part G, 4.8.1.
    case readValue = "Read Characteristic Value"
    /// Core 5.4, Vol 3, Part G, 4.8.2.
    case readUsingUUID = "Read Using Characteristic UUID"
    /// Core 5.4, Vol 3, Part G, 4.8.3.
    case readLong = "Read Long Characteristic Values"
    /// Core 5.4, Vol 3, Part G, 4.8.4.
    case readMultiple = "Read Multiple Characteristic Values"
    /// Core 5.4, Vol 3, Part G, 4.8.5.
    case readMultipleVariable = "Read Multiple Variable Length Characteristic Values"
    /// Core 5.4, Vol 3, Part G, 4.9.1.
    case writeWithoutResponse = "Write Without Response"
    /// Core 5.4, Vol 3, Part G, 4.9.3.
    case writeValue = "Write Characteristic Value"
    /// Core 5.4, Vol 3, Part G, 4.9.4.
    case writeLong = "Write Long Characteristic Values"
    /// Core 5.4, Vol 3, Part G, 4.9.5.
    case reliableWrite = "Reliable Writes"
    /// Core 5.4, Vol 3, Part G, 4.10.1.
    case notifications = "Notifications"
    /// Core 5.4, Vol 3, Part G, 4.11.1.
    case indications = "Indications"
    /// Core 5.4, Vol 3, Part G, 4.12.3: writing a descriptor such as a CCCD.
    case writeDescriptor = "Write Characteristic Descriptors"
    /// Core 5.4, Vol 3, Part G, 7.3: reading the Database Hash with Read Using Characteristic UUID.
    case readDatabaseHash = "Read Database Hash"
}
