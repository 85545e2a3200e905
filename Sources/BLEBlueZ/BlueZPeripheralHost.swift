import BLE
import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import DBus
import DBusClient
import Synchronization

/// BlueZ's `bluetoothd` as the host a peripheral's firmware runs on (``PeripheralHost``): the
/// GATT server as a registered application (``BlueZGATTApplication``), advertising as a
/// registered `LEAdvertisement1` (``BlueZAdvertisement``), the links of the adapter's connected
/// `Device1` objects, bonds as its `Paired`/`Bonded` devices (mirrored, without keys, into the
/// firmware's own ``BondStore`` as they come and go, so firmware that reasons about its bonds, as
/// the SN's pairing window does, sees them), and the firmware's ``PairingAgent`` asked, through an
/// `org.bluez.Agent1`, whether a central may pair.
///
/// bluetoothd runs the link layer, ATT and SMP, so some things are its own: the advertising
/// address and interval, the Generic Access and Generic Attribute services, the bonds' keys, and
/// which centrals are "ours": every device connected to the adapter counts as a link (run it on
/// an adapter nothing else uses as a central).
public actor BlueZPeripheralHost: PeripheralHost {
    /// The adapter's object path, e.g. `/org/bluez/hci0`.
    public nonisolated let adapterPath: DBusObjectPath
    /// The adapter's address (`Adapter1.Address`), if BlueZ gave one.
    public nonisolated let controllerAddress: DeviceAddress?
    private let bus: DBusConnection
    /// The adapter's central side, whose bonds (bluetoothd's) are the firmware's too.
    private let backend: BlueZBackend
    private let advertisement: BlueZAdvertisement
    private var application: BlueZGATTApplication?
    private var links: [DBusObjectPath: BlueZPeripheralLink] = [:]
    private var watcher: Task<Void, Never>?
    /// What BlueZ did not carry of the last advertisement.
    public private(set) var notCarried: [String] = []
    /// What of the last GATT server is not exported (bluetoothd's own services).
    public private(set) var omitted: [String] = []
    /// Why registering the pairing agent failed, if it did.
    public private(set) var agentFailure: BLEError?
    /// Told each thing BlueZ does not do as the firmware asked (in words), when it happens.
    private let report: @Sendable (String) -> Void
    /// The firmware's own store, told of bluetoothd's bonds.
    private let bondStore: (any BondStore)?

    private init(
        bus: DBusConnection, backend: BlueZBackend, address: DeviceAddress?, bondStore: (any BondStore)?,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.bus = bus
        self.backend = backend
        let adapterPath = backend.adapterPath
        self.report = report
        self.bondStore = bondStore
        self.adapterPath = adapterPath
        self.controllerAddress = address
        self.advertisement = BlueZAdvertisement(bus: bus, adapter: adapterPath)
    }

    /// Opens BlueZ's adapter `adapter` (e.g. `hci1`, or the first) on the system bus (or on
    /// `connection`, which the host then owns), follows its connected devices, and registers
    /// `pairingAgent` (when given) to decide whether a central may pair, and tells `bondStore` (the
    /// firmware's) of each device bluetoothd pairs with or forgets. `report` is told what
    /// BlueZ does not do as the firmware asks (what an advertisement cannot carry, the services
    /// bluetoothd serves itself, a failed registration).
    public static func open(
        adapter: String? = nil, connection: DBusConnection? = nil, pairingAgent: (any PairingAgent)? = nil,
        bondStore: (any BondStore)? = nil, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(BLEError) -> BlueZPeripheralHost {
        let bus: DBusConnection
        do {
            if let connection { bus = connection } else { bus = try await DBusConnection.system() }
        } catch {
            throw BLEError(.radioUnavailable, "bluez: cannot reach the system bus: \(error)")
        }
        // The central's backend finds and checks the adapter (present, powered) the same way.
        let backend = try await BlueZBackend.open(adapter: adapter, connection: bus)
        let path = backend.adapterPath
        let host: BlueZPeripheralHost
        do {
            let properties = try await bus.properties(of: BlueZ.adapter, at: path, on: BlueZ.service)
            let address = properties["Address"]?.string.flatMap { try? DeviceAddress(parsing: $0, isRandom: properties["AddressType"]?.string == "random") }
            host = BlueZPeripheralHost(bus: bus, backend: backend, address: address, bondStore: bondStore, report: report)
            try await host.follow()
        } catch {
            bus.close()
            throw BlueZErrors.bleError(error, doing: "following the devices of \(BlueZ.name(of: path))")
        }
        if let pairingAgent { await host.register(pairingAgent) }
        return host
    }

    // MARK: GATT and advertising

    /// Serves `server` as bluetoothd's GATT application (replacing the last one); nil serves
    /// nothing. What is left out, and a failure to register, are reported and kept in ``omitted``.
    public func setGATTServer(_ server: GATTServer?) async {
        if let application {
            await application.close()
            self.application = nil
        }
        guard let server else { return }
        let made = await BlueZGATTApplication.export(server, on: bus)
        application = made
        do {
            try await made.register(on: adapterPath)
            omitted = made.omitted
        } catch {
            omitted = made.omitted + ["everything: \(error.message)"]
        }
        for line in omitted { report("not exported: \(line)") }
    }

    /// Advertises through bluetoothd (an update unregisters and registers again).
    public func startAdvertising(data: AdvertisingData, scanResponse: AdvertisingData?, parameters: AdvertisingParameters) async throws {
        let carried = try await advertisement.advertise(BlueZAdvertisementProperties(data: data, scanResponse: scanResponse, parameters: parameters))
        // Said once for each new thing (the firmware updates its advertisement often).
        for line in carried where !notCarried.contains(line) { report("not advertised: \(line)") }
        notCarried = carried
    }

    /// Stops advertising (`UnregisterAdvertisement`).
    public func stopAdvertising() async throws {
        await advertisement.stop()
    }

    /// Whether bluetoothd holds our advertisement now (it releases it, e.g., when the adapter powers off).
    public var isAdvertising: Bool { advertisement.isRegistered }

    // MARK: Links

    /// The devices connected to the adapter.
    public var peripheralLinks: [any PeripheralLink] {
        links.keys.sorted().compactMap { links[$0] }
    }

    /// The server's client of the device at `path`, once it has read or written.
    func client(of server: GATTServer, device path: DBusObjectPath) -> GATTClientID? {
        guard let application, application.server === server else { return nil }
        return application.knownClient(for: path)
    }

    /// Reads the connected devices, then follows bluetoothd's signals.
    private func follow() async throws {
        let signals = try await BlueZ.signals(on: bus)
        for (path, interfaces) in try await bus.managedObjects(at: .root, on: BlueZ.service) where path.isDescendant(of: adapterPath) {
            guard let device = interfaces[BlueZ.device] else { continue }
            if device["Connected"]?.bool == true { linkUp(path, device) }
            if device["Paired"]?.bool == true || device["Bonded"]?.bool == true { await bonded(path) }
        }
        let adapter = adapterPath
        watcher = Task { [weak self] in
            for await message in signals {
                guard let self else { return }
                if case .added(let path, let interfaces) = DBusObjectManagerChange(message), path.isDescendant(of: adapter),
                    let device = interfaces[BlueZ.device], device["Connected"]?.bool == true
                {
                    await self.linkUp(path, device)
                } else if case .removed(let path, let interfaces) = DBusObjectManagerChange(message), interfaces.contains(BlueZ.device) {
                    await self.forget(path)
                    await self.linkDown(path)
                } else if let change = DBusPropertiesChanged(message), change.interface == BlueZ.device, change.path.isDescendant(of: adapter) {
                    if change.changed["Paired"]?.bool == true || change.changed["Bonded"]?.bool == true {
                        await self.bonded(change.path)
                    }
                    if let connected = change.changed["Connected"]?.bool {
                        if connected {
                            let device = try? await self.bus.properties(of: BlueZ.device, at: change.path, on: BlueZ.service)
                            await self.linkUp(change.path, device ?? [:])
                        } else {
                            await self.linkDown(change.path)
                        }
                    }
                }
            }
        }
    }

    private func linkUp(_ path: DBusObjectPath, _ device: [String: DBusValue]) {
        guard links[path] == nil, let address = BlueZDeviceReport.address(of: device) else { return }
        links[path] = BlueZPeripheralLink(host: self, bus: bus, devicePath: path, address: address)
    }

    private func linkDown(_ path: DBusObjectPath) {
        links[path] = nil
    }

    /// The addresses of the devices bluetoothd bonded with, as told to the firmware's store.
    private var mirrored: [DBusObjectPath: DeviceAddress] = [:]

    /// bluetoothd paired with the device at `path`: the firmware's store keeps it (no keys).
    private func bonded(_ path: DBusObjectPath) async {
        guard let bondStore, mirrored[path] == nil,
            let device = try? await bus.properties(of: BlueZ.device, at: path, on: BlueZ.service), let address = BlueZDeviceReport.address(of: device)
        else { return }
        mirrored[path] = address
        do {
            try await bondStore.saveBond(SecurityBond(peer: address))
        } catch {
            report("the firmware's bond store did not keep the bond with \(address): \(error)")
        }
    }

    /// bluetoothd forgot the device at `path`: so does the firmware's store.
    private func forget(_ path: DBusObjectPath) async {
        guard let bondStore, let address = mirrored.removeValue(forKey: path) else { return }
        _ = try? await bondStore.removeBond(for: address)
    }

    // MARK: Bonds

    /// The adapter's bonded devices (bluetoothd's bonds: addresses, no keys).
    public func bonds() async throws -> [SecurityBond] {
        try await backend.bonds()
    }

    /// Deletes the bond with `address` (`Adapter1.RemoveDevice`: bluetoothd forgets the device
    /// and its keys, and disconnects it), and the firmware's store forgets it; whether there was one.
    @discardableResult
    public func removeBond(for address: DeviceAddress) async throws -> Bool {
        let removed = try await backend.removeBond(for: address)
        if let path = mirrored.first(where: { $0.value == address })?.key { await forget(path) }
        return removed
    }

    // MARK: Pairing

    /// Registers an `org.bluez.Agent1` that asks `agent` whether a central may pair.
    private func register(_ agent: any PairingAgent) async {
        bus.export(BlueZ.agentPath, [BlueZPeripheralAgent.interface(agent, bus: bus)])
        do {
            _ = try await bus.call(.methodCall(
                destination: BlueZ.service, path: "/org/bluez", interface: BlueZ.agentManager, member: "RegisterAgent",
                body: [.objectPath(BlueZ.agentPath), .string("NoInputNoOutput")]
            ))
            _ = try await bus.call(.methodCall(
                destination: BlueZ.service, path: "/org/bluez", interface: BlueZ.agentManager, member: "RequestDefaultAgent",
                body: [.objectPath(BlueZ.agentPath)]
            ))
        } catch {
            let failure = BlueZErrors.bleError(error, doing: "registering the pairing agent with bluetoothd")
            agentFailure = failure
            report("\(failure.message); bluetoothd pairs through another agent")
        }
    }

    /// Stops advertising, unregisters the application and closes the bus connection.
    public func close() async {
        watcher?.cancel()
        await advertisement.stop()
        await application?.close()
        application = nil
        links = [:]
        bus.close()
    }
}

/// A central's link to the adapter: its `Device1` object.
final class BlueZPeripheralLink: PeripheralLink {
    let address: DeviceAddress
    let devicePath: DBusObjectPath
    private let bus: DBusConnection
    private let host: BlueZPeripheralHost

    init(host: BlueZPeripheralHost, bus: DBusConnection, devicePath: DBusObjectPath, address: DeviceAddress) {
        self.host = host
        self.bus = bus
        self.devicePath = devicePath
        self.address = address
    }

    /// `Device1.Disconnect` (bluetoothd chooses the reason).
    func disconnect(reason: HCIStatus) async throws {
        do {
            _ = try await bus.call(.methodCall(destination: BlueZ.service, path: devicePath, interface: BlueZ.device, member: "Disconnect"))
        } catch {
            throw BlueZErrors.bleError(error, doing: "disconnecting \(address)")
        }
    }

    /// bluetoothd sends what we answered before it handles a later call of ours: nothing to wait for.
    func waitUntilTransmitted() async {}

    func gattClient(of server: GATTServer) async -> GATTClientID? {
        await host.client(of: server, device: devicePath)
    }
}

/// The `org.bluez.Agent1` of a peripheral: bluetoothd asks it before a central pairs, and it
/// asks the firmware's ``PairingAgent`` (``PairingAgent/shouldAcceptPairing(_:from:)``) with
/// the request bluetoothd makes (LE Secure Connections, bonding: the central's own request is
/// not seen here).
enum BlueZPeripheralAgent {
    static func interface(_ agent: any PairingAgent, bus: DBusConnection) -> DBusExportedInterface {
        let ask: DBusMethodHandler = { call in
            guard let path = call.body.first?.objectPath,
                let device = try? await bus.properties(of: BlueZ.device, at: path, on: BlueZ.service),
                let address = BlueZDeviceReport.address(of: device)
            else { throw DBusRemoteError(name: BlueZAgent.rejected, message: "the device has no address") }
            let request = SMPPairingParameters(
                ioCapability: .noInputNoOutput, oobDataFlag: false, authRequirements: [.bonding, .secureConnections],
                maximumEncryptionKeySize: 16, initiatorKeyDistribution: [], responderKeyDistribution: []
            )
            if let reason = await agent.shouldAcceptPairing(request, from: address) {
                throw DBusRemoteError(name: BlueZAgent.rejected, message: "pairing with \(address) refused: \(reason)")
            }
            return []
        }
        let refused: DBusMethodHandler = { _ in
            throw DBusRemoteError(name: BlueZAgent.rejected, message: "this peripheral has no display or keyboard")
        }
        return DBusExportedInterface(name: BlueZ.agent, methods: [
            "Release": { _ in [] },
            "Cancel": { _ in [] },
            "RequestAuthorization": ask,
            "RequestConfirmation": ask,
            "AuthorizeService": { _ in [] },
            "RequestPinCode": refused,
            "DisplayPinCode": refused,
            "RequestPasskey": refused,
            "DisplayPasskey": { _ in [] },
        ])
    }
}
