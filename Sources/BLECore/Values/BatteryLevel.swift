/// Battery Level (0x2A19): the remaining charge in percent.
///
/// GATT Specification Supplement (GSS), 3.27 Battery Level: one `uint8`, 0–100 %; values 101–255
/// are prohibited. Battery Service 1.1, 3.1.
public struct BatteryLevel: SIGCharacteristic {
    /// 0x2A19.
    public static let uuid = BluetoothUUID(0x2A19)
    /// `Battery Level`.
    public static let name = "Battery Level"

    /// The remaining charge, 0–100 %.
    public let percent: UInt8

    /// Creates a level; throws for more than 100 %.
    public init(percent: UInt8) throws(CharacteristicValueError) {
        try check(Self.self, "level", percent, in: 0...100)
        self.percent = percent
    }

    /// Decodes one byte, 0–100.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let percent = try reader.uint8("level")
        try reader.finish(after: "level")
        try self.init(percent: percent)
    }

    /// One byte.
    public func encoded() -> [UInt8] { [percent] }

    /// `87 %`.
    public var description: String { "\(percent) %" }
}
