import BLE
import BLECore
import BLEGATT
import DBus
import DBusClient
import Synchronization

extension BlueZ {
    /// Where GATT applications are registered, on the adapter (`doc/org.bluez.GattManager.rst`).
    static let gattManager = "org.bluez.GattManager1"
}

/// One of our ``GATTServer``s served by bluetoothd: its services, characteristics and
/// descriptors exported as BlueZ's application objects (`org.bluez.GattService1`,
/// `GattCharacteristic1`, `GattDescriptor1` below an `org.freedesktop.DBus.ObjectManager`;
/// BlueZ `doc/org.bluez.GattManager.rst`) and registered with `GattManager1.RegisterApplication`.
///
/// bluetoothd runs ATT itself and calls the objects: `ReadValue` and `WriteValue` go through the
/// server's own attribute path (``GATTServer/read(handle:offset:from:)``,
/// ``GATTServer/write(_:at:method:from:)``), so its permissions, read handlers, validators and
/// observers answer, for a client of the server per remote device (the `device` option);
/// ``GATTServer/updateValue(_:at:)`` becomes a `PropertiesChanged` of `Value`, which bluetoothd
/// sends as notifications or indications to the devices that enabled them.
///
/// What bluetoothd does itself, and so is not exported: the Generic Access (0x1800) and Generic
/// Attribute (0x1801) services (``omitted``), every Client Characteristic Configuration
/// descriptor (bluetoothd keeps one per device and calls `StartNotify` when the first device
/// enables one, `StopNotify` when the last disables it: the server's clients all get the
/// configuration then), and the Characteristic Extended Properties descriptor (from `Flags`).
/// The attribute handles a central sees are bluetoothd's, not the server's. The security
/// permissions become `Flags` (`encrypt-read`, `encrypt-authenticated-write`, …) which
/// bluetoothd enforces before it calls: the server's clients here count as encrypted and
/// authenticated.
public final class BlueZGATTApplication: Sendable {
    /// Where this program exports its GATT application unless told otherwise.
    public static let defaultPath: DBusObjectPath = "/org/nightlight/gatt"
    /// The application's root object.
    public let path: DBusObjectPath
    /// The server served.
    public let server: GATTServer
    /// What of the server is not exported, in words (bluetoothd's own services).
    public let omitted: [String]
    private let bus: DBusConnection
    private let nodes: [Node]
    private let state = Mutex(State())

    /// The security the server's clients get: bluetoothd checked the link against the `Flags`.
    static let clientSecurity = GATTSecurityState(isEncrypted: true, isAuthenticated: true, hasLongTermKey: true, encryptionKeySize: 16)

    private struct State {
        /// The server's client for each remote device (its `Device1` object).
        var clients: [DBusObjectPath: GATTClientID] = [:]
        /// The value handles whose notifications bluetoothd asked for (`StartNotify`).
        var notifying: Set<UInt16> = []
        /// The adapter it is registered on.
        var adapter: DBusObjectPath?
        /// Follows bluetoothd's devices, to forget the clients of those that disconnect.
        var watcher: Task<Void, Never>?
    }

    /// One exported object.
    struct Node: Sendable {
        enum Kind: Sendable {
            case service(primary: Bool, includes: [DBusObjectPath])
            case characteristic(service: DBusObjectPath, valueHandle: UInt16, properties: GATTCharacteristicProperties)
            case descriptor(characteristic: DBusObjectPath)
        }
        var path: DBusObjectPath
        var handle: UInt16
        var uuid: BluetoothUUID
        var kind: Kind
        var flags: [String]
    }

    private init(path: DBusObjectPath, server: GATTServer, bus: DBusConnection, nodes: [Node], omitted: [String]) {
        self.path = path
        self.server = server
        self.bus = bus
        self.nodes = nodes
        self.omitted = omitted
    }

