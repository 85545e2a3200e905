import DBus
import DBusClient
import Synchronization

/// A stand-in for bluetoothd's peripheral side (`doc/org.bluez.GattManager.rst`,
/// `org.bluez.LEAdvertisingManager.rst`, `org.bluez.Adapter.rst`): an adapter `hci0` with
/// `GattManager1` and (unless left out) `LEAdvertisingManager1`, which call back into the
/// registering program as bluetoothd does: `GetManagedObjects` of the application before
/// `RegisterApplication` answers, `GetAll` of the advertisement before `RegisterAdvertisement`
/// answers, `ReadValue`/`WriteValue` with options, `StartNotify`, `Release`. Remote devices
/// connect to it (`Device1` objects with `Connected`).
final class FakeBluetoothdManagers: Sendable {
    static let adapter: DBusObjectPath = "/org/bluez/hci0"

    struct Registered: Sendable {
        /// The application's owner and objects, as read when it registered.
        var application: (owner: String, path: DBusObjectPath, objects: [DBusObjectPath: [String: [String: DBusValue]]])?
        /// The advertisement's owner, path and properties, as read when it registered.
        var advertisement: (owner: String, path: DBusObjectPath, properties: [String: DBusValue])?
        var advertisementRegistrations = 0
        var advertisementUnregistrations = 0
        var applicationUnregistrations = 0
        var removedDevices: [DBusObjectPath] = []
        var disconnects: [DBusObjectPath] = []
        /// The registered agent's owner and path.
        var agent: (owner: String, path: DBusObjectPath)?
    }

    let registered = Mutex(Registered())
    let connection: DBusConnection
    private let devices = Mutex<[DBusObjectPath: [String: DBusValue]]>([:])

