import DBus
import DBusClient
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

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

    /// How `Pair` behaves.
    enum PairBehaviour: Sendable {
        case succeeds
        case fails(name: String, message: String)
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
        var pairs = 0
        var acquiredWrites = 0
        var acquiredNotifies = 0
        var removedDevices: [DBusObjectPath] = []
    }

    let calls = Mutex(Calls())
    private let connected = Mutex(false)
    private let paired: Mutex<Bool>
    /// Whether `AcquireWrite`/`AcquireNotify` are offered (BlueZ 5.46 and later).
    private let offersSockets: Bool
    /// Our ends of the acquired sockets, by characteristic.
    private let acquired = Mutex<[DBusObjectPath: CInt]>([:])
    private let pairing: PairBehaviour
    private let values = Mutex<[DBusObjectPath: [UInt8]]>([:])
    private let connection: DBusConnection
    private let behaviour: ConnectBehaviour
    private let known: Bool

    /// Exports the adapter (and the device, when `known`; else a discovery finds it) on `connection`.
    /// `paired`: bluetoothd has a bond with the device already; `pairing`: how `Pair` answers.
    init(
        on connection: DBusConnection, connect behaviour: ConnectBehaviour = .succeeds, known: Bool = true,
        paired: Bool = false, pairing: PairBehaviour = .succeeds, offersSockets: Bool = false
    ) async throws {
        self.offersSockets = offersSockets
        self.connection = connection
        self.behaviour = behaviour
        self.paired = Mutex(paired)
        self.pairing = pairing
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
                    "RemoveDevice": { [self] call in
                        guard let path = call.body.first?.objectPath else { throw DBusRemoteError(name: "org.bluez.Error.InvalidArguments", message: "Invalid arguments") }
                        calls.withLock { $0.removedDevices.append(path) }
                        guard path == Self.device else { throw DBusRemoteError(name: "org.bluez.Error.DoesNotExist", message: "Does Not Exist") }
                        self.paired.withLock { $0 = false }
                        if connected.withLock({ $0 }) { try drop() }
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
        let isPaired = paired.withLock { $0 }
        var properties: [String: DBusValue] = [
            "Paired": .boolean(isPaired), "Bonded": .boolean(isPaired),
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
                    "Pair": { [self] _ in try pair() },
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

    private func pair() throws -> [DBusValue] {
        calls.withLock { $0.pairs += 1 }
        guard connected.withLock({ $0 }) else { throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "Not connected") }
        if paired.withLock({ $0 }) { throw DBusRemoteError(name: "org.bluez.Error.AlreadyExists", message: "Already Exists") }
        switch pairing {
        case .fails(let name, let message):
            throw DBusRemoteError(name: name, message: message)
        case .succeeds:
            paired.withLock { $0 = true }
            try connection.emitPropertiesChanged(path: Self.device, interface: "org.bluez.Device1", changed: ["Paired": .boolean(true), "Bonded": .boolean(true)])
            return []
        }
    }

    /// A `SOCK_SEQPACKET` pair: our end kept for `path`, the other sent with the ATT_MTU 247.
    private func socket(for path: DBusObjectPath) throws -> (body: [DBusValue], descriptors: [CInt]) {
        var pair: [CInt] = [-1, -1]
        // Non-blocking, as bluetoothd makes them (src/gatt-client.c).
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0, &pair) == 0 else {
            throw DBusRemoteError(name: "org.bluez.Error.Failed", message: "socketpair failed")
        }
        acquired.withLock { $0[path] = pair[0] }
        return ([.unixFD(0), .uint16(247)], [pair[1]])
    }

    /// The next packet on the acquired socket of `path` within 5 s; nil at its end (the other
    /// side hung up) or after the wait.
    func receivePacket(at path: DBusObjectPath) -> [UInt8]? {
        guard let end = acquired.withLock({ $0[path] }) else { return nil }
        var poller = pollfd(fd: end, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 5000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(end, &buffer, buffer.count, 0)
        return count > 0 ? Array(buffer[0..<count]) : nil
    }

    /// Sends `value` on the acquired socket of `path` (a notification).
    func sendPacket(_ value: [UInt8], at path: DBusObjectPath) -> Bool {
        guard let end = acquired.withLock({ $0[path] }) else { return false }
        return send(end, value, value.count, Int32(MSG_NOSIGNAL)) == value.count
    }

    /// Hangs up the acquired socket of `path` (as bluetoothd does when the link ends).
    func hangUp(_ path: DBusObjectPath) {
        if let end = acquired.withLock({ $0.removeValue(forKey: path) }) { close(end) }
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
                descriptorMethods: offersSockets ? [
                    "AcquireWrite": { [self] _, _ in
                        guard flags.contains("write-without-response") else { throw DBusRemoteError(name: "org.bluez.Error.NotSupported", message: "Operation is not supported") }
                        calls.withLock { $0.acquiredWrites += 1 }
                        return try socket(for: path)
                    },
                    "AcquireNotify": { [self] _, _ in
                        guard flags.contains("notify") else { throw DBusRemoteError(name: "org.bluez.Error.NotSupported", message: "Operation is not supported") }
                        calls.withLock { $0.acquiredNotifies += 1 }
                        return try socket(for: path)
                    },
                ] : [:],
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