    /// Exports `server`'s database on `bus` below `path` (not registered yet: ``register(on:)``).
    public static func export(_ server: GATTServer, on bus: DBusConnection, at path: DBusObjectPath = defaultPath) async -> BlueZGATTApplication {
        let (nodes, omitted) = tree(of: await server.database, below: path)
        let application = BlueZGATTApplication(path: path, server: server, bus: bus, nodes: nodes, omitted: omitted)
        bus.export(path, [])
        for node in nodes { bus.export(node.path, [application.interface(node)]) }
        await server.setUpdateRelay { [weak application] handle, value in
            application?.relay(value, at: handle) ?? 0
        }
        return application
    }

    // MARK: The object tree

    /// The objects of `database` below `root`, and what is left out.
    static func tree(of database: GATTAttributeDatabase, below root: DBusObjectPath) -> ([Node], [String]) {
        var nodes: [Node] = []
        var omitted: [String] = []
        var servicePaths: [UInt16: DBusObjectPath] = [:]
        var characteristicPaths: [UInt16: DBusObjectPath] = [:]  // by value handle
        var serviceIndex: [UInt16: Int] = [:]
        var characteristicIndex: [UInt16: Int] = [:]  // by value handle
        var includedHandles: [Int: [UInt16]] = [:]  // by the including service's node
        let bluetoothdServices: [BluetoothUUID: String] = [BluetoothUUID(0x1800): "Generic Access (1800)", BluetoothUUID(0x1801): "Generic Attribute (1801)"]
        func child(_ parent: DBusObjectPath, _ prefix: String, _ handle: UInt16) -> DBusObjectPath {
            let hex = String(handle, radix: 16)
            return DBusObjectPath(stringLiteral: parent.rawValue + "/" + prefix + String(repeating: "0", count: 4 - hex.count) + hex)
        }
        for attribute in database.attributes {
            switch attribute.role {
            case .serviceDeclaration(let primary, _):
                guard let uuid = BluetoothUUID(littleEndianBytes: attribute.value) else { continue }
                if let name = bluetoothdServices[uuid] {
                    omitted.append("the \(name) service: bluetoothd serves its own")
                    continue
                }
                let path = child(root, "service", attribute.handle)
                servicePaths[attribute.handle] = path
                serviceIndex[attribute.handle] = nodes.count
                nodes.append(Node(path: path, handle: attribute.handle, uuid: uuid, kind: .service(primary: primary, includes: []), flags: []))
            case .includeDeclaration(let included, _):
                // Resolved once every service has its path (an include may name a later service).
                if let index = serviceIndex[attribute.serviceHandle] { includedHandles[index, default: []].append(included) }
            case .characteristicDeclaration(let valueHandle):
                guard let service = servicePaths[attribute.serviceHandle], let value = database.attribute(at: valueHandle) else { continue }
                let properties = GATTCharacteristicProperties(rawValue: attribute.value.first ?? 0)
                let path = child(service, "char", attribute.handle)
                characteristicPaths[valueHandle] = path
                characteristicIndex[valueHandle] = nodes.count
                nodes.append(Node(
                    path: path, handle: valueHandle, uuid: value.type,
                    kind: .characteristic(service: service, valueHandle: valueHandle, properties: properties),
                    flags: characteristicFlags(properties, value.permissions)
                ))
            case .characteristicValue:
                continue
            case .clientConfiguration(let valueHandle):
                // bluetoothd keeps the CCCDs; their security becomes the characteristic's notify flags.
                guard let index = characteristicIndex[valueHandle], case .characteristic(_, _, let properties) = nodes[index].kind else { continue }
                nodes[index].flags += notifyFlags(properties, attribute.permissions)
            case .descriptor(let valueHandle):
                guard let characteristic = characteristicPaths[valueHandle], let index = characteristicIndex[valueHandle] else { continue }
                if attribute.type == BluetoothUUID(0x2900) {
                    // Characteristic Extended Properties (Part G, 3.3.3.1): bluetoothd makes it from the flags.
                    let bits = UInt16(attribute.value.first ?? 0) | UInt16(attribute.value.dropFirst().first ?? 0) << 8
                    if bits & 0x0001 != 0 { nodes[index].flags.append("reliable-write") }
                    if bits & 0x0002 != 0 { nodes[index].flags.append("writable-auxiliaries") }
                    continue
                }
                nodes.append(Node(
                    path: child(characteristic, "desc", attribute.handle), handle: attribute.handle, uuid: attribute.type,
                    kind: .descriptor(characteristic: characteristic), flags: descriptorFlags(attribute.permissions)
                ))
            }
        }
        // Includes named by handle become the included services' paths (or go, when not exported).
        for (index, handles) in includedHandles {
            guard case .service(let primary, _) = nodes[index].kind else { continue }
            nodes[index].kind = .service(primary: primary, includes: handles.compactMap { servicePaths[$0] })
        }
        return (nodes, omitted)
    }

