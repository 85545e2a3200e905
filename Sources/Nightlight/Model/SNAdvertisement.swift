import BLECore

/// What a SN tells a scanner without a connection: the 4 bytes of its Manufacturer Specific Data
/// (SN profile §1).
///
/// The advertising data is Flags 0x06, the Complete List of 128-bit Service UUIDs with the LED
/// Service (how an app recognises a SN), and Manufacturer Specific Data under company `0xFFFF`:
/// `version=1`, `battery %`, `status flags`, `active mode` — 29 of the 31 bytes. The scan response
/// carries the Complete Local Name.
public struct SNAdvertisement: SNValue, CustomStringConvertible {
    /// The manufacturer data layout version (1).
    public var version: Int
    /// The battery charge in percent, 0…100.
    public var batteryLevel: Int
    /// Charging, temporary schedule, button light, needs configuration, clock not set.
    public var status: SNStatusFlags
    /// What drives the LEDs.
    public var activeMode: ActiveMode

    /// The company identifier: 0xFFFF (test/unregistered).
    public static let companyID: UInt16 = 0xFFFF
    /// The only layout version: 1.
    public static let currentVersion = 1
    /// The manufacturer data after the company identifier: 4 bytes.
    public static let byteCount = 4

    /// Advertised values (not checked; see ``validate()``).
    public init(version: Int = currentVersion, batteryLevel: Int, status: SNStatusFlags, activeMode: ActiveMode) {
        self.version = version
        self.batteryLevel = batteryLevel
        self.status = status
        self.activeMode = activeMode
    }

    /// `battery 80 %, week schedule, charging`.
    public var description: String {
        "battery \(batteryLevel) %, \(activeMode)" + (status.isEmpty ? "" : ", \(status)")
    }

    /// Whether advertising data lists the LED Service UUID: the way an app recognises a SN, even
    /// from a passive scan.
    public static func isSN(_ fields: some AdvertisingDataFields) -> Bool {
        fields.serviceUUIDs.contains(SNUUID.ledService)
    }

    /// The SN values of a scanned device: `nil` when it is not a SN (no LED Service UUID) or
    /// carries no manufacturer data under 0xFFFF; throws when that data is malformed.
    public static func parse(_ fields: some AdvertisingDataFields) throws(SNValueError) -> SNAdvertisement? {
        guard isSN(fields), let data = fields.manufacturerData(companyID: companyID) else { return nil }
        return try SNAdvertisement(bytes: data)
    }

    /// The factory device name: `SN-` and the last 4 hex digits of the address, e.g. `SN-16F3`.
    public static func factoryName(for address: DeviceAddress) -> String {
        let digits = String(address.value & 0xFFFF, radix: 16, uppercase: true)
        return "SN-" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The advertising data: Flags 0x06, the LED Service UUID (complete 128-bit list) and the
    /// manufacturer data; 29 bytes.
    public func advertisingData() -> AdvertisingData {
        AdvertisingData(structures: [
            ADStructure(type: .flags, data: [ADFlags.leGeneralDiscoverableOnly.rawValue]),
            ADStructure(type: .completeServiceUUIDs128, data: SNUUID.ledService.littleEndianBytes(size: .bits128)!),
            ADStructure(type: .manufacturerSpecificData, data: ManufacturerData(companyID: Self.companyID, data: encode()).bytes),
        ])
    }

    /// The scan response: the Complete Local Name.
    public static func scanResponse(name: String) -> AdvertisingData {
        AdvertisingData(structures: [ADStructure(type: .completeLocalName, data: Array(name.utf8))])
    }

    // MARK: SNValue

    /// Decodes the 4 bytes after the company identifier (0x0D for another length; 0xFF for another
    /// version or a battery level over 100).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "SN manufacturer data")
        self.init(version: Int(bytes[0]), batteryLevel: Int(bytes[1]), status: SNStatusFlags(rawValue: bytes[2]), activeMode: ActiveMode(rawValue: bytes[3]))
        try validate()
    }

    /// version, battery %, status flags, active mode.
    public func encode() -> [UInt8] {
        [version.wire(), batteryLevel.wire(), status.rawValue, activeMode.rawValue]
    }

    /// Checks version 1 and battery 0…100.
    public func validate() throws(SNValueError) {
        do throws(SNValueError) {
            try SNCheck.range(version, Self.currentVersion...Self.currentVersion, "version")
            try SNCheck.range(batteryLevel, 0...100, "battery level")
        } catch {
            throw error.within("SN manufacturer data")
        }
    }
}
