import BLECore
import BLEGATT
import Nightlight

/// A virtual SN's GATT database (SN profile §2–§7), wired to its running firmware.
///
/// Every value that changes is computed by the firmware on each read; every write is decoded and
/// checked with the profile's codec before it is stored (so an Execute Write is checked whole and
/// applied atomically) and answered with the codec's ATT error: 0x80 Invalid Schedule, 0x0D for a
/// fixed-size value of the wrong length, 0xFF Out of Range. Custom characteristics carry a
/// Characteristic User Description with the profile's name.
///
/// Access (§9.2): Generic Access, Generic Attribute, Device Information, Battery, reading and
/// subscribing to Current Time, reading Local Time Information and the Bond Management Feature
/// are open; everything else — every characteristic and descriptor (CCCDs and User Descriptions
/// too) of the LED, Child Button, Schedule and Firmware Update services, writing Current Time
/// and Local Time Information, the Bond Management Control Point — needs a link encrypted with a
/// bonded key. The GATT server answers 0x05 or 0x0F (and 0x02/0x03 first for what an attribute
/// never allows), and notifies only links secure enough.
enum SNDatabase {
    /// Who may use a characteristic (§9.2).
    enum Access {
        /// Everyone: read, write and subscribe as its properties say.
        case open
        /// Everyone reads and subscribes; writes need an encrypted, bonded link.
        case openRead
        /// Everything, descriptors included, needs an encrypted, bonded link.
        case bonded

        /// The value's permissions for `properties`.
        func permissions(_ properties: GATTCharacteristicProperties) -> GATTAttributePermissions {
            var permissions: GATTAttributePermissions = []
            if properties.contains(.read) { permissions.insert(self == .bonded ? .readEncrypted : .read) }
            if !properties.intersection([.write, .writeWithoutResponse]).isEmpty {
                permissions.insert(self == .open ? .write : .writeEncrypted)
            }
            return permissions
        }

        /// The permissions of its Client Characteristic Configuration descriptor.
        var clientConfiguration: GATTAttributePermissions {
            self == .bonded ? [.readEncrypted, .writeEncrypted] : [.read, .write]
        }

        /// Its Characteristic User Description with `name`.
        func userDescription(_ name: String) -> GATTDescriptorDefinition {
            var descriptor = GATTDescriptorDefinition.userDescription(name)
            if self == .bonded { descriptor.permissions = .readEncrypted }
            return descriptor
        }

        /// `characteristic` with these permissions on its value and descriptors.
        func apply(_ characteristic: GATTCharacteristicDefinition) -> GATTCharacteristicDefinition {
            var characteristic = characteristic
            characteristic.permissions = permissions(characteristic.properties)
            characteristic.clientConfigurationPermissions = clientConfiguration
            return characteristic
        }
    }

    /// What tells one SN from another in its database.
    struct Identity: Sendable {
        /// Device Name: `SN-` and the last 4 hex digits of the address.
        var name: String
        /// Serial Number String.
        var serialNumber: String
        /// System ID, 8 bytes.
        var systemID: [UInt8]
        /// Firmware Revision String: the running image's version.
        var firmwareVersion: String
    }

    /// Appearance 0x0580: Light Fixtures, generic (§3).
    static let appearance: UInt16 = 0x0580
    /// Manufacturer Name String.
    static let manufacturerName = "Nightlight Labs"
    /// Hardware Revision String.
    static let hardwareRevision = "1.0"
    /// Software Revision String: the simulator's.
    static let softwareRevision = "virtual-1"

