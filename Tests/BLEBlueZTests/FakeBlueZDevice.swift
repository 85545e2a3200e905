import DBus
import DBusClient
import Synchronization

/// A stand-in for bluetoothd with one LE device and its GATT objects, shaped as BlueZ's API
/// documents it (`doc/org.bluez.Device.rst`, `org.bluez.GattService.rst`,
/// `org.bluez.GattCharacteristic.rst`, `org.bluez.GattDescriptor.rst`): objects named by their
/// attribute handles, `Connect` answered after `Connected` and `ServicesResolved` change,
/// values read and written through `ReadValue`/`WriteValue`, notifications as `PropertiesChanged`
/// of `Value`.
///
/// The database:
///
/// | path | handle | what |
/// |---|---|---|
/// | `service000a` | 0x000A | Battery (180F), primary |
/// | `service000a/char000b` | 0x000C (value) | Battery Level (2A19): read, notify |
/// | `service000a/char000b/desc000d` | 0x000D | CCCD (2902) |
/// | `service0010` | 0x0010 | 4E4C0001-…, primary, includes `service0020` |
/// | `service0010/char0011` | 0x0012 (value) | 4E4C0002-…: read, write, write-without-response, reliable-write |
/// | `service0010/char0011/desc0013` | 0x0013 | User Description (2901): "Level" |
/// | `service0010/char0014` | 0x0015 (value) | 4E4C0003-…: read (encrypted: "Not paired"), indicate |
/// | `service0010/char0016` | 0x0017 (value) | 4E4C0004-…: read (never answers until the link drops) |
/// | `service0020` | 0x0020 | Device Information (180A), secondary |
final class FakeBlueZDevice: Sendable {
    static let adapter: DBusObjectPath = "/org/bluez/hci0"
    static let device: DBusObjectPath = "/org/bluez/hci0/dev_C0_FF_EE_00_00_02"
    static let battery = device.appending("service000a")
    static let level = battery.appending("char000b")
    static let custom = device.appending("service0010")
    static let writable = custom.appending("char0011")
    static let secret = custom.appending("char0014")
    static let slow = custom.appending("char0016")
    static let info = device.appending("service0020")

    /// How `Connect` behaves.
    enum ConnectBehaviour: Sendable {
        case succeeds
        case fails(name: String, message: String)
        case neverAnswers
    }

    struct Calls: Sendable {
        var connects = 0
        var disconnects = 0
        var startDiscoveries = 0
        var stopDiscoveries = 0
        var writes: [(path: DBusObjectPath, value: [UInt8], options: [String: DBusValue])] = []
        var reads: [(path: DBusObjectPath, options: [String: DBusValue])] = []
        var startNotifies = 0
        var stopNotifies = 0
        var agentCalls: [[DBusValue]] = []
    }

    let calls = Mutex(Calls())
    private let connected = Mutex(false)
    private let values = Mutex<[DBusObjectPath: [UInt8]]>([:])
    private let connection: DBusConnection
    private let behaviour: ConnectBehaviour
    private let known: Bool

