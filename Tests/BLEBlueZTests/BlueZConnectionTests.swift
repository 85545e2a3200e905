import BLE
import BLEBlueZ
import BLECore
import BLEGATT
import DBus
import DBusClient
import DBusTesting
import Testing

/// The central path over the fake bluetoothd of ``FakeBlueZDevice``: connecting, GATT through
/// BlueZ's objects, notifications, disconnection and errors.
@Suite(.timeLimit(.minutes(2))) struct BlueZConnectionTests {
    static let address = try! DeviceAddress(parsing: "C0:FF:EE:00:00:02", isRandom: true)

    /// Runs `body` with a fake device and a backend connected to it.
    func withConnection(
        _ body: (FakeBlueZDevice, BlueZBackend, any BLEBackendConnection) async throws -> Void
    ) async throws {
        try await Self.withConnection(body)
    }

    /// Runs `body` with a fake device (`paired` with bluetoothd already, answering `Pair` as
    /// `pairing` says, offering the acquired sockets or not) and a backend connected to it.
    static func withConnection(
        paired: Bool = false, pairing: FakeBlueZDevice.PairBehaviour = .succeeds, offersSockets: Bool = false,
        _ body: (FakeBlueZDevice, BlueZBackend, any BLEBackendConnection) async throws -> Void
    ) async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBlueZDevice(on: bluetoothd, paired: paired, pairing: pairing, offersSockets: offersSockets)
            let backend = try await BlueZBackend.open(adapter: "hci0", connection: client)
            let connection = try await backend.connect(to: address, timeout: .seconds(30))
            try await body(fake, backend, connection)
            await backend.close()
        }
    }

    @Test func connectingFindsTheServicesByTheirHandles() async throws {
        try await withConnection { (fake, _, connection) async throws in
            #expect(connection.isConnected)
            #expect(connection.address == Self.address)
            #expect(fake.calls.withLock { $0.connects } == 1)
            let services = try await connection.discoverPrimaryServices(nil)
            #expect(services.map(\.uuid) == [BluetoothUUID(0x180F), BluetoothUUID(stringLiteral: "4E4C0001-6465-6D6F-8000-6E696768746C")])
            #expect(services.map(\.startHandle) == [0x000A, 0x0010])
            #expect(services.map(\.endHandle) == [0x000D, 0x0017])
            #expect(try await connection.discoverPrimaryServices([BluetoothUUID(0x180F)]).map(\.startHandle) == [0x000A])
            let battery = try #require(services.first)
            let characteristics = try await connection.discoverCharacteristics(of: battery, nil)
            #expect(characteristics.count == 1)
            let level = try #require(characteristics.first)
            #expect(level.uuid == BluetoothUUID(0x2A19))
            #expect(level.declarationHandle == 0x000B)
            #expect(level.valueHandle == 0x000C)
            #expect(level.endHandle == 0x000D)
            #expect(level.properties == [.read, .notify])
            #expect(try await connection.discoverDescriptors(of: level) == [GATTDescriptor(uuid: BluetoothUUID(0x2902), handle: 0x000D)])
            let custom = try await connection.discoverCharacteristics(of: services[1], nil)
            #expect(custom.map(\.valueHandle) == [0x0012, 0x0015, 0x0017])
            #expect(custom.first?.properties == [.read, .write, .writeWithoutResponse, .extendedProperties])
            #expect(try await connection.discoverCharacteristics(of: services[1], [BluetoothUUID(stringLiteral: "4E4C0003-6465-6D6F-8000-6E696768746C")]).map(\.valueHandle) == [0x0015])
            let included = try await connection.discoverIncludedServices(of: services[1])
            #expect(included.map(\.uuid) == [BluetoothUUID(0x180A)])
            #expect(included.map(\.startHandle) == [0x0020])
            #expect(await connection.mtu == 247)
            #expect(try await connection.exchangeMTU() == 247)
        }
    }

    @Test func readsCharacteristicsAndDescriptorsByHandle() async throws {
        try await withConnection { (fake, _, connection) async throws in
            #expect(try await connection.read(handle: 0x000C) == [0x64])
            #expect(try await connection.read(handle: 0x0013) == Array("Level".utf8))
            #expect(fake.calls.withLock { $0.reads.map(\.path) } == [FakeBlueZDevice.level, FakeBlueZDevice.writable.appending("desc0013")])
            // A characteristic's declaration is no value BlueZ reaches.
            await #expect {
                _ = try await connection.read(handle: 0x000B)
            } throws: { error in
                let error = error as? BLEError
                return error?.code == .unsupported && error?.message.contains("0x000B") == true
            }
        }
    }

    @Test func writesWithTheTypeAsked() async throws {
        try await withConnection { (fake, _, connection) async throws in
            try await connection.write(handle: 0x0012, value: [9])
            try await connection.writeWithoutResponse(handle: 0x0012, value: [8])
            try await connection.reliableWrite([(handle: 0x0012, value: [7])])
            try await connection.write(handle: 0x0013, value: [6])
            let writes = fake.calls.withLock { $0.writes }
            #expect(writes.map(\.value) == [[9], [8], [7], [6]])
            #expect(writes.map { $0.options["type"]?.string } == ["request", "command", "reliable", nil])
            #expect(fake.value(at: FakeBlueZDevice.writable) == [7])
            #expect(try await connection.read(handle: 0x0012) == [7])
        }
    }

    @Test func whatBlueZCannotWriteIsRefusedBeforeAsking() async throws {
        try await withConnection { (fake, _, connection) async throws in
            func expectCode(_ code: BLEError.Code, _ body: () async throws -> Void) async {
                await #expect { try await body() } throws: { ($0 as? BLEError)?.code == code }
            }
            await expectCode(.unsupported) { try await connection.reliableWrite([(handle: 0x000C, value: [1])]) }
            await expectCode(.unsupported) { try await connection.reliableWrite([(handle: 0x0012, value: [1]), (handle: 0x0012, value: [2])]) }
            await expectCode(.unsupported) { try await connection.writeWithoutResponse(handle: 0x0013, value: [1]) }
            await expectCode(.unsupported) { try await connection.write(handle: 0x0011, value: [1]) }
            await expectCode(.invalidArgument) { try await connection.write(handle: 0x0012, value: Array(repeating: 0, count: 513)) }
            #expect(fake.calls.withLock { $0.writes.isEmpty })
        }
    }

    @Test func blueZErrorsBecomeTheirCodes() async throws {
        try await withConnection { (_, _, connection) async throws in
            await #expect {
                _ = try await connection.read(handle: 0x0015)
            } throws: { error in
                let error = error as? BLEError
                return error?.code == .attError && error?.attErrorCode == .insufficientAuthentication && error?.message.contains("pair") == true
            }
            await #expect {
                try await connection.write(handle: 0x0012, value: [0xEE])
            } throws: { error in
                let error = error as? BLEError
                return error?.code == .attError && error?.attErrorCode == ATTErrorCode(rawValue: 0x80)
            }
            await #expect {
                _ = try await connection.readRSSI()
            } throws: { error in
                (error as? BLEError)?.code == .unsupported
            }
        }
    }

    @Test func notificationsArriveUntilTheSubscriberStops() async throws {
        try await withConnection { (fake, _, connection) async throws in
            let services = try await connection.discoverPrimaryServices([BluetoothUUID(0x180F)])
            let level = try #require(try await connection.discoverCharacteristics(of: services[0], nil).first)
            let reader = Task { () async throws -> [[UInt8]] in
                let values = try await connection.subscribe(to: level, indicate: nil)
                var received: [[UInt8]] = []
                for try await value in values {
                    received.append(value)
                    if received.count == 2 { break }
                }
                return received
            }
            #expect(await eventually { fake.calls.withLock { $0.startNotifies } == 1 })
            try fake.notify([50])
            try fake.notify([49])
            #expect(try await reader.value == [[50], [49]])
            // The subscriber gone, BlueZ is told to stop.
            #expect(await eventually { fake.calls.withLock { $0.stopNotifies } == 1 })
            // BlueZ picks what to subscribe to: a characteristic that cannot indicate is not asked to.
            await #expect { _ = try await connection.subscribe(to: level, indicate: true) } throws: { ($0 as? BLEError)?.code == .unsupported }
        }
    }

    @Test func aDroppedLinkEndsSubscriptionsAndPendingCalls() async throws {
        try await withConnection { (fake, _, connection) async throws in
            let services = try await connection.discoverPrimaryServices(nil)
            let level = try #require(try await connection.discoverCharacteristics(of: services[0], nil).first)
            let values = try await connection.subscribe(to: level, indicate: false)
            let pending = Task { try await connection.read(handle: 0x0017) }
            #expect(await eventually { fake.calls.withLock { $0.reads.contains { $0.path == FakeBlueZDevice.slow } } })
            try fake.drop()
            await #expect { _ = try await pending.value } throws: { ($0 as? BLEError)?.code == .disconnected }
            await #expect { for try await _ in values {} } throws: { ($0 as? BLEError)?.code == .disconnected }
            let reason = await connection.waitUntilDisconnected()
            #expect(reason.code == .disconnected)
            #expect(!connection.isConnected)
            #expect(connection.disconnection?.code == .disconnected)
            await #expect { _ = try await connection.read(handle: 0x000C) } throws: { ($0 as? BLEError)?.code == .disconnected }
        }
    }

    @Test func disconnectingEndsTheConnection() async throws {
        try await withConnection { (fake, _, connection) async throws in
            try await connection.disconnect()
            // The abort is a call of its own: it may land a little after the error.
            for _ in 0..<500 where fake.calls.withLock({ $0.disconnects }) == 0 { try await Task.sleep(for: .milliseconds(20)) }
            #expect(fake.calls.withLock { $0.disconnects } == 1)
            #expect(!connection.isConnected)
            #expect(await connection.waitUntilDisconnected().code == .disconnected)
            // Once more: already gone is no error.
            try await connection.disconnect()
        }
    }
}