    init(on connection: DBusConnection, advertising: Bool = true) async throws {
        self.connection = connection
        _ = try await connection.call(.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "RequestName",
            body: [.string("org.bluez"), .uint32(0)]
        ))
        connection.export(.root, [])
        var interfaces = [
            DBusExportedInterface(
                name: "org.bluez.Adapter1",
                methods: ["RemoveDevice": { [self] call in
                    guard let device = call.body.first?.objectPath else { throw DBusRemoteError.invalidArgs("RemoveDevice takes (o)") }
                    registered.withLock { $0.removedDevices.append(device) }
                    try removeDevice(device)
                    return []
                }],
                properties: { ["Powered": .boolean(true), "Address": .string("00:11:22:33:44:55"), "AddressType": .string("public")] }
            ),
            DBusExportedInterface(name: "org.bluez.GattManager1", methods: [
                "RegisterApplication": { [self] call in
                    guard let owner = call.sender, let path = call.body.first?.objectPath else { throw DBusRemoteError.invalidArgs("RegisterApplication takes (oa{sv})") }
                    let objects = try await connection.managedObjects(at: path, on: owner)
                    guard objects.values.contains(where: { $0["org.bluez.GattService1"] != nil }) else {
                        throw DBusRemoteError(name: "org.bluez.Error.InvalidArguments", message: "No object received")
                    }
                    registered.withLock { $0.application = (owner, path, objects) }
                    return []
                },
                "UnregisterApplication": { [self] _ in
                    registered.withLock {
                        $0.application = nil
                        $0.applicationUnregistrations += 1
                    }
                    return []
                },
            ]),
        ]
        if advertising {
            interfaces.append(DBusExportedInterface(name: "org.bluez.LEAdvertisingManager1", methods: [
                "RegisterAdvertisement": { [self] call in
                    guard let owner = call.sender, let path = call.body.first?.objectPath else { throw DBusRemoteError.invalidArgs("RegisterAdvertisement takes (oa{sv})") }
                    if registered.withLock({ $0.advertisement != nil }) {
                        throw DBusRemoteError(name: "org.bluez.Error.AlreadyExists", message: "Already Exists")
                    }
                    let properties = try await connection.properties(of: "org.bluez.LEAdvertisement1", at: path, on: owner)
                    registered.withLock {
                        $0.advertisement = (owner, path, properties)
                        $0.advertisementRegistrations += 1
                    }
                    return []
                },
                "UnregisterAdvertisement": { [self] _ in
                    registered.withLock {
                        $0.advertisement = nil
                        $0.advertisementUnregistrations += 1
                    }
                    return []
                },
            ]))
        }
        connection.export(Self.adapter, interfaces)
        connection.export("/org/bluez", [
            DBusExportedInterface(name: "org.bluez.AgentManager1", methods: [
                "RegisterAgent": { [self] call in
                    registered.withLock { $0.agent = (call.sender ?? "", call.body.first?.objectPath ?? .root) }
                    return []
                },
                "RequestDefaultAgent": { _ in [] },
            ]),
        ])
    }

    /// Asks the registered agent `member` about the device at `device`, as bluetoothd does before
    /// a central pairs.
    func askAgent(_ member: String, device: DBusObjectPath, _ arguments: [DBusValue] = []) async throws {
        guard let (owner, path) = registered.withLock({ $0.agent }) else { throw DBusRemoteError.failed("no agent is registered") }
        _ = try await connection.call(.methodCall(destination: owner, path: path, interface: "org.bluez.Agent1", member: member, body: [.objectPath(device)] + arguments))
    }

    // MARK: Calls into the application, as bluetoothd makes them

    /// Calls `member` on an object of the registered application.
    func callApplication(_ path: DBusObjectPath, _ interface: String, _ member: String, _ body: [DBusValue] = []) async throws -> DBusMessage {
        guard let owner = registered.withLock({ $0.application?.owner }) else { throw DBusRemoteError.failed("no application is registered") }
        return try await connection.call(.methodCall(destination: owner, path: path, interface: interface, member: member, body: body))
    }

    /// `ReadValue` with bluetoothd's options.
    func readValue(_ path: DBusObjectPath, interface: String = "org.bluez.GattCharacteristic1", device: DBusObjectPath, offset: UInt16 = 0) async throws -> [UInt8] {
        var options: [String: DBusValue] = ["device": .objectPath(device), "mtu": .uint16(247), "link": .string("LE")]
        if offset > 0 { options["offset"] = .uint16(offset) }
        let reply = try await callApplication(path, interface, "ReadValue", [.properties(options)])
        return reply.body.first?.byteArray ?? []
    }

    /// `WriteValue` with bluetoothd's options.
    func writeValue(_ path: DBusObjectPath, _ value: [UInt8], interface: String = "org.bluez.GattCharacteristic1", device: DBusObjectPath, type: String = "request", offset: UInt16 = 0) async throws {
        var options: [String: DBusValue] = ["device": .objectPath(device), "mtu": .uint16(247), "link": .string("LE"), "type": .string(type)]
        if offset > 0 { options["offset"] = .uint16(offset) }
        _ = try await callApplication(path, interface, "WriteValue", [.bytes(value), .properties(options)])
    }

    /// bluetoothd releases the advertisement (the adapter went off).
    func releaseAdvertisement() async throws {
        guard let (owner, path, _) = registered.withLock({ $0.advertisement }) else { throw DBusRemoteError.failed("no advertisement is registered") }
        _ = try await connection.call(.methodCall(destination: owner, path: path, interface: "org.bluez.LEAdvertisement1", member: "Release"))
        registered.withLock { $0.advertisement = nil }
    }

    // MARK: Remote devices

    /// The object path of the device at `address` (`AA:BB:…`).
    static func devicePath(_ address: String) -> DBusObjectPath {
        DBusObjectPath(stringLiteral: adapter.rawValue + "/dev_" + String(address.map { $0 == ":" ? "_" : $0 }))
    }

    /// A central at `address` connects to the adapter (bluetoothd adds its `Device1`).
    @discardableResult
    func connectDevice(_ address: String, paired: Bool = false) throws -> DBusObjectPath {
        let path = Self.devicePath(address)
        let properties: [String: DBusValue] = [
            "Address": .string(address), "AddressType": .string("public"), "Connected": .boolean(true),
            "Paired": .boolean(paired), "Bonded": .boolean(paired), "Adapter": .objectPath(Self.adapter),
        ]
        devices.withLock { $0[path] = properties }
        connection.export(path, [
            DBusExportedInterface(
                name: "org.bluez.Device1",
                methods: ["Disconnect": { [self] _ in
                    registered.withLock { $0.disconnects.append(path) }
                    try disconnectDevice(path)
                    return []
                }],
                properties: { [self] in devices.withLock { $0[path] ?? [:] } }
            ),
        ])
        try connection.send(.signal(
            path: .root, interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesAdded",
            body: [
                .objectPath(path),
                .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)), [(.string("org.bluez.Device1"), .properties(properties))]),
            ]
        ))
        return path
    }

    /// bluetoothd paired with (and bonded) the central at `path`.
    func pair(_ path: DBusObjectPath) throws {
        devices.withLock {
            $0[path]?["Paired"] = .boolean(true)
            $0[path]?["Bonded"] = .boolean(true)
        }
        try connection.emitPropertiesChanged(path: path, interface: "org.bluez.Device1", changed: ["Paired": .boolean(true), "Bonded": .boolean(true)])
    }

    /// The central at `path` disconnects (`Connected` becomes false; a bonded device stays).
    func disconnectDevice(_ path: DBusObjectPath) throws {
        devices.withLock { $0[path]?["Connected"] = .boolean(false) }
        try connection.emitPropertiesChanged(path: path, interface: "org.bluez.Device1", changed: ["Connected": .boolean(false)])
    }

    /// bluetoothd forgets the device (`RemoveDevice`, or an unbonded device gone).
    func removeDevice(_ path: DBusObjectPath) throws {
        devices.withLock { _ = $0.removeValue(forKey: path) }
        connection.unexport(path)
        try connection.send(.signal(
            path: .root, interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesRemoved",
            body: [.objectPath(path), .strings(["org.bluez.Device1"])]
        ))
    }
}
