import BLECore

/// The attribute types GATT defines for its declarations and descriptors, and the Generic Attribute
/// service's characteristics.
///
/// Core 5.4, Vol 3, Part G, 3.4 (Table 3.17, Table 3.18) and 7; Assigned Numbers, 3.5–3.8.
public enum GATTAttributeType {
    /// «Primary Service» 0x2800 (Part G, 3.1).
    public static let primaryService = BluetoothUUID(0x2800)
    /// «Secondary Service» 0x2801 (Part G, 3.1).
    public static let secondaryService = BluetoothUUID(0x2801)
    /// «Include» 0x2802 (Part G, 3.2).
    public static let include = BluetoothUUID(0x2802)
    /// «Characteristic» 0x2803 (Part G, 3.3.1).
    public static let characteristic = BluetoothUUID(0x2803)
    /// «Characteristic Extended Properties» 0x2900 (Part G, 3.3.3.1).
    public static let characteristicExtendedProperties = BluetoothUUID(0x2900)
    /// «Characteristic User Description» 0x2901 (Part G, 3.3.3.2).
    public static let characteristicUserDescription = BluetoothUUID(0x2901)
    /// «Client Characteristic Configuration» 0x2902 (Part G, 3.3.3.3).
    public static let clientCharacteristicConfiguration = BluetoothUUID(0x2902)
    /// «Server Characteristic Configuration» 0x2903 (Part G, 3.3.3.4).
    public static let serverCharacteristicConfiguration = BluetoothUUID(0x2903)
    /// «Characteristic Presentation Format» 0x2904 (Part G, 3.3.3.5).
    public static let characteristicPresentationFormat = BluetoothUUID(0x2904)
    /// «Characteristic Aggregate Format» 0x2905 (Part G, 3.3.3.6).
    public static let characteristicAggregateFormat = BluetoothUUID(0x2905)
    /// «Valid Range» 0x2906 (GATT Specification Supplement, 3.24).
    public static let validRange = BluetoothUUID(0x2906)

    /// Generic Attribute service 0x1801 (Part G, 7).
    public static let genericAttributeService = BluetoothUUID(0x1801)
    /// Service Changed 0x2A05 (Part G, 7.1).
    public static let serviceChanged = BluetoothUUID(0x2A05)
    /// Client Supported Features 0x2B29 (Part G, 7.2).
    public static let clientSupportedFeatures = BluetoothUUID(0x2B29)
    /// Database Hash 0x2B2A (Part G, 7.3).
    public static let databaseHash = BluetoothUUID(0x2B2A)
    /// Server Supported Features 0x2B3A (Part G, 7.4).
    public static let serverSupportedFeatures = BluetoothUUID(0x2B3A)
}