@Suite(.timeLimit(.minutes(2))) struct BlueZConnectAttemptTests {
    static let address = BlueZConnectionTests.address

    @Test func aDeviceBlueZDoesNotKnowIsDiscoveredFirst() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBlueZDevice(on: bluetoothd, known: false)
            let backend = try await BlueZBackend.open(connection: client)
            let connection = try await backend.connect(to: Self.address, timeout: .seconds(30))
            #expect(connection.isConnected)
            let calls = fake.calls.withLock { ($0.startDiscoveries, $0.stopDiscoveries, $0.connects) }
            #expect(calls == (1, 1, 1))
            #expect(try await connection.read(handle: 0x000C) == [0x64])
            await backend.close()
        }
    }

    @Test func aFailedConnectSaysWhatBlueZSaid() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            _ = try await FakeBlueZDevice(on: bluetoothd, connect: .fails(name: "org.bluez.Error.Failed", message: "Software caused connection abort"))
            let backend = try await BlueZBackend.open(connection: client)
            await #expect {
                _ = try await backend.connect(to: Self.address, timeout: .seconds(30))
            } throws: { error in
                let error = error as? BLEError
                return error?.code == .failed && error?.message.contains("Software caused connection abort") == true
                    && error?.message.contains("C0:FF:EE:00:00:02") == true
            }
            await backend.close()
        }
    }

    @Test func aConnectThatTakesTooLongTimesOutAndIsAborted() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBlueZDevice(on: bluetoothd, connect: .neverAnswers)
            let backend = try await BlueZBackend.open(connection: client)
            // Long enough that Connect is surely called (discovery first) on a loaded machine.
            await #expect {
                _ = try await backend.connect(to: Self.address, timeout: .seconds(3))
            } throws: { ($0 as? BLEError)?.code == .timedOut }
            #expect(fake.calls.withLock { $0.connects } == 1, "Connect was called before the timeout")
            // The abort is a call of its own: it may land a little after the error.
            for _ in 0..<500 where fake.calls.withLock({ $0.disconnects }) == 0 { try await Task.sleep(for: .milliseconds(20)) }
            #expect(fake.calls.withLock { $0.disconnects } == 1)
            await backend.close()
        }
    }

    @Test func aCancelledConnectIsAborted() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBlueZDevice(on: bluetoothd, connect: .neverAnswers)
            let backend = try await BlueZBackend.open(connection: client)
            let attempt = Task { try await backend.connect(to: Self.address, timeout: .seconds(60)) }
            #expect(await eventually { fake.calls.withLock { $0.connects } == 1 })
            attempt.cancel()
            await #expect { _ = try await attempt.value } throws: { ($0 as? BLEError)?.code == .cancelled }
            // The abort is a call of its own: it may land a little after the error.
            for _ in 0..<500 where fake.calls.withLock({ $0.disconnects }) == 0 { try await Task.sleep(for: .milliseconds(20)) }
            #expect(fake.calls.withLock { $0.disconnects } == 1)
            await backend.close()
        }
    }

    @Test func aPoweredOffAdapterIsNamed() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            _ = try await bluetoothd.call(.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "RequestName",
                body: [.string("org.bluez"), .uint32(0)]
            ))
            bluetoothd.export(.root, [])
            bluetoothd.export("/org/bluez/hci1", [DBusExportedInterface(name: "org.bluez.Adapter1", properties: { ["Powered": .boolean(false)] })])
            await #expect {
                _ = try await BlueZBackend.open(adapter: "hci1", connection: client)
            } throws: { error in
                let error = error as? BLEError
                return error?.code == .radioUnavailable && error?.radioState == .poweredOff && error?.message.contains("hci1 is powered off") == true
            }
        }
    }
}
