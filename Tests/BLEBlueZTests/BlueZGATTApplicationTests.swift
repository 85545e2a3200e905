import BLE
import BLEBlueZ
import BLECore
import BLEGATT
import BLEHost
import DBus
import DBusClient
import DBusTesting
import Synchronization
import Testing

/// The firmware's side of a test server: what its handlers saw.
final class FirmwareLog: Sendable {
    let reads = Mutex<[GATTReadContext]>([])
    let writes = Mutex<[GATTWriteContext]>([])
    let disconnected = Mutex<[GATTClientID]>([])
}

enum TestServer {
    static let custom = BluetoothUUID("4E4C0001-6465-6D6F-8000-6E696768746C")
    static let greeting = BluetoothUUID("4E4C0002-6465-6D6F-8000-6E696768746C")
    static let level = BluetoothUUID("4E4C0003-6465-6D6F-8000-6E696768746C")
    static let secret = BluetoothUUID("4E4C0004-6465-6D6F-8000-6E696768746C")
    static let range = BluetoothUUID("4E4C0005-6465-6D6F-8000-6E696768746C")

    /// Battery (notify), and a custom service: a read handler, a write validated (0xEE: application
    /// error 0x80) with a user description, an authenticated read that indicates behind an
    /// encrypted CCCD, a write refused Out Of Range; behind the Generic Attribute service.
    static func make(_ log: FirmwareLog) throws -> GATTServer {
        var secretCharacteristic = GATTCharacteristicDefinition(uuid: secret, properties: [.read, .indicate], permissions: [.readAuthenticated], value: [7])
        secretCharacteristic.clientConfigurationPermissions = [.read, .writeEncrypted]
        return try GATTServer(services: [
            .genericAttribute(),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180F), characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A19), properties: [.read, .notify], value: [0x64]),
            ]),
            GATTServiceDefinition(uuid: custom, characteristics: [
                GATTCharacteristicDefinition(uuid: greeting, properties: [.read], onRead: { context in
                    log.reads.withLock { $0.append(context) }
                    return Array("hello, nightlight".utf8)
                }),
                GATTCharacteristicDefinition(
                    uuid: level, properties: [.read, .write, .writeWithoutResponse], permissions: [.read, .writeEncrypted], value: [1],
                    maximumLength: 4, descriptors: [.userDescription("Level")],
                    validate: { context throws(GATTError) in
                        if context.value == [0xEE] { throw GATTError.attError(.application(0x80), handle: context.handle) }
                    },
                    onWrite: { context in log.writes.withLock { $0.append(context) } }
                ),
                secretCharacteristic,
                GATTCharacteristicDefinition(uuid: range, properties: [.write], validate: { context throws(GATTError) in
                    throw GATTError.attError(.outOfRange, handle: context.handle)
                }),
            ]),
        ])
    }
}

extension FakeBluetoothdManagers {
    /// The path of the registered object with `uuid` on `interface`.
    func path(of uuid: BluetoothUUID, _ interface: String = "org.bluez.GattCharacteristic1") -> DBusObjectPath? {
        let objects = registered.withLock { $0.application?.objects ?? [:] }
        let spelled = uuid.uuidString.lowercased()
        return objects.first { $0.value[interface]?["UUID"]?.string == spelled }?.key
    }

    func properties(of uuid: BluetoothUUID, _ interface: String = "org.bluez.GattCharacteristic1") -> [String: DBusValue] {
        guard let path = path(of: uuid, interface) else { return [:] }
        return registered.withLock { $0.application?.objects[path]?[interface] ?? [:] }
    }
}

