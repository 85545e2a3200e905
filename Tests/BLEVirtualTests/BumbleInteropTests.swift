import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETesting
import BLETransport
import BLEVirtual
import Logging
import Synchronization
import Testing

/// Interop with Bumble (the Python stack, `bumble==0.0.236` in `.venv`): Bumble hosts against our
/// host, over Bumble's virtual controllers (`Tests/Interop/bumble_controllers.py`) and over our own
/// virtual controller served with ``VirtualHCIServer``.
///
/// Skipped with a reason when Bumble is missing locally; in CI (`CI=true`) a missing Bumble fails.
/// Bumble is not the reference for GATT rules it does not enforce (writes to read-only values,
/// prepared-write atomicity): these tests only use what both stacks agree on.
@Suite(
    .serialized,
    .enabled(
        "Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)"
    ) { await BumbleHarness.shouldRun() },
    .timeLimit(.minutes(3))
)
struct BumbleInteropTests {
    // The interop service (Tests/Interop/interop_common.py).
    static let serviceUUID: BluetoothUUID = "4E4C0001-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let readUUID: BluetoothUUID = "4E4C0002-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let longUUID: BluetoothUUID = "4E4C0003-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let writeCommandUUID: BluetoothUUID = "4E4C0004-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let notifyUUID: BluetoothUUID = "4E4C0005-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let indicateUUID: BluetoothUUID = "4E4C0006-7A5A-4B3C-9D1E-0F1A2B3C4D5E"

    /// LONG_VALUE of interop_common.py.
    static let longValue: [UInt8] = (0..<300).map { UInt8($0 % 251) }
    /// NEW_LONG_VALUE of bumble_central.py.
    static let centralLongValue: [UInt8] = (0..<300).map { UInt8((7 * $0 + 3) % 256) }

