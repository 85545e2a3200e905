import BLECore

extension GATTServiceDefinition {
    /// The Generic Attribute service (0x1801) a GATT server hosts, with the characteristics that
    /// make database changes and caching work.
    ///
    /// Core 5.4, Vol 3, Part G, 7: Service Changed (0x2A05, indicate; the server indicates the
    /// changed handle range), Client Supported Features (0x2B29, read/write, one value per client),
    /// Database Hash (0x2B2A, read; computed by the server) and Server Supported Features (0x2B3A,
    /// read). Put it first so its handles never move.
    ///
    /// - Parameter serverSupportedFeatures: the Server Supported Features octet; bit 0 is EATT,
    ///   which this stack does not offer yet, so the default is 0.
    public static func genericAttribute(serverSupportedFeatures: UInt8 = 0x00) -> GATTServiceDefinition {
        GATTServiceDefinition(
            uuid: GATTAttributeType.genericAttributeService,
            characteristics: [
                GATTCharacteristicDefinition(
                    uuid: GATTAttributeType.serviceChanged,
                    properties: .indicate,
                    value: [0x00, 0x00, 0x00, 0x00],
                    fixedLength: 4
                ),
                GATTCharacteristicDefinition(
                    uuid: GATTAttributeType.clientSupportedFeatures,
                    properties: [.read, .write]
                ),
                GATTCharacteristicDefinition(
                    uuid: GATTAttributeType.databaseHash,
                    properties: .read,
                    fixedLength: 16
                ),
                GATTCharacteristicDefinition(
                    uuid: GATTAttributeType.serverSupportedFeatures,
                    properties: .read,
                    value: [serverSupportedFeatures]
                ),
            ]
        )
    }
}

/// The Client Supported Features bit field (0x2B29), kept per client.
///
/// Core 5.4, Vol 3, Part G, 7.2, Table 7.6. A client may set bits but never clear one it set
/// (the server answers Value Not Allowed).
public struct GATTClientSupportedFeatures: OptionSet, Hashable, Sendable {
    /// The first octet of the value.
    public let rawValue: UInt8

    /// Wraps the bit field.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 0: the client uses robust caching (Part G, 2.5.2.1).
    public static let robustCaching = GATTClientSupportedFeatures(rawValue: 0x01)
    /// Bit 1: the client supports Enhanced ATT bearers.
    public static let enhancedATTBearer = GATTClientSupportedFeatures(rawValue: 0x02)
    /// Bit 2: the client supports Multiple Handle Value Notifications.
    public static let multipleHandleValueNotifications = GATTClientSupportedFeatures(rawValue: 0x04)

    /// The bits defined in Core 5.4.
    public static let all: GATTClientSupportedFeatures = [.robustCaching, .enhancedATTBearer, .multipleHandleValueNotifications]
}

/// The value of the Service Changed characteristic: the handle range that changed.
///
/// Core 5.4, Vol 3, Part G, 7.1: Start of Affected Attribute Handle Range (2 octets), End of
/// Affected Attribute Handle Range (2 octets).
public struct GATTServiceChangedValue: Hashable, Sendable {
    /// The affected handles.
    public var range: ClosedRange<UInt16>

    /// Wraps a handle range.
    public init(range: ClosedRange<UInt16>) { self.range = range }

    /// The 4 value octets.
    public var bytes: [UInt8] {
        var writer = ByteWriter(capacity: 4)
        writer.writeUInt16(range.lowerBound)
        writer.writeUInt16(range.upperBound)
        return writer.bytes
    }

    /// Decodes the 4 value octets; nil for any other length or a start after the end.
    public init?(bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard bytes.count == 4, let start = reader.readUInt16(), let end = reader.readUInt16(), start <= end else { return nil }
        range = start...end
    }
}
