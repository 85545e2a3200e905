import BLECore

/// A characteristic of the SN profile with its value type and codec: one place for the device
/// and the app (SN profile §3–§6).
///
/// ```swift
/// let bytes = try SNCharacteristic<Int>.onTime.encodeValidated(600)   // [0x58, 0x02]
/// let seconds = try SNCharacteristic<Int>.onTime.decode(bytes)         // 600
/// ```
/// ``decode(_:)`` checks every rule and throws an ``SNValueError`` whose
/// ``SNValueError/attErrorCode`` is the device's answer to a write of those bytes. The firmware
/// update characteristics have their own request and response types (``FirmwareControlRequest``,
/// ``FirmwareControlResponse``, ``FirmwareDataPacket``).
public struct SNCharacteristic<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The characteristic's UUID.
    public let uuid: BluetoothUUID
    /// Its name: the Characteristic User Description of a custom characteristic (§2).
    public let name: String
    private let encoder: @Sendable (Value) -> [UInt8]
    private let decoder: @Sendable ([UInt8]) throws(SNValueError) -> Value
    private let validator: @Sendable (Value) throws(SNValueError) -> Void

    /// A characteristic with its codec; `decode` must check every rule of the profile `validate`
    /// checks (`validate` may also refuse what an app must not write, such as control characters
    /// in a name).
    public init(
        uuid: BluetoothUUID, name: String,
        encode: @escaping @Sendable (Value) -> [UInt8],
        decode: @escaping @Sendable ([UInt8]) throws(SNValueError) -> Value,
        validate: @escaping @Sendable (Value) throws(SNValueError) -> Void
    ) {
        self.uuid = uuid
        self.name = name
        encoder = encode
        decoder = decode
        validator = validate
    }

    /// The value's bytes, as they are (see ``encodeValidated(_:)``).
    public func encode(_ value: Value) -> [UInt8] { encoder(value) }

    /// Checks the value, then encodes it.
    public func encodeValidated(_ value: Value) throws(SNValueError) -> [UInt8] {
        try validator(value)
        return encoder(value)
    }

    /// Decodes and checks a value.
    public func decode(_ bytes: [UInt8]) throws(SNValueError) -> Value {
        do throws(SNValueError) { return try decoder(bytes) } catch { throw error.with(name: name) }
    }

    /// Checks a value.
    public func validate(_ value: Value) throws(SNValueError) { try validator(value) }

    /// ``name``.
    public var description: String { name }
}

extension SNValueError {
    /// Puts a characteristic's name in front of an error that has no path.
    fileprivate func with(name: String) -> SNValueError {
        path.isEmpty ? within(name) : self
    }
}

extension SNCharacteristic where Value: SNValue {
    /// A characteristic whose value is an ``SNValue``.
    static func value(_ uuid: BluetoothUUID, _ name: String) -> SNCharacteristic {
        SNCharacteristic(uuid: uuid, name: name, encode: { $0.encode() },
                         decode: { bytes throws(SNValueError) in try Value(bytes: bytes) },
                         validate: { value throws(SNValueError) in try value.validate() })
    }
}

extension SNCharacteristic where Value == Bool {
    /// A u8 that is 0 or 1 (another value is out of range, another length 0x0D).
    static func flag(_ uuid: BluetoothUUID, _ name: String) -> SNCharacteristic {
        SNCharacteristic(uuid: uuid, name: name, encode: { [$0 ? 1 : 0] }, decode: { bytes throws(SNValueError) in
            try SNCheck.length(bytes, 1, name)
            return try SNCheck.bool(bytes[0], name)
        }, validate: { _ in })
    }