/// A `GATTServer` as a BlueZ GATT application: registered with a fake bluetoothd on a real
/// dbus-daemon, which reads its objects and calls them as bluetoothd does.
@Suite(.timeLimit(.minutes(2))) struct BlueZGATTApplicationTests {
    /// Runs `body` with a fake bluetoothd and a registered application of ``TestServer``.
    func withApplication(_ body: (FakeBluetoothdManagers, BlueZGATTApplication, FirmwareLog) async throws -> Void) async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBluetoothdManagers(on: bluetoothd)
            let log = FirmwareLog()
            let server = try TestServer.make(log)
            await server.setDisconnectHandler { client in log.disconnected.withLock { $0.append(client) } }
            let application = await BlueZGATTApplication.export(server, on: client)
            try await application.register(on: FakeBluetoothdManagers.adapter)
            try await body(fake, application, log)
            await application.close()
        }
    }

    @Test func theObjectTreeIsBlueZsWithoutWhatBluetoothdServes() async throws {
        try await withApplication { fake, application, _ in
            let objects = fake.registered.withLock { $0.application?.objects ?? [:] }
            let services = objects.values.compactMap { $0["org.bluez.GattService1"]?["UUID"]?.string }.sorted()
            #expect(services == ["0000180f-0000-1000-8000-00805f9b34fb", TestServer.custom.uuidString.lowercased()])
            #expect(application.omitted == ["the Generic Attribute (1801) service: bluetoothd serves its own"])
            // bluetoothd keeps the CCCDs; the user description is ours.
            let descriptors = objects.values.compactMap { $0["org.bluez.GattDescriptor1"]?["UUID"]?.string }
            #expect(descriptors == ["00002901-0000-1000-8000-00805f9b34fb"])
            #expect(fake.properties(of: BluetoothUUID(0x2A19))["Flags"]?.stringArray == ["read", "notify"])
            #expect(fake.properties(of: TestServer.level)["Flags"]?.stringArray == ["read", "write-without-response", "write", "encrypt-write"])
            #expect(fake.properties(of: TestServer.secret)["Flags"]?.stringArray == ["read", "indicate", "encrypt-authenticated-read", "encrypt-indicate"])
            let service = fake.path(of: TestServer.custom, "org.bluez.GattService1")
            #expect(service != nil && fake.properties(of: TestServer.level)["Service"]?.objectPath == service)
            #expect(fake.properties(of: TestServer.custom, "org.bluez.GattService1")["Primary"]?.bool == true)
            let description = objects.first { $0.value["org.bluez.GattDescriptor1"] != nil }
            #expect(description?.value["org.bluez.GattDescriptor1"]?["Characteristic"]?.objectPath == fake.path(of: TestServer.level))
            #expect(description?.value["org.bluez.GattDescriptor1"]?["Flags"]?.stringArray == ["read"])
        }
    }

    @Test func aReadReachesTheFirmwaresHandlerWithItsOffset() async throws {
        try await withApplication { fake, _, log in
            let greeting = try #require(fake.path(of: TestServer.greeting))
            let phone = FakeBluetoothdManagers.devicePath("11:22:33:44:55:66")
            #expect(try await fake.readValue(greeting, device: phone) == Array("hello, nightlight".utf8))
            #expect(try await fake.readValue(greeting, device: phone, offset: 7) == Array("nightlight".utf8))
            let reads = log.reads.withLock { $0 }
            #expect(reads.count == 2)
            #expect(reads.map(\.offset) == [0, 7])
            // One client per device: the same for both reads, another for another device.
            #expect(Set(reads.map(\.client)).count == 1)
            _ = try await fake.readValue(greeting, device: FakeBluetoothdManagers.devicePath("AA:BB:CC:DD:EE:FF"))
            #expect(Set(log.reads.withLock { $0 }.map(\.client)).count == 2)
            let description = try #require(fake.registered.withLock { $0.application?.objects.first { $0.value["org.bluez.GattDescriptor1"] != nil }?.key })
            #expect(try await fake.readValue(description, interface: "org.bluez.GattDescriptor1", device: phone) == Array("Level".utf8))
        }
    }

    @Test func aWriteReachesTheFirmwaresValidatorAndObserver() async throws {
        try await withApplication { fake, application, log in
            let level = try #require(fake.path(of: TestServer.level))
            let phone = FakeBluetoothdManagers.devicePath("11:22:33:44:55:66")
            try await fake.writeValue(level, [5], device: phone)
            try await fake.writeValue(level, [6], device: phone, type: "command")
            let writes = log.writes.withLock { $0 }
            #expect(writes.map(\.value) == [[5], [6]])
            #expect(writes.map(\.method) == [.writeRequest, .writeCommand])
            #expect(await application.server.value(at: writes[0].handle) == [6])
            #expect(try await fake.readValue(level, device: phone) == [6])
            // A later part of a long write lands at its offset.
            try await fake.writeValue(level, [7, 8], device: phone, offset: 1)
            #expect(try await fake.readValue(level, device: phone) == [6, 7, 8])
        }
    }

    /// What bluetoothd turns each name into (BlueZ `src/gatt-database.c`).
    func isBlueZError(_ name: String, _ text: String) -> @Sendable (any Error) -> Bool {
        { error in
            guard let remote = error as? DBusRemoteError else { return false }
            return remote.name == name && remote.message.contains(text)
        }
    }

    @Test func theFirmwaresErrorsBecomeBlueZsErrors() async throws {
        try await withApplication { fake, _, log in
            let level = try #require(fake.path(of: TestServer.level))
            let range = try #require(fake.path(of: TestServer.range))
            let phone = FakeBluetoothdManagers.devicePath("11:22:33:44:55:66")
            await #expect(performing: { try await fake.writeValue(level, [0xEE], device: phone) }, throws: isBlueZError("org.bluez.Error.Failed", "0x80"))
            await #expect(performing: { try await fake.writeValue(level, [1, 2, 3, 4, 5], device: phone) }, throws: isBlueZError("org.bluez.Error.InvalidValueLength", "0x0D"))
            await #expect(performing: { try await fake.readValue(range, device: phone) }, throws: isBlueZError("org.bluez.Error.NotPermitted", "0x02"))
            await #expect(performing: { try await fake.writeValue(level, [1], device: phone, offset: 9) }, throws: isBlueZError("org.bluez.Error.InvalidOffset", "0x07"))
            await #expect(performing: { try await fake.writeValue(range, [1], device: phone) }, throws: isBlueZError("org.freedesktop.DBus.Error.Failed", "0xFF"))
            // Nothing refused was stored or observed.
            #expect(log.writes.withLock { $0 }.isEmpty)
            #expect(try await fake.readValue(level, device: phone) == [1])
        }
    }

    @Test func anUpdateIsAPropertiesChangedOfValueOnceBluetoothdStartedNotifying() async throws {
        try await withApplication { fake, application, _ in
            let battery = try #require(fake.path(of: BluetoothUUID(0x2A19)))
            let owner = try #require(fake.registered.withLock { $0.application?.owner })
            let changes = try await fake.connection.propertiesChanges(from: owner, below: application.path)
            var iterator = changes.makeAsyncIterator()
            // Before StartNotify nobody wants it.
            #expect(try await application.server.updateValue([0x50], for: BluetoothUUID(0x2A19)) == 0)
            let phone = FakeBluetoothdManagers.devicePath("11:22:33:44:55:66")
            _ = try await fake.readValue(battery, device: phone)
            _ = try await fake.callApplication(battery, "org.bluez.GattCharacteristic1", "StartNotify")
            let started = await iterator.next()
            #expect(started?.path == battery && started?.changed["Notifying"]?.bool == true)
            #expect(try await application.server.updateValue([0x4F], for: BluetoothUUID(0x2A19)) == 1)
            let notified = await iterator.next()
            #expect(notified?.path == battery)
            #expect(notified?.interface == "org.bluez.GattCharacteristic1")
            #expect(notified?.changed["Value"]?.byteArray == [0x4F])
            // The device's client has notifications on in the server (as a CCCD write would).
            let clients = await application.server.core.clients
            let cccd = try #require(await application.server.database.clientConfigurationHandle(ofValue: await application.server.database.valueHandle(ofCharacteristic: BluetoothUUID(0x2A19))!))
            #expect(clients.values.contains { $0.clientConfigurations[cccd] == .notifications })
            _ = try await fake.callApplication(battery, "org.bluez.GattCharacteristic1", "StopNotify")
            _ = await iterator.next()
            #expect(try await application.server.updateValue([0x4E], for: BluetoothUUID(0x2A19)) == 0)
        }
    }

    @Test func aDisconnectedDeviceLosesItsClient() async throws {
        try await withApplication { fake, _, log in
            let greeting = try #require(fake.path(of: TestServer.greeting))
            let phone = try fake.connectDevice("11:22:33:44:55:66")
            _ = try await fake.readValue(greeting, device: phone)
            let client = try #require(log.reads.withLock { $0.first?.client })
            try fake.disconnectDevice(phone)
            #expect(await eventually { log.disconnected.withLock { $0 } == [client] })
        }
    }

    @Test func registeringOnAMissingAdapterSaysSo() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            _ = try await FakeBluetoothdManagers(on: bluetoothd)
            let application = await BlueZGATTApplication.export(try TestServer.make(FirmwareLog()), on: client)
            await #expect(performing: { try await application.register(on: "/org/bluez/hci7") }, throws: { error in
                guard let error = error as? BLEError else { return false }
                return error.code == .radioUnavailable && error.message.contains("no adapter hci7")
            })
            await application.close()
        }
    }
}
