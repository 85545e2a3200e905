// NOTE (lead): the Appearance type lives in Sources/BLECore/AssignedNumbers/Appearance.swift (with
// its names); this file makes it a SIG characteristic value (0x2A01).

extension Appearance: SIGCharacteristic {
    /// 0x2A01.
    public static let uuid = BluetoothUUID(0x2A01)
    /// `Appearance`.
    public static let name = "Appearance"

    /// Decodes a little-endian `uint16` (GSS 3.10).
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let value = try reader.uint16("appearance")
        try reader.finish(after: "appearance")
        self.init(rawValue: value)
    }

    /// Two bytes, little-endian.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 2)
        writer.writeUInt16(rawValue)
        return writer.bytes
    }
}