    /// BlueZ's `Flags` of a characteristic (`doc/org.bluez.GattCharacteristic.rst`).
    static func characteristicFlags(_ properties: GATTCharacteristicProperties, _ permissions: GATTAttributePermissions) -> [String] {
        let named: [(GATTCharacteristicProperties, String)] = [
            (.broadcast, "broadcast"), (.read, "read"), (.writeWithoutResponse, "write-without-response"), (.write, "write"),
            (.notify, "notify"), (.indicate, "indicate"), (.authenticatedSignedWrites, "authenticated-signed-writes"),
        ]
        var flags = named.filter { properties.contains($0.0) }.map(\.1)
        flags += securityFlags(permissions)
        return flags
    }

    /// BlueZ's `Flags` of a descriptor (`doc/org.bluez.GattDescriptor.rst`).
    static func descriptorFlags(_ permissions: GATTAttributePermissions) -> [String] {
        var flags: [String] = []
        if permissions.isReadable { flags.append("read") }
        if permissions.isWritable { flags.append("write") }
        return flags + securityFlags(permissions)
    }

    /// The security of reads and writes: `encrypt-authenticated-…` for an authenticated key,
    /// `encrypt-…` for encryption.
    static func securityFlags(_ permissions: GATTAttributePermissions) -> [String] {
        var flags: [String] = []
        if permissions.contains(.readAuthenticated) { flags.append("encrypt-authenticated-read") } else if permissions.contains(.readEncrypted) { flags.append("encrypt-read") }
        if permissions.contains(.writeAuthenticated) { flags.append("encrypt-authenticated-write") } else if permissions.contains(.writeEncrypted) { flags.append("encrypt-write") }
        return flags
    }

    /// The security of enabling notifications or indications, from the CCCD's write permission.
    static func notifyFlags(_ properties: GATTCharacteristicProperties, _ cccd: GATTAttributePermissions) -> [String] {
        let level = cccd.contains(.writeAuthenticated) ? "encrypt-authenticated-" : cccd.contains(.writeEncrypted) ? "encrypt-" : nil
        guard let level else { return [] }
        return (properties.contains(.notify) ? [level + "notify"] : []) + (properties.contains(.indicate) ? [level + "indicate"] : [])
    }

    // MARK: Interfaces

    private func interface(_ node: Node) -> DBusExportedInterface {
        let uuid = DBusValue.string(node.uuid.uuidString.lowercased())
        switch node.kind {
        case .service(let primary, let includes):
            return DBusExportedInterface(name: BlueZ.gattService, properties: {
                ["UUID": uuid, "Primary": .boolean(primary), "Includes": .array(element: .objectPath, includes.map(DBusValue.objectPath))]
            })
        case .characteristic(let service, let handle, let properties):
            let flags = node.flags
            return DBusExportedInterface(
                name: BlueZ.gattCharacteristic,
                methods: valueMethods(handle).merging([
                    "StartNotify": { [self] _ in
                        await startNotify(handle, properties: properties)
                        return []
                    },
                    "StopNotify": { [self] _ in
                        await stopNotify(handle)
                        return []
                    },
                    // An indication was confirmed: nothing waits for it here.
                    "Confirm": { _ in [] },
                ]) { first, _ in first },
                properties: { [self] in
                    [
                        "UUID": uuid, "Service": .objectPath(service), "Flags": .strings(flags),
                        "Notifying": .boolean(state.withLock { $0.notifying.contains(handle) }),
                    ]
                }
            )
        case .descriptor(let characteristic):
            let flags = node.flags
            return DBusExportedInterface(
                name: BlueZ.gattDescriptor, methods: valueMethods(node.handle),
                properties: { ["UUID": uuid, "Characteristic": .objectPath(characteristic), "Flags": .strings(flags)] }
            )
        }
    }

