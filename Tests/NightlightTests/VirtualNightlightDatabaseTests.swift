import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLEVirtual
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The virtual SN's advertising and GATT database (SN profile §1–§7) from our central, and every
/// write it refuses.
@Suite(.timeLimit(.minutes(1)))
struct VirtualNightlightDatabaseTests {
    // MARK: Advertising

    @Test func advertisesTheProfilesBytesAndItsNameFromAStaticRandomAddress() async throws {
        try await VirtualNightlightWorld.with { sn in
            let found = try await sn.discover()
            #expect(found.address.description == "C4:4E:4C:00:00:01")
            #expect(found.address.type == .randomStatic)
            #expect(found.isConnectable)
            let expected: [UInt8] = [0x02, 0x01, 0x06, 0x11, 0x07]
                + SNUUID.ledService.littleEndianBytes(size: .bits128)!
                + [0x07, 0xFF, 0xFF, 0xFF, 0x01, 100, 0x38, 0x00]
            #expect(try found.advertisement.advertisement.encoded() == expected, "29 bytes: flags, LED Service, 0xFFFF v1 100 % needs-configuration|clock-not-set|pairing-window-open idle")
            #expect(expected.count == 29)
            #expect(try found.advertisement.scanResponse?.encoded() == [0x08, 0x09] + Array("SN-0001".utf8))
            #expect(SNAdvertisement.isSN(found.advertisement))
        }
    }