    /// The services, in handle order.
    /// `bondManagement` carries out a Bond Management Control Point request once it is checked
    /// (before the Write Response leaves).
    static func services(
        _ identity: Identity, session: SNSession,
        bondManagement: @escaping @Sendable (BondManagementOpcode, GATTClientID) async -> Void = { _, _ in }
    ) -> [GATTServiceDefinition] {
        let io = Wiring(session: session)
        return [
            GATTServiceDefinition(uuid: SNUUID.genericAccess, characteristics: [
                fixed(SNUUID.deviceName, Array(identity.name.utf8)),
                fixed(SNUUID.appearance, SNCharacteristic<Int>.appearance.encode(Int(appearance))),
            ]),
            .genericAttribute(),
            GATTServiceDefinition(uuid: SNUUID.deviceInformation, characteristics: [
                fixed(SNUUID.manufacturerName, Array(manufacturerName.utf8)),
                fixed(SNUUID.modelNumber, Array(FirmwareImage.snModel.utf8)),
                fixed(SNUUID.serialNumber, Array(identity.serialNumber.utf8)),
                fixed(SNUUID.hardwareRevision, Array(hardwareRevision.utf8)),
                fixed(SNUUID.firmwareRevision, Array(identity.firmwareVersion.utf8)),
                fixed(SNUUID.softwareRevision, Array(softwareRevision.utf8)),
                fixed(SNUUID.systemID, identity.systemID),
            ]),
            GATTServiceDefinition(uuid: SNUUID.battery, characteristics: [
                io.value(.batteryLevel, [.read, .notify], access: .open, described: false),
                io.value(.batteryLevelStatus, [.read, .notify], access: .open, described: false),
            ]),
            GATTServiceDefinition(uuid: SNUUID.currentTimeService, characteristics: [
                io.value(.currentTime, [.read, .write, .notify], access: .openRead, described: false, fixedLength: SNClockTime.byteCount,
                         check: { time throws(SNValueError) in
                             guard time.isSet else { throw SNValueError(.outOfRange, path: ["current time"], "is year 0 (not set); write a real date") }
                         },
                         write: { core, time, _ in core.setClock(time) }),
                io.value(.localTimeInformation, [.read, .write], access: .openRead, described: false, fixedLength: SNLocalTimeInformation.byteCount,
                         write: { core, value, _ in core.set(\.localTimeInformation, value) }),
            ]),
            GATTServiceDefinition(uuid: SNUUID.ledService, characteristics: [
                io.value(.ledPowerEnable, [.read, .write], fixedLength: 1, led: true, write: { core, on, _ in core.set(\.led.isPowerEnabled, on) }),
                io.value(.ledLink, [.read, .write], fixedLength: 1, led: true, write: { core, on, _ in core.set(\.led.isLinked, on) }),
                io.value(.ledProofMode, [.read, .write, .notify], fixedLength: 1, led: true, write: { core, on, client in core.setProofMode(on, by: client) }),
            ] + (1...ActiveState.ledCount).map { index in
                io.value(.ledColor(index), [.read, .write], fixedLength: RGBColor.byteCount, led: true,
                         write: { core, color, _ in core.set(\.led.colors[index - 1], color) })
            } + [
                io.value(.activeState, [.read, .notify]),
            ]),
            GATTServiceDefinition(uuid: SNUUID.childButtonService, characteristics: [
                io.value(.buttonMode, [.read, .write], fixedLength: 1, write: { core, on, _ in core.set(\.button.isEnabled, on) }),
                io.value(.buttonColor, [.read, .write], fixedLength: RGBColor.byteCount, write: { core, color, _ in core.set(\.button.color, color) }),
                io.value(.buttonStatus, [.read, .notify]),
                io.value(.onTime, [.read, .write], fixedLength: 2, write: { core, seconds, _ in core.set(\.button.onTime, seconds) }),
                io.value(.dailyUsage, [.read, .write], fixedLength: 1, write: { core, uses, _ in core.set(\.button.dailyUsage, uses) }),
                io.value(.deactivationTime, [.read, .write], fixedLength: DeactivationWindow.byteCount,
                         write: { core, window, _ in core.set(\.button.deactivationWindow, window) }),
                io.value(.shakeModeControl, [.read, .write], fixedLength: 1, write: { core, on, _ in core.set(\.button.shakeMode, on) }),
            ]),
            GATTServiceDefinition(uuid: SNUUID.scheduleService, characteristics: [
                io.value(.childName, [.read, .write], maximumLength: SNCharacteristic<String>.maximumChildNameLength,
                         write: { core, name, _ in core.set(\.childName, name) }),
                io.value(.weekSchedule, [.read, .write], write: { core, schedule, _ in core.set(\.weekSchedule, schedule) }),
                io.value(.temporaryDaySchedule, [.read, .write, .notify], write: { core, schedule, _ in core.setTemporarySchedule(schedule) }),
            ]),
            GATTServiceDefinition(uuid: SNUUID.firmwareUpdateService, characteristics: [
                io.controlPoint(),
                io.firmwareData(),
            ].map(Access.bonded.apply)),
            GATTServiceDefinition(uuid: SNUUID.bondManagement, characteristics: [
                bondManagementControlPoint(bondManagement),
                fixed(SNUUID.bondManagementFeature, SNBondManagement.feature),
            ]),
        ]
    }

