import BLE
import BLECore
import BLEHost
import DBus
import DBusClient
import Synchronization

/// `BLE`'s central role over BlueZ (bluetoothd) on the system bus: a ``BLEBackend`` driving an
/// adapter's `org.bluez.Adapter1` and reading its devices (`org.bluez.Device1`), so the tools
/// work on a stock Linux machine as an ordinary user (BlueZ `doc/org.bluez.Adapter.rst`,
/// `doc/org.bluez.Device.rst`).
///
/// Scanning, connecting, GATT and pairing (``BlueZConnection``) work; bluetoothd pairs (on
/// demand, or asked by ``Peripheral/pair()``), asks the agent of ``setPairingAgent(_:)`` and
/// keeps the bonds.
public actor BlueZBackend: BLEBackend {
    /// The adapter's name, e.g. `hci0`.
    public nonisolated let adapterName: String
    /// The adapter's object path, e.g. `/org/bluez/hci0`.
    public nonisolated let adapterPath: DBusObjectPath
    private let connection: DBusConnection
    private var scanning: (id: Int, task: Task<Void, Never>)?
    /// The connections made, disconnected by ``close()`` (bluetoothd keeps a link up after its
    /// client has gone).
    private var connections: [BlueZConnection] = []
    /// Whether this program's agent is registered with bluetoothd.
    private var agentRegistered = false
    /// Why registering the agent failed, if it did.
    public private(set) var agentFailure: BLEError?
    private var scanCount = 0

    private init(connection: DBusConnection, adapterPath: DBusObjectPath) {
        self.connection = connection
        self.adapterPath = adapterPath
        self.adapterName = String(adapterPath.rawValue.split(separator: "/").last ?? "")
    }

    /// Opens BlueZ's adapter `adapter` (e.g. `hci1`), or its first adapter, on the system bus
    /// (or on `connection`, which the backend then owns and closes).
    public static func open(adapter: String? = nil, connection: DBusConnection? = nil) async throws(BLEError) -> BlueZBackend {
        let bus: DBusConnection
        do {
            if let connection { bus = connection } else { bus = try await DBusConnection.system() }
        } catch {
            throw BLEError(.radioUnavailable, "bluez: cannot reach the system bus: \(error)")
        }
        do {
            let objects = try await bus.managedObjects(at: .root, on: BlueZ.service)
            let adapters = objects.filter { $0.value[BlueZ.adapter] != nil }.keys.sorted()
            let chosen = adapter.map { name in adapters.first { $0.rawValue.hasSuffix("/" + name) } } ?? adapters.first
            guard let path = chosen else {
                let known = adapters.map { String($0.rawValue.split(separator: "/").last ?? "") }
                bus.close()
                throw BLEError(
                    .radioUnavailable,
                    adapter.map { "bluez: no adapter \($0) in BlueZ (it has: \(known.isEmpty ? "none" : known.joined(separator: ", ")))" }
                        ?? "bluez: BlueZ has no Bluetooth adapter"
                )
            }
            if objects[path]?[BlueZ.adapter]?["Powered"]?.bool == false {
                bus.close()
                let name = path.rawValue.split(separator: "/").last.map(String.init) ?? path.rawValue
                var error = BLEError(.radioUnavailable, "bluez: adapter \(name) is powered off in BlueZ; power it on (bluetoothctl power on, or btmgmt --index \(name.dropFirst(3)) power on)")
                error.radioState = .poweredOff
                throw error
            }
            return BlueZBackend(connection: bus, adapterPath: path)
        } catch let error as BLEError {
            throw error
        } catch {
            bus.close()
            throw BlueZErrors.bleError(error, doing: "listing BlueZ's adapters")
        }
    }

    /// The index of BlueZ's first adapter (`hci0` → 0) when bluetoothd is on the system bus and
    /// has one, else nil: whether the tools should default to `bluez`. Bounded by `timeout`; no
    /// system bus, no bluetoothd, a bus that refuses the user and no adapter all say nil.
    public static func firstAdapter(connection: DBusConnection? = nil, timeout: Duration = .seconds(2)) async -> Int? {
        let bus: DBusConnection
        if let connection {
            bus = connection
        } else {
            guard let system = try? await DBusConnection.system(timeout: timeout) else { return nil }
            bus = system
        }
        defer { if connection == nil { bus.close() } }
        do {
            let owned = try await bus.call(
                .methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", body: [.string(BlueZ.service)]),
                timeout: timeout
            )
            guard owned.body.first?.bool == true else { return nil }
            let objects = try await bus.managedObjects(at: .root, on: BlueZ.service)
            return objects.filter { $0.value[BlueZ.adapter] != nil }.keys.compactMap { path -> Int? in
                guard let name = path.rawValue.split(separator: "/").last, name.hasPrefix("hci") else { return nil }
                return Int(name.dropFirst(3))
            }.min()
        } catch {
            return nil
        }
    }

    // MARK: Radio

    /// `poweredOn` when the adapter's `Powered` property is true, else `poweredOff`.
    public var radioState: RadioState {
        get async {
            let powered = try? await connection.property("Powered", of: BlueZ.adapter, at: adapterPath, on: BlueZ.service)
            return powered?.bool == true ? .poweredOn : .poweredOff
        }
    }

    /// The current state, then one per change of `Powered`.
    public func radioStates() async -> AsyncStream<RadioState> {
        let current = await radioState
        let changes = try? await connection.propertiesChanges(from: BlueZ.service, below: adapterPath)
        let path = adapterPath
        return AsyncStream { continuation in
            continuation.yield(current)
            let task = Task {
                guard let changes else { return continuation.finish() }
                for await change in changes where change.path == path && change.interface == BlueZ.adapter {
                    if let powered = change.changed["Powered"]?.bool { continuation.yield(powered ? .poweredOn : .poweredOff) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Scanning

    /// Discovers LE devices (`SetDiscoveryFilter` with `Transport` `le`, then `StartDiscovery`):
    /// each device BlueZ reports, and each change of what it knows of one, becomes a report.
    /// BlueZ always scans actively; `active` is ignored.
    public func scan(active: Bool, filterDuplicates: Bool) async throws(BLEError) -> AsyncThrowingStream<BLEAdvertisementReport, any Error> {
        await stopScan()
        let adapter = adapterPath
        let connection = self.connection
        let signals: AsyncStream<DBusMessage>
        var known: [DBusObjectPath: [String: DBusValue]] = [:]
        do {
            _ = try await connection.call(.methodCall(
                destination: BlueZ.service, path: adapter, interface: BlueZ.adapter, member: "SetDiscoveryFilter",
                body: [.properties(["Transport": .string("le"), "DuplicateData": .boolean(!filterDuplicates)])]
            ))
            signals = try await BlueZ.signals(on: connection)
            for (path, interfaces) in try await connection.managedObjects(at: .root, on: BlueZ.service)
            where path.isDescendant(of: adapter) {
                if let device = interfaces[BlueZ.device] { known[path] = device }
            }
            _ = try await connection.call(.methodCall(destination: BlueZ.service, path: adapter, interface: BlueZ.adapter, member: "StartDiscovery"))
        } catch {
            throw BlueZErrors.bleError(error, doing: "starting discovery on \(adapterName)")
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: BLEAdvertisementReport.self)
        // Devices BlueZ already knows are reported when it has heard them lately (they have an RSSI).
        for properties in known.values where properties["RSSI"] != nil {
            if let report = BlueZDeviceReport.report(from: properties) { continuation.yield(report) }
        }
        let devices = DeviceTable(known)
        let task = Task {
            // One stream of bluetoothd's signals, in the order it sent them: a device's
            // InterfacesAdded comes before the PropertiesChanged that follow it.
            for await message in signals {
                let merged: [String: DBusValue]
                if case .added(let path, let interfaces) = DBusObjectManagerChange(message), path.isDescendant(of: adapter),
                    let properties = interfaces[BlueZ.device]
                {
                    merged = await devices.merge(path, properties, removing: [])
                } else if let change = DBusPropertiesChanged(message), change.interface == BlueZ.device, change.path.isDescendant(of: adapter) {
                    merged = await devices.merge(change.path, change.changed, removing: change.invalidated)
                } else {
                    continue
                }
                if let report = BlueZDeviceReport.report(from: merged) { continuation.yield(report) }
            }
            // Stopped on purpose (stopScan, a new scan, the consumer gone): the stream just ends.
            if Task.isCancelled { return continuation.finish() }
            continuation.finish(throwing: BLEError(.radioUnavailable, "bluez: the system bus connection ended"))
        }
        scanCount += 1
        let id = scanCount
        scanning = (id, task)
        continuation.onTermination = { _ in
            task.cancel()
            Task { await self.consumerStopped(scan: id) }
        }
        return stream
    }

    /// Stops the scan, if one runs (`StopDiscovery`).
    public func stopScan() async {
        guard let scan = scanning else { return }
        scanning = nil
        scan.task.cancel()
        await stopDiscovery()
    }

    /// The consumer of scan `id` stopped: discovery stops, unless a later scan has taken over
    /// (whose discovery a late `StopDiscovery` would end).
    private func consumerStopped(scan id: Int) async {
        guard scanning?.id == id else { return }
        await stopScan()
    }

    private func stopDiscovery() async {
        _ = try? await connection.call(.methodCall(destination: BlueZ.service, path: adapterPath, interface: BlueZ.adapter, member: "StopDiscovery"))
    }

    // MARK: Connecting

    /// BlueZ's object path of the device at `address` on this adapter (`…/hci0/dev_C0_FF_EE_00_00_01`).
    func devicePath(for address: DeviceAddress) -> DBusObjectPath {
        let name = "dev_" + String(address.description.prefix(17).map { $0 == ":" ? "_" : $0 })
        return (try? DBusObjectPath(adapterPath.rawValue + "/" + name)) ?? adapterPath
    }

    /// Connects through BlueZ (`Device1.Connect`) and returns once BlueZ has resolved the device's
    /// services (`ServicesResolved`), whose objects the connection's GATT works on.
    ///
    /// A device BlueZ does not know yet (not in its object tree) is looked for first by a
    /// discovery of its own, within the same `timeout`. A timeout or cancellation aborts the
    /// attempt (`Device1.Disconnect`).
    public func connect(to address: DeviceAddress, timeout: Duration) async throws(BLEError) -> any BLEBackendConnection {
        let path = devicePath(for: address)
        let bus = connection
        let attempt = ConnectAttempt()
        // Pairing that bonds needs an agent (bluetoothd cannot confirm one without): a Just Works
        // one unless the program set its own.
        if !agentRegistered, agentFailure == nil { await setPairingAgent(DefaultPairingAgent()) }
        do {
            let made = try await Self.within(timeout, "connecting to \(address)") { () async throws -> BlueZConnection in
                try await self.makeKnown(path, address: address)
                let signals = try await BlueZ.signals(on: bus)
                attempt.started.withLock { $0 = true }
                do {
                    _ = try await bus.call(
                        .methodCall(destination: BlueZ.service, path: path, interface: BlueZ.device, member: "Connect"),
                        timeout: timeout + .seconds(5)
                    )
                } catch let error as DBusRemoteError where error.name == "org.bluez.Error.AlreadyConnected" {
                    // Connected already (by another program): ours to use too.
                }
                let connection = BlueZConnection(bus: bus, address: address, devicePath: path, signals: signals)
                let properties = try await bus.properties(of: BlueZ.device, at: path, on: BlueZ.service)
                connection.noteBonding(properties)
                if properties["ServicesResolved"]?.bool == true {
                    connection.resolved.fulfil(nil)
                }
                if let failure = try await connection.resolved.wait() { throw failure }
                return connection
            }
            adopt(made)
            return made
        } catch {
            if attempt.started.withLock({ $0 }) {
                // Abort the attempt (or drop the link made too late), whatever happens to this task.
                await Task {
                    _ = try? await bus.call(.methodCall(destination: BlueZ.service, path: path, interface: BlueZ.device, member: "Disconnect"), timeout: .seconds(5))
                }.value
            }
            throw BlueZErrors.bleError(error, doing: "connecting to \(address)")
        }
    }

    private func adopt(_ connection: BlueZConnection) {
        connections.removeAll { !$0.isConnected }
        connections.append(connection)
    }

    /// Whether `Connect` was called (so a failure must abort it).
    private final class ConnectAttempt: Sendable {
        let started = Mutex(false)
    }

    /// Returns once BlueZ has an object for the device at `path`: at once when it has one, else
    /// after a discovery of its own finds it (stopped then, unless a scan of ours goes on).
    private func makeKnown(_ path: DBusObjectPath, address: DeviceAddress) async throws {
        let added = try await connection.objectManagerChanges(from: BlueZ.service)
        if try await connection.managedObjects(at: .root, on: BlueZ.service)[path]?[BlueZ.device] != nil { return }
        _ = try await connection.call(.methodCall(
            destination: BlueZ.service, path: adapterPath, interface: BlueZ.adapter, member: "SetDiscoveryFilter",
            body: [.properties(["Transport": .string("le")])]
        ))
        var startedDiscovery = false
        do {
            _ = try await connection.call(.methodCall(destination: BlueZ.service, path: adapterPath, interface: BlueZ.adapter, member: "StartDiscovery"))
            startedDiscovery = true
        } catch let error as DBusRemoteError where error.name == "org.bluez.Error.InProgress" {
            // Our scan discovers already.
        }
        var found = false
        for await change in added {
            if case .added(let object, let interfaces) = change, object == path, interfaces[BlueZ.device] != nil {
                found = true
                break
            }
        }
        if startedDiscovery, scanning == nil { await stopDiscovery() }
        guard found else {
            if Task.isCancelled { throw CancellationError() }
            throw BLEError(.radioUnavailable, "bluez: the system bus connection ended while looking for \(address)")
        }
    }

    /// `body`, failing with ``BLEError/Code/timedOut`` after `timeout` (`body` is cancelled then).
    static func within<T: Sendable>(_ timeout: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw BLEError(.timedOut, "bluez: \(what): no connection within \(timeout); is the device in range and advertising?")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    // MARK: Pairing

    /// Registers `agent` with bluetoothd as this program's agent, and the default one
    /// (`AgentManager1.RegisterAgent` with capability `KeyboardDisplay`, `RequestDefaultAgent`):
    /// bluetoothd asks it when it pairs on demand, and makes the adapter bondable while it is
    /// registered. Without one, the first connection registers a ``DefaultPairingAgent`` (Just
    /// Works only: capability `NoInputNoOutput`). A failure is kept in ``agentFailure`` (bluetoothd then pairs only through
    /// another agent, e.g. a desktop's).
    public func setPairingAgent(_ agent: any PairingAgent) async {
        connection.export(BlueZ.agentPath, [BlueZAgent.interface(agent, bus: connection)])
        guard !agentRegistered else { return }
        do {
            for member in ["RegisterAgent", "RequestDefaultAgent"] {
                let body: [DBusValue] = member == "RegisterAgent" ? [.objectPath(BlueZ.agentPath), .string(BlueZ.agentCapability(of: agent))] : [.objectPath(BlueZ.agentPath)]
                _ = try await connection.call(.methodCall(destination: BlueZ.service, path: "/org/bluez", interface: BlueZ.agentManager, member: member, body: body))
            }
            agentRegistered = true
            agentFailure = nil
        } catch let error as DBusRemoteError where [DBusRemoteError.unknownObjectName, DBusRemoteError.unknownMethodName, DBusRemoteError.unknownInterfaceName].contains(error.name) {
            agentFailure = BLEError(.unsupported, "bluez: registering the pairing agent with bluetoothd: it offers no org.bluez.AgentManager1 (\(error)); pair through another agent (bluetoothctl)")
        } catch {
            agentFailure = BlueZErrors.bleError(error, doing: "registering the pairing agent with bluetoothd")
        }
    }

    /// The devices bluetoothd holds a bond with on this adapter (`Device1.Bonded`, or `Paired`
    /// before BlueZ 5.66): their addresses only: bluetoothd keeps the keys, so the bonds carry
    /// none and a key size of 0.
    public func bonds() async throws(BLEError) -> [SecurityBond] {
        do {
            return try await connection.managedObjects(at: .root, on: BlueZ.service).compactMap { path, interfaces in
                guard path.isDescendant(of: adapterPath), let device = interfaces[BlueZ.device],
                    device["Bonded"]?.bool ?? device["Paired"]?.bool ?? false,
                    let peer = BlueZDeviceReport.address(of: device)
                else { return nil }
                return SecurityBond(peer: peer, keySize: 0, isSecureConnections: false)
            }.sorted { $0.peer.description < $1.peer.description }
        } catch {
            throw BlueZErrors.bleError(error, doing: "listing bluetoothd's bonds on \(adapterName)")
        }
    }

    /// Makes bluetoothd forget the device and its bond (`Adapter1.RemoveDevice`; a link to it
    /// ends); whether it was paired. The device keeps its own copy of the bond.
    public func removeBond(for address: DeviceAddress) async throws(BLEError) -> Bool {
        let path = devicePath(for: address)
        do {
            let paired = try await connection.property("Paired", of: BlueZ.device, at: path, on: BlueZ.service).bool ?? false
            _ = try await connection.call(.methodCall(
                destination: BlueZ.service, path: adapterPath, interface: BlueZ.adapter, member: "RemoveDevice", body: [.objectPath(path)]
            ))
            return paired
        } catch let error as DBusRemoteError where error.name == DBusRemoteError.unknownObjectName || error.name == "org.bluez.Error.DoesNotExist" {
            return false
        } catch {
            throw BlueZErrors.bleError(error, doing: "removing \(address) from bluetoothd")
        }
    }

    /// Stops scanning, disconnects what this backend connected, and closes the bus connection.
    public func close() async {
        await stopScan()
        for connection in connections where connection.isConnected {
            try? await connection.disconnect()
        }
        connections = []
        connection.close()
    }
}

/// What BlueZ has said of each device during one scan.
private actor DeviceTable {
    private var devices: [DBusObjectPath: [String: DBusValue]]

    init(_ devices: [DBusObjectPath: [String: DBusValue]]) { self.devices = devices }

    /// Merges changed properties into a device and returns all it has.
    func merge(_ path: DBusObjectPath, _ changed: [String: DBusValue], removing invalidated: [String]) -> [String: DBusValue] {
        var properties = devices[path] ?? [:]
        properties.merge(changed) { _, new in new }
        for name in invalidated { properties[name] = nil }
        devices[path] = properties
        return properties
    }
}
