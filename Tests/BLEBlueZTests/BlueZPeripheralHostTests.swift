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

/// A pairing agent whose window is open or closed, as the SN's (§9.1).
final class WindowAgent: PairingAgent {
    let open = Mutex(false)
    let asked = Mutex<[DeviceAddress]>([])

    func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason? {
        asked.withLock { $0.append(peer) }
        return open.withLock { $0 } ? nil : .pairingNotSupported
    }
}

/// bluetoothd as the host a peripheral's firmware runs on (`PeripheralHost`), against a fake
/// bluetoothd on a real dbus-daemon.
@Suite(.timeLimit(.minutes(2))) struct BlueZPeripheralHostTests {
    @Test func theFirmwaresHostIsBluetoothd() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBluetoothdManagers(on: bluetoothd)
            let bonded = try fake.connectDevice("11:22:33:44:55:66", paired: true)
            let reports = Mutex<[String]>([])
            let store = MemoryBondStore()
            let host = try await BlueZPeripheralHost.open(connection: client, pairingAgent: WindowAgent(), bondStore: store) { line in
                reports.withLock { $0.append(line) }
            }
            let firmware: any PeripheralHost = host
            #expect(await firmware.controllerAddress?.description == "00:11:22:33:44:55")
            // A device connected before the host opened is a link; one connecting later too.
            #expect(await firmware.peripheralLinks.map(\.address.description) == ["11:22:33:44:55:66"])
            let other = try fake.connectDevice("AA:BB:CC:DD:EE:01")
            #expect(await eventually { await firmware.peripheralLinks.count == 2 })

            let log = FirmwareLog()
            let server = try TestServer.make(log)
            await server.setDisconnectHandler { client in log.disconnected.withLock { $0.append(client) } }
            await firmware.setGATTServer(server)
            #expect(fake.registered.withLock { $0.application != nil })
            #expect(reports.withLock { $0 }.contains { $0.contains("Generic Attribute (1801)") })
            let greeting = try #require(fake.path(of: TestServer.greeting))
            _ = try await fake.readValue(greeting, device: other)
            // The link's client is the one the firmware's handler saw.
            let link = try #require(await firmware.peripheralLinks.first { $0.address.description == "AA:BB:CC:DD:EE:01" })
            #expect(await link.gattClient(of: server) == log.reads.withLock { $0.first?.client })

            try await firmware.startAdvertising(data: try AdvertisingData([.localName(LocalName("Nightlight"))]), scanResponse: nil, parameters: AdvertisingParameters(maximumConnections: 2))
            #expect(fake.registered.withLock { $0.advertisement?.properties["LocalName"] } == .string("Nightlight"))
            #expect(reports.withLock { $0 }.contains { $0.contains("not advertised") && $0.contains("2 connections") })
            try await firmware.stopAdvertising()
            #expect(fake.registered.withLock { $0.advertisement == nil })

            // Bonds are the paired devices, told to the firmware's store (without keys) as they come.
            #expect(try await firmware.bonds().map(\.peer.description) == ["11:22:33:44:55:66"])
            #expect(await store.allBonds().map(\.peer.description) == ["11:22:33:44:55:66"])
            try fake.pair(other)
            #expect(await eventually { await store.allBonds().count == 2 })
            #expect(try await firmware.bonds().count == 2)
            // Removing one is RemoveDevice, and the firmware's store forgets it.
            #expect(try await firmware.removeBond(for: try DeviceAddress(parsing: "AA:BB:CC:DD:EE:02")) == false)
            #expect(try await firmware.removeBond(for: try DeviceAddress(parsing: "11:22:33:44:55:66")))
            #expect(fake.registered.withLock { $0.removedDevices } == [bonded])
            #expect(await eventually { await store.allBonds().map(\.peer.description) == ["AA:BB:CC:DD:EE:01"] })
            #expect(await eventually { await firmware.peripheralLinks.count == 1 })

            // Disconnecting is Device1.Disconnect; the server's client goes with the link.
            try await link.disconnect()
            #expect(fake.registered.withLock { $0.disconnects } == [other])
            #expect(await eventually { await firmware.peripheralLinks.isEmpty })
            #expect(await eventually { log.disconnected.withLock { $0 } == log.reads.withLock { $0.map(\.client) } })
            await host.close()
            #expect(fake.registered.withLock { $0.application == nil })
        }
    }

    @Test func aClosedPairingWindowRefusesBluetoothdsQuestions() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBluetoothdManagers(on: bluetoothd)
            let agent = WindowAgent()
            let host = try await BlueZPeripheralHost.open(connection: client, pairingAgent: agent)
            #expect(await host.agentFailure == nil)
            let phone = try fake.connectDevice("11:22:33:44:55:66")
            await #expect(performing: { try await fake.askAgent("RequestAuthorization", device: phone) }, throws: { error in
                (error as? DBusRemoteError)?.name == "org.bluez.Error.Rejected"
            })
            agent.open.withLock { $0 = true }
            try await fake.askAgent("RequestAuthorization", device: phone)
            try await fake.askAgent("RequestConfirmation", device: phone, [.uint32(123_456)])
            #expect(agent.asked.withLock { $0.map(\.description) } == Array(repeating: "11:22:33:44:55:66", count: 3))
            await host.close()
        }
    }
}
