import Foundation
import HummingbirdTesting
import Testing
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
}
