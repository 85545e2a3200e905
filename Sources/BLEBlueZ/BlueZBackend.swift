import BLE
import BLECore
import DBus
import DBusClient

/// `BLE`'s central role over BlueZ (bluetoothd) on the system bus: a ``BLEBackend`` driving an
/// adapter's `org.bluez.Adapter1` and reading its devices (`org.bluez.Device1`), so the tools
/// work on a stock Linux machine as an ordinary user (BlueZ `doc/org.bluez.Adapter.rst`,
/// `doc/org.bluez.Device.rst`).
///
/// Scanning works; connecting (and so GATT) is not written yet and says so.
public actor BlueZBackend: BLEBackend {
    /// The adapter's name, e.g. `hci0`.
    public nonisolated let adapterName: String
    /// The adapter's object path, e.g. `/org/bluez/hci0`.
    public nonisolated let adapterPath: DBusObjectPath
    private let connection: DBusConnection
    private var scanning: (id: Int, task: Task<Void, Never>)?
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
            throw BLEError(.radioUnavailable, "bluez: cannot reach the system bus: \(error); is dbus running?")
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
            return BlueZBackend(connection: bus, adapterPath: path)
        } catch let error as BLEError {
            throw error
        } catch {
            bus.close()
            throw Self.bleError(error, doing: "listing BlueZ's adapters")
        }
    }

    /// A D-Bus failure as a `BLE` error, saying what was being done.
    static func bleError(_ error: any Error, doing what: String) -> BLEError {
        if let remote = error as? DBusRemoteError {
            switch remote.name {
            case DBusRemoteError.serviceUnknownName, "org.freedesktop.DBus.Error.NameHasNoOwner":
                return BLEError(.radioUnavailable, "bluez: \(what): bluetoothd is not running (org.bluez is not on the system bus)")
            case "org.freedesktop.DBus.Error.AccessDenied":
                return BLEError(.radioUnavailable, "bluez: \(what): the bus's policy does not let this user talk to bluetoothd: \(remote.message)")
            case "org.bluez.Error.NotReady":
                return BLEError(.radioUnavailable, "bluez: \(what): the adapter is not ready (powered off?): \(remote.message)")
            case "org.bluez.Error.InProgress":
                return BLEError(.busy, "bluez: \(what): \(remote.message)")
            default:
                return BLEError(.failed, "bluez: \(what): \(remote)")
            }
        }
        return BLEError(.failed, "bluez: \(what): \(error)")
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
        let added: AsyncCompactMapSequence<AsyncStream<DBusMessage>, DBusObjectManagerChange>
        let changed: AsyncCompactMapSequence<AsyncStream<DBusMessage>, DBusPropertiesChanged>
        var known: [DBusObjectPath: [String: DBusValue]] = [:]
        do {
            _ = try await connection.call(.methodCall(
                destination: BlueZ.service, path: adapter, interface: BlueZ.adapter, member: "SetDiscoveryFilter",
                body: [.properties(["Transport": .string("le"), "DuplicateData": .boolean(!filterDuplicates)])]
            ))
            added = try await connection.objectManagerChanges(from: BlueZ.service)
            changed = try await connection.propertiesChanges(from: BlueZ.service, below: adapter)
            for (path, interfaces) in try await connection.managedObjects(at: .root, on: BlueZ.service)
            where path.isDescendant(of: adapter) {
                if let device = interfaces[BlueZ.device] { known[path] = device }
            }
            _ = try await connection.call(.methodCall(destination: BlueZ.service, path: adapter, interface: BlueZ.adapter, member: "StartDiscovery"))
        } catch {
            throw Self.bleError(error, doing: "starting discovery on \(adapterName)")
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: BLEAdvertisementReport.self)
        // Devices BlueZ already knows are reported when it has heard them lately (they have an RSSI).
        for properties in known.values where properties["RSSI"] != nil {
            if let report = BlueZDeviceReport.report(from: properties) { continuation.yield(report) }
        }
        let devices = DeviceTable(known)
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in added {
                        guard case .added(let path, let interfaces) = change, path.isDescendant(of: adapter),
                            let properties = interfaces[BlueZ.device]
                        else { continue }
                        if let report = BlueZDeviceReport.report(from: await devices.merge(path, properties, removing: [])) {
                            continuation.yield(report)
                        }
                    }
                }
                group.addTask {
                    for await change in changed where change.interface == BlueZ.device {
                        let merged = await devices.merge(change.path, change.changed, removing: change.invalidated)
                        if let report = BlueZDeviceReport.report(from: merged) { continuation.yield(report) }
                    }
                }
                await group.next()
                group.cancelAll()
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

    /// Not written yet over BlueZ: says so.
    public func connect(to address: DeviceAddress, timeout: Duration) async throws(BLEError) -> any BLEBackendConnection {
        throw BLEError(.unsupported, "bluez: connecting through BlueZ is not written yet; use --transport hci-socket:N (the HCI user channel) to connect")
    }

    /// Stops scanning and closes the bus connection.
    public func close() async {
        await stopScan()
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