    /// A read-only characteristic with a fixed value.
    private static func fixed(_ uuid: BluetoothUUID, _ value: [UInt8]) -> GATTCharacteristicDefinition {
        GATTCharacteristicDefinition(uuid: uuid, properties: .read, value: value)
    }

    /// Bond Management Control Point (§9.3): write, with an encrypted, bonded link; 0x80 for an
    /// op code the SN does not offer, 0x81 for an op code followed by an authorization code.
    private static func bondManagementControlPoint(
        _ perform: @escaping @Sendable (BondManagementOpcode, GATTClientID) async -> Void
    ) -> GATTCharacteristicDefinition {
        GATTCharacteristicDefinition(
            uuid: SNUUID.bondManagementControlPoint, properties: .write, permissions: .writeEncrypted,
            validate: { context throws(GATTError) in
                if case .failure(let refusal) = SNBondManagement.request(context.value) {
                    throw .attError(refusal.code, handle: context.handle)
                }
            },
            onWrite: { context in
                if case .success(let opcode) = SNBondManagement.request(context.value) { await perform(opcode, context.client) }
            }
        )
    }

    /// Makes characteristics whose reads and writes go to the session's firmware.
    private struct Wiring {
        let session: SNSession

        /// A characteristic of the profile: read from the firmware; when `write` is given,
        /// decoded, checked (`check` adds rules to the codec's) and applied on write.
        /// - Parameters:
        ///   - described: adds the Characteristic User Description (custom characteristics).
        ///   - led: a write to it restarts LED proof mode's idle time (LED Service).
        func value<Value>(
            _ characteristic: SNCharacteristic<Value>,
            _ properties: GATTCharacteristicProperties,
            access: Access = .bonded,
            described: Bool = true,
            fixedLength: Int? = nil,
            maximumLength: Int = GATTAttributeDatabase.maximumValueLength,
            led: Bool = false,
            check: (@Sendable (Value) throws(SNValueError) -> Void)? = nil,
            write: (@Sendable (inout SNFirmwareCore, Value, GATTClientID) -> Void)? = nil
        ) -> GATTCharacteristicDefinition {
            let session = session
            let uuid = characteristic.uuid
            var validate: GATTWriteValidator?
            var onWrite: GATTWriteObserver?
            if let write {
                validate = { @Sendable context throws(GATTError) in
                    do throws(SNValueError) {
                        let value = try characteristic.decode(context.value)
                        try check?(value)
                    } catch {
                        throw .attError(error.attErrorCode, handle: context.handle)
                    }
                }
                onWrite = { @Sendable context in
                    guard let value = try? characteristic.decode(context.value) else { return }
                    session.perform { core in core.apply({ write(&$0, value, context.client) }, touchesLEDService: led) }
                }
            }
            return access.apply(GATTCharacteristicDefinition(
                uuid: uuid, properties: properties, maximumLength: maximumLength, fixedLength: fixedLength,
                descriptors: described ? [access.userDescription(characteristic.name)] : [],
                onRead: { _ in session.perform { $0.value(of: uuid) ?? [] } },
                validate: validate, onWrite: onWrite
            ))
        }

        /// Firmware Update Control Point: write and indicate; indications must be on (0xFD
        /// otherwise); every request is answered by an indication.
        func controlPoint() -> GATTCharacteristicDefinition {
            let session = session
            return GATTCharacteristicDefinition(
                uuid: SNUUID.firmwareControlPoint, properties: [.write, .indicate], descriptors: [Access.bonded.userDescription("Control Point")],
                validate: { context throws(GATTError) in
                    guard context.clientConfiguration.contains(.indications) else {
                        throw .attError(.cccdImproperlyConfigured, handle: context.handle)
                    }
                },
                onWrite: { context in session.perform { $0.controlPoint(context.value) } }
            )
        }

        /// Firmware Update Data: write without response, `offset u32` and the bytes.
        func firmwareData() -> GATTCharacteristicDefinition {
            let session = session
            return GATTCharacteristicDefinition(
                uuid: SNUUID.firmwareData, properties: .writeWithoutResponse, descriptors: [Access.bonded.userDescription("Data")],
                onWrite: { context in session.performWithoutOutput { $0.firmwareData(context.value) } }
            )
        }
    }
}
