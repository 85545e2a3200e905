/// System ID (0x2A23): a manufacturer-defined identifier plus the IEEE OUI.
///
/// GSS, 3.218 System ID; Device Information Service 1.1, 3.2: Manufacturer Identifier (40 bits)
/// then Organizationally Unique Identifier (24 bits), both little-endian — 8 bytes.
public struct SystemID: SIGCharacteristic {
    /// 0x2A23.
    public static let uuid = BluetoothUUID(0x2A23)
    /// `System ID`.
    public static let name = "System ID"

    /// The manufacturer-defined identifier, 40 bits.
    public let manufacturerIdentifier: UInt64
    /// The IEEE Organizationally Unique Identifier, 24 bits.
    public let organizationallyUniqueIdentifier: UInt32

    /// Creates a System ID; throws when a part does not fit its bits.
    public init(manufacturerIdentifier: UInt64, organizationallyUniqueIdentifier: UInt32) throws(CharacteristicValueError) {
        try check(Self.self, "manufacturer identifier", manufacturerIdentifier, in: 0...0xFF_FFFF_FFFF)
        try check(Self.self, "organizationally unique identifier", organizationallyUniqueIdentifier, in: 0...0xFF_FFFF)
        self.manufacturerIdentifier = manufacturerIdentifier
        self.organizationallyUniqueIdentifier = organizationallyUniqueIdentifier
    }

    /// Decodes the 8-byte value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        manufacturerIdentifier = try reader.uint40("manufacturer identifier")
        organizationallyUniqueIdentifier = try reader.uint24("organizationally unique identifier")
        try reader.finish(after: "organizationally unique identifier")
    }

    /// Eight bytes: manufacturer identifier (5, little-endian), OUI (3, little-endian).
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 8)
        for index in 0..<5 { writer.writeUInt8(UInt8(truncatingIfNeeded: manufacturerIdentifier >> (8 * UInt64(index)))) }
        writer.writeUInt24(organizationallyUniqueIdentifier)
        return writer.bytes
    }

    /// `manufacturer 0x0000000001, OUI 0x001BDC`.
    public var description: String {
        "manufacturer \(ValueText.hex(manufacturerIdentifier, digits: 10)), OUI \(ValueText.hex(organizationallyUniqueIdentifier, digits: 6))"
    }
}
