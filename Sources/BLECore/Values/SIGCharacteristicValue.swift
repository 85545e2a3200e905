/// A decoded value of one of the SIG characteristics this library understands.
///
/// The single entry point is ``decode(_:for:)``: it returns `nil` for a UUID it does not know and
/// throws ``CharacteristicValueError`` (naming the characteristic and field) for a malformed value.
///
/// Validation rule: lengths are always checked; numeric fields with a specified range (battery
/// level, time zone, date and time fields, day of week) throw when outside it; code fields with
/// reserved values (DST offset, vendor ID source, power state codes) keep unknown values, as open
/// code spaces do.
public enum SIGCharacteristicValue: Hashable, Sendable, CustomStringConvertible {
    /// Battery Level, 0x2A19.
    case batteryLevel(BatteryLevel)
    /// Battery Level Status, 0x2BED.
    case batteryLevelStatus(BatteryLevelStatus)
    /// Current Time, 0x2A2B.
    case currentTime(CurrentTime)
    /// Date Time, 0x2A08.
    case dateTime(DateTime)
    /// Local Time Information, 0x2A0F.
    case localTimeInformation(LocalTimeInformation)
    /// PnP ID, 0x2A50.
    case pnpID(PnPID)
    /// System ID, 0x2A23.
    case systemID(SystemID)
    /// Appearance, 0x2A01.
    case appearance(Appearance)
    /// Heart Rate Measurement, 0x2A37.
    case heartRateMeasurement(HeartRateMeasurement)
    /// One of the Device Information strings, 0x2A24–0x2A29.
    case deviceInformation(DeviceInformationString)

    /// Every characteristic UUID ``decode(_:for:)`` understands.
    public static let supportedUUIDs: Set<BluetoothUUID> = Set(
        [BatteryLevel.uuid, BatteryLevelStatus.uuid, CurrentTime.uuid, DateTime.uuid, LocalTimeInformation.uuid,
         PnPID.uuid, SystemID.uuid, Appearance.uuid, HeartRateMeasurement.uuid]
            + DeviceInformationString.Field.allCases.map(\.uuid)
    )

    /// Decodes a characteristic value by its UUID.
    ///
    /// Returns `nil` when the UUID is not one of ``supportedUUIDs``; throws
    /// ``CharacteristicValueError`` when the bytes are malformed for that characteristic.
    public static func decode(_ bytes: [UInt8], for uuid: BluetoothUUID) throws(CharacteristicValueError) -> SIGCharacteristicValue? {
        switch uuid {
        case BatteryLevel.uuid: return .batteryLevel(try BatteryLevel(decoding: bytes))
        case BatteryLevelStatus.uuid: return .batteryLevelStatus(try BatteryLevelStatus(decoding: bytes))
        case CurrentTime.uuid: return .currentTime(try CurrentTime(decoding: bytes))
        case DateTime.uuid: return .dateTime(try DateTime(decoding: bytes))
        case LocalTimeInformation.uuid: return .localTimeInformation(try LocalTimeInformation(decoding: bytes))
        case PnPID.uuid: return .pnpID(try PnPID(decoding: bytes))
        case SystemID.uuid: return .systemID(try SystemID(decoding: bytes))
        case Appearance.uuid: return .appearance(try Appearance(decoding: bytes))
        case HeartRateMeasurement.uuid: return .heartRateMeasurement(try HeartRateMeasurement(decoding: bytes))
        default:
            guard let field = DeviceInformationString.Field(uuid: uuid) else { return nil }
            return .deviceInformation(try DeviceInformationString(field, decoding: bytes))
        }
    }

    /// The characteristic UUID of the value.
    public var uuid: BluetoothUUID {
        switch self {
        case .batteryLevel: BatteryLevel.uuid
        case .batteryLevelStatus: BatteryLevelStatus.uuid
        case .currentTime: CurrentTime.uuid
        case .dateTime: DateTime.uuid
        case .localTimeInformation: LocalTimeInformation.uuid
        case .pnpID: PnPID.uuid
        case .systemID: SystemID.uuid
        case .appearance: Appearance.uuid
        case .heartRateMeasurement: HeartRateMeasurement.uuid
        case .deviceInformation(let value): value.field.uuid
        }
    }

    /// The characteristic name, e.g. `Battery Level`.
    public var name: String {
        switch self {
        case .batteryLevel: BatteryLevel.name
        case .batteryLevelStatus: BatteryLevelStatus.name
        case .currentTime: CurrentTime.name
        case .dateTime: DateTime.name
        case .localTimeInformation: LocalTimeInformation.name
        case .pnpID: PnPID.name
        case .systemID: SystemID.name
        case .appearance: Appearance.name
        case .heartRateMeasurement: HeartRateMeasurement.name
        case .deviceInformation(let value): value.field.name
        }
    }

    /// The encoded value.
    public func encoded() -> [UInt8] {
        switch self {
        case .batteryLevel(let value): value.encoded()
        case .batteryLevelStatus(let value): value.encoded()
        case .currentTime(let value): value.encoded()
        case .dateTime(let value): value.encoded()
        case .localTimeInformation(let value): value.encoded()
        case .pnpID(let value): value.encoded()
        case .systemID(let value): value.encoded()
        case .appearance(let value): value.encoded()
        case .heartRateMeasurement(let value): value.encoded()
        case .deviceInformation(let value): value.encoded()
        }
    }

    /// The value for people, e.g. `87 %` or `2026-11-22 14:05:09 Sunday`.
    public var description: String {
        switch self {
        case .batteryLevel(let value): value.description
        case .batteryLevelStatus(let value): value.description
        case .currentTime(let value): value.description
        case .dateTime(let value): value.description
        case .localTimeInformation(let value): value.description
        case .pnpID(let value): value.description
        case .systemID(let value): value.description
        case .appearance(let value): value.description
        case .heartRateMeasurement(let value): value.description
        case .deviceInformation(let value): value.description
        }
    }
}
