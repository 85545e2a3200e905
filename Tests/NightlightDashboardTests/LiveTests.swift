import Foundation
import HummingbirdTesting
import NightlightStore
import Synchronization
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: live updates")
struct LiveTests {
    static let address = DashboardFixture.factorySN

    @Test func theLiveRouteChecksTheAddressBeforeUpgrading() async throws {
        try await DashboardFixture().test { client in
            let bad = try await client.call(.get, "/api/live?address=kitchen")
            #expect(bad.status == .badRequest)
            #expect(bad.string("error.field") == "address")
            let unpaired = try await client.call(.get, "/api/live?address=\(Self.address)")
            #expect(unpaired.status == .notFound)
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let paired = try await client.call(.get, "/api/live?address=\(Self.address)")
            #expect(paired.status == .ok)
        }
    }

    @Test func theFeedSendsEveryKindOfUpdateAndHoldsTheConnection() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            _ = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##)
            let wanted: Set<String> = ["connection", "activeState", "battery", "power", "clock", "button"]
            let seen = try await untilDeadline(.seconds(10), otherwise: Set<String>()) {
                    var seen: Set<String> = []
                    for try await message in LiveFeed(link: fixture.server.link, firmwareUpdates: fixture.server.firmwareUpdates, address: Self.address).messages() {
                        #expect(message.type != "error", "\(message.message ?? "")")
                        seen.insert(message.type)
                        if seen.isSuperset(of: wanted) { break }
                    }
                    return seen
            }
            #expect(seen.isSuperset(of: wanted), "\(seen)")
            #expect(await fixture.server.link.isConnected(Self.address))
            let proof = try await client.call(.put, "/api/devices/\(Self.address)/proof", ##"{"on": false}"##)
            #expect(proof.status == .ok)
        }
    }

    @Test func liveBatteryReadingsGoIntoTheHistoryOncePerChange() async throws {
        let store = try NightlightStore.inMemory()
        try await store.pair(address: Self.address, deviceName: "SN-0001", childName: "Mia")
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let recorder = BatteryHistoryRecorder(store: store, now: { clock.withLock { $0 } })
        let battery = { (level: Int) in LiveMessage(type: "battery", batteryLevel: level) }
        let power = { (charging: Bool) in LiveMessage(type: "power", isCharging: charging) }
        await recorder.observe(battery(80), address: Self.address)       // charging not known yet
        await recorder.observe(power(false), address: Self.address)      // 80 %, on battery: the baseline
        await recorder.observe(battery(80), address: Self.address)       // a second page: same
        await recorder.observe(LiveMessage(type: "clock"), address: Self.address)
        await recorder.observe(battery(79), address: Self.address)       // changed
        await recorder.observe(power(true), address: Self.address)       // changed
        clock.withLock { $0 += BatteryHistoryRecorder.interval + 1 }
        await recorder.observe(battery(79), address: Self.address)       // unchanged, but due again
        let range = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 2_000_000_000)
        let entries = try await store.history(for: Self.address, in: range, kinds: [.battery])
        let events = entries.map { "\($0.event)" }
        #expect(entries.count == 3, "\(events)")
    }
}