    /// Exports the adapter (and the device, when `known`; else a discovery finds it) on `connection`.
    init(on connection: DBusConnection, connect behaviour: ConnectBehaviour = .succeeds, known: Bool = true) async throws {
        self.connection = connection
        self.behaviour = behaviour
        self.known = known
        values.withLock {
            $0 = [Self.level: [0x64], Self.writable: [1, 2, 3], Self.writable.appending("desc0013"): Array("Level".utf8)]
        }
        _ = try await connection.call(.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "RequestName",
            body: [.string("org.bluez"), .uint32(0)]
        ))
        connection.export(.root, [])
        connection.export(Self.adapter, [
            DBusExportedInterface(
                name: "org.bluez.Adapter1",
                methods: [
                    "SetDiscoveryFilter": { _ in [] },
                    "StartDiscovery": { [self] _ in
                        calls.withLock { $0.startDiscoveries += 1 }
                        Task { try self.exportDevice(announce: true) }
                        return []
                    },
                    "StopDiscovery": { [self] _ in
                        calls.withLock { $0.stopDiscoveries += 1 }
                        return []
                    },
                ],
                properties: { ["Powered": .boolean(true)] }
            ),
        ])
        connection.export("/org/bluez", [
            DBusExportedInterface(name: "org.bluez.AgentManager1", methods: [
                "RegisterAgent": { [self] call in
                    calls.withLock { $0.agentCalls.append([.string("RegisterAgent")] + call.body) }
                    return []
                },
                "RequestDefaultAgent": { [self] call in
                    calls.withLock { $0.agentCalls.append([.string("RequestDefaultAgent")] + call.body) }
                    return []
                },
            ]),
        ])
        if known { try exportDevice(announce: false) }
    }

    /// The device's properties now.
    private func deviceProperties() -> [String: DBusValue] {
        let isConnected = connected.withLock { $0 }
        var properties: [String: DBusValue] = [
            "Address": .string("C0:FF:EE:00:00:02"), "AddressType": .string("random"), "Name": .string("Fake"),
            "Connected": .boolean(isConnected), "ServicesResolved": .boolean(isConnected), "Adapter": .objectPath(Self.adapter),
        ]
        if !isConnected { properties["RSSI"] = .int16(-50) }
        return properties
    }

    private func exportDevice(announce: Bool) throws {
        connection.export(Self.device, [
            DBusExportedInterface(
                name: "org.bluez.Device1",
                methods: [
                    "Connect": { [self] _ in try await connect() },
                    "Disconnect": { [self] _ in
                        calls.withLock { $0.disconnects += 1 }
                        try drop()
                        return []
                    },
                ],
                properties: { [self] in deviceProperties() }
            ),
        ])
        if announce {
            try connection.send(.signal(
                path: .root, interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesAdded",
                body: [
                    .objectPath(Self.device),
                    .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)), [
                        (.string("org.bluez.Device1"), .properties(deviceProperties())),
                    ]),
                ]
            ))
        }
    }

    private func connect() async throws -> [DBusValue] {
        calls.withLock { $0.connects += 1 }
        switch behaviour {
        case .fails(let name, let message):
            throw DBusRemoteError(name: name, message: message)
        case .neverAnswers:
            // Until the attempt is aborted (`Disconnect`), as bluetoothd answers then.
            while calls.withLock({ $0.disconnects }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "le-connection-abort-by-local")
        case .succeeds:
            exportGATT()
            connected.withLock { $0 = true }
            try connection.emitPropertiesChanged(path: Self.device, interface: "org.bluez.Device1", changed: ["Connected": .boolean(true)])
            try connection.emitPropertiesChanged(path: Self.device, interface: "org.bluez.Device1", changed: ["ServicesResolved": .boolean(true)])
            return []
        }
    }

    /// The link drops (the peer went away, or `Disconnect`).
    func drop() throws {
        connected.withLock { $0 = false }
        try connection.emitPropertiesChanged(path: Self.device, interface: "org.bluez.Device1", changed: ["ServicesResolved": .boolean(false), "Connected": .boolean(false)])
    }

    /// The device notifies `value` on the Battery Level characteristic.
    func notify(_ value: [UInt8]) throws {
        try connection.emitPropertiesChanged(path: Self.level, interface: "org.bluez.GattCharacteristic1", changed: ["Value": .bytes(value)])
    }

    /// The value stored at an object.
    func value(at path: DBusObjectPath) -> [UInt8]? { values.withLock { $0[path] } }

    private func exportGATT() {
        service(Self.battery, uuid: "0000180f-0000-1000-8000-00805f9b34fb", primary: true)
        characteristic(Self.level, service: Self.battery, uuid: "00002a19-0000-1000-8000-00805f9b34fb", flags: ["read", "notify"])
        descriptor(Self.level.appending("desc000d"), characteristic: Self.level, uuid: "00002902-0000-1000-8000-00805f9b34fb")
        service(Self.custom, uuid: "4e4c0001-6465-6d6f-8000-6e696768746c", primary: true, includes: [Self.info])
        characteristic(Self.writable, service: Self.custom, uuid: "4e4c0002-6465-6d6f-8000-6e696768746c", flags: ["read", "write", "write-without-response", "reliable-write"])
        descriptor(Self.writable.appending("desc0013"), characteristic: Self.writable, uuid: "00002901-0000-1000-8000-00805f9b34fb")
        characteristic(Self.secret, service: Self.custom, uuid: "4e4c0003-6465-6d6f-8000-6e696768746c", flags: ["read", "indicate"])
        characteristic(Self.slow, service: Self.custom, uuid: "4e4c0004-6465-6d6f-8000-6e696768746c", flags: ["read"])
        service(Self.info, uuid: "0000180a-0000-1000-8000-00805f9b34fb", primary: false)
    }

    private func service(_ path: DBusObjectPath, uuid: String, primary: Bool, includes: [DBusObjectPath] = []) {
        connection.export(path, [
            DBusExportedInterface(name: "org.bluez.GattService1", properties: {
                [
                    "UUID": .string(uuid), "Primary": .boolean(primary), "Device": .objectPath(Self.device),
                    "Includes": .array(element: .objectPath, includes.map(DBusValue.objectPath)),
                ]
            }),
        ])
    }

    private func characteristic(_ path: DBusObjectPath, service: DBusObjectPath, uuid: String, flags: [String]) {
        connection.export(path, [
            DBusExportedInterface(
                name: "org.bluez.GattCharacteristic1",
                methods: valueMethods(path).merging([
                    "StartNotify": { [self] _ in
                        calls.withLock { $0.startNotifies += 1 }
                        return []
                    },
                    "StopNotify": { [self] _ in
                        calls.withLock { $0.stopNotifies += 1 }
                        return []
                    },
                ]) { first, _ in first },
                properties: { [self] in
                    [
                        "UUID": .string(uuid), "Service": .objectPath(service), "Flags": .strings(flags), "MTU": .uint16(247),
                        "Value": .bytes(value(at: path) ?? []),
                    ]
                }
            ),
        ])
    }

    private func descriptor(_ path: DBusObjectPath, characteristic: DBusObjectPath, uuid: String) {
        connection.export(path, [
            DBusExportedInterface(
                name: "org.bluez.GattDescriptor1",
                methods: valueMethods(path),
                properties: { ["UUID": .string(uuid), "Characteristic": .objectPath(characteristic)] }
            ),
        ])
    }

    /// `ReadValue` and `WriteValue` of the value at `path`.
    private func valueMethods(_ path: DBusObjectPath) -> [String: DBusMethodHandler] {
        ["ReadValue": { [self] call in try await read(path, call) }, "WriteValue": { [self] call in try write(path, call) }]
    }

    private func read(_ path: DBusObjectPath, _ call: DBusMessage) async throws -> [DBusValue] {
        let options = call.body.first?.stringDictionary ?? [:]
        calls.withLock { $0.reads.append((path, options)) }
        guard connected.withLock({ $0 }) else { throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "Not connected") }
        if path == Self.secret { throw DBusRemoteError(name: "org.bluez.Error.NotPermitted", message: "Not paired") }
        if path == Self.slow {
            // Answers only once the link drops (as bluetoothd fails what is pending then).
            while connected.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "Not connected")
        }
        let offset = Int(options["offset"]?.integer ?? 0)
        let value = values.withLock { $0[path] } ?? []
        guard offset <= value.count else { throw DBusRemoteError(name: "org.bluez.Error.InvalidOffset", message: "Invalid offset") }
        return [.bytes(Array(value[offset...]))]
    }

    private func write(_ path: DBusObjectPath, _ call: DBusMessage) throws -> [DBusValue] {
        guard let value = call.body.first?.byteArray else { throw DBusRemoteError(name: "org.bluez.Error.InvalidArguments", message: "Invalid arguments") }
        let options = call.body.dropFirst().first?.stringDictionary ?? [:]
        calls.withLock { $0.writes.append((path, value, options)) }
        if value == [0xEE] { throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "Operation failed with ATT error: 0x80") }
        values.withLock { $0[path] = value }
        return []
    }
}

extension DBusObjectPath {
    /// The path of a child object.
    func appending(_ name: String) -> DBusObjectPath {
        DBusObjectPath(stringLiteral: rawValue + "/" + name)
    }
}
