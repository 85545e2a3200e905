import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETransport
import BLEVirtual
import Logging
import Testing

/// The `sim` transport: our central host in process, virtual devices each our own host in the
/// peripheral role, all on one virtual link (real time, fast advertising).
@Suite(.timeLimit(.minutes(1)))
struct SimWorldTests {
    static let quiet = Logger(label: "test.sim", factory: { _ in SwiftLogNoOpLogHandler() })
    static let batteryService = BluetoothUUID("180F")
    static let batteryLevel = BluetoothUUID("2A19")

    /// A battery-powered device named `name` that advertises every 20 ms.
    static func device(_ name: String, _ address: String, level: UInt8) throws -> GATTPeripheralDevice {
        GATTPeripheralDevice(
            name: name,
            address: try DeviceAddress(parsing: address),
            advertisingData: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName(name))]),
            scanResponse: try AdvertisingData([.serviceUUIDs(ServiceUUIDList(uuids: [batteryService], size: .bits16, isComplete: false))]),
            advertisingParameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(20))
        ) {
            try GATTServer(services: [
                GATTServiceDefinition(uuid: batteryService, characteristics: [
                    GATTCharacteristicDefinition(uuid: batteryLevel, properties: [.read, .notify], value: [level]),
                ]),
            ])
        }
    }

    static let factory = SimWorld.transportFactory { world in
        try await world.add(device("Near", "00:1B:DC:44:00:01", level: 80), distance: 1)
        try await world.add(device("Far", "00:1B:DC:44:00:02", level: 20), distance: 8)
    }

    /// Scans until every name in `names` was seen (active scanning: scan responses merged).
    static func scan(_ host: BLEHost, for names: Set<String>) async throws -> [String: HostDiscovery] {
        var seen: [String: HostDiscovery] = [:]
        for try await discovery in try await host.scan(ScanParameters(isActive: true)) {
            guard let name = discovery.name, names.contains(name), discovery.advertisement.scanResponse != nil else { continue }
            seen[name] = discovery
            if seen.count == names.count { break }
        }
        try await host.stopScan()
        return seen
    }

    @Test func simTransportFindsConnectsReadsAndShutsDownOnClose() async throws {
        let transport = try await Transports.open("sim", options: TransportOptions(logger: Self.quiet), sim: Self.factory)
        let sim = try #require(transport as? SimTransport)
        let world = sim.world
        #expect(await world.devices.map(\.device.name) == ["Near", "Far"])
        let host = BLEHost(transport: transport, clock: ContinuousClock(), logger: Self.quiet)
        let info = try await host.start()
        #expect(info.address == SimWorld.firstCentralAddress)

        let seen = try await Self.scan(host, for: ["Near", "Far"])
        let near = try #require(seen["Near"])
        let far = try #require(seen["Far"])
        #expect(near.advertisement.serviceUUIDs == [Self.batteryService], "from the scan response")
        #expect((near.rssi ?? -127) > (far.rssi ?? 0) + 10, "1 m against 8 m: about 18 dB apart")

        let connection = try await host.connect(to: far.address)
        let database = try await connection.gattClient.discoverAll()
        let level = try #require(database.characteristic(Self.batteryLevel))
        #expect(try await connection.gattClient.read(handle: level.valueHandle) == [20])
        try await connection.disconnect()

        await host.stop()  // closes the transport, which owns the world
        #expect(await world.devices.isEmpty)
        #expect(world.link.controllers.isEmpty)
        await #expect(throws: VirtualError.self) { try await world.add(Self.device("Late", "00:1B:DC:44:00:09", level: 1)) }
    }

    @Test func eachAddressOnce() async throws {
        let world = SimWorld(logger: Self.quiet)
        try await world.add(Self.device("One", "00:1B:DC:44:00:01", level: 1))
        let error = await #expect(throws: VirtualError.self) {
            try await world.add(Self.device("Two", "00:1B:DC:44:00:01", level: 2))
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("00:1B:DC:44:00:01") == true)
        let central = try await world.makeCentral()
        #expect(central.controller.publicAddress == SimWorld.firstCentralAddress)
        let second = try await world.makeCentral()
        #expect(second.controller.publicAddress.value == SimWorld.firstCentralAddress.value + 1)
        await #expect(throws: VirtualError.self) { try await world.makeCentral(address: try DeviceAddress(parsing: "00:1B:DC:44:00:01")) }
        await central.close()
        #expect(world.link.controllers.count == 2, "the device and the second central")
        await world.shutDown()
        #expect(world.link.controllers.isEmpty)
    }

    @Test func removingADeviceEndsItsConnections() async throws {
        let world = SimWorld(logger: Self.quiet)
        let running = try await world.add(Self.device("Gone", "00:1B:DC:44:00:03", level: 50))
        let host = BLEHost(transport: try await world.makeCentral(), clock: world.clock, logger: Self.quiet)
        try await host.start()
        _ = try await Self.scan(host, for: ["Gone"])
        let connection = try await host.connect(to: running.address)
        #expect(await world.remove(running.address))
        #expect(await !world.remove(running.address))
        let ended = await connection.waitUntilDisconnected()
        #expect(ended.status == .connectionTimeout)
        await #expect(throws: (any Error).self) { _ = try await connection.gattClient.discoverAll() }
        await host.stop()
        await world.shutDown()
    }

    @Test func movingADeviceChangesItsSignal() async throws {
        let world = SimWorld(logger: Self.quiet)
        let running = try await world.add(Self.device("Mover", "00:1B:DC:44:00:04", level: 50), distance: 1)
        let host = BLEHost(transport: try await world.makeCentral(), clock: world.clock, logger: Self.quiet)
        try await host.start()
        let before = try #require(try await Self.scan(host, for: ["Mover"])["Mover"]?.rssi)
        #expect(await world.setDistance(20, of: running.address))
        #expect(await !world.setDistance(20, of: try DeviceAddress(parsing: "00:1B:DC:44:00:99")))
        let after = try #require(try await Self.scan(host, for: ["Mover"])["Mover"]?.rssi)
        #expect(before - after >= 20, "1 m to 20 m: 26 dB weaker, give or take the noise")
        await host.stop()
        await world.shutDown()
    }

    /// A device whose firmware fails at once: logged, and the world goes on.
    struct BrokenDevice: VirtualDevice {
        let name = "Broken"
        let address = try! DeviceAddress(parsing: "00:1B:DC:44:00:05")
        func run(_ context: VirtualDeviceContext) async throws {
            throw VirtualError(.invalidArgument, "no firmware")
        }
    }

    @Test func aFailingFirmwareLeavesTheWorldRunning() async throws {
        let world = SimWorld(logger: Self.quiet)
        try await world.add(BrokenDevice())
        try await world.add(Self.device("Fine", "00:1B:DC:44:00:06", level: 9))
        let host = BLEHost(transport: try await world.makeCentral(), clock: world.clock, logger: Self.quiet)
        try await host.start()
        #expect(try await Self.scan(host, for: ["Fine"])["Fine"] != nil)
        await host.stop()
        await world.shutDown()
    }
}
