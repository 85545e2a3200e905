import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Logging
import Testing

/// Our host as central against our host as peripheral, over two virtual controllers on one
/// virtual link: the whole stack, HCI included, with GATT on top (STYLE rule 12).
@Suite struct HostOverVirtualLinkTests {
    static let serviceUUID = BluetoothUUID("7A5A0001-0000-1000-8000-00805F9B34FB")
    static let valueUUID = BluetoothUUID("7A5A0002-0000-1000-8000-00805F9B34FB")
    static let levelUUID = BluetoothUUID("7A5A0003-0000-1000-8000-00805F9B34FB")

    /// Two started hosts on a link whose clock a ticker advances whenever the air waits.
    struct Pair {
        let linkClock = ManualClock()
        /// The hosts' clock: never advanced, so no host timeout fires in these tests.
        let hostClock = ManualClock()
        let link: VirtualLink
        let centralController: VirtualController
        let peripheralController: VirtualController
        let central: BLEHost
        let peripheral: BLEHost
        let ticker: Task<Void, Never>

        init() async throws {
            link = VirtualLink(clock: linkClock, seed: 7)
            centralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:01"), name: "central")
            peripheralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:02"), name: "peripheral")
            link.attach(centralController)
            link.attach(peripheralController)
            central = BLEHost(transport: centralController.hostTransport, clock: hostClock, logger: Logger(label: "test.central", factory: { _ in SwiftLogNoOpLogHandler() }))
            peripheral = BLEHost(transport: peripheralController.hostTransport, clock: hostClock, logger: Logger(label: "test.peripheral", factory: { _ in SwiftLogNoOpLogHandler() }))
            let clock = linkClock
            ticker = Task {
                while !Task.isCancelled {
                    if clock.sleeperCount > 0 { clock.advance(by: .milliseconds(10)) }
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            try await central.start()
            try await peripheral.start()
        }

        func stop() async {
            ticker.cancel()
            await central.stop()
            await peripheral.stop()
        }
    }

    static func server() throws -> GATTServer {
        try GATTServer(services: [
            .genericAttribute(),
            GATTServiceDefinition(uuid: serviceUUID, characteristics: [
                GATTCharacteristicDefinition(uuid: valueUUID, properties: [.read, .write], value: Array("hello".utf8)),
                GATTCharacteristicDefinition(uuid: levelUUID, properties: [.read, .notify], value: [50]),
            ]),
        ])
    }

    @Test func scanConnectDiscoverReadWriteNotifyDisconnect() async throws {
        let pair = try await Pair()
        defer { Task { await pair.stop() } }
        let server = try Self.server()
        await pair.peripheral.setGATTServer(server)
        try await pair.peripheral.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("Nightlight"))]),
            scanResponse: try AdvertisingData([.manufacturerData(ManufacturerData(companyID: 0xFFFF, data: [0x4E, 0x4C]))])
        )

        // Scan: the advertisement and its scan response arrive merged.
        let discoveries = try await pair.central.scan(ScanParameters(isActive: true))
        var found: HostDiscovery?
        for try await discovery in discoveries where discovery.name == "Nightlight" {
            found = discovery
            break
        }
        let discovery = try #require(found)
        #expect(discovery.isConnectable)
        #expect(discovery.advertisement.manufacturerData.first?.companyID == 0xFFFF)
        try await pair.central.stopScan()

        // Connect; the peripheral accepts.
        var incoming = pair.peripheral.incomingConnections.makeAsyncIterator()
        let connection = try await pair.central.connect(to: discovery.address, timeout: .seconds(5))
        let accepted = try #require(await incoming.next())
        #expect(connection.role == .central)
        #expect(accepted.role == .peripheral)

        // GATT over the whole stack.
        let client = connection.gattClient
        _ = try await client.exchangeMTU()
        let database = try await client.discoverAll()
        let value = try #require(database.characteristic(Self.valueUUID))
        let level = try #require(database.characteristic(Self.levelUUID))
        #expect(try await client.read(handle: value.valueHandle) == Array("hello".utf8))
        try await client.write(handle: value.valueHandle, value: Array("world".utf8))
        #expect(try await client.read(handle: value.valueHandle) == Array("world".utf8))
        let notifications = try await client.subscribe(to: level)
        try await server.updateValue([42], for: Self.levelUUID)
        var values = notifications.makeAsyncIterator()
        #expect(try await values.next() == [42])
        #expect(try await connection.readRSSI() != nil)

        // Disconnect: both sides see it, pending work fails, and the peripheral advertises again.
        try await connection.disconnect()
        #expect(!connection.isConnected)
        let ended = await accepted.waitUntilDisconnected()
        #expect(ended.code == .disconnected)
        for _ in 0..<2000 where await !pair.peripheral.isAdvertising {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await pair.peripheral.isAdvertising)
        let afterwards = await #expect(throws: GATTError.self) { _ = try await client.read(handle: value.valueHandle) }
        #expect(afterwards?.code == .bearerClosed)
    }

    @Test func connectionParameterUpdateFromThePeripheral() async throws {
        let pair = try await Pair()
        defer { Task { await pair.stop() } }
        try await pair.peripheral.startAdvertising(data: try AdvertisingData([.localName(LocalName("Lamp"))]))
        var incoming = pair.peripheral.incomingConnections.makeAsyncIterator()
        let connection = try await pair.central.connect(to: pair.peripheralController.publicAddress, timeout: .seconds(5))
        let accepted = try #require(await incoming.next())
        let wanted = ConnectionParameters(intervalMin: 40, intervalMax: 56, latency: 1, supervisionTimeout: 500)
        let state = try await accepted.updateParameters(wanted)
        #expect((40...56).contains(state.interval))
        for _ in 0..<2000 where connection.state.interval != state.interval {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(connection.state.interval == state.interval)
        try await connection.disconnect()
    }

    /// Our host asks its controller for the longest data PDUs at start-up, so a new connection
    /// carries a 251-octet ACL packet in one PDU; a host configured not to keeps 27 octets.
    @Test(arguments: [true, false])
    func newConnectionsGetTheLongestDataLength(suggested: Bool) async throws {
        let linkClock = ManualClock()
        let link = VirtualLink(clock: linkClock, seed: 7)
        let centralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:01"), name: "central")
        let peripheralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:00:00:02"), name: "peripheral")
        link.attach(centralController)
        link.attach(peripheralController)
        let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let configuration = BLEHost.Configuration(suggestsLongestDataLength: suggested)
        let central = BLEHost(transport: centralController.hostTransport, clock: ManualClock(), logger: quiet, configuration: configuration)
        let peripheral = BLEHost(transport: peripheralController.hostTransport, clock: ManualClock(), logger: quiet, configuration: configuration)
        let ticker = Task {
            while !Task.isCancelled {
                if linkClock.sleeperCount > 0 { linkClock.advance(by: .milliseconds(10)) }
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        defer { ticker.cancel() }
        try await central.start()
        try await peripheral.start()
        try await peripheral.startAdvertising(data: try AdvertisingData([.localName(LocalName("Lamp"))]))
        var incoming = peripheral.incomingConnections.makeAsyncIterator()
        let connection = try await central.connect(to: peripheralController.publicAddress, timeout: .seconds(5))
        let accepted = try #require(await incoming.next())
        let expected: UInt16 = suggested ? 251 : 27
        for _ in 0..<2000 where connection.state.maxTXOctets != expected || accepted.state.maxTXOctets != expected {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(connection.state.maxTXOctets == expected)
        #expect(connection.state.maxRXOctets == expected)
        #expect(accepted.state.maxTXOctets == expected)
        try await connection.disconnect()
        await central.stop()
        await peripheral.stop()
    }
}