    /// LED Power Enable, `7A5A0001-…`: 1 LEDs supply on, 0 off (§4; factory 1).
    public static var ledPowerEnable: SNCharacteristic { flag(SNUUID.ledPowerEnable, "LED Power Enable") }
    /// LED Link, `7A5A0002-…`: 1 = LED #2…#4 follow LED #1 (§4; factory 1).
    public static var ledLink: SNCharacteristic { flag(SNUUID.ledLink, "LED Link") }
    /// LED Proof Mode, `7A5A0003-…`: 1 = test mode on (§4.4).
    public static var ledProofMode: SNCharacteristic { flag(SNUUID.ledProofMode, "LED Proof Mode") }
    /// Button Mode, `7A5A0101-…`: 0 disabled, 1 enabled (§5; factory 1).
    public static var buttonMode: SNCharacteristic { flag(SNUUID.buttonMode, "Button Mode") }
    /// Shake Mode Control, `CA22EE9A-…`: 1 = shaking alters the color (§5; factory 0).
    public static var shakeModeControl: SNCharacteristic { flag(SNUUID.shakeModeControl, "Shake Mode Control") }
}

extension SNCharacteristic where Value == Int {
    /// A little-endian unsigned integer of `size` bytes in `range`.
    static func unsigned(_ uuid: BluetoothUUID, _ name: String, size: Int, range: ClosedRange<Int>) -> SNCharacteristic {
        SNCharacteristic(uuid: uuid, name: name, encode: { value in
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }, decode: { bytes throws(SNValueError) in
            try SNCheck.length(bytes, size, name)
            let value = bytes.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            try SNCheck.range(value, range, name)
            return value
        }, validate: { value throws(SNValueError) in try SNCheck.range(value, range, name) })
    }

    /// ON Time, `3CF04BD7-…`: u16 seconds, 1…3600 (§5; factory 600).
    public static var onTime: SNCharacteristic { unsigned(SNUUID.onTime, "ON Time", size: 2, range: ChildButtonSettings.onTimeRange) }
    /// Daily Usage, `5405D754-…`: u8 presses a day, 0 = unlimited (§5; factory 3).
    public static var dailyUsage: SNCharacteristic { unsigned(SNUUID.dailyUsage, "Daily Usage", size: 1, range: 0...255) }
    /// Battery Level, 0x2A19: u8 percent, 0…100 (§3).
    public static var batteryLevel: SNCharacteristic { unsigned(SNUUID.batteryLevel, "Battery Level", size: 1, range: 0...100) }
    /// Appearance, 0x2A01: u16, 0x0580 Light Fixtures on a SN (§3).
    public static var appearance: SNCharacteristic { unsigned(SNUUID.appearance, "Appearance", size: 2, range: 0...0xFFFF) }
}

extension SNCharacteristic where Value == String {
    /// UTF-8 without terminator, at most `maximumLength` bytes (longer is 0x0D; invalid UTF-8 is 0xFF).
    /// - Parameter printable: whether writing refuses control characters (a name a parent
    ///   types); reading does not, so a name another app wrote can still be read.
    static func text(_ uuid: BluetoothUUID, _ name: String, maximumLength: Int = 512, printable: Bool = false) -> SNCharacteristic {
        SNCharacteristic(uuid: uuid, name: name, encode: { Array($0.utf8) }, decode: { bytes throws(SNValueError) in
            let text = try SNText.utf8(bytes, name, code: .outOfRange)
            try SNCheck.utf8Length(text, maximum: maximumLength, name, code: .invalidLength)
            return text
        }, validate: { text throws(SNValueError) in
            try SNCheck.utf8Length(text, maximum: maximumLength, name, code: .invalidLength)
            if printable { try SNCheck.printable(text, name) }
        })
    }

    /// The longest child name: 20 bytes.
    public static var maximumChildNameLength: Int { 20 }

