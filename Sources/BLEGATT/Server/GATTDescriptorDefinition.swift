import BLECore

/// A characteristic descriptor in a server's database.
///
/// Core 5.4, Vol 3, Part G, 3.3.3. The Client Characteristic Configuration descriptor (0x2902) is
/// not defined here: the server adds it to every characteristic that can notify or indicate and
/// keeps its value per client. The Characteristic Extended Properties descriptor (0x2900) is added
/// from ``GATTCharacteristicDefinition/extendedProperties``.
public struct GATTDescriptorDefinition: Sendable {
    /// The descriptor type.
    public var uuid: BluetoothUUID
    /// The initial value (what a read returns until a client writes it, when it is writable).
    public var value: [UInt8]
    /// Who may read and write it.
    public var permissions: GATTAttributePermissions
    /// The longest value a client may write, at most 512 (Part F, 3.2.9).
    public var maximumLength: Int
    /// Computes the value on every read instead of returning the stored one.
    public var onRead: GATTReadHandler?
    /// Sees every new value before it is stored and may refuse it.
    public var validate: GATTWriteValidator?

    /// Creates a descriptor of any type.
    ///
    /// - Precondition: `uuid` is not 0x2902 or 0x2900 (the server makes those), `value` and
    ///   `maximumLength` are at most 512 octets.
    public init(
        uuid: BluetoothUUID,
        value: [UInt8],
        permissions: GATTAttributePermissions = .read,
        maximumLength: Int = GATTAttributeDatabase.maximumValueLength,
        onRead: GATTReadHandler? = nil,
        validate: GATTWriteValidator? = nil
    ) {
        self.uuid = uuid
        self.value = value
        self.permissions = permissions
        self.maximumLength = min(maximumLength, GATTAttributeDatabase.maximumValueLength)
        self.onRead = onRead
        self.validate = validate
    }

    /// Characteristic User Description (0x2901, Part G 3.3.3.2): a UTF-8 name.
    ///
    /// It is writable by clients only when the characteristic has the `writableAuxiliaries`
    /// extended property (the server sets the write permission from it).
    public static func userDescription(_ text: String) -> GATTDescriptorDefinition {
        GATTDescriptorDefinition(uuid: GATTAttributeType.characteristicUserDescription, value: Array(text.utf8))
    }

    /// Characteristic Presentation Format (0x2904, Part G 3.3.3.5): 7 octets, read only.
    ///
    /// - Parameters:
    ///   - format: the format octet (Assigned Numbers 2.4.1, e.g. 0x04 uint8, 0x06 uint16).
    ///   - exponent: the base-10 exponent applied to the value.
    ///   - unit: the unit UUID (Assigned Numbers 3.5, e.g. 0x27AD percentage).
    ///   - namespace: 0x01 for the Bluetooth SIG namespace.
    ///   - description: the description in that namespace (0x0000 unknown).
    public static func presentationFormat(
        format: UInt8,
        exponent: Int8 = 0,
        unit: UInt16,
        namespace: UInt8 = 0x01,
        description: UInt16 = 0x0000
    ) -> GATTDescriptorDefinition {
        var writer = ByteWriter(capacity: 7)
        writer.writeUInt8(format)
        writer.writeInt8(exponent)
        writer.writeUInt16(unit)
        writer.writeUInt8(namespace)
        writer.writeUInt16(description)
        return GATTDescriptorDefinition(uuid: GATTAttributeType.characteristicPresentationFormat, value: writer.bytes)
    }

    /// Valid Range (0x2906, GATT Specification Supplement 3.24): the lower then the upper inclusive
    /// bound, each in the characteristic value's own format; read only.
    public static func validRange(lower: [UInt8], upper: [UInt8]) -> GATTDescriptorDefinition {
        GATTDescriptorDefinition(uuid: GATTAttributeType.validRange, value: lower + upper)
    }
}
