import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLEVirtual
import Testing

/// Our host in the central role and our host in the peripheral role, each on its own virtual
/// controller, on one virtual link: the whole stack, HCI included (STYLE rule 12).
@Suite(.timeLimit(.minutes(1)))
struct VirtualHostTwoDevicesTests {
    static let centralAddress = VirtualWorld.address("00:1B:DC:00:01:01")
    static let peripheralAddress = VirtualWorld.address("00:1B:DC:00:01:02")

    @Test func centralScansConnectsAndReadsTheBatteryLevel() async throws {
        // Real time, fast advertising: hosts and link share one clock, as the tools run them.
        let clock = ContinuousClock()
        let link = VirtualLink(clock: clock, seed: 1)
        let centralController = VirtualController(publicAddress: Self.centralAddress, name: "central")
        let peripheralController = VirtualController(publicAddress: Self.peripheralAddress, name: "peripheral")
        link.attach(centralController, distance: 1)
        link.attach(peripheralController, distance: 3)

        let central = BLEHost(transport: centralController.hostTransport, clock: clock)
        let peripheral = BLEHost(transport: peripheralController.hostTransport, clock: clock)
        try await central.start()
        try await peripheral.start()

        let batteryService = BluetoothUUID(0x180F)
        let batteryLevel = BluetoothUUID(0x2A19)
        let server = try GATTServer(services: [
            GATTServiceDefinition(uuid: batteryService, characteristics: [
                GATTCharacteristicDefinition(uuid: batteryLevel, properties: [.read], value: [87]),
            ]),
        ])
        await peripheral.setGATTServer(server)
        try await peripheral.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("Nightlight"))]),
            parameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(30))
        )

        let discoveries = try await central.scan(ScanParameters(isActive: true))
        var found: HostDiscovery?
        for try await discovery in discoveries where discovery.address == Self.peripheralAddress {
            found = discovery
            break
        }
        try await central.stopScan()
        let discovery = try #require(found)
        #expect(discovery.name == "Nightlight")
        #expect(discovery.isConnectable)
        #expect((-71...(-65)).contains(discovery.rssi ?? 0), "3 m: -59 − 20·log10(3) ≈ -69 ± 2")

        let connection = try await central.connect(to: Self.peripheralAddress)
        #expect(connection.role == .central)
        let services = try await connection.gattClient.discoverPrimaryServices()
        let battery = try #require(services.first { $0.uuid == batteryService })
        let characteristics = try await connection.gattClient.discoverCharacteristics(of: battery)
        let level = try #require(characteristics.first { $0.uuid == batteryLevel })
        #expect(try await connection.gattClient.read(handle: level.valueHandle) == [87])

        try await connection.disconnect()
        _ = await connection.waitUntilDisconnected()
        #expect(link.connectionCount == 0)
        await central.stop()
        await peripheral.stop()
    }
}