    /// `ReadValue(a{sv})` and `WriteValue(ay, a{sv})` of the attribute at `handle`.
    private func valueMethods(_ handle: UInt16) -> [String: DBusMethodHandler] {
        [
            "ReadValue": { [self] call in
                let options = call.body.first?.stringDictionary ?? [:]
                let client = await client(for: options["device"]?.objectPath)
                let offset = Int(options["offset"]?.integer ?? 0)
                do {
                    return [.bytes(try await server.read(handle: handle, offset: offset, from: client))]
                } catch {
                    throw Self.remoteError(error, reading: true)
                }
            },
            "WriteValue": { [self] call in
                guard let value = call.body.first?.byteArray else {
                    throw DBusRemoteError(name: "org.bluez.Error.InvalidArguments", message: "WriteValue takes (aya{sv}): the value and options")
                }
                let options = call.body.dropFirst().first?.stringDictionary ?? [:]
                // A write bluetoothd only asks to authorize (`authorize` flag): not used here, so allowed.
                if options["prepare-authorize"]?.bool == true { return [] }
                let client = await client(for: options["device"]?.objectPath)
                let offset = Int(options["offset"]?.integer ?? 0)
                let method: GATTWriteContext.Method = options["type"]?.string == "command" ? .writeCommand : .writeRequest
                do {
                    var whole = value
                    if offset > 0 {
                        // A part of a long write (bluetoothd executes the queue part by part):
                        // the value so far with this part at its offset.
                        let stored = await server.value(at: handle) ?? []
                        guard offset <= stored.count else { throw GATTError.attError(.invalidOffset, handle: handle, procedure: "write") }
                        whole = Array(stored.prefix(offset)) + value
                    }
                    try await server.write(whole, at: handle, method: method, from: client)
                    return []
                } catch {
                    throw Self.remoteError(error, reading: false)
                }
            },
        ]
    }

    /// The server's error as BlueZ's, by the ATT error bluetoothd passes on for each name (BlueZ
    /// `src/gatt-database.c`): `NotPermitted` → Read/Write Not Permitted, `NotAuthorized` →
    /// Insufficient Authorization, `InvalidValueLength`, `InvalidOffset`, `NotSupported` →
    /// Request Not Supported, `InProgress` → Procedure Already In Progress (0xFE), `Failed` → an
    /// application error (5.66 answers 0x80 whatever the code; the message carries ours). Codes
    /// without a name (e.g. 0xFD, 0xFF) reach the central as Unlikely Error (0x0E).
    static func remoteError(_ error: any Error, reading: Bool) -> DBusRemoteError {
        let gattError = error as? GATTError
        let code = gattError?.code == .attError ? (gattError?.attErrorCode ?? .unlikelyError) : .unlikelyError
        let hex = "0x" + (code.rawValue < 16 ? "0" : "") + String(code.rawValue, radix: 16, uppercase: true)
        let text = "\(hex): \(gattError?.message ?? "\(error)")"
        switch code {
        case .readNotPermitted, .writeNotPermitted: return DBusRemoteError(name: "org.bluez.Error.NotPermitted", message: text)
        case .insufficientAuthorization: return DBusRemoteError(name: "org.bluez.Error.NotAuthorized", message: text)
        case .invalidAttributeValueLength: return DBusRemoteError(name: "org.bluez.Error.InvalidValueLength", message: text)
        case .invalidOffset: return DBusRemoteError(name: "org.bluez.Error.InvalidOffset", message: text)
        case .requestNotSupported: return DBusRemoteError(name: "org.bluez.Error.NotSupported", message: text)
        case .procedureAlreadyInProgress: return DBusRemoteError(name: "org.bluez.Error.InProgress", message: text)
        default:
            if (0x80...0x9F).contains(code.rawValue) { return DBusRemoteError(name: "org.bluez.Error.Failed", message: text) }
            return DBusRemoteError(name: "org.freedesktop.DBus.Error.Failed", message: "\(text) (bluetoothd has no name for this ATT error: the central gets Unlikely Error 0x0E)")
        }
    }

