// NOTE (lead): GATTCharacteristicProperties is shared with the client and lives in
// Sources/BLEGATT/GATTProperties.swift; this file keeps the server-side bit fields.

/// The Characteristic Extended Properties bit field (descriptor 0x2900).
///
/// Core 5.4, Vol 3, Part G, 3.3.3.1, Table 3.8: two octets; bits 2–15 are reserved.
public struct GATTCharacteristicExtendedProperties: OptionSet, Hashable, Sendable {
    /// The bit field.
    public let rawValue: UInt16

    /// Wraps a bit field.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 0x0001: the value can be written with the Reliable Writes procedure.
    public static let reliableWrite = GATTCharacteristicExtendedProperties(rawValue: 0x0001)
    /// 0x0002: the Characteristic User Description descriptor can be written.
    public static let writableAuxiliaries = GATTCharacteristicExtendedProperties(rawValue: 0x0002)
}

/// The Client Characteristic Configuration bit field (descriptor 0x2902), one per client.
///
/// Core 5.4, Vol 3, Part G, 3.3.3.3, Table 3.11: two octets; bits 2–15 are reserved.
public struct GATTClientConfiguration: OptionSet, Hashable, Sendable {
    /// The bit field.
    public let rawValue: UInt16

    /// Wraps a bit field.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 0x0001: the client wants notifications of the value.
    public static let notifications = GATTClientConfiguration(rawValue: 0x0001)
    /// 0x0002: the client wants indications of the value.
    public static let indications = GATTClientConfiguration(rawValue: 0x0002)
}
