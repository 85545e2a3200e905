import BLECore
import BLESimulation
import Foundation
import HummingbirdTesting
import Synchronization
import Testing
@testable import DashboardShell
@testable import NightlightDashboard
@testable import NightlightSimulation

/// Pairing through the dashboard as SN profile §9 has it: the pairing window, a nightlight that
/// lost the dashboard's bond, and unpairing that deletes the bond on the nightlight too.
@Suite("Dashboard: pairing, the pairing window and lost bonds")
struct PairingRouteTests {
    static let address = DashboardFixture.factorySN
    static let pair = ##"{"address": "C4:4E:4C:00:00:01", "childName": "Mia"}"##

    /// The virtual nightlights of a fixture, as its world made them.
    final class Nightlights: Sendable {
        let made = Mutex<[VirtualNightlight]>([])
        let world = Mutex<SimWorld?>(nil)
        var first: VirtualNightlight { made.withLock { $0[0] } }

        func populate(_ world: SimWorld, _ directory: String) async throws {
            let first = try VirtualNightlight(index: 0, directory: directory)
            let second = try VirtualNightlight(index: 1, directory: directory)
            made.withLock { $0 = [first, second] }
            self.world.withLock { $0 = world }
            try await world.add(first, distance: 1.5)
            try await world.add(second, distance: 3)
        }
    }

    /// A fixture and its nightlights.
    static func fixture() async throws -> (DashboardFixture, Nightlights) {
        let nightlights = Nightlights()
        return (try await DashboardFixture(populate: nightlights.populate), nightlights)
    }

    @Test func theScanShowsWhichNightlightsAcceptAPairing() async throws {
        let (fixture, nightlights) = try await Self.fixture()
        try await fixture.test { client in
            #expect(try await client.call(.post, "/api/devices/pair", Self.pair).status == .created)
            // Bonded now, and no button held: the window is closed (§9.1).
            try await nightlights.first.waitUntilIdle()
            let scan = try await client.call(.get, "/api/scan?seconds=1.5")
            let entries = scan.array().compactMap { $0 as? [String: Any] }
            let first = try #require(entries.first { $0["address"] as? String == Self.address })
            #expect(first["isPairingWindowOpen"] as? Bool == false, "\(first)")
            let second = try #require(entries.first { $0["address"] as? String == DashboardFixture.secondSN })
            #expect(second["isPairingWindowOpen"] as? Bool == true, "a SN with no bond accepts pairings: \(second)")
        }
    }

    @Test func aClosedPairingWindowIsA409ThatSaysToHoldTheButton() async throws {
        let (fixture, nightlights) = try await Self.fixture()
        try await fixture.test { client in
            #expect(try await client.call(.post, "/api/devices/pair", Self.pair).status == .created)
            // Another computer's dashboard: this one forgets its keys and its record, the SN
            // keeps its bond (and so its window stays closed).
            #expect(try await fixture.server.link.forgetBond(Self.address))
            _ = try await fixture.store.unpair(Self.address)
            await fixture.server.link.disconnect(Self.address)

            let refused = try await client.call(.post, "/api/devices/pair", Self.pair)
            #expect(refused.status == .conflict, "\(refused.text)")
            #expect(refused.string("error.code") == "pairingWindowClosed")
            let message = try #require(refused.string("error.message"))
            #expect(message.contains("Hold its child button for 3 seconds"), "\(message)")
            #expect(!message.contains("nightlight pair"), "the page's words, not the command's: \(message)")
            #expect(try await client.call(.get, "/api/devices").array().isEmpty, "nothing is paired after the refusal")

            #expect(try await nightlights.first.hold(seconds: 3) == .pairingWindowOpened)
            let paired = try await client.call(.post, "/api/devices/pair", Self.pair)
            #expect(paired.status == .created, "\(paired.text)")
            // The same radio address paired again: its new keys replaced the old ones.
            #expect(try await nightlights.first.bonds().count == 1)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/status").status == .ok, "encrypted with the new keys")
        }
    }

    @Test func aNightlightThatLostTheBondSaysSoAndPairsAgain() async throws {
        let (fixture, nightlights) = try await Self.fixture()
        try await fixture.test { client in
            #expect(try await client.call(.post, "/api/devices/pair", Self.pair).status == .created)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/status").status == .ok)
            await fixture.server.link.disconnect(Self.address)

            // Reset to factory settings: bonds, child name and schedules are gone (§9.1).
            #expect(try await nightlights.first.hold(seconds: 10) == .factoryReset)
            let lost = try await client.call(.get, "/api/devices/\(Self.address)/status")
            #expect(lost.status == .conflict, "\(lost.text)")
            #expect(lost.string("error.code") == "bondLost")
            #expect(lost.string("error.message")?.contains("Pair it again") == true, "\(lost.text)")
            #expect(try await nightlights.first.bonds().isEmpty, "the dashboard did not pair behind the parent's back")

            // Pairing again: the reset SN has no child name, so one is asked for first.
            let nameless = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)"}"##)
            #expect(nameless.status == .badRequest, "\(nameless.text)")
            #expect(nameless.string("error.code") == "childNameRequired")
            let again = try await client.call(.post, "/api/devices/pair", Self.pair)
            #expect(again.status == .ok, "\(again.text)")
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/status").status == .ok)
            #expect(try await nightlights.first.bonds().count == 1)
        }
    }

    @Test func unpairingDeletesTheBondOnTheNightlightAndHere() async throws {
        let (fixture, nightlights) = try await Self.fixture()
        try await fixture.test { client in
            #expect(try await client.call(.post, "/api/devices/pair", Self.pair).status == .created)
            #expect(try await nightlights.first.bonds().count == 1)
            let unpaired = try await client.call(.delete, "/api/devices/\(Self.address)")
            #expect(unpaired.status == .ok, "\(unpaired.text)")
            #expect(unpaired["deletedOnNightlight"] as? Bool == true)
            #expect(unpaired.string("device.childName") == "Mia")
            #expect(try await nightlights.first.bonds().isEmpty, "op 0x03 deleted the SN's copy")
            #expect(try await fixture.server.link.forgetBond(Self.address) == false, "and ours is gone")
            #expect(try await client.call(.get, "/api/devices").array().isEmpty)
        }
    }

    @Test func unpairingANightlightOutOfReachDeletesOnlyOurKeys() async throws {
        let (fixture, nightlights) = try await Self.fixture()
        try await fixture.test { client in
            #expect(try await client.call(.post, "/api/devices/pair", Self.pair).status == .created)
            await fixture.server.link.disconnect(Self.address)
            let world = try #require(nightlights.world.withLock { $0 })
            #expect(await world.remove(nightlights.first.address))
            let unpaired = try await client.call(.delete, "/api/devices/\(Self.address)")
            #expect(unpaired.status == .ok, "\(unpaired.text)")
            #expect(unpaired["deletedOnNightlight"] as? Bool == false)
            #expect(try await fixture.server.link.forgetBond(Self.address) == false, "our keys are gone")
            #expect(try await client.call(.get, "/api/devices").array().isEmpty)
        }
    }
}