    // MARK: Clients and notifications

    /// The server's client for the device at `device` (one for calls that name none).
    func client(for device: DBusObjectPath?) async -> GATTClientID {
        let key = device ?? path
        if let known = state.withLock({ $0.clients[key] }) { return known }
        let client = await server.attachClient(security: Self.clientSecurity)
        let (raced, notifying) = state.withLock { state -> (GATTClientID?, Set<UInt16>) in
            if let other = state.clients[key] { return (other, []) }
            state.clients[key] = client
            return (nil, state.notifying)
        }
        if let raced {
            await server.detachClient(client)
            return raced
        }
        for handle in notifying { await configure(handle, for: [client], enabled: true) }
        return client
    }

    /// The server's client for the device at `device`, if it has one yet.
    func knownClient(for device: DBusObjectPath) -> GATTClientID? {
        state.withLock { $0.clients[device] }
    }

    /// The devices the server has clients for.
    var devices: [DBusObjectPath] { state.withLock { Array($0.clients.keys) } }

    /// A device disconnected: its client goes (the server's disconnect handler runs).
    func deviceDisconnected(_ device: DBusObjectPath) async {
        guard let client = state.withLock({ $0.clients.removeValue(forKey: device) }) else { return }
        await server.detachClient(client)
    }

    private func startNotify(_ handle: UInt16, properties: GATTCharacteristicProperties) async {
        let clients = state.withLock { state in
            state.notifying.insert(handle)
            return Array(state.clients.values)
        }
        await configure(handle, for: clients, enabled: true)
        try? bus.emitPropertiesChanged(path: path(ofValue: handle), interface: BlueZ.gattCharacteristic, changed: ["Notifying": .boolean(true)])
    }

    private func stopNotify(_ handle: UInt16) async {
        let clients = state.withLock { state in
            state.notifying.remove(handle)
            return Array(state.clients.values)
        }
        await configure(handle, for: clients, enabled: false)
        try? bus.emitPropertiesChanged(path: path(ofValue: handle), interface: BlueZ.gattCharacteristic, changed: ["Notifying": .boolean(false)])
    }

    /// Sets the clients' CCCD of the value at `handle`: notifications when the characteristic
    /// notifies, else indications (bluetoothd does not say which a device chose).
    private func configure(_ handle: UInt16, for clients: [GATTClientID], enabled: Bool) async {
        guard let node = nodes.first(where: { $0.handle == handle }), case .characteristic(_, _, let properties) = node.kind else { return }
        let configuration: GATTClientConfiguration = !enabled ? [] : properties.contains(.notify) ? .notifications : .indications
        for client in clients { try? await server.setClientConfiguration(configuration, ofValue: handle, for: client) }
    }

    private func path(ofValue handle: UInt16) -> DBusObjectPath {
        nodes.first { $0.handle == handle }.map(\.path) ?? path
    }

    /// A value the firmware set: a `PropertiesChanged` of `Value` while bluetoothd wants
    /// notifications of it (it sends them to each device that enabled them). Returns 1 when sent.
    private func relay(_ value: [UInt8], at handle: UInt16) -> Int {
        guard state.withLock({ $0.notifying.contains(handle) }) else { return 0 }
        guard let node = nodes.first(where: { $0.handle == handle }), case .characteristic = node.kind else { return 0 }
        do {
            try bus.emitPropertiesChanged(path: node.path, interface: BlueZ.gattCharacteristic, changed: ["Value": .bytes(value)])
            return 1
        } catch {
            return 0
        }
    }

