/// The type byte of an AD structure (an open code space: unknown types survive decoding).
///
/// Assigned Numbers, 2.3 "Common Data Types"; the formats are defined in the Core Specification
/// Supplement (CSS), Part A, and the structure layout in Core 5.4, Vol 3, Part C, 11.
public struct ADType: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The byte on the wire.
    public let rawValue: UInt8

    /// Wraps a wire byte; unknown values are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01 Flags (CSS Part A, 1.3).
    public static let flags = ADType(rawValue: 0x01)
    /// 0x02 Incomplete List of 16-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let incompleteServiceUUIDs16 = ADType(rawValue: 0x02)
    /// 0x03 Complete List of 16-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let completeServiceUUIDs16 = ADType(rawValue: 0x03)
    /// 0x04 Incomplete List of 32-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let incompleteServiceUUIDs32 = ADType(rawValue: 0x04)
    /// 0x05 Complete List of 32-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let completeServiceUUIDs32 = ADType(rawValue: 0x05)
    /// 0x06 Incomplete List of 128-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let incompleteServiceUUIDs128 = ADType(rawValue: 0x06)
    /// 0x07 Complete List of 128-bit Service or Service Class UUIDs (CSS Part A, 1.1).
    public static let completeServiceUUIDs128 = ADType(rawValue: 0x07)
    /// 0x08 Shortened Local Name (CSS Part A, 1.2).
    public static let shortenedLocalName = ADType(rawValue: 0x08)
    /// 0x09 Complete Local Name (CSS Part A, 1.2).
    public static let completeLocalName = ADType(rawValue: 0x09)
    /// 0x0A Tx Power Level, one signed byte in dBm (CSS Part A, 1.5).
    public static let txPowerLevel = ADType(rawValue: 0x0A)
    /// 0x0D Class of Device, 3 bytes (CSS Part A, 1.6).
    public static let classOfDevice = ADType(rawValue: 0x0D)
    /// 0x0E Simple Pairing Hash C-192, 16 bytes (CSS Part A, 1.6).
    public static let simplePairingHashC192 = ADType(rawValue: 0x0E)
    /// 0x0F Simple Pairing Randomizer R-192, 16 bytes (CSS Part A, 1.6).
    public static let simplePairingRandomizerR192 = ADType(rawValue: 0x0F)
    /// 0x10 Device ID, or Security Manager TK Value (the same code; CSS Part A, 1.7 and 1.8).
    public static let deviceIDOrSecurityManagerTKValue = ADType(rawValue: 0x10)
    /// 0x11 Security Manager Out of Band Flags, 1 byte (CSS Part A, 1.7).
    public static let securityManagerOOBFlags = ADType(rawValue: 0x11)
    /// 0x12 Peripheral Connection Interval Range, 4 bytes (CSS Part A, 1.9).
    public static let peripheralConnectionIntervalRange = ADType(rawValue: 0x12)
    /// 0x14 List of 16-bit Service Solicitation UUIDs (CSS Part A, 1.10).
    public static let serviceSolicitationUUIDs16 = ADType(rawValue: 0x14)
    /// 0x15 List of 128-bit Service Solicitation UUIDs (CSS Part A, 1.10).
    public static let serviceSolicitationUUIDs128 = ADType(rawValue: 0x15)
    /// 0x16 Service Data - 16-bit UUID (CSS Part A, 1.11).
    public static let serviceData16 = ADType(rawValue: 0x16)
    /// 0x17 Public Target Address, one or more 6-byte addresses (CSS Part A, 1.13).
    public static let publicTargetAddress = ADType(rawValue: 0x17)
    /// 0x18 Random Target Address, one or more 6-byte addresses (CSS Part A, 1.14).
    public static let randomTargetAddress = ADType(rawValue: 0x18)
    /// 0x19 Appearance, 2 bytes (CSS Part A, 1.12).
    public static let appearance = ADType(rawValue: 0x19)
    /// 0x1A Advertising Interval, 2 bytes in units of 0.625 ms (CSS Part A, 1.15).
    public static let advertisingInterval = ADType(rawValue: 0x1A)
    /// 0x1B LE Bluetooth Device Address, 6 bytes plus an address-type byte (CSS Part A, 1.16).
    public static let leBluetoothDeviceAddress = ADType(rawValue: 0x1B)
    /// 0x1C LE Role, 1 byte (CSS Part A, 1.17).
    public static let leRole = ADType(rawValue: 0x1C)
    /// 0x1D Simple Pairing Hash C-256, 16 bytes (CSS Part A, 1.6).
    public static let simplePairingHashC256 = ADType(rawValue: 0x1D)
    /// 0x1E Simple Pairing Randomizer R-256, 16 bytes (CSS Part A, 1.6).
    public static let simplePairingRandomizerR256 = ADType(rawValue: 0x1E)
    /// 0x1F List of 32-bit Service Solicitation UUIDs (CSS Part A, 1.10).
    public static let serviceSolicitationUUIDs32 = ADType(rawValue: 0x1F)
    /// 0x20 Service Data - 32-bit UUID (CSS Part A, 1.11).
    public static let serviceData32 = ADType(rawValue: 0x20)
    /// 0x21 Service Data - 128-bit UUID (CSS Part A, 1.11).
    public static let serviceData128 = ADType(rawValue: 0x21)
    /// 0x22 LE Secure Connections Confirmation Value, 16 bytes (CSS Part A, 1.6).
    public static let leSecureConnectionsConfirmationValue = ADType(rawValue: 0x22)
    /// 0x23 LE Secure Connections Random Value, 16 bytes (CSS Part A, 1.6).
    public static let leSecureConnectionsRandomValue = ADType(rawValue: 0x23)
    /// 0x24 URI, with its scheme abbreviated by a code point (CSS Part A, 1.18).
    public static let uri = ADType(rawValue: 0x24)
    /// 0x25 Indoor Positioning (Indoor Positioning Service specification).
    public static let indoorPositioning = ADType(rawValue: 0x25)
    /// 0x26 Transport Discovery Data (Transport Discovery Service specification).
    public static let transportDiscoveryData = ADType(rawValue: 0x26)
    /// 0x27 LE Supported Features (CSS Part A, 1.19).
    public static let leSupportedFeatures = ADType(rawValue: 0x27)
    /// 0x28 Channel Map Update Indication (CSS Part A, 1.20).
    public static let channelMapUpdateIndication = ADType(rawValue: 0x28)
    /// 0x29 PB-ADV (Mesh Profile specification, 5.2.1).
    public static let pbADV = ADType(rawValue: 0x29)
    /// 0x2A Mesh Message (Mesh Profile specification, 3.3.1).
    public static let meshMessage = ADType(rawValue: 0x2A)
    /// 0x2B Mesh Beacon (Mesh Profile specification, 3.9).
    public static let meshBeacon = ADType(rawValue: 0x2B)
    /// 0x2C BIGInfo (CSS Part A, 1.21).
    public static let bigInfo = ADType(rawValue: 0x2C)
    /// 0x2D Broadcast_Code (CSS Part A, 1.22).
    public static let broadcastCode = ADType(rawValue: 0x2D)
    /// 0x2E Resolvable Set Identifier (Coordinated Set Identification Profile).
    public static let resolvableSetIdentifier = ADType(rawValue: 0x2E)
    /// 0x2F Advertising Interval - long, 3 or 4 bytes in units of 0.625 ms (CSS Part A, 1.15).
    public static let advertisingIntervalLong = ADType(rawValue: 0x2F)
    /// 0x30 Broadcast_Name (Public Broadcast Profile).
    public static let broadcastName = ADType(rawValue: 0x30)
    /// 0x31 Encrypted Advertising Data (CSS Part A, 1.23).
    public static let encryptedAdvertisingData = ADType(rawValue: 0x31)
    /// 0x32 Periodic Advertising Response Timing Information (CSS Part A, 1.24).
    public static let periodicAdvertisingResponseTimingInformation = ADType(rawValue: 0x32)
    /// 0x34 Electronic Shelf Label (ESL Profile).
    public static let electronicShelfLabel = ADType(rawValue: 0x34)
    /// 0x3D 3D Information Data (3D Synchronization Profile).
    public static let threeDInformationData = ADType(rawValue: 0x3D)
    /// 0xFF Manufacturer Specific Data: a 2-byte company identifier, then vendor bytes (CSS Part A, 1.4).
    public static let manufacturerSpecificData = ADType(rawValue: 0xFF)

    /// Every AD type this library names, in code order.
    public static let allKnown: [ADType] = knownNames.keys.sorted()

    /// The name from Assigned Numbers, e.g. `Complete Local Name`, or `nil` for an unassigned code.
    public var name: String? { Self.knownNames[self] }

    /// The name and code, e.g. `Flags (0x01)`, or `AD type 0x42` for an unknown one.
    public var description: String {
        let code = "0x" + [rawValue].hexString.uppercased()
        guard let name else { return "AD type \(code)" }
        return "\(name) (\(code))"
    }

    /// Orders by code.
    public static func < (lhs: ADType, rhs: ADType) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let knownNames: [ADType: String] = [
        .flags: "Flags",
        .incompleteServiceUUIDs16: "Incomplete List of 16-bit Service UUIDs",
        .completeServiceUUIDs16: "Complete List of 16-bit Service UUIDs",
        .incompleteServiceUUIDs32: "Incomplete List of 32-bit Service UUIDs",
        .completeServiceUUIDs32: "Complete List of 32-bit Service UUIDs",
        .incompleteServiceUUIDs128: "Incomplete List of 128-bit Service UUIDs",
        .completeServiceUUIDs128: "Complete List of 128-bit Service UUIDs",
        .shortenedLocalName: "Shortened Local Name",
        .completeLocalName: "Complete Local Name",
        .txPowerLevel: "Tx Power Level",
        .classOfDevice: "Class of Device",
        .simplePairingHashC192: "Simple Pairing Hash C-192",
        .simplePairingRandomizerR192: "Simple Pairing Randomizer R-192",
        .deviceIDOrSecurityManagerTKValue: "Device ID / Security Manager TK Value",
        .securityManagerOOBFlags: "Security Manager Out of Band Flags",
        .peripheralConnectionIntervalRange: "Peripheral Connection Interval Range",
        .serviceSolicitationUUIDs16: "List of 16-bit Service Solicitation UUIDs",
        .serviceSolicitationUUIDs128: "List of 128-bit Service Solicitation UUIDs",
        .serviceData16: "Service Data - 16-bit UUID",
        .publicTargetAddress: "Public Target Address",
        .randomTargetAddress: "Random Target Address",
        .appearance: "Appearance",
        .advertisingInterval: "Advertising Interval",
        .leBluetoothDeviceAddress: "LE Bluetooth Device Address",
        .leRole: "LE Role",
        .simplePairingHashC256: "Simple Pairing Hash C-256",
        .simplePairingRandomizerR256: "Simple Pairing Randomizer R-256",
        .serviceSolicitationUUIDs32: "List of 32-bit Service Solicitation UUIDs",
        .serviceData32: "Service Data - 32-bit UUID",
        .serviceData128: "Service Data - 128-bit UUID",
        .leSecureConnectionsConfirmationValue: "LE Secure Connections Confirmation Value",
        .leSecureConnectionsRandomValue: "LE Secure Connections Random Value",
        .uri: "URI",
        .indoorPositioning: "Indoor Positioning",
        .transportDiscoveryData: "Transport Discovery Data",
        .leSupportedFeatures: "LE Supported Features",
        .channelMapUpdateIndication: "Channel Map Update Indication",
        .pbADV: "PB-ADV",
        .meshMessage: "Mesh Message",
        .meshBeacon: "Mesh Beacon",
        .bigInfo: "BIGInfo",
        .broadcastCode: "Broadcast_Code",
        .resolvableSetIdentifier: "Resolvable Set Identifier",
        .advertisingIntervalLong: "Advertising Interval - long",
        .broadcastName: "Broadcast_Name",
        .encryptedAdvertisingData: "Encrypted Advertising Data",
        .periodicAdvertisingResponseTimingInformation: "Periodic Advertising Response Timing Information",
        .electronicShelfLabel: "Electronic Shelf Label",
        .threeDInformationData: "3D Information Data",
        .manufacturerSpecificData: "Manufacturer Specific Data",
    ]
}
