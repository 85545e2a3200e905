import BLE
import BLEBlueZ
import BLECore
import BLEHost
import DBus
import DBusClient
import DBusTesting
import Synchronization
import Testing

/// A pairing agent that answers as told and remembers what it was asked.
final class ScriptedAgent: PairingAgent {
    let confirms: Bool
    let passkey: UInt32?
    let asked = Mutex<[String]>([])

    init(confirms: Bool, passkey: UInt32?) {
        self.confirms = confirms
        self.passkey = passkey
    }

    func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool {
        asked.withLock { $0.append("confirm \(value) \(peer)") }
        return confirms
    }

    func enterPasskey(for peer: DeviceAddress) async -> UInt32? {
        asked.withLock { $0.append("enter \(peer)") }
        return passkey
    }

    func displayPasskey(_ passkey: UInt32, to peer: DeviceAddress) async {
        asked.withLock { $0.append("display \(passkey) \(peer)") }
    }
}

/// Our `PairingAgent` as BlueZ's `org.bluez.Agent1`: registered as the default agent, and
/// answering bluetoothd's calls (made here by the fake bluetoothd's connection) through it.
@Suite(.timeLimit(.minutes(2))) struct BlueZAgentTests {
    /// Calls the client's agent as bluetoothd would.
    func ask(_ bluetoothd: DBusConnection, _ client: DBusConnection, _ member: String, _ arguments: [DBusValue]) async throws -> DBusMessage {
        try await bluetoothd.call(.methodCall(
            destination: client.uniqueName, path: "/org/nightlight/agent", interface: "org.bluez.Agent1", member: member,
            body: [.objectPath(FakeBlueZDevice.device)] + arguments
        ))
    }

    func isRejected(_ name: String) -> @Sendable (any Error) -> Bool {
        { ($0 as? DBusRemoteError)?.name == name }
    }

    @Test func theAgentIsRegisteredAsTheDefaultAndAnswersThroughOurs() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBlueZDevice(on: bluetoothd)
            let backend = try await BlueZBackend.open(connection: client)
            let agent = ScriptedAgent(confirms: true, passkey: 123_456)
            await backend.setPairingAgent(agent)
            #expect(await backend.agentFailure == nil)
            #expect(fake.calls.withLock { $0.agentCalls } == [
                [.string("RegisterAgent"), .objectPath("/org/nightlight/agent"), .string("KeyboardDisplay")],
                [.string("RequestDefaultAgent"), .objectPath("/org/nightlight/agent")],
            ])
            _ = try await ask(bluetoothd, client, "RequestConfirmation", [.uint32(42)])
            let passkey = try await ask(bluetoothd, client, "RequestPasskey", [])
            #expect(passkey.body == [.uint32(123_456)])
            _ = try await ask(bluetoothd, client, "DisplayPasskey", [.uint32(7), .uint16(0)])
            _ = try await ask(bluetoothd, client, "DisplayPasskey", [.uint32(7), .uint16(3)])
            _ = try await ask(bluetoothd, client, "RequestAuthorization", [])
            #expect(agent.asked.withLock { $0 } == [
                "confirm 42 C0:FF:EE:00:00:02", "enter C0:FF:EE:00:00:02", "display 7 C0:FF:EE:00:00:02",
            ])
            await backend.close()
        }
    }

    @Test func refusalsAreBlueZsErrors() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            _ = try await FakeBlueZDevice(on: bluetoothd)
            let backend = try await BlueZBackend.open(connection: client)
            await backend.setPairingAgent(ScriptedAgent(confirms: false, passkey: nil))
            await #expect(performing: { try await ask(bluetoothd, client, "RequestConfirmation", [.uint32(42)]) }, throws: isRejected("org.bluez.Error.Rejected"))
            await #expect(performing: { try await ask(bluetoothd, client, "RequestPasskey", []) }, throws: isRejected("org.bluez.Error.Canceled"))
            await #expect(performing: { try await ask(bluetoothd, client, "RequestPinCode", []) }, throws: isRejected("org.bluez.Error.Rejected"))
            await #expect(performing: { try await ask(bluetoothd, client, "RequestConfirmation", [.uint32(1_000_000)]) }, throws: isRejected("org.freedesktop.DBus.Error.InvalidArgs"))
            await backend.close()
        }
    }

    @Test func withoutAnAgentManagerTheFailureIsKept() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            try await FakeBluetoothd.start(on: bluetoothd, filters: Filters())
            let backend = try await BlueZBackend.open(connection: client)
            await backend.setPairingAgent(ScriptedAgent(confirms: true, passkey: nil))
            let failure = await backend.agentFailure
            #expect(failure?.code == .unsupported)
            #expect(failure?.message.contains("registering the pairing agent") == true)
            await backend.close()
        }
    }
}
