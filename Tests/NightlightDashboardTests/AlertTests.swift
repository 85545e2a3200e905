import Foundation
import Nightlight
import NightlightStore
import Testing

@testable import NightlightDashboard

@Suite("Alerts")
struct AlertTests {
    static let address = DashboardFixture.secondSN
    static let absent = "C4:4E:4C:00:00:09"

    /// A monitor on an in-memory store with Mia's nightlight paired, its clock at `now`.
    static func monitor(now: @escaping @Sendable () -> Date = { Date() }) async throws -> (AlertMonitor, NightlightStore) {
        let store = try NightlightStore.inMemory(now: now)
        try await store.pair(address: address, deviceName: "SN-0002", childName: "Mia")
        return (AlertMonitor(store: store, now: now), store)
    }

    static func kinds(_ store: NightlightStore) async throws -> [String] {
        try await store.openAlerts().compactMap { entry in
            if case .alert(let kind, _, _, _) = entry.event { kind } else { nil }
        }
    }

    @Test func aLowBatteryIsRaisedOnceAndClearsWhenCharging() async throws {
        let (monitor, store) = try await Self.monitor()
        await monitor.observe(LiveMessage(type: "power", isCharging: false), address: Self.address)
        await monitor.observe(LiveMessage(type: "battery", batteryLevel: 40), address: Self.address)
        #expect(try await Self.kinds(store).isEmpty)
        for level in [19, 18, 15] {
            await monitor.observe(LiveMessage(type: "battery", batteryLevel: level), address: Self.address)
        }
        let low = try await store.openAlerts()
        #expect(low.count == 1, "one alert for the whole drop, not one a reading")
        #expect(low.first?.event == .alert(kind: "batteryLow", severity: "warning", value: 19, clearedAt: nil))

        // Under 5 %: critical replaces low.
        await monitor.observe(LiveMessage(type: "battery", batteryLevel: 4), address: Self.address)
        #expect(try await Self.kinds(store) == ["batteryCritical"])
        let critical = try await monitor.openAlerts()
        #expect(critical.first?.severity == "critical")
        #expect(critical.first?.childName == "Mia")
        #expect(critical.first?.value == 4)

        // Plugged in: the level rises before the power notification says so: that raises
        // nothing (not "low" at 5 %), and the charging state then clears what held.
        await monitor.observe(LiveMessage(type: "battery", batteryLevel: 5), address: Self.address)
        #expect(try await Self.kinds(store).isEmpty)
        await monitor.observe(LiveMessage(type: "power", isCharging: true), address: Self.address)
        #expect(try await Self.kinds(store).isEmpty)
        let history = try await store.history(for: Self.address, in: .distantPast ... .distantFuture, kinds: [.alert])
        #expect(history.count == 2)
        for entry in history {
            guard case .alert(_, _, _, let cleared) = entry.event else { Issue.record("not an alert: \(entry)"); continue }
            #expect(cleared != nil)
        }
    }

    @Test func aNewMonitorKnowsTheOpenAlerts() async throws {
        let (monitor, store) = try await Self.monitor()
        await monitor.observeFirmware(Self.address, failed: true)
        await monitor.observeFirmware(Self.address, failed: true)
        #expect(try await Self.kinds(store) == ["firmwareFailed"])
        // The dashboard started again: the alert is not raised a second time, and clears.
        let again = AlertMonitor(store: store, now: { Date() })
        await again.observeFirmware(Self.address, failed: true)
        #expect(try await store.openAlerts().count == 1)
        await again.observeFirmware(Self.address, failed: false)
        #expect(try await Self.kinds(store).isEmpty)
    }

