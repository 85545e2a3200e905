import BLE
import BLECore
import BLEHost
import DBus
import DBusClient

extension BlueZ {
    /// Where agents are registered (`doc/org.bluez.AgentManager.rst`), at `/org/bluez`.
    static let agentManager = "org.bluez.AgentManager1"
    /// The interface bluetoothd calls on an agent (`doc/org.bluez.Agent.rst`).
    static let agent = "org.bluez.Agent1"
    /// Where this program exports its agent.
    static let agentPath: DBusObjectPath = "/org/nightlight/agent"
    /// What an agent can show and type: nothing for the ``DefaultPairingAgent`` (Just Works
    /// only), else a display and a keyboard, as the tools' terminal agent.
    static func agentCapability(of agent: any PairingAgent) -> String {
        agent is DefaultPairingAgent ? "NoInputNoOutput" : "KeyboardDisplay"
    }
}

/// A ``PairingAgent`` as BlueZ's `org.bluez.Agent1` (BlueZ `doc/org.bluez.Agent.rst`):
/// bluetoothd asks it while it pairs (on demand, when a device answers Insufficient
/// Authentication) for this program: passkeys to show or type, numbers to compare.
enum BlueZAgent {
    static let rejected = "org.bluez.Error.Rejected"
    static let canceled = "org.bluez.Error.Canceled"

    /// The exported interface that answers bluetoothd with `agent`.
    static func interface(_ agent: any PairingAgent, bus: DBusConnection) -> DBusExportedInterface {
        let pinCodes: DBusMethodHandler = { _ in
            throw DBusRemoteError(name: rejected, message: "PIN codes belong to BR/EDR pairing; this agent pairs LE devices only")
        }
        return DBusExportedInterface(name: BlueZ.agent, methods: [
            "Release": { _ in [] },
            "Cancel": { _ in [] },
            "RequestPinCode": pinCodes,
            "DisplayPinCode": pinCodes,
            "RequestPasskey": { call in
                let address = try await peer(of: call, on: bus)
                guard let passkey = await agent.enterPasskey(for: address) else {
                    throw DBusRemoteError(name: canceled, message: "no passkey was entered for \(address)")
                }
                return [.uint32(passkey)]
            },
            "DisplayPasskey": { call in
                let address = try await peer(of: call, on: bus)
                let passkey = try number(call, at: 1)
                // bluetoothd calls again as digits are typed on the peer (`entered`): shown once.
                if (call.body.dropFirst(2).first?.integer ?? 0) == 0 { await agent.displayPasskey(passkey, to: address) }
                return []
            },
            "RequestConfirmation": { call in
                let address = try await peer(of: call, on: bus)
                guard await agent.confirmNumericComparison(try number(call, at: 1), with: address) else {
                    throw DBusRemoteError(name: rejected, message: "the numbers shown for \(address) were not confirmed")
                }
                return []
            },
            // Just Works, and a device's services: accepted, as our own host does in the central role.
            "RequestAuthorization": { _ in [] },
            "AuthorizeService": { _ in [] },
        ])
    }

    /// The six-digit passkey or number in argument `index` of a call.
    private static func number(_ call: DBusMessage, at index: Int) throws -> UInt32 {
        guard let value = call.body.dropFirst(index).first?.integer, let number = UInt32(exactly: value), number <= 999_999 else {
            throw DBusRemoteError.invalidArgs("argument \(index + 1) of \(call.member ?? "the call") is not a six-digit number")
        }
        return number
    }

    /// The address of the device a call names (its first argument, a `Device1` object).
    private static func peer(of call: DBusMessage, on bus: DBusConnection) async throws -> DeviceAddress {
        guard let path = call.body.first?.objectPath else {
            throw DBusRemoteError.invalidArgs("\(call.member ?? "the call") names no device")
        }
        let properties = try await bus.properties(of: BlueZ.device, at: path, on: BlueZ.service)
        guard let text = properties["Address"]?.string,
            let address = try? DeviceAddress(parsing: text, isRandom: properties["AddressType"]?.string == "random")
        else { throw DBusRemoteError(name: rejected, message: "the device \(path) has no address") }
        return address
    }
}