    static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .warning
        return logger
    }

    static func address(_ text: String) throws -> DeviceAddress {
        try DeviceAddress(parsing: text, isRandom: true)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Fails the test before anything starts when Bumble cannot run (the CI case).
    static func requireBumble() async throws {
        _ = try await BumbleHarness.requirePython()
    }

    /// Runs `operation`, failing after `timeout`.
    static func within<T: Sendable>(
        _ timeout: Duration,
        _ what: String,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw BumbleHarnessError("\(what): nothing within \(timeout)")
            }
            return result
        }
    }

    /// Every value a client wrote to our server.
    final class WriteLog: Sendable {
        private let writes = Mutex<[(BluetoothUUID, [UInt8], GATTWriteContext.Method)]>([])

        func record(_ context: GATTWriteContext) {
            writes.withLock { $0.append((context.uuid, context.value, context.method)) }
        }

        func values(of uuid: BluetoothUUID) -> [[UInt8]] {
            writes.withLock { $0.filter { $0.0 == uuid }.map(\.1) }
        }

        func methods(of uuid: BluetoothUUID) -> [GATTWriteContext.Method] {
            writes.withLock { $0.filter { $0.0 == uuid }.map(\.2) }
        }
    }

    /// Our GATT server with the interop service, as bumble_peripheral.py serves it.
    static func server(log: WriteLog) throws -> GATTServer {
        let observe: GATTWriteObserver = { context in log.record(context) }
        return try GATTServer(services: [
            .genericAttribute(),
            GATTServiceDefinition(uuid: serviceUUID, characteristics: [
                GATTCharacteristicDefinition(uuid: readUUID, properties: [.read], value: Array("hello from nightlight".utf8)),
                GATTCharacteristicDefinition(uuid: longUUID, properties: [.read, .write], value: longValue, onWrite: observe),
                GATTCharacteristicDefinition(uuid: writeCommandUUID, properties: [.writeWithoutResponse], onWrite: observe),
                GATTCharacteristicDefinition(uuid: notifyUUID, properties: [.read, .notify], value: [0]),
                GATTCharacteristicDefinition(uuid: indicateUUID, properties: [.read, .indicate], value: [0]),
            ]),
        ])
    }

    /// Starts `host` as the interop peripheral `name`: GATT server, advertising every 50 ms with
    /// the name in the advertising data and the service UUID in the scan response.
    static func startPeripheral(_ host: BLEHost, name: String, log: WriteLog) async throws -> GATTServer {
        let server = try Self.server(log: log)
        await host.setGATTServer(server)
        try await host.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName(name))]),
            scanResponse: try AdvertisingData([
                .serviceUUIDs(ServiceUUIDList(uuids: [serviceUUID], size: .bits128, isComplete: true))
            ]),
            parameters: AdvertisingParameters(interval: .milliseconds(50) ... .milliseconds(50))
        )
        return server
    }

    /// bumble_central.py against our peripheral `host` named `name`: scan (with the scan
    /// response), connect, discover, read, long read, long write, write command, notifications,
    /// indications, then a disconnection by Bumble.
    static func exerciseOurPeripheral(
        host: BLEHost,
        server: GATTServer,
        log: WriteLog,
        name: String,
        centralTransport: String,
        centralAddress: String
    ) async throws {
        try await BumbleHarness.withScript("bumble_central.py", arguments: [centralTransport, centralAddress, name]) { central in
            try await central.waitForEvent("ready", timeout: .seconds(30))
            let found = try await central.waitForEvent("found", timeout: .seconds(20))
            #expect(found.string("name") == name)
            #expect(found.strings("services")?.contains(serviceUUID.uuidString) == true, "scan response not seen: \(found)")
            let incoming = host.incomingConnections
            let accepted = try await within(.seconds(15), "our peripheral accepting the connection") {
                var iterator = incoming.makeAsyncIterator()
                guard let connection = await iterator.next() else { throw BumbleHarnessError("incomingConnections ended") }
                return connection
            }
            #expect(accepted.role == .peripheral)
            let connected = try await central.waitForEvent("connected")
            #expect(connected.string("peer") != nil)

            let discovered = try await central.waitForEvent("discovered", timeout: .seconds(20))
            let services = discovered.json("services") ?? ""
            for uuid in [serviceUUID, readUUID, longUUID, writeCommandUUID, notifyUUID, indicateUUID] {
                #expect(services.contains(uuid.uuidString), "\(uuid) not discovered: \(services)")
            }
            #expect(services.contains("\"1801\""), "Generic Attribute service not discovered: \(services)")
            #expect(services.contains("\"2902\""), "no CCCD discovered: \(services)")

            let read = try await central.waitForEvent("read") { $0.string("uuid") == readUUID.uuidString }
            #expect(read.bytes("value") == Array("hello from nightlight".utf8))
            let longRead = try await central.waitForEvent("read") { $0.string("uuid") == longUUID.uuidString }
            #expect(longRead.bytes("value") == longValue)
            try await central.waitForEvent("wrote") { $0.string("uuid") == longUUID.uuidString }
            let readBack = try await central.waitForEvent("read") { $0.string("uuid") == longUUID.uuidString }
            #expect(readBack.bytes("value") == centralLongValue)
            let longHandle = await server.database.valueHandle(ofCharacteristic: longUUID) ?? 0
            let stored = await server.value(at: longHandle)
            #expect(stored == centralLongValue)
            #expect(log.values(of: longUUID).last == centralLongValue)
            #expect(log.methods(of: longUUID).last == .executeWrite)
            try await central.waitForEvent("wrote") { $0.string("uuid") == writeCommandUUID.uuidString }
            try await central.waitForEvent("subscribed") { $0.string("uuid") == notifyUUID.uuidString }
            try await central.waitForEvent("subscribed") { $0.string("uuid") == indicateUUID.uuidString }
            for _ in 0..<200 where log.values(of: writeCommandUUID).isEmpty {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(log.values(of: writeCommandUUID) == [[1, 2, 3]])
            #expect(log.methods(of: writeCommandUUID) == [.writeCommand])

            // Notifications and indications (the latter confirmed by Bumble before updateValue returns).
            #expect(try await server.updateValue([0x11, 0x22], for: notifyUUID) == 1)
            let notification = try await central.waitForEvent("notification") { $0.string("uuid") == notifyUUID.uuidString }
            #expect(notification.bytes("value") == [0x11, 0x22])
            #expect(try await server.updateValue([0x33, 0x44, 0x55], for: indicateUUID) == 1)
            let indication = try await central.waitForEvent("notification") { $0.string("uuid") == indicateUUID.uuidString }
            #expect(indication.bytes("value") == [0x33, 0x44, 0x55])

            // Bumble disconnects; both sides see it.
            try central.send("disconnect")
            let disconnected = try await central.waitForEvent("disconnected")
            #expect(disconnected.int("reason") != nil)
            let reason = try await within(.seconds(10), "our peripheral seeing the disconnection") {
                await accepted.waitUntilDisconnected()
            }
            #expect(reason.code == .disconnected)
            _ = try await central.waitForExit(timeout: .seconds(10))
        }
    }

    // MARK: The harness

    @Test func harnessStartsControllersOnTwoPortsAndStopsThem() async throws {
        try await Self.requireBumble()
        let controllers = try await BumbleHarness.withControllers { controllers in
            #expect(controllers.ports.count == 2)
            #expect(controllers.ports[0] != controllers.ports[1])
            #expect(controllers.process.isRunning)
            // Both controllers answer HCI_Reset over H4/TCP.
            for port in controllers.ports {
                let transport = try await TCPClientTransport.connect(
                    host: "127.0.0.1", port: port, options: TransportOptions(logger: Self.logger("interop.transport"))
                )
                let host = BLEHost(transport: transport, clock: ContinuousClock(), logger: Self.logger("interop.probe"))
                let info = try await host.start()
                #expect(info.leFeatures != nil)
                await host.stop()
            }
            return controllers
        }
        #expect(!controllers.process.isRunning)
    }

    // MARK: (a) A Bumble host on our virtual controller, through VirtualHCIServer

    @Test func bumbleCentralOnOurVirtualControllerThroughVirtualHCIServer() async throws {
        try await Self.requireBumble()
        let link = VirtualLink(clock: ContinuousClock(), logger: Self.logger("interop.link"))
        let ours = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:0A:00:01"), name: "ours")
        let served = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:0A:00:02"), name: "served-to-bumble")
        link.attach(ours)
        link.attach(served)
        let hciServer = try await VirtualHCIServer.start(controller: served, host: "127.0.0.1", port: 0, logger: Self.logger("interop.server"))
        let host = BLEHost(
            transport: ours.hostTransport, clock: ContinuousClock(), logger: Self.logger("interop.peripheral"),
            configuration: BLEHost.Configuration(randomAddress: try Self.address("C4:4E:4C:0A:00:01"))
        )
        do {
            _ = try await host.start()
            let log = WriteLog()
            let server = try await Self.startPeripheral(host, name: "Nightlight-A", log: log)
            try await Self.exerciseOurPeripheral(
                host: host, server: server, log: log, name: "Nightlight-A",
                centralTransport: "tcp-client:127.0.0.1:\(hciServer.localPort)", centralAddress: "C5:4E:4C:0A:00:02"
            )
        } catch {
            await host.stop()
            await hciServer.close()
            throw error
        }
        await host.stop()
        await hciServer.close()
    }

    // MARK: (b) Our central against a Bumble peripheral, over Bumble's controllers

    @Test func ourCentralAgainstBumblePeripheral() async throws {
        try await Self.requireBumble()
        try await BumbleHarness.withControllers { controllers in
            try await BumbleHarness.withScript(
                "bumble_peripheral.py", arguments: [controllers.transportSpec(1), "C2:4E:4C:0B:00:02", "BumblePeripheral"]
            ) { peripheral in
                try await peripheral.waitForEvent("ready", timeout: .seconds(30))
                let transport = try await TCPClientTransport.connect(
                    host: "127.0.0.1", port: controllers.ports[0], options: TransportOptions(logger: Self.logger("interop.transport"))
                )
                let host = BLEHost(
                    transport: transport, clock: ContinuousClock(), logger: Self.logger("interop.central"),
                    configuration: BLEHost.Configuration(randomAddress: try Self.address("C1:4E:4C:0B:00:01"))
                )
                do {
                    try await Self.exerciseBumblePeripheral(host: host, peripheral: peripheral)
                } catch {
                    await host.stop()
                    throw error
                }
                await host.stop()
            }
        }
    }

    static func exerciseBumblePeripheral(host: BLEHost, peripheral: BumbleProcess) async throws {
        _ = try await host.start()

        // Scan: the name from the advertisement, the service from the scan response.
        let discoveries = try await host.scan(ScanParameters(isActive: true))
        let discovery = try await within(.seconds(15), "scanning for BumblePeripheral with its service") {
            for try await discovery in discoveries
            where discovery.name == "BumblePeripheral" && discovery.advertisement.serviceUUIDs.contains(serviceUUID) {
                return discovery
            }
            throw BumbleHarnessError("the scan ended")
        }
        try await host.stopScan()
        #expect(discovery.isConnectable)
        #expect(discovery.address == (try address("C2:4E:4C:0B:00:02")))

        // Connect and discover everything.
        let connection = try await host.connect(to: discovery.address, addressType: discovery.addressType, timeout: .seconds(10))
        try await peripheral.waitForEvent("connected")
        let client = connection.gattClient
        let database = try await client.discoverAll()
        let service = try #require(database.service(serviceUUID))
        #expect(service.characteristics.map(\.uuid) == [readUUID, longUUID, writeCommandUUID, notifyUUID, indicateUUID])
        #expect(database.service(BluetoothUUID(0x1800)) != nil)
        let readable = try #require(database.characteristic(readUUID))
        let long = try #require(database.characteristic(longUUID))
        let command = try #require(database.characteristic(writeCommandUUID))
        let notify = try #require(database.characteristic(notifyUUID))
        let indicate = try #require(database.characteristic(indicateUUID))
        #expect(long.properties.contains([.read, .write]))
        #expect(command.properties.contains(.writeWithoutResponse))
        #expect(notify.descriptor(BluetoothUUID(0x2902)) != nil)
        #expect(indicate.descriptor(BluetoothUUID(0x2902)) != nil)

        // Reads and writes at the default ATT_MTU (23): the long ones use Read Blob and prepared writes.
        #expect(try await client.read(handle: readable.valueHandle) == Array("hello from bumble".utf8))
        #expect(try await client.readLong(handle: long.valueHandle) == longValue)
        try await client.write(handle: long.valueHandle, value: Array("short".utf8))
        let short = try await peripheral.waitForEvent("written") { $0.string("uuid") == longUUID.uuidString }
        #expect(short.bytes("value") == Array("short".utf8))
        let newLong: [UInt8] = (0..<300).map { UInt8(255 - $0 % 256) }
        try await client.writeLong(handle: long.valueHandle, value: newLong)
        let written = try await peripheral.waitForEvent("written") { $0.string("uuid") == longUUID.uuidString }
        #expect(written.bytes("value") == newLong)
        #expect(try await client.readLong(handle: long.valueHandle) == newLong)
        try await client.writeWithoutResponse(handle: command.valueHandle, value: [9, 8, 7])
        let commandWritten = try await peripheral.waitForEvent("written") { $0.string("uuid") == writeCommandUUID.uuidString }
        #expect(commandWritten.bytes("value") == [9, 8, 7])

        // A larger ATT_MTU, then the long value in one read.
        let mtu = try await client.exchangeMTU()
        #expect(mtu > 23)
        #expect(try await client.readLong(handle: long.valueHandle) == newLong)

        // Notifications and indications.
        var notifications = try await client.subscribe(to: notify).makeAsyncIterator()
        try await peripheral.waitForEvent("subscription") { $0.string("uuid") == notifyUUID.uuidString && $0.bool("notify") == true }
        try peripheral.send("notify 0102")
        #expect(try await notifications.next() == [1, 2])
        var indications = try await client.subscribe(to: indicate).makeAsyncIterator()
        try await peripheral.waitForEvent("subscription") { $0.string("uuid") == indicateUUID.uuidString && $0.bool("indicate") == true }
        try peripheral.send("indicate 030405")
        #expect(try await indications.next() == [3, 4, 5])
        try await peripheral.waitForEvent("indicated")

        // We disconnect; Bumble sees it.
        try await connection.disconnect()
        #expect(!connection.isConnected)
        try await peripheral.waitForEvent("disconnected")

        // Reconnect (Bumble advertises again), then Bumble disconnects.
        let again = try await host.connect(to: discovery.address, addressType: discovery.addressType, timeout: .seconds(10))
        try await peripheral.waitForEvent("connected")
        #expect(try await again.gattClient.read(handle: readable.valueHandle) == Array("hello from bumble".utf8))
        try peripheral.send("disconnect")
        let reason = try await within(.seconds(10), "our central seeing Bumble's disconnection") {
            await again.waitUntilDisconnected()
        }
        #expect(reason.code == .disconnected)
        try await peripheral.waitForEvent("disconnected")
        #expect(!again.isConnected)
    }

    // MARK: (c) A Bumble central against our peripheral, over Bumble's controllers

    @Test func bumbleCentralAgainstOurPeripheral() async throws {
        try await Self.requireBumble()
        try await BumbleHarness.withControllers { controllers in
            let host = try await Self.ourPeripheralHost(port: controllers.ports[0], address: "C6:4E:4C:0C:00:01")
            do {
                let log = WriteLog()
                let server = try await Self.startPeripheral(host, name: "Nightlight-C", log: log)
                try await Self.exerciseOurPeripheral(
                    host: host, server: server, log: log, name: "Nightlight-C",
                    centralTransport: controllers.transportSpec(1), centralAddress: "C7:4E:4C:0C:00:02"
                )
            } catch {
                await host.stop()
                throw error
            }
            await host.stop()
        }
    }

    @Test func bumbleGATTDumpListsOurServices() async throws {
        try await Self.requireBumble()
        try await BumbleHarness.withControllers { controllers in
            let host = try await Self.ourPeripheralHost(port: controllers.ports[0], address: "C8:4E:4C:0D:00:01")
            do {
                _ = try await Self.startPeripheral(host, name: "Nightlight-D", log: WriteLog())
                let dump = try await BumbleHarness.startModule(
                    "bumble.apps.gatt_dump", arguments: [controllers.transportSpec(1), "C8:4E:4C:0D:00:01"]
                )
                let status: Int32
                do {
                    status = try await dump.waitForExit(timeout: .seconds(60))
                } catch {
                    await dump.terminate()
                    throw error
                }
                let output = Self.withoutEscapes(dump.output.joined(separator: "\n"))
                #expect(status == 0, "gatt_dump failed: \(dump.failure("exited with \(status)"))")
                for uuid in [Self.serviceUUID, Self.readUUID, Self.longUUID, Self.writeCommandUUID, Self.notifyUUID, Self.indicateUUID] {
                    #expect(output.uppercased().contains(uuid.uuidString), "\(uuid) missing from gatt_dump:\n\(output)")
                }
                #expect(output.contains("1801") || output.uppercased().contains("GENERIC ATTRIBUTE"), "no GATT service in:\n\(output)")
            } catch {
                await host.stop()
                throw error
            }
            await host.stop()
        }
    }

    /// Our host on Bumble controller port `port` with a random address, started.
    static func ourPeripheralHost(port: Int, address text: String) async throws -> BLEHost {
        let transport = try await TCPClientTransport.connect(
            host: "127.0.0.1", port: port, options: TransportOptions(logger: logger("interop.transport"))
        )
        let host = BLEHost(
            transport: transport, clock: ContinuousClock(), logger: logger("interop.peripheral"),
            configuration: BLEHost.Configuration(randomAddress: try address(text))
        )
        do {
            _ = try await host.start()
        } catch {
            await host.stop()
            throw error
        }
        return host
    }

    /// `text` without ANSI escape sequences (Bumble's apps colour their output).
    static func withoutEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