    @Test func theClockAlertsFollowTheChecks() async throws {
        let (monitor, store) = try await Self.monitor()
        await monitor.observeClock(Self.address, decision: .askUser, offset: -7200, written: false)
        await monitor.observeClock(Self.address, decision: .askUser, offset: -7260, written: false)
        #expect(try await store.openAlerts().map(\.event) == [.alert(kind: "clockOff", severity: "warning", value: -7200, clearedAt: nil)])
        await monitor.observeClock(Self.address, decision: .askUser, offset: -7200, written: true)
        await monitor.observeClock(Self.address, decision: .clockNotSet, offset: nil, written: false)
        #expect(try await Self.kinds(store) == ["clockNotSet"])
        await monitor.observeClock(Self.address, decision: .inSync, offset: 0.4, written: false)
        #expect(try await Self.kinds(store).isEmpty)
    }

    @Test func unreachableOnlyAfterAnHourUnseen() async throws {
        let shift = DashboardFixture.ClockShift()
        let (monitor, store) = try await Self.monitor(now: { Date().addingTimeInterval(shift.seconds.withLock { $0 }) })
        await monitor.observeReach(Self.address, reached: false)
        #expect(try await Self.kinds(store).isEmpty, "seen just now: one failed attempt is no alert")
        shift.seconds.withLock { $0 = 3601 }
        await monitor.observeReach(Self.address, reached: false)
        await monitor.observeReach(Self.address, reached: false)
        #expect(try await Self.kinds(store) == ["unreachable"])
        await monitor.observe(LiveMessage(type: "connection", connection: "connected"), address: Self.address)
        #expect(try await Self.kinds(store).isEmpty)
        // Unpaired: its alerts go with it, and nothing is raised for it any more.
        await monitor.observeFirmware(Self.address, failed: true)
        try await store.unpair(Self.address)
        await monitor.forget(Self.address)
        await monitor.observeFirmware(Self.address, failed: true)
        #expect(try await store.openAlerts().isEmpty)
    }

    @Test func theRoutesRaiseAndClearAlerts() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let base = "/api/devices/\(Self.address)"
            #expect(try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##).status == .created)
            let none = try await client.call(.get, "/api/alerts")
            #expect(none.status == .ok && none.array("alerts").isEmpty, "\(none.text)")
            #expect(try await client.call(.get, "/api/alerts", token: nil).status == .unauthorized)

            // The hub's clock moves 2 hours: the nightlight's is 2 hours off.
            fixture.clockShift.seconds.withLock { $0 = 2 * 3600 }
            #expect(try await client.call(.get, "\(base)/status").status == .ok)
            #expect(try await client.call(.get, "\(base)/status").status == .ok)
            let off = try await client.call(.get, "/api/alerts")
            #expect(off.array("alerts").count == 1, "\(off.text)")
            #expect(off.string("alerts.0.kind") == "clockOff")
            #expect(off.string("alerts.0.childName") == "Mia")
            #expect(off.string("alerts.0.address") == Self.address)
            #expect((off["alerts.0.value"] as? Double).map { abs($0 + 7200) < 60 } == true, "\(off.text)")
            #expect(off["alerts.0.startedAt"] is String)

            #expect(try await client.call(.post, "\(base)/clock/sync", ##"{"accept": true}"##)["written"] as? Bool == true)
            #expect(try await client.call(.get, "/api/alerts").array("alerts").isEmpty)
            let history = try await client.call(.get, "\(base)/history?kind=alert&days=1")
            #expect(history.array("entries").count == 1, "\(history.text)")
            #expect(history["entries.0.event.alert.clearedAt"] is String, "\(history.text)")

            // A nightlight paired long ago and not heard since: the failed read raises it.
            try await fixture.store.pair(address: Self.absent, deviceName: "SN-0009", childName: "Noa")
            #expect(try await client.call(.get, "/api/devices/\(Self.absent)/status").status == .gatewayTimeout)
            let lost = try await client.call(.get, "/api/alerts")
            #expect(lost.array("alerts").count == 1, "\(lost.text)")
            #expect(lost.string("alerts.0.kind") == "unreachable")
            #expect(lost.string("alerts.0.childName") == "Noa")
        }
    }
}
