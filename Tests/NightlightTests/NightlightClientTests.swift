import BLE
import BLECore
import BLEHost
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Synchronization
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The SN client against our virtual SNs on the sim radio (real time): pairing, the §8 clock
/// rules, notifications as streams, and the firmware update with resume after a lost link.
@Suite(.timeLimit(.minutes(2)))
struct NightlightClientTests {
    static let quiet = Logger(label: "test.client", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A world with SN #0 (factory) and a central on it, through the `BLE` API.
    struct Bench {
        let world: SimWorld
        let central: Central
        let device: VirtualNightlight
        let client: NightlightClient
        let directory: String

        init(mtu: UInt16 = 64) async throws {
            directory = FileManager.default.temporaryDirectory.appending(path: "sn-client-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            world = SimWorld(logger: NightlightClientTests.quiet)
            device = try VirtualNightlight(index: 0, directory: directory)
            try await world.add(device, distance: 1)
            let backend = HostBackend(host: BLEHost(
                transport: try await world.makeCentral(), clock: world.clock, logger: NightlightClientTests.quiet,
                configuration: BLEHost.Configuration(preferredATTMTU: mtu)
            ))
            try await backend.start()
            central = Central(backend: backend)
            let address = device.address
            let heard = try await central.scan(for: .seconds(5), until: { $0.address == address })
            let discovery = try #require(heard.first { $0.address == address })
            #expect(NightlightClient.isNightlight(discovery.advertisement))
            #expect(NightlightClient.advertisedStatus(discovery.advertisement)?.status.contains(.clockNotSet) == true)
            client = NightlightClient(discovery.peripheral)
        }

        func close() async {
            await central.close()
            await world.shutDown()
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// Breaks the link between the central and the SN, as if it went out of range.
        func loseLink() async {
            guard let running = await world.device(at: device.address) else { return }
            for controller in world.link.controllers where controller !== running.controller {
                world.link.simulateLinkLoss(between: controller, and: running.controller)
            }
        }
    }

    @Test func pairingNeedsAChildNameAndKeepsIt() async throws {
        let bench = try await Bench()
        let refused = await #expect(throws: NightlightError.self) { _ = try await bench.client.pair() }
        #expect(refused?.code == .childNameRequired)
        let identity = try await bench.client.pair(childName: "  Ada ")
        #expect(identity.childName == "Ada")
        #expect(identity.model == "SN-1")
        #expect(identity.deviceName == "SN-0001")
        #expect(try await bench.client.read(.childName) == "Ada")
        let tooLong = await #expect(throws: NightlightError.self) { _ = try await bench.client.pair(childName: String(repeating: "x", count: 21)) }
        #expect(tooLong?.code == .invalidValue)
        await bench.close()
    }

    @Test func clockFollowsTheRulesOfSection8() async throws {
        let bench = try await Bench()
        try await bench.client.connect()
        let zone = TimeZone(identifier: "Europe/Paris")!
        let now = Date()
        // A factory SN's clock is not set: written at once, without asking.
        let first = try await bench.client.syncClock(now: { now }, timeZone: zone)
        #expect(first.check.decision == .clockNotSet)
        #expect(first.written)
        #expect(try await bench.client.checkClock(now: Date(), timeZone: zone).decision == .inSync)

        // Ten minutes off: updated, and the user told.
        let later = now.addingTimeInterval(600)
        let notify = try await bench.client.syncClock(now: { later }, timeZone: zone)
        #expect(notify.check.decision == .updateAndNotify)
        #expect(notify.written)

        // Forty minutes off: asked; a refusal leaves the clock alone, an acceptance writes it.
        let muchLater = later.addingTimeInterval(2400)
        let refused = try await bench.client.syncClock(now: { muchLater }, timeZone: zone) { _ in false }
        #expect(refused.check.decision == .askUser)
        #expect(!refused.written)
        let accepted = try await bench.client.syncClock(now: { muchLater }, timeZone: zone) { _ in true }
        #expect(accepted.written)
        #expect(try await bench.client.checkClock(now: muchLater, timeZone: zone).decision == .inSync)
        let forced = try await bench.client.syncClock(now: { muchLater }, timeZone: zone, force: true)
        #expect(forced.check.decision == .forcedUpdate)
        await bench.close()
    }

    @Test func activeStateArrivesAsAStream() async throws {
        let bench = try await Bench()
        try await bench.client.connect()
        let states = try await bench.client.values(.activeState)
        var iterator = states.makeAsyncIterator()
        #expect(try await iterator.next()?.mode == .idle, "the current value first")
        try await bench.client.write(.ledColor(1), RGBColor(rgb: 0x102030))
        try await bench.client.write(.ledProofMode, true)
        var proof: ActiveState?
        while let state = try await iterator.next() {
            if state.mode == .proof { proof = state; break }
        }
        #expect(proof?.colors.first == RGBColor(rgb: 0x102030))
        let invalid = await #expect(throws: NightlightError.self) {
            try await bench.client.write(.weekSchedule, WeekSchedule(name: "Holes", groups: [DayGroup(name: "Mon", days: [.monday])]))
        }
        #expect(invalid?.code == .invalidValue, "refused before sending: the days do not cover the week")
        await bench.close()
    }

    /// The link is lost once the SN holds `fraction` of the image; the update resumes from there.
    @Test(arguments: [0.0, 0.3, 0.8])
    func firmwareUpdateResumesAfterALostLink(fraction: Double) async throws {
        let bench = try await Bench(mtu: 64)
        try await bench.client.connect()
        let image = FirmwareImage.testImage(version: "2.0.1", payloadSize: 6000)
        let lost = Mutex(false)
        let phases = Mutex<[FirmwareUpdateProgress.Phase]>([])
        let version = try await bench.client.updateFirmware(image) { progress in
            phases.withLock { $0.append(progress.phase) }
            guard progress.phase == .sending, progress.sent >= Int(Double(progress.total) * fraction) else { return }
            let first = lost.withLock { was in defer { was = true }; return !was }
            if first { Task { await bench.loseLink() } }
        }
        #expect(version == "2.0.1")
        #expect(lost.withLock { $0 })
        #expect(phases.withLock { $0.contains(.resuming) }, "the transfer resumed")
        #expect(phases.withLock { $0.last } == .done)
        #expect(try await bench.client.read(.firmwareRevision) == "2.0.1")
        await bench.close()
    }

    @Test func aRejectedImageKeepsTheOldFirmware() async throws {
        let bench = try await Bench()
        try await bench.client.connect()
        let other = FirmwareImage.testImage(version: "9.9.9", payloadSize: 2000, model: "SN-2")
        let error = await #expect(throws: NightlightError.self) { _ = try await bench.client.updateFirmware(other) }
        #expect(error?.code == .firmwareUpdate)
        #expect(error?.message.contains("old firmware keeps running") == true, "\(error?.message ?? "")")
        #expect(try await bench.client.read(.firmwareRevision) == "1.0.0")
        await bench.close()
    }

    @Test func anUnsignedImageIsRefusedBeforeSendingAndAnotherKeysByTheSN() async throws {
        let bench = try await Bench()
        try await bench.client.connect()
        let unsigned = FirmwareImage.unsigned(version: "1.5.0", payload: Array(repeating: 7, count: 500))
        let early = await #expect(throws: NightlightError.self) { _ = try await bench.client.updateFirmware(unsigned) }
        #expect(early?.code == .invalidValue)
        #expect(early?.valueError?.code == .unsignedImage)
        #expect(early?.message.contains("this image is not signed (header version 1); SN firmware 1.1 accepts signed images only") == true, "\(early?.message ?? "")")
        #expect(try await bench.device.status().firmwareBytesReceived == 0, "nothing was sent")

        let foreign = FirmwareImage.testImage(version: "1.5.0", payloadSize: 1500, signingKey: .generate())
        let late = await #expect(throws: NightlightError.self) { _ = try await bench.client.updateFirmware(foreign) }
        #expect(late?.code == .firmwareUpdate)
        #expect(late?.message.contains("validating the image: the SN answered image rejected") == true, "\(late?.message ?? "")")
        #expect(late?.message.contains("not signed with the vendor key this SN holds") == true)
        #expect(try await bench.client.read(.firmwareRevision) == "1.0.0")
        await bench.close()
    }
}