    // MARK: Registering

    /// Registers the application with bluetoothd on `adapter` (`GattManager1.RegisterApplication`;
    /// bluetoothd reads the objects with `GetManagedObjects` before it answers), and follows the
    /// adapter's devices to forget the clients of those that disconnect.
    public func register(on adapter: DBusObjectPath) async throws(BLEError) {
        let name = BlueZ.name(of: adapter)
        let signals: AsyncStream<DBusMessage>
        do {
            signals = try await BlueZ.signals(on: bus)
            _ = try await bus.call(.methodCall(
                destination: BlueZ.service, path: adapter, interface: BlueZ.gattManager, member: "RegisterApplication",
                body: [.objectPath(path), .properties([:])]
            ))
        } catch {
            throw BlueZ.managerError(error, manager: BlueZ.gattManager, adapter: name, doing: "registering the GATT application")
        }
        let watcher = Task { [weak self] in
            for await message in signals {
                guard let self else { return }
                if let change = DBusPropertiesChanged(message), change.interface == BlueZ.device, change.changed["Connected"]?.bool == false {
                    await self.deviceDisconnected(change.path)
                } else if case .removed(let device, let interfaces) = DBusObjectManagerChange(message), interfaces.contains(BlueZ.device) {
                    await self.deviceDisconnected(device)
                }
            }
        }
        state.withLock { state in
            state.adapter = adapter
            state.watcher?.cancel()
            state.watcher = watcher
        }
    }

    /// Unregisters the application (`UnregisterApplication`, best effort), stops exporting its
    /// objects and forgets its clients.
    public func close() async {
        let (adapter, watcher, clients) = state.withLock { state in
            defer {
                state.adapter = nil
                state.watcher = nil
                state.clients = [:]
                state.notifying = []
            }
            return (state.adapter, state.watcher, Array(state.clients.values))
        }
        watcher?.cancel()
        if let adapter {
            _ = try? await bus.call(
                .methodCall(destination: BlueZ.service, path: adapter, interface: BlueZ.gattManager, member: "UnregisterApplication", body: [.objectPath(path)]),
                timeout: .seconds(5)
            )
        }
        await server.setUpdateRelay(nil)
        for client in clients { await server.detachClient(client) }
        for node in nodes { bus.unexport(node.path) }
        bus.unexport(path)
    }
}

extension BlueZ {
    /// `hci0` of `/org/bluez/hci0`.
    static func name(of adapter: DBusObjectPath) -> String {
        adapter.rawValue.split(separator: "/").last.map(String.init) ?? adapter.rawValue
    }

    /// A failure to call `manager` on an adapter, said clearly: a missing adapter, an adapter
    /// without the manager, or what bluetoothd answered.
    static func managerError(_ error: any Error, manager: String, adapter: String, doing what: String) -> BLEError {
        if let remote = error as? DBusRemoteError {
            switch remote.name {
            case DBusRemoteError.unknownObjectName:
                return BLEError(.radioUnavailable, "bluez: \(what) on \(adapter): BlueZ has no adapter \(adapter) (bluetoothctl list shows the adapters)")
            case DBusRemoteError.unknownInterfaceName, DBusRemoteError.unknownMethodName:
                return BLEError(.unsupported, "bluez: \(what) on \(adapter): the adapter offers no \(manager) (\(remote.message)); its controller or this bluetoothd cannot do it")
            case "org.bluez.Error.AlreadyExists":
                return BLEError(.busy, "bluez: \(what) on \(adapter): it is registered already (\(remote.message))")
            default:
                break
            }
        }
        return BlueZErrors.bleError(error, doing: "\(what) on \(adapter)")
    }
}
