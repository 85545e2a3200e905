import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Synchronization
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// A `sim` world on a manual clock with virtual SNs and a started central whose own clock never
/// moves (so its timeouts never fire).
///
/// While the world is set up a ticker moves the clock on by 10 ms whenever something sleeps on
/// it, so advertising, scanning and connecting happen. Tests that look at the firmware's time
/// ``pause()`` it and move time with ``pass(_:step:)``, which lets the firmware finish each step
/// (notifications sent, advertising updated, flash written) before the next.
final class VirtualNightlightWorld: Sendable {
    static let quiet = Logger(label: "test.nightlight", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A wall clock the test sets: 2025-03-14 12:00:00 UTC (a Friday) at first, in UTC.
    final class TestWallClock: Sendable {
        let seconds = Mutex(1_741_953_600.0)
        var clock: VirtualNightlight.WallClock {
            VirtualNightlight.WallClock(now: { self.seconds.withLock { $0 } }, utcOffset: { _ in 0 })
        }
        func advance(by seconds: Double) { self.seconds.withLock { $0 += seconds } }
    }

    let clock = ManualClock()
    let world: SimWorld
    let central: BLEHost
    /// The central's controller.
    let centralController: VirtualController
    let nightlights: [VirtualNightlight]
    private let ticking = Mutex(true)
    private let ticker = Mutex<Task<Void, Never>?>(nil)
    private let extraCentrals = Mutex<[BLEHost]>([])

    /// The first SN.
    var nightlight: VirtualNightlight { nightlights[0] }

    /// `centralBonds` is where the central keeps its bonds (a world of its own by default; give
    /// the same store to worlds that run one after another on the same flash, as one computer).
    init(_ nightlights: [VirtualNightlight], logger: Logger = quiet, centralBonds: any BondStore = MemoryBondStore()) async throws {
        self.nightlights = nightlights
        world = SimWorld(clock: clock, logger: logger)
        let transport = try await world.makeCentral()
        centralController = transport.controller
        central = BLEHost(transport: transport, clock: ManualClock(), logger: Self.quiet, configuration: BLEHost.Configuration(bondStore: centralBonds))
        let task = Task { [weak self] in
            while !Task.isCancelled, let self {
                if self.ticking.withLock({ $0 }), self.clock.sleeperCount > 0 { self.clock.advance(by: .milliseconds(10)) }
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        ticker.withLock { $0 = task }
        try await central.start()
        for nightlight in nightlights { try await world.add(nightlight, distance: 1) }
    }

    /// Runs `body` in a world with `nightlights` (one factory SN by default), then stops it.
    static func with(
        _ nightlights: [VirtualNightlight]? = nil,
        logger: Logger = quiet,
        centralBonds: any BondStore = MemoryBondStore(),
        _ body: (VirtualNightlightWorld) async throws -> Void
    ) async throws {
        let world = try await VirtualNightlightWorld(nightlights ?? [try VirtualNightlight(index: 0)], logger: logger, centralBonds: centralBonds)
        do {
            try await body(world)
        } catch {
            await world.stop()
            throw error
        }
        await world.stop()
    }

    func stop() async {
        ticker.withLock { $0?.cancel() }
        for host in extraCentrals.withLock({ $0 }) { await host.stop() }
        await central.stop()
        await world.shutDown()
    }

    /// Stops the ticker: the clock moves only with ``pass(_:step:)``.
    func pause() async throws {
        ticking.withLock { $0 = false }
        for nightlight in nightlights { try await nightlight.waitUntilIdle() }
    }

    /// Starts the ticker again.
    func resume() {
        ticking.withLock { $0 = true }
    }

    /// Moves the clock on by `duration` in steps of at most `step` (and at most 2 s, well under
    /// the hosts' 5 s HCI command timeout), letting every SN's firmware finish what it sends
    /// (HCI commands included) before each step and catch up after it. The ticker stays paused.
    func pass(_ duration: Duration, step: Duration = .seconds(1)) async throws {
        ticking.withLock { $0 = false }
        var left = duration
        while left > .zero {
            for nightlight in nightlights { try await nightlight.waitUntilIdle() }
            let move = min(left, step, .seconds(2))
            clock.advance(by: move)
            left -= move
            for nightlight in nightlights {
                _ = try await nightlight.status()
                try await nightlight.waitUntilIdle()
            }
        }
    }

    /// Polls `condition` (about every millisecond of real time, for up to 2 s) until it holds;
    /// returns whether it did.
    func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        try await Self.eventually(condition)
    }

    /// ``eventually(_:)`` outside a world.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<2000 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(1))
        }
        return try await condition()
    }

