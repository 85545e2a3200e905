import Foundation
import GRDB
import Testing

@testable import NightlightStore

@Suite("Alerts in the history")
struct AlertHistoryTests {
    @Test func anAlertIsOpenUntilItClears() async throws {
        try await HistoryTests.withDevice { f in
            try await f.store.pair(address: otherAddress, deviceName: "SN-2A01", childName: "Noah")
            let low = try await f.store.appendHistory(
                .alert(kind: "batteryLow", severity: "warning", value: 18, clearedAt: nil), for: sampleAddress)
            f.clock.advance(by: 60)
            let clock = try await f.store.appendHistory(
                .alert(kind: "clockOff", severity: "warning", value: -7200, clearedAt: nil), for: otherAddress)
            #expect(low.event.kind == .alert)
            #expect(try await f.store.openAlerts() == [low, clock])

            f.clock.advance(by: 600)
            let cleared = try #require(try await f.store.clearAlert(low.id))
            #expect(cleared.event == .alert(kind: "batteryLow", severity: "warning", value: 18, clearedAt: TestClock.start + 660))
            #expect(cleared.date == low.date)
            #expect(try await f.store.openAlerts() == [clock])
            // Clearing again, or something that is not an alert, changes nothing.
            #expect(try await f.store.clearAlert(low.id) == nil)
            let battery = try await f.store.appendHistory(.battery(level: 50, isCharging: false), for: sampleAddress)
            #expect(try await f.store.clearAlert(battery.id) == nil)

            let alerts = try await f.store.history(for: sampleAddress, in: .distantPast ... .distantFuture, kinds: [.alert])
            #expect(alerts == [cleared])
            // Unpairing takes the device's alerts with its history.
            try await f.store.unpair(otherAddress)
            #expect(try await f.store.openAlerts().isEmpty)
        }
    }

    @Test func alertFieldsAreChecked() async throws {
        try await HistoryTests.withDevice { f in
            await expectStoreError(.invalidValue, "the alert's kind") {
                try await f.store.appendHistory(.alert(kind: "", severity: "warning", value: nil, clearedAt: nil), for: sampleAddress)
            }
            await expectStoreError(.invalidValue, "not a finite number") {
                try await f.store.appendHistory(.alert(kind: "clockOff", severity: "warning", value: .nan, clearedAt: nil), for: sampleAddress)
            }
            let open = try await f.store.openAlerts()
            #expect(open.isEmpty)
        }
    }

    /// A database of the version before alerts keeps its history through the migration.
    @Test func theMigrationKeepsEarlierHistory() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nightlight.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v2-bonds")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO pairedDevice (address, deviceName, childName, pairedAt, lastSeen)
                    VALUES ('C4:4E:4C:00:00:02', 'SN-0002', 'Mia', '2025-06-15 15:06:40.000', '2025-06-15 15:06:40.000');
                INSERT INTO history (deviceAddress, recordedAt, kind, batteryLevel, isCharging)
                    VALUES ('C4:4E:4C:00:00:02', '2025-06-15 15:06:40.000', 'battery', 64, 1);
                INSERT INTO history (deviceAddress, recordedAt, kind, clockOffset, clockDecision)
                    VALUES ('C4:4E:4C:00:00:02', '2025-06-15 15:07:40.000', 'clockCorrection', 90.5, 'updateSilently');
                """)
        }
        try queue.close()

        let store = try NightlightStore(path: path, now: TestClock().source)
        defer { try? store.close() }
        let entries = try await store.history(for: "C4:4E:4C:00:00:02", in: .distantPast ... .distantFuture)
        #expect(entries.map(\.event) == [.battery(level: 64, isCharging: true), .clockCorrection(offsetSeconds: 90.5, decision: "updateSilently")])
        #expect(entries.map(\.id) == [1, 2])
        let alert = try await store.appendHistory(.alert(kind: "unreachable", severity: "warning", value: nil, clearedAt: nil), for: "C4:4E:4C:00:00:02")
        #expect(alert.id == 3)
        #expect(try await store.integrityProblems().isEmpty)
    }
}
