import BLE
import BLECore
import BLEHCI
import BLEHost
import BLESimulation
import Synchronization
import Testing

/// The controller going away under a connection (an adapter unplugged, the kernel removing it: seen
/// in the Linux VM as `EPIPE` on the HCI user channel). Operations after it must say so and what
/// to do, not "not connected; connect first".
@Suite struct BLERadioLossTests {
    /// Forwards a transport until ``unplug()``; then its packets end with ``Unplugged`` and sends
    /// throw it, as a hung-up HCI socket does.
    final class UnpluggableTransport: HCITransport {
        struct Unplugged: Error, CustomStringConvertible {
            var description: String { "hci-socket:0: the adapter hung up (EPIPE)" }
        }

        let base: any HCITransport
        let packets: AsyncThrowingStream<HCIPacket, any Error>
        private let continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
        private let unplugged = Mutex(false)
        private let pump: Task<Void, Never>

        init(base: any HCITransport) {
            self.base = base
            let (packets, continuation) = AsyncThrowingStream.makeStream(of: HCIPacket.self, throwing: (any Error).self)
            self.packets = packets
            self.continuation = continuation
            pump = Task {
                do {
                    for try await packet in base.packets { continuation.yield(packet) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }

        func unplug() {
            unplugged.withLock { $0 = true }
            continuation.finish(throwing: Unplugged())
        }

        func send(_ packet: HCIPacket) async throws {
            if unplugged.withLock({ $0 }) { throw Unplugged() }
            try await base.send(packet)
        }

        func close() async {
            pump.cancel()
            continuation.finish()
            await base.close()
        }
    }

    @Test(.timeLimit(.minutes(1))) func operationsAfterTheControllerVanishedSayWhatHappened() async throws {
        let world = SimWorld(logger: BLEWorld.quiet)
        try await world.add(BLEWorld.device("Near", BLEWorld.nearAddress, level: 80, log: BLEWorld.Log()), distance: 1)
        let transport = UnpluggableTransport(base: try await world.makeCentral())
        let backend = HostBackend(host: BLEHost(transport: transport, clock: world.clock, logger: BLEWorld.quiet), securesOnDemand: true)
        try await backend.start()
        let central = Central(backend: backend)
        var found: Peripheral?
        for try await discovery in try await central.scan(filter: ScanFilter(nameContains: "Near")) where discovery.name == "Near" {
            found = discovery.peripheral
            break
        }
        let peripheral = try #require(found)
        try await peripheral.connect()
        try await peripheral.discoverAll()
        let level = try #require(peripheral.service(BLEWorld.battery)?.characteristic(BLEWorld.batteryLevel))
        #expect(try await level.read() == [80])
        _ = try await peripheral.readRSSI()

        transport.unplug()
        for await state in peripheral.states() where state == .disconnected { break }

        let rssi = await #expect(throws: BLEError.self) { _ = try await peripheral.readRSSI() }
        #expect(rssi?.code == .radioUnavailable, "\(String(describing: rssi))")
        #expect(rssi?.message.contains("the adapter hung up (EPIPE)") == true, "\(String(describing: rssi))")
        #expect(rssi?.message.contains("reconnect the controller") == true, "\(String(describing: rssi))")
        let read = await #expect(throws: BLEError.self) { _ = try await level.read() }
        #expect(read?.code == .radioUnavailable, "\(String(describing: read))")

        // A link that ends for any other reason still says "connect first" (see BLEAPITests).
        await central.close()
        await world.shutDown()
    }
}
