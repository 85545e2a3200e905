import BLE
import BLECore
import BLEHost
import BLESimulation
import Foundation
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The SN client's side of §9: pairing bonds, a closed pairing window tells the user to hold the
/// button, a SN that lost our bond says so and pairs again, unpairing deletes both copies.
@Suite(.timeLimit(.minutes(2)))
struct NightlightClientPairingTests {
    typealias Bench = NightlightClientTests.Bench

    /// Another computer on the bench's world: its own controller and bonds.
    static func otherClient(_ bench: Bench, address: String) async throws -> (Central, NightlightClient) {
        let backend = HostBackend(host: BLEHost(
            transport: try await bench.world.makeCentral(address: try DeviceAddress(parsing: address)), clock: bench.world.clock,
            logger: NightlightClientTests.quiet
        ))
        try await backend.start()
        let central = Central(backend: backend)
        let wanted = bench.device.address
        let heard = try await central.scan(for: .seconds(5), until: { $0.address == wanted })
        return (central, NightlightClient(try #require(heard.first { $0.address == wanted }).peripheral))
    }

    @Test func pairingBondsAndUnpairingDeletesBothCopies() async throws {
        let bench = try await Bench()
        #expect(try await bench.client.secure() == .paired)
        #expect(bench.client.peripheral.security.isEncrypted)
        #expect(try await bench.central.bonds().map(\.peer) == [bench.device.address])
        #expect(try await VirtualNightlightWorld.eventually { try await bench.device.bonds().count == 1 }, "the SN stores the bond a moment after the central")
        #expect(try await bench.client.secure() == .encrypted, "already secure")
        #expect(try await bench.client.unpair(), "the SN deleted its copy")
        #expect(try await bench.device.bonds().isEmpty)
        #expect(try await bench.central.bonds().isEmpty)
        #expect(try await bench.device.isPairingWindowOpen())
        await bench.close()
    }

    @Test func aClosedWindowTellsTheUserToHoldTheButton() async throws {
        let bench = try await Bench()
        _ = try await bench.client.pair(childName: "Ada")
        let (central, other) = try await Self.otherClient(bench, address: "00:1B:DC:5E:00:42")
        let refused = await #expect(throws: NightlightError.self) { try await other.secure() }
        #expect(refused?.code == .pairingWindowClosed)
        #expect(refused?.message.contains("hold the nightlight's child button for 3 s") == true, "\(refused?.message ?? "")")
        #expect(refused?.message.contains("0x05") == true)
        // The first access of a second computer pairs on demand, and is refused the same way.
        let onDemand = await #expect(throws: NightlightError.self) { _ = try await other.read(.childName) }
        #expect(onDemand?.code == .pairingWindowClosed, "\(onDemand?.message ?? "")")

        #expect(try await bench.device.hold(seconds: 3) == .pairingWindowOpened)
        if !other.peripheral.isConnected { try await other.connect() }
        #expect(try await other.secure() == .paired)
        #expect(try await other.read(.childName) == "Ada")
        await central.close()
        await bench.close()
    }

    @Test func aNightlightThatLostOurBondSaysSoAndPairsAgain() async throws {
        let bench = try await Bench()
        _ = try await bench.client.pair(childName: "Ada")
        try await bench.client.peripheral.disconnect()
        #expect(try await bench.device.hold(seconds: 10) == .factoryReset)
        try await bench.client.connect()
        let lost = await #expect(throws: NightlightError.self) { _ = try await bench.client.read(.childName) }
        #expect(lost?.code == .bondLost, "\(lost?.message ?? "")")
        #expect(lost?.message.contains("pair again") == true)
        if !bench.client.peripheral.isConnected { try await bench.client.connect() }
        #expect(try await bench.client.secure() == .paired, "a reset SN's window is open")
        #expect(try await bench.client.read(.childName) == "")
        await bench.close()
    }

    @Test func theErrorOfAClosedWindowNamesTheFix() {
        var error = BLEError(.pairingFailed, "the peer ended the pairing: pairing is not supported")
        error.pairingFailure = SMPPairingFailure(reason: .pairingNotSupported, origin: .peer)
        let mapped = NightlightError.bluetooth(error, "pairing with SN-0001")
        #expect(mapped.code == .pairingWindowClosed)
        #expect(mapped.message.hasPrefix("pairing with SN-0001: the nightlight is not accepting a new pairing"))
        #expect(mapped.message.hasSuffix("hold the nightlight's child button for 3 s (its pairing window then stays open for 60 s) and try again"))
        error.pairingFailure = SMPPairingFailure(reason: .pairingNotSupported, origin: .local)
        #expect(NightlightError.bluetooth(error, "pairing").code == .pairingFailed, "only the SN's own refusal means its window")
        #expect(NightlightError.bluetooth(BLEError(.keyMissing, "no key"), "reading Child Name").code == .bondLost)
    }
}