    @Test func theAdvertisementFollowsBatteryStatusAndModeButTheAddressStays() async throws {
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 1, wallClock: VirtualNightlightWorld.TestWallClock().clock)]) { sn in
            let first = try await sn.discover(VirtualNightlight.address(index: 1))
            #expect(try SNAdvertisement.parse(first.advertisement) == SNAdvertisement(batteryLevel: 85, status: [.pairingWindowOpen], activeMode: .idle),
                    "configured, Friday 12:00: no period of School nights; no bond yet")
            try await sn.nightlight.setBatteryLevel(40)
            try await sn.nightlight.plug()
            try await sn.nightlight.waitUntilIdle()
            let second = try await sn.discover(VirtualNightlight.address(index: 1))
            #expect(second.address == first.address)
            #expect(try SNAdvertisement.parse(second.advertisement) == SNAdvertisement(batteryLevel: 40, status: [.charging, .pairingWindowOpen], activeMode: .idle))
            #expect(second.advertisement.localName == LocalName("SN-0002"))
        }
    }

    @Test func instancesHaveStaticRandomAddressesAndNames() throws {
        for index in [0, 1, 9, 254] {
            let sn = try VirtualNightlight(index: index)
            #expect(sn.address.type == .randomStatic, "the two most significant bits are 11")
            #expect(sn.address.value >> 46 == 0b11)
            #expect(sn.address.value & 0xFFFF == UInt64(index + 1))
            #expect(sn.name == SNAdvertisement.factoryName(for: sn.address))
        }
        #expect(try VirtualNightlight(index: 0).name == "SN-0001")
        #expect(try VirtualNightlight(index: 254).address.description == "C4:4E:4C:00:00:FF")
        #expect(throws: VirtualError.self) { try VirtualNightlight(index: 255) }
        #expect(throws: VirtualError.self) { try VirtualNightlight(index: -1) }
    }

    @Test func theCatalogKindMakesNightlightsWithFlashInTheInstanceDirectory() throws {
        let catalog = VirtualDeviceCatalog.standard.adding(VirtualNightlight.kind, demoDistances: [1, 3])
        let devices = try catalog.makeDevices(names: ["nightlight", "NIGHTLIGHT"], directory: "/tmp/flash")
        let nightlights = try devices.map { try #require($0 as? VirtualNightlight) }
        #expect(nightlights.map(\.index) == [0, 1])
        #expect(nightlights.map(\.flashPath) == ["/tmp/flash/nightlight-0.json", "/tmp/flash/nightlight-1.json"])
        #expect(try VirtualNightlight(index: 0).flashPath == nil)
    }

    // MARK: Database

    /// Every characteristic of §3–§7: its service, properties and User Description.
    static let table: [(service: BluetoothUUID, uuid: BluetoothUUID, properties: GATTCharacteristicProperties, name: String?)] = [
        (SNUUID.genericAccess, SNUUID.deviceName, .read, nil),
        (SNUUID.genericAccess, SNUUID.appearance, .read, nil),
        (BluetoothUUID(0x1801), BluetoothUUID(0x2A05), .indicate, nil),
        (BluetoothUUID(0x1801), BluetoothUUID(0x2B2A), .read, nil),
        (SNUUID.deviceInformation, SNUUID.manufacturerName, .read, nil),
        (SNUUID.deviceInformation, SNUUID.modelNumber, .read, nil),
        (SNUUID.deviceInformation, SNUUID.serialNumber, .read, nil),
        (SNUUID.deviceInformation, SNUUID.hardwareRevision, .read, nil),
        (SNUUID.deviceInformation, SNUUID.firmwareRevision, .read, nil),
        (SNUUID.deviceInformation, SNUUID.softwareRevision, .read, nil),
        (SNUUID.deviceInformation, SNUUID.systemID, .read, nil),
        (SNUUID.battery, SNUUID.batteryLevel, [.read, .notify], nil),
        (SNUUID.battery, SNUUID.batteryLevelStatus, [.read, .notify], nil),
        (SNUUID.currentTimeService, SNUUID.currentTime, [.read, .write, .notify], nil),
        (SNUUID.currentTimeService, SNUUID.localTimeInformation, [.read, .write], nil),
        (SNUUID.ledService, SNUUID.ledPowerEnable, [.read, .write], "LED Power Enable"),
        (SNUUID.ledService, SNUUID.ledLink, [.read, .write], "LED Link"),
        (SNUUID.ledService, SNUUID.ledProofMode, [.read, .write, .notify], "LED Proof Mode"),
        (SNUUID.ledService, SNUUID.ledColor(1), [.read, .write], "LED #1 Color"),
        (SNUUID.ledService, SNUUID.ledColor(2), [.read, .write], "LED #2 Color"),
        (SNUUID.ledService, SNUUID.ledColor(3), [.read, .write], "LED #3 Color"),
        (SNUUID.ledService, SNUUID.ledColor(4), [.read, .write], "LED #4 Color"),
        (SNUUID.ledService, SNUUID.activeState, [.read, .notify], "Active State"),
        (SNUUID.childButtonService, SNUUID.buttonMode, [.read, .write], "Button Mode"),
        (SNUUID.childButtonService, SNUUID.buttonColor, [.read, .write], "Button Color"),
        (SNUUID.childButtonService, SNUUID.buttonStatus, [.read, .notify], "Button Status"),
        (SNUUID.childButtonService, SNUUID.onTime, [.read, .write], "ON Time"),
        (SNUUID.childButtonService, SNUUID.dailyUsage, [.read, .write], "Daily Usage"),
        (SNUUID.childButtonService, SNUUID.deactivationTime, [.read, .write], "Deactivation Time"),
        (SNUUID.childButtonService, SNUUID.shakeModeControl, [.read, .write], "Shake Mode Control"),
        (SNUUID.scheduleService, SNUUID.childName, [.read, .write], "Child Name"),
        (SNUUID.scheduleService, SNUUID.weekSchedule, [.read, .write], "Week Schedule"),
        (SNUUID.scheduleService, SNUUID.temporaryDaySchedule, [.read, .write, .notify], "Temporary Day Schedule"),
        (SNUUID.firmwareUpdateService, SNUUID.firmwareControlPoint, [.write, .indicate], "Control Point"),
        (SNUUID.firmwareUpdateService, SNUUID.firmwareData, .writeWithoutResponse, "Data"),
    ]

    @Test func servesEveryServiceAndCharacteristicWithItsPropertiesCCCDsAndDescriptions() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            #expect(peer.database.services.map(\.uuid) == [
                SNUUID.genericAccess, BluetoothUUID(0x1801), SNUUID.deviceInformation, SNUUID.battery, SNUUID.currentTimeService,
                SNUUID.ledService, SNUUID.childButtonService, SNUUID.scheduleService, SNUUID.firmwareUpdateService,
                SNUUID.bondManagement,
            ])
            for entry in Self.table {
                let characteristic = try #require(peer.database.characteristic(entry.uuid, inService: entry.service), "\(entry.uuid)")
                #expect(characteristic.properties == entry.properties, "\(entry.uuid)")
                let hasCCCD = characteristic.descriptor(GATTAttributeType.clientCharacteristicConfiguration) != nil
                #expect(hasCCCD == !entry.properties.intersection([.notify, .indicate]).isEmpty, "\(entry.uuid): a CCCD exactly when it notifies or indicates")
                let description = characteristic.descriptor(GATTAttributeType.characteristicUserDescription)
                if let name = entry.name {
                    let handle = try #require(description?.handle, "\(name) has a User Description")
                    #expect(try await peer.client.read(handle: handle) == Array(name.utf8))
                } else {
                    #expect(description == nil, "\(entry.uuid)")
                }
            }
            for service in [SNUUID.ledService, SNUUID.childButtonService, SNUUID.scheduleService, SNUUID.firmwareUpdateService] {
                let listed = Self.table.filter { $0.service == service }.map(\.uuid)
                #expect(try #require(peer.database.service(service)).characteristics.map(\.uuid) == listed, "nothing more in \(service)")
            }
        }
    }

    @Test func readsItsIdentityAndFactoryValues() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            let expected: [(BluetoothUUID, [UInt8])] = [
                (SNUUID.deviceName, Array("SN-0001".utf8)),
                (SNUUID.appearance, [0x80, 0x05]),
                (SNUUID.manufacturerName, Array("Nightlight Labs".utf8)),
                (SNUUID.modelNumber, Array("SN-1".utf8)),
                (SNUUID.serialNumber, Array("SN1-000001".utf8)),
                (SNUUID.firmwareRevision, Array("1.0.0".utf8)),
                (SNUUID.systemID, [0x01, 0x00, 0x00, 0x4C, 0x4E, 0x53, 0x4C, 0x4E]),
                (SNUUID.batteryLevel, [100]),
                (SNUUID.batteryLevelStatus, [0x00, 0xE1, 0x00]),
                (SNUUID.currentTime, [UInt8](repeating: 0, count: 10)),
                (SNUUID.localTimeInformation, [0x80, 0xFF]),
                (SNUUID.ledPowerEnable, [1]), (SNUUID.ledLink, [1]), (SNUUID.ledProofMode, [0]),
                (SNUUID.ledColor(1), [0x40, 0x20, 0x00]),
                (SNUUID.activeState, [0] + [UInt8](repeating: 0, count: 12)),
                (SNUUID.buttonMode, [1]), (SNUUID.buttonColor, [0xFF, 0xA0, 0x40]), (SNUUID.buttonStatus, [0, 0, 0, 0]),
                (SNUUID.onTime, [0x58, 0x02]), (SNUUID.dailyUsage, [3]), (SNUUID.deactivationTime, [0xE0, 0x01, 0x38, 0x04]),
                (SNUUID.shakeModeControl, [0]),
                (SNUUID.childName, []),
                (SNUUID.weekSchedule, WeekSchedule.factory.encode()),
                (SNUUID.temporaryDaySchedule, [0, 0]),
            ]
            for (uuid, value) in expected {
                #expect(try await peer.read(uuid) == value, "\(uuid)")
            }
        }
    }

    // MARK: Refusals

    /// Writes the SN refuses, with the ATT error it answers.
    static let refusals: [(uuid: BluetoothUUID, value: [UInt8], error: ATTErrorCode, why: String)] = [
        (SNUUID.currentTime, SNClockTime(year: 2025, month: 2, day: 31, hour: 8, minute: 0, second: 0, dayOfWeek: 0).encode(), .outOfRange, "31 February"),
        (SNUUID.currentTime, SNClockTime(year: 2025, month: 3, day: 14, hour: 24, minute: 0, second: 0, dayOfWeek: 0).encode(), .outOfRange, "24:00:00"),
        (SNUUID.currentTime, SNClockTime.notSet.encode(), .outOfRange, "year 0"),
        (SNUUID.currentTime, SNClockTime(year: 2025, month: 3, day: 14, hour: 8, minute: 0, second: 0, dayOfWeek: 1).encode(), .outOfRange, "14 March 2025 is a Friday, not a Monday"),
        (SNUUID.currentTime, Array(SNClockTime(year: 2025, month: 3, day: 14).encode().prefix(9)), .invalidAttributeValueLength, "9 bytes"),
        (SNUUID.localTimeInformation, [57, 0], .outOfRange, "time zone +57"),
        (SNUUID.localTimeInformation, [4, 3], .outOfRange, "DST 3"),
        (SNUUID.localTimeInformation, [4], .invalidAttributeValueLength, "1 byte"),
        (SNUUID.ledPowerEnable, [2], .outOfRange, "power 2"),
        (SNUUID.ledPowerEnable, [1, 0], .invalidAttributeValueLength, "2 bytes"),
        (SNUUID.ledLink, [], .invalidAttributeValueLength, "empty"),
        (SNUUID.ledProofMode, [0xFF], .outOfRange, "proof 255"),
        (SNUUID.ledColor(3), [0x10, 0x20], .invalidAttributeValueLength, "2-byte color"),
        (SNUUID.activeState, [UInt8](repeating: 0, count: 13), .writeNotPermitted, "read only"),
        (SNUUID.buttonMode, [3], .outOfRange, "mode 3"),
        (SNUUID.buttonColor, [1, 2, 3, 4], .invalidAttributeValueLength, "4-byte color"),
        (SNUUID.buttonStatus, [0, 0, 0, 0], .writeNotPermitted, "read only"),
        (SNUUID.onTime, [0, 0], .outOfRange, "0 s"),
        (SNUUID.onTime, [0x11, 0x0E], .outOfRange, "3601 s"),
        (SNUUID.onTime, [10], .invalidAttributeValueLength, "1 byte"),
        (SNUUID.dailyUsage, [1, 0], .invalidAttributeValueLength, "2 bytes"),
        (SNUUID.deactivationTime, [0xA0, 0x05, 0x00, 0x00], .outOfRange, "start 1440"),
        (SNUUID.deactivationTime, [0x00, 0x00, 0xA1, 0x05], .outOfRange, "end 1441"),
        (SNUUID.deactivationTime, [0xE0, 0x01, 0x38], .invalidAttributeValueLength, "3 bytes"),
        (SNUUID.shakeModeControl, [7], .outOfRange, "shake 7"),
        (SNUUID.childName, Array("Maximilian-Alexander!".utf8), .invalidAttributeValueLength, "21 bytes"),
        (SNUUID.childName, [0x4D, 0xC3, 0x28], .outOfRange, "invalid UTF-8"),
        (SNUUID.weekSchedule, [1, 0, 1, 0, 0x1F, 0], .invalidSchedule, "weekend in no group"),
        (SNUUID.weekSchedule, [2] + Array(WeekSchedule.factory.encode().dropFirst()), .invalidSchedule, "format version 2"),
        (SNUUID.temporaryDaySchedule, [31, 0], .invalidSchedule, "31 days"),
        (SNUUID.temporaryDaySchedule, [1, 1] + Period(start: 600, end: 500, color: .white).encode(), .invalidSchedule, "ends before it starts"),
        (SNUUID.firmwareControlPoint, [0x02], .cccdImproperlyConfigured, "indications off"),
    ]

    @Test func refusesEveryInvalidWriteAndKeepsTheValue() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            for refusal in Self.refusals {
                let readable = try peer.characteristic(refusal.uuid).properties.contains(.read)
                let before = readable ? try await peer.read(refusal.uuid) : []
                let answer = try await peer.refusal(refusal.uuid, refusal.value)
                #expect(answer == refusal.error, "\(refusal.why): \(String(describing: answer))")
                if readable {
                    #expect(try await peer.read(refusal.uuid) == before, "\(refusal.why): the value stays")
                }
            }
        }
    }

    @Test func anInvalidScheduleOverAPreparedWriteIsRefusedWholeAndTheOldOneStays() async throws {
        try await VirtualNightlightWorld.with { sn in
            let peer = try await sn.connect()
            let valid = VirtualNightlightWorld.longSchedule(name: "Long valid week", overlapping: false)
            #expect(valid.encode().count > 300, "needs Prepare Write Requests")
            try await peer.writeLong(SNUUID.weekSchedule, valid.encode())
            #expect(try await peer.read(SNUUID.weekSchedule) == valid.encode(), "read back with Read Blob")

            let invalid = VirtualNightlightWorld.longSchedule(name: "Overlapping week", overlapping: true)
            #expect(try await peer.refusal(SNUUID.weekSchedule, invalid.encode(), long: true) == .invalidSchedule)
            #expect(try await peer.read(SNUUID.weekSchedule) == valid.encode(), "the previous schedule stays in force")

            // A reliable write of a name and an invalid schedule: neither is applied.
            let name = try peer.handle(SNUUID.childName), week = try peer.handle(SNUUID.weekSchedule)
            await #expect(throws: GATTError.self) {
                try await peer.client.reliableWrite([(name, Array("Noah".utf8)), (week, invalid.encode())])
            }
            #expect(try await peer.read(SNUUID.childName) == [], "atomic: the name was not written either")
            try await peer.client.reliableWrite([(name, Array("Noah".utf8)), (week, WeekSchedule.factory.encode())])
            #expect(try await peer.read(SNUUID.childName) == Array("Noah".utf8))
            #expect(try await sn.nightlight.status().weekScheduleName == "Default")
        }
    }
}

extension VirtualNightlightWorld {
    /// A week schedule of seven one-day groups with long names and six periods each (about
    /// 450 bytes); `overlapping` makes Sunday's last two periods overlap.
    static func longSchedule(name: String, overlapping: Bool) -> WeekSchedule {
        WeekSchedule(name: name, groups: Weekday.allCases.map { day in
            DayGroup(name: "Day \(day.name)".prefix(12).description, days: DaySet(day), periods: (0..<6).map { index in
                let start = index * 200 + (overlapping && day == .sunday && index == 5 ? -150 : 0)
                return Period(start: start, end: start + 100, color: RGBColor(rgb: UInt32(0x102030 * (index + 1))), fade: 10)
            })
        })
    }
}
