import Foundation
import GRDB
import NightlightStore
import Testing

@Suite("Paired devices")
struct PairedDeviceTests {
    @Test func pairAddsADeviceStampedByTheClock() async throws {
        try await withFixture { f in
            let device = try await f.store.pair(
                address: sampleAddress, deviceName: " SN-16F3 ", childName: "Emma", firmwareVersion: "1.0.0")
            #expect(
                device
                    == PairedDevice(
                        address: sampleAddress, deviceName: "SN-16F3", childName: "Emma",
                        pairedAt: TestClock.start, lastSeen: TestClock.start, firmwareVersion: "1.0.0"))
            #expect(try await f.store.devices() == [device])
            #expect(try await f.store.device(address: sampleAddress.lowercased()) == device)
            #expect(try await f.store.device(address: otherAddress) == nil)
        }
    }

    @Test func pairingAgainUpdatesNamesAndKeepsThePairingDate() async throws {
        try await withFixture { f in
            try await f.store.pair(
                address: sampleAddress, deviceName: "SN-16F3", childName: "Emma", firmwareVersion: "1.0.0")
            f.clock.advance(by: 60)
            let again = try await f.store.pair(
                address: sampleAddress.lowercased(), deviceName: "SN-16F3", childName: "Léa")
            #expect(again.address == sampleAddress)
            #expect(again.childName == "Léa")
            #expect(again.firmwareVersion == "1.0.0")
            #expect(again.pairedAt == TestClock.start)
            #expect(again.lastSeen == TestClock.start + 60)
            #expect(try await f.store.devices().count == 1)
        }
    }

    @Test func updateRecordsWhatWasSeen() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            f.clock.advance(by: 90)
            let update = DeviceUpdate(batteryLevel: 87, isCharging: true, activeMode: 1, firmwareVersion: "1.1.0")
            let updated = try await f.store.updateDevice(sampleAddress, update)
            #expect(updated.batteryLevel == 87)
            #expect(updated.isCharging == true)
            #expect(updated.activeMode == 1)
            #expect(updated.firmwareVersion == "1.1.0")
            #expect(updated.lastSeen == TestClock.start + 90)
            #expect(updated.childName == "Emma")
            // nil fields keep their value
            let second = try await f.store.updateDevice(sampleAddress, DeviceUpdate(deviceName: "Nightlight"))
            #expect(second.batteryLevel == 87)
            #expect(second.deviceName == "Nightlight")
            #expect(try await f.store.device(address: sampleAddress) == second)
        }
    }

    @Test func renameChildKeepsLastSeen() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            f.clock.advance(by: 30)
            let renamed = try await f.store.renameChild(of: sampleAddress, to: "  Zoé ")
            #expect(renamed.childName == "Zoé")
            #expect(renamed.lastSeen == TestClock.start)
            #expect(try await f.store.findDevice("zoé") == renamed)
        }
    }

    @Test(arguments: [
        DeviceUpdate(batteryLevel: 101), DeviceUpdate(batteryLevel: -1), DeviceUpdate(activeMode: 256),
        DeviceUpdate(activeMode: -1), DeviceUpdate(childName: " "), DeviceUpdate(deviceName: ""),
    ])
    func invalidUpdatesAreRefusedAndChangeNothing(update: DeviceUpdate) async throws {
        try await withFixture { f in
            let device = try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            f.clock.advance(by: 5)
            await expectStoreError(.invalidValue) { try await f.store.updateDevice(sampleAddress, update) }
            #expect(try await f.store.device(address: sampleAddress) == device)
        }
    }

    @Test func pairRefusesEmptyValues() async throws {
        try await withFixture { f in
            await expectStoreError(.invalidValue, "device address") {
                try await f.store.pair(address: " ", deviceName: "SN-16F3", childName: "Emma")
            }
            await expectStoreError(.invalidValue, "child name") {
                try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "")
            }
            let devices = try await f.store.devices()
            #expect(devices.isEmpty)
        }
    }

    @Test func unknownAddressesAreReported() async throws {
        try await withFixture { f in
            await expectStoreError(.deviceNotFound, sampleAddress, "pair it first") {
                try await f.store.updateDevice(sampleAddress, DeviceUpdate(batteryLevel: 5))
            }
            await expectStoreError(.deviceNotFound, sampleAddress) {
                try await f.store.renameChild(of: sampleAddress, to: "Emma")
            }
            await expectStoreError(.deviceNotFound, sampleAddress) { try await f.store.unpair(sampleAddress) }
        }
    }

    @Test func unpairForgetsTheDeviceItsHistoryAndSelection() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.pair(address: otherAddress, deviceName: "SN-2A01", childName: "Noah")
            try await f.store.appendHistory(.battery(level: 50, isCharging: false), for: sampleAddress)
            try await f.store.appendHistory(.rssi(dBm: -60), for: otherAddress)
            try await f.store.setSetting(sampleAddress.lowercased(), for: .selectedDevice)

            let removed = try await f.store.unpair(sampleAddress.lowercased())
            #expect(removed.childName == "Emma")
            #expect(try await f.store.devices().map(\.address) == [otherAddress])
            #expect(try await f.store.string(for: .selectedDevice) == nil)
            let everything = TestClock.start.addingTimeInterval(-1)...TestClock.start.addingTimeInterval(1)
            #expect(try await f.store.history(for: otherAddress, in: everything).count == 1)
            // Pairing again starts with an empty history.
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            #expect(try await f.store.history(for: sampleAddress, in: everything).isEmpty)

            // Unpairing another device keeps a selection that is not it.
            try await f.store.setSetting(sampleAddress, for: .selectedDevice)
            try await f.store.unpair(otherAddress)
            #expect(try await f.store.string(for: .selectedDevice) == sampleAddress)
        }
    }

    @Test func devicesAreListedByChildName() async throws {
        try await withFixture { f in
            try await f.store.pair(address: "C0:00:00:00:00:03", deviceName: "SN-0003", childName: "noah")
            try await f.store.pair(address: "C0:00:00:00:00:01", deviceName: "SN-0001", childName: "Emma")
            try await f.store.pair(address: "C0:00:00:00:00:02", deviceName: "SN-0002", childName: "Liam")
            #expect(try await f.store.devices().map(\.childName) == ["Emma", "Liam", "noah"])
        }
    }

    @Test func findDeviceByAddressChildNameOrDeviceName() async throws {
        try await withFixture { f in
            let emma = try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            let noah = try await f.store.pair(address: otherAddress, deviceName: "SN-2A01", childName: "Noah")
            #expect(try await f.store.findDevice("emma") == emma)
            #expect(try await f.store.findDevice(" NOAH ") == noah)
            #expect(try await f.store.findDevice("sn-16f3") == emma)
            #expect(try await f.store.findDevice(otherAddress.lowercased()) == noah)
        }
    }

    @Test func findDeviceReportsAmbiguityAndAbsence() async throws {
        try await withFixture { f in
            await expectStoreError(.deviceNotFound, "\"Emma\"", "no nightlight is paired yet") {
                try await f.store.findDevice("Emma")
            }
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.pair(address: otherAddress, deviceName: "Emma", childName: "Noah")
            await expectStoreError(
                .ambiguousDevice, "\"EMMA\" matches 2", sampleAddress, otherAddress, "use the address"
            ) {
                try await f.store.findDevice("EMMA")
            }
            await expectStoreError(.deviceNotFound, "\"Liam\"", "Emma (SN-16F3, \(sampleAddress))") {
                try await f.store.findDevice("Liam")
            }
            // The address settles it even when a name would be ambiguous.
            let byAddress = try await f.store.findDevice(sampleAddress)
            #expect(byAddress.childName == "Emma")
        }
    }

    @Test func deviceUpdatesFollowChanges() async throws {
        try await withFixture { f in
            var updates = f.store.deviceUpdates().makeAsyncIterator()
            #expect(try await updates.next() == [])
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            #expect(try await updates.next()?.map(\.childName) == ["Emma"])
            try await f.store.renameChild(of: sampleAddress, to: "Zoé")
            #expect(try await updates.next()?.map(\.childName) == ["Zoé"])
        }
    }

    @Test func recordsAreCodable() async throws {
        try await withFixture { f in
            let device = try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            let json = try JSONEncoder().encode(device)
            #expect(try JSONDecoder().decode(PairedDevice.self, from: json) == device)
            #expect(device.id == sampleAddress)
        }
    }

    /// The list is kept in memory between changes (issue 17): a change by this store, by a
    /// second store on the same file (as a `nightlight` command in another process is), and by
    /// a raw SQLite connection that bypasses the store altogether, each shows at the next call.
    @Test func theListShowsEveryChangeWhoeverMadeIt() async throws {
        try await withFixture { f in
            let other = try f.reopen()
            defer { try? other.close() }
            #expect(try await f.store.devices().isEmpty)
            try await other.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            #expect(try await f.store.devices().map(\.childName) == ["Emma"])
            #expect(try await f.store.devices().map(\.childName) == ["Emma"], "unchanged: the same list")
            try await f.store.renameChild(of: sampleAddress, to: "Mia")
            #expect(try await f.store.devices().map(\.childName) == ["Mia"])
            #expect(try await other.devices().map(\.childName) == ["Mia"])
            try await other.pair(address: "C4:4E:4C:00:00:02", deviceName: "SN-0002", childName: "Ada")
            #expect(try await f.store.devices().map(\.childName) == ["Ada", "Mia"])
            let raw = try DatabaseQueue(path: f.path)
            try await raw.write { db in try db.execute(sql: "UPDATE pairedDevice SET childName = 'Zoe' WHERE childName = 'Ada'") }
            try raw.close()
            #expect(try await f.store.devices().map(\.childName) == ["Mia", "Zoe"])
            try await other.unpair(sampleAddress)
            #expect(try await f.store.devices().map(\.childName) == ["Zoe"])
        }
    }

    /// `device(address:)` answers from the kept list as the `address` column compares (SQLite's
    /// `NOCASE`: ASCII letters without case, nothing else folded), and sees another store's pairing.
    @Test func oneDeviceIsFoundAsTheColumnComparesAddresses() async throws {
        try await withFixture { f in
            let other = try f.reopen()
            defer { try? other.close() }
            #expect(try await f.store.device(address: sampleAddress) == nil)
            try await other.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            #expect(try await f.store.device(address: sampleAddress.lowercased())?.childName == "Emma")
            #expect(try await f.store.device(address: " " + sampleAddress) == nil)
            try await other.unpair(sampleAddress)
            #expect(try await f.store.device(address: sampleAddress) == nil)
            // The same answers as SQLite's NOCASE for addresses that differ only outside ASCII.
            let raw = try DatabaseQueue(path: f.path)
            defer { try? raw.close() }
            for (stored, asked) in [("C4:4E:4C:00:00:0É", "c4:4e:4c:00:00:0é"), ("C4:4E:4C:00:00:0É", "c4:4e:4c:00:00:0É"), ("AB:[]:@`:{}", "ab:{}:@`:[]")] {
                try await other.pair(address: stored, deviceName: "SN-X", childName: "X")
                let sqlite = try await raw.read { db in
                    try Bool.fetchOne(db, sql: "SELECT ? = ? COLLATE NOCASE", arguments: [stored, asked]) ?? false
                }
                #expect((try await f.store.device(address: asked) != nil) == sqlite, "\(stored) against \(asked)")
                try await other.unpair(stored)
            }
        }
    }

    /// A store in memory sees its own changes at once.
    @Test func anInMemoryListShowsItsOwnChanges() async throws {
        let store = try NightlightStore.inMemory()
        #expect(try await store.devices().isEmpty)
        try await store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
        #expect(try await store.devices().map(\.childName) == ["Emma"])
        try await store.renameChild(of: sampleAddress, to: "Mia")
        #expect(try await store.devices().map(\.childName) == ["Mia"])
        try await store.unpair(sampleAddress)
        #expect(try await store.devices().isEmpty)
    }
}