    /// Breaks the central's links to the SN at `address` (the first by default) as a radio
    /// failure would (supervision timeout on both sides).
    func loseLink(_ address: DeviceAddress? = nil) async throws {
        let device = try #require(await world.device(at: address ?? nightlight.address))
        world.link.simulateLinkLoss(between: device.controller, and: centralController)
    }

    /// Scans actively until the SN at `address` is seen with its scan response.
    func discover(_ address: DeviceAddress? = nil, using host: BLEHost? = nil) async throws -> HostDiscovery {
        let central = host ?? self.central
        let wanted = address ?? nightlight.address
        var found: HostDiscovery?
        for try await discovery in try await central.scan(ScanParameters(isActive: true))
        where discovery.address == wanted && discovery.advertisement.scanResponse != nil {
            found = discovery
            break
        }
        try await central.stopScan()
        return try #require(found)
    }

    /// Connects to the SN at `address` (the first by default) and discovers its database; with
    /// `secure` (the default) the link is then encrypted with the central's bond, or paired (a
    /// new SN's pairing window is open), since the SN's settings need a bonded link (§9.2).
    func connect(_ address: DeviceAddress? = nil, secure: Bool = true, using host: BLEHost? = nil) async throws -> VirtualNightlightPeer {
        let central = host ?? self.central
        let connection = try await central.connect(to: try await discover(address, using: central).address)
        if secure { _ = try await connection.secure() }
        return VirtualNightlightPeer(connection: connection, database: try await connection.gattClient.discoverAll())
    }

    /// Another central on the world's link (its own controller at `address`, its own bonds in
    /// memory), started; `policy` is how it pairs. It stops with the world.
    func makeCentral(address: DeviceAddress, policy: SMPPairingPolicy = SMPPairingPolicy()) async throws -> BLEHost {
        let transport = try await world.makeCentral(address: address)
        let host = BLEHost(transport: transport, clock: ManualClock(), logger: Self.quiet, configuration: BLEHost.Configuration(pairingPolicy: policy))
        try await host.start()
        extraCentrals.withLock { $0.append(host) }
        return host
    }

    /// A directory of its own for a test's flash files.
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vsn-\(UUID().uuidString)").path
    }
}

/// A connected SN seen from the central.
struct VirtualNightlightPeer {
    let connection: HostConnection
    let database: GATTDiscoveredDatabase

    var client: GATTClient { connection.gattClient }

    func characteristic(_ uuid: BluetoothUUID) throws -> GATTCharacteristic {
        try #require(database.characteristic(uuid))
    }

    func handle(_ uuid: BluetoothUUID) throws -> UInt16 {
        try characteristic(uuid).valueHandle
    }

    func read(_ uuid: BluetoothUUID) async throws -> [UInt8] {
        try await client.readLong(handle: try handle(uuid))
    }

    func write(_ uuid: BluetoothUUID, _ value: [UInt8]) async throws {
        try await client.write(handle: try handle(uuid), value: value)
    }

    /// Writes with Prepare Write Requests and an Execute Write Request.
    func writeLong(_ uuid: BluetoothUUID, _ value: [UInt8]) async throws {
        try await client.writeLong(handle: try handle(uuid), value: value)
    }

    /// Writes and returns the ATT error the SN answers with (nil when it accepts the value).
    func refusal(_ uuid: BluetoothUUID, _ value: [UInt8], long: Bool = false) async throws -> ATTErrorCode? {
        do {
            if long { try await writeLong(uuid, value) } else { try await write(uuid, value) }
            return nil
        } catch let error as GATTError where error.code == .attError {
            return error.attErrorCode
        }
    }

    func subscribe(_ uuid: BluetoothUUID, indicate: Bool? = nil) async throws -> GATTClient.ValueStream.AsyncIterator {
        try await client.subscribe(to: try characteristic(uuid), indicate: indicate).makeAsyncIterator()
    }

    func activeState() async throws -> ActiveState {
        try ActiveState(bytes: try await read(SNUUID.activeState))
    }

    /// Sets the SN's clock.
    func setClock(_ time: SNClockTime) async throws {
        try await write(SNUUID.currentTime, time.encode())
    }
}

extension GATTClient.ValueStream.AsyncIterator {
    /// The next Active State notified.
    mutating func nextActiveState() async throws -> ActiveState {
        try ActiveState(bytes: try #require(try await next()))
    }
}

/// Keeps every message logged, to check what a device reports.
final class CapturingLogHandler: LogHandler, Sendable {
    private let storage = Mutex<[String]>([])
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    /// The messages logged so far, each with its level.
    var messages: [String] { storage.withLock { $0 } }

    func log(event: LogEvent) {
        storage.withLock { $0.append("\(event.level): \(event.message)") }
    }
}
