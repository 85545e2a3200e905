/// The Characteristic Properties bit field of a characteristic declaration.
///
/// Core 5.4, Vol 3, Part G, 3.3.1.1, Table 3.5: one octet, the first field of a characteristic
/// declaration's value. Shared by the GATT client (decoded from discovery) and the GATT server
/// (encoded into its declarations). Unknown bits survive decoding.
public struct GATTCharacteristicProperties: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The properties octet.
    public let rawValue: UInt8

    /// Wraps a properties octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01: the value may be broadcast in the Server Characteristic Configuration descriptor.
    public static let broadcast = GATTCharacteristicProperties(rawValue: 0x01)
    /// 0x02: the value may be read.
    public static let read = GATTCharacteristicProperties(rawValue: 0x02)
    /// 0x04: the value may be written with Write Without Response (Write Command).
    public static let writeWithoutResponse = GATTCharacteristicProperties(rawValue: 0x04)
    /// 0x08: the value may be written with a Write Request (and long writes).
    public static let write = GATTCharacteristicProperties(rawValue: 0x08)
    /// 0x10: the value may be notified; the characteristic has a CCCD.
    public static let notify = GATTCharacteristicProperties(rawValue: 0x10)
    /// 0x20: the value may be indicated; the characteristic has a CCCD.
    public static let indicate = GATTCharacteristicProperties(rawValue: 0x20)
    /// 0x40: the value may be written with Signed Write Without Response.
    public static let authenticatedSignedWrites = GATTCharacteristicProperties(rawValue: 0x40)
    /// 0x80: more properties are in the Characteristic Extended Properties descriptor.
    public static let extendedProperties = GATTCharacteristicProperties(rawValue: 0x80)

    /// The set bits by name, e.g. `[read, notify]`; unknown bits are impossible in one octet.
    public var description: String {
        let names: [(GATTCharacteristicProperties, String)] = [
            (.broadcast, "broadcast"), (.read, "read"), (.writeWithoutResponse, "writeWithoutResponse"),
            (.write, "write"), (.notify, "notify"), (.indicate, "indicate"),
            (.authenticatedSignedWrites, "authenticatedSignedWrites"), (.extendedProperties, "extendedProperties"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