    /// Child Name, `7A5A0201-…`: UTF-8, 0…20 bytes; empty at the factory, and an app must then ask
    /// for a name (§6). Writing one with control characters is refused before anything is sent
    /// (one another app wrote is still read, and shown made safe).
    public static var childName: SNCharacteristic {
        text(SNUUID.childName, "Child Name", maximumLength: maximumChildNameLength, printable: true)
    }
    /// Device Name, 0x2A00: factory `SN-` and the last 4 hex digits of the address (§1, §3).
    public static var deviceName: SNCharacteristic { text(SNUUID.deviceName, "Device Name", maximumLength: 248) }
    /// Manufacturer Name String, 0x2A29: `Nightlight Labs`.
    public static var manufacturerName: SNCharacteristic { text(SNUUID.manufacturerName, "Manufacturer Name String") }
    /// Model Number String, 0x2A24: `SN-1`.
    public static var modelNumber: SNCharacteristic { text(SNUUID.modelNumber, "Model Number String") }
    /// Serial Number String, 0x2A25.
    public static var serialNumber: SNCharacteristic { text(SNUUID.serialNumber, "Serial Number String") }
    /// Hardware Revision String, 0x2A27.
    public static var hardwareRevision: SNCharacteristic { text(SNUUID.hardwareRevision, "Hardware Revision String") }
    /// Firmware Revision String, 0x2A26: the running image's semantic version.
    public static var firmwareRevision: SNCharacteristic { text(SNUUID.firmwareRevision, "Firmware Revision String") }
    /// Software Revision String, 0x2A28.
    public static var softwareRevision: SNCharacteristic { text(SNUUID.softwareRevision, "Software Revision String") }
}

extension SNCharacteristic where Value == [UInt8] {
    /// System ID, 0x2A23: 8 bytes (§3).
    public static var systemID: SNCharacteristic {
        SNCharacteristic(uuid: SNUUID.systemID, name: "System ID", encode: { $0 }, decode: { bytes throws(SNValueError) in
            try SNCheck.length(bytes, 8, "System ID")
            return bytes
        }, validate: { bytes throws(SNValueError) in try SNCheck.length(bytes, 8, "System ID") })
    }
}

extension SNCharacteristic where Value: SNValue {
    /// LED #1…#4 Color, `7A5A0011-…` … `7A5A0014-…`: RGB (§4). `index` is 1…4 (clamped).
    public static func ledColor(_ index: Int) -> SNCharacteristic<RGBColor> {
        let index = min(max(index, 1), ActiveState.ledCount)
        return .value(SNUUID.ledColor(index), "LED #\(index) Color")
    }

    /// Button Color, `7A5A0102-…`: RGB of the child button light (§5; factory `#FFA040`).
    public static var buttonColor: SNCharacteristic<RGBColor> { .value(SNUUID.buttonColor, "Button Color") }
    /// Active State, `7A5A0020-…`: mode and the four colors shown (§4).
    public static var activeState: SNCharacteristic<ActiveState> { .value(SNUUID.activeState, "Active State") }
    /// Button Status, `7A5A0103-…`: light on, uses today, remaining seconds (§5).
    public static var buttonStatus: SNCharacteristic<ButtonStatus> { .value(SNUUID.buttonStatus, "Button Status") }
    /// Deactivation Time, `683ED29F-…`: start and end minute (§5; factory 08:00–18:00).
    public static var deactivationTime: SNCharacteristic<DeactivationWindow> { .value(SNUUID.deactivationTime, "Deactivation Time") }
    /// Week Schedule, `7A5A0202-…`: the §6.1 blob, read and written long.
    public static var weekSchedule: SNCharacteristic<WeekSchedule> { .value(SNUUID.weekSchedule, "Week Schedule") }
    /// Temporary Day Schedule, `7A5A0203-…`: the §6.2 blob.
    public static var temporaryDaySchedule: SNCharacteristic<TemporaryDaySchedule> { .value(SNUUID.temporaryDaySchedule, "Temporary Day Schedule") }
    /// Battery Level Status, 0x2BED: Flags 0x00 and the Power State (§3).
    public static var batteryLevelStatus: SNCharacteristic<BatteryPowerState> { .value(SNUUID.batteryLevelStatus, "Battery Level Status") }
    /// Current Time, 0x2A2B: the device's local wall-clock time, 10 bytes (§3).
    public static var currentTime: SNCharacteristic<SNClockTime> { .value(SNUUID.currentTime, "Current Time") }
    /// Local Time Information, 0x2A0F: time zone and DST offset (§3).
    public static var localTimeInformation: SNCharacteristic<SNLocalTimeInformation> { .value(SNUUID.localTimeInformation, "Local Time Information") }
}
