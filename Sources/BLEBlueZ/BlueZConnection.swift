import BLE
import BLECore
import BLEGATT
import BLEHost
import DBus
import DBusClient
import Synchronization

/// A connection BlueZ holds to a device (`org.bluez.Device1` `Connected`), as a
/// ``BLEBackendConnection``: GATT through BlueZ's objects below the device (BlueZ
/// `doc/org.bluez.GattCharacteristic.rst`, `org.bluez.GattDescriptor.rst`).
///
/// BlueZ runs the GATT procedures itself (discovery when it connects, long reads and writes,
/// the MTU exchange, CCCD writes), so this maps our handles onto its objects and our procedures
/// onto its methods. What BlueZ cannot do says so (``BLEError/Code/unsupported``).
final class BlueZConnection: BLEBackendConnection {
    let address: DeviceAddress
    let devicePath: DBusObjectPath
    private let bus: DBusConnection
    private let state = Mutex(State())
    /// The connection's end (``disconnection``, once).
    private let ended = BlueZOneShot<BLEError>()
    /// The services resolved (nil), or the connection ended first (its reason).
    let resolved = BlueZOneShot<BLEError?>()

    /// How long bluetoothd may take over a GATT call: past the ATT transaction timeout (30 s, Core
    /// 5.4, Vol 3, Part F, 3.3.3), so BlueZ's own timeout answers first.
    static let callTimeout = Duration.seconds(35)

    private struct State {
        /// `Device1.Paired` and `Bonded` (BlueZ 5.66; nil when bluetoothd has no such property).
        var paired = false
        var bonded: Bool?
        var tree: BlueZGATTTree?
        var subscribers: [DBusObjectPath: [UInt64: AsyncThrowingStream<[UInt8], any Error>.Continuation]] = [:]
        /// The sockets of `AcquireWrite`, per characteristic (nil in the task: BlueZ refused).
        var writeSockets: [DBusObjectPath: Task<BlueZAcquiredSocket?, Never>] = [:]
        /// The sockets of `AcquireNotify`, per characteristic: its notifications come there,
        /// not as `PropertiesChanged`.
        var notifySockets: [DBusObjectPath: BlueZAcquiredSocket] = [:]
        var nextSubscriber: UInt64 = 0
        var pump: Task<Void, Never>?
    }

    /// Follows the device from `signals` (bluetoothd's, in order: ``BlueZ/signals(on:)``),
    /// subscribed before `Connect` was called so nothing is missed.
    init(bus: DBusConnection, address: DeviceAddress, devicePath: DBusObjectPath, signals: AsyncStream<DBusMessage>) {
        self.bus = bus
        self.address = address
        self.devicePath = devicePath
        // The pump holds the connection until the connection ends (``end(_:)`` cancels it).
        let pump = Task { [devicePath] in
            for await message in signals {
                if let change = DBusPropertiesChanged(message), change.path.isDescendant(of: devicePath) {
                    self.handle(change)
                } else if case .removed(let path, let interfaces) = DBusObjectManagerChange(message), path == devicePath, interfaces.contains(BlueZ.device) {
                    self.end(BLEError(.disconnected, "bluez: \(address) disconnected: BlueZ removed the device"))
                }
            }
            if !Task.isCancelled {
                self.end(BLEError(.disconnected, "bluez: the connection to \(address) is lost: the system bus connection ended"))
            }
        }
        state.withLock { $0.pump = pump }
    }

    private func handle(_ change: DBusPropertiesChanged) {
        if change.path == devicePath, change.interface == BlueZ.device {
            noteBonding(change.changed)
            if change.changed["Connected"]?.bool == false {
                end(BLEError(.disconnected, "bluez: \(address) disconnected (BlueZ says Connected is false)"))
            } else if change.changed["ServicesResolved"]?.bool == true {
                resolved.fulfil(nil)
            }
        } else if change.interface == BlueZ.gattCharacteristic, let value = change.changed["Value"]?.byteArray {
            // An acquired characteristic's notifications come on its socket (another program's
            // StartNotify, or a read, may still set Value).
            let subscribers = state.withLock { $0.notifySockets[change.path] == nil ? Array(($0.subscribers[change.path] ?? [:]).values) : [] }
            for subscriber in subscribers { subscriber.yield(value) }
        }
    }

    /// Keeps what `properties` (of `Device1`) say of pairing and bonding.
    func noteBonding(_ properties: [String: DBusValue]) {
        state.withLock { state in
            if let paired = properties["Paired"]?.bool { state.paired = paired }
            if let bonded = properties["Bonded"]?.bool { state.bonded = bonded }
        }
    }

    /// Ends the connection for good: waiters and subscriptions learn why.
    func end(_ reason: BLEError) {
        guard ended.fulfil(reason) else { return }
        resolved.fulfil(reason)
        let (subscribers, pump, notifySockets, writers) = state.withLock { state in
            defer {
                state.subscribers = [:]
                state.notifySockets = [:]
                state.writeSockets = [:]
            }
            return (state.subscribers.values.flatMap(\.values), state.pump, Array(state.notifySockets.values), Array(state.writeSockets.values))
        }
        for subscriber in subscribers { subscriber.finish(throwing: reason) }
        pump?.cancel()
        // BlueZ closes its ends when the link goes; ours go too.
        for acquired in notifySockets { acquired.socket.close() }
        if !writers.isEmpty {
            Task {
                for writer in writers { await writer.value?.socket.close() }
            }
        }
    }

    var isConnected: Bool { ended.value == nil }
    var disconnection: BLEError? { ended.value }

    func waitUntilDisconnected() async -> BLEError {
        do {
            return try await ended.wait()
        } catch {
            return BLEError(.cancelled, "bluez: stopped waiting for \(address) to disconnect: the task was cancelled")
        }
    }

    /// `Device1.Disconnect`; the connection ends (``disconnection``) when it returns.
    func disconnect() async throws(BLEError) {
        guard isConnected else { return }
        do {
            _ = try await bus.call(.methodCall(destination: BlueZ.service, path: devicePath, interface: BlueZ.device, member: "Disconnect"))
        } catch {
            let failure = BlueZErrors.bleError(error, doing: "disconnecting \(address)")
            if failure.code != .notConnected, failure.code != .disconnected { throw failure }
        }
        end(BLEError(.disconnected, "bluez: disconnected from \(address) (by this side)"))
    }

    /// Write Commands leave through bluetoothd, which does not say when they are sent: returns at once.
    func waitUntilTransmitted() async {}

    /// The device's `RSSI` property: BlueZ knows it from advertisements heard while discovering.
    func readRSSI() async throws(BLEError) -> Int {
        let rssi: DBusValue
        do {
            rssi = try await bus.property("RSSI", of: BlueZ.device, at: devicePath, on: BlueZ.service)
        } catch {
            throw BLEError(.unsupported, "bluez: BlueZ knows no RSSI of \(address) now: it has one only from advertisements heard while discovering, and cannot read the RSSI of a connection; use --transport hci-socket:N for that")
        }
        guard let value = rssi.integer else { throw BLEError(.protocolError, "bluez: the RSSI of \(address) is not a number: \(rssi)") }
        return Int(value)
    }

    /// The ATT_MTU BlueZ negotiated (a characteristic's `MTU` property, BlueZ 5.62 and later), or
    /// 23 (the LE default) when it does not say.
    var mtu: Int {
        get async {
            guard let path = try? await tree().characteristicPaths.values.min(),
                let value = try? await bus.property("MTU", of: BlueZ.gattCharacteristic, at: path, on: BlueZ.service).integer
            else { return 23 }
            return Int(value)
        }
    }

    /// BlueZ exchanges the MTU itself when it connects: this returns what it negotiated.
    func exchangeMTU() async throws(BLEError) -> Int {
        await mtu
    }

    // MARK: Security

    /// What BlueZ tells: `Paired` and `Bonded`. It publishes no link encryption, but it connects
    /// to a device it is paired with at security level medium (BlueZ `src/device.c`,
    /// `device_connect_le`: encrypted with the bond's key) and pairing encrypts the link, so a
    /// paired device's link counts as encrypted. The method, key size and LE Secure Connections
    /// stay with bluetoothd (``LinkSecurity/detailsKnown`` is false).
    var security: LinkSecurity {
        let (paired, bonded) = state.withLock { ($0.paired, $0.bonded) }
        return LinkSecurity(isEncrypted: isConnected && paired, isBonded: bonded ?? paired, detailsKnown: false)
    }

    /// How long bluetoothd may take to pair: its agent's prompts wait for a person (BlueZ's own
    /// agent timeout is 60 s).
    static let pairingTimeout = Duration.seconds(75)

    /// `Device1.Pair`: bluetoothd pairs and bonds (asking the agent registered with it), and
    /// keeps the keys. A device it is paired with already encrypted the link when it connected
    /// (``PairingResult/encryptedWithBond``).
    func pair() async throws(BLEError) -> PairingResult {
        guard isConnected else { throw disconnectedError(doing: "pairing") }
        if security.isEncrypted { return .encryptedWithBond }
        do {
            _ = try await bus.call(
                .methodCall(destination: BlueZ.service, path: devicePath, interface: BlueZ.device, member: "Pair"),
                timeout: Self.pairingTimeout
            )
        } catch let error as DBusRemoteError where error.name == "org.bluez.Error.AlreadyExists" {
            state.withLock { $0.paired = true }
            return .encryptedWithBond
        } catch {
            if let reason = disconnection { throw BLEError(.disconnected, "pairing with \(address): \(reason.message)") }
            throw BlueZErrors.bleError(error, doing: "pairing with \(address)")
        }
        state.withLock { $0.paired = true }
        if let bonded = try? await bus.property("Bonded", of: BlueZ.device, at: devicePath, on: BlueZ.service).bool {
            state.withLock { $0.bonded = bonded }
        }
        return .pairedBySystem(security)
    }

    /// bluetoothd encrypts a paired device's link as it connects: returns the link's security,
    /// or throws ``BLEError/Code/notBonded`` when bluetoothd has no bond with the device.
    func encrypt() async throws(BLEError) -> LinkSecurity {
        guard isConnected else { throw disconnectedError(doing: "encrypting") }
        guard security.isEncrypted else {
            throw BLEError(.notBonded, "bluez: bluetoothd has no bond with \(address) to encrypt with; pair first")
        }
        return security
    }

    // MARK: Discovery

    /// BlueZ's GATT objects below the device, read once (``discoverPrimaryServices(_:)`` reads them again).
    private func tree(reload: Bool = false) async throws(BLEError) -> BlueZGATTTree {
        if !reload, let tree = state.withLock({ $0.tree }) { return tree }
        guard isConnected else { throw disconnectedError(doing: "discovering services") }
        do {
            let objects = try await bus.managedObjects(at: .root, on: BlueZ.service)
            let tree = BlueZGATTTree(objects: objects, device: devicePath)
            state.withLock { $0.tree = tree }
            return tree
        } catch {
            throw BlueZErrors.bleError(error, doing: "reading the services of \(address)")
        }
    }

    func discoverPrimaryServices(_ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTService] {
        try await tree(reload: true).services.filter { $0.isPrimary && (uuids?.contains($0.uuid) ?? true) }.map {
            GATTService(uuid: $0.uuid, isPrimary: true, startHandle: $0.startHandle, endHandle: $0.endHandle)
        }
    }

    func discoverIncludedServices(of service: GATTService) async throws(BLEError) -> [GATTIncludedService] {
        try await known(service).includedServices
    }

    func discoverCharacteristics(of service: GATTService, _ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTCharacteristic] {
        try await known(service).characteristics.filter { uuids?.contains($0.uuid) ?? true }.map {
            var characteristic = $0
            characteristic.descriptors = []
            return characteristic
        }
    }

    func discoverDescriptors(of characteristic: GATTCharacteristic) async throws(BLEError) -> [GATTDescriptor] {
        guard let found = try await tree().characteristic(valueHandle: characteristic.valueHandle) else {
            throw BLEError(.unsupported, "bluez: \(address) has no characteristic \(characteristic.uuid) at handle \(hex(characteristic.valueHandle)) in BlueZ's objects; discover services again")
        }
        return found.descriptors
    }

    private func known(_ service: GATTService) async throws(BLEError) -> GATTService {
        guard let found = try await tree().service(at: service.startHandle) else {
            throw BLEError(.unsupported, "bluez: \(address) has no service \(service.uuid) at handle \(hex(service.startHandle)) in BlueZ's objects; discover services again")
        }
        return found
    }

    // MARK: Reading and writing

    /// What BlueZ offers at a handle: a characteristic's value or a descriptor.
    private enum Target {
        case characteristic(DBusObjectPath, flags: Set<String>)
        case descriptor(DBusObjectPath)

        var path: DBusObjectPath {
            switch self {
            case .characteristic(let path, _), .descriptor(let path): path
            }
        }
        var interface: String {
            switch self {
            case .characteristic: BlueZ.gattCharacteristic
            case .descriptor: BlueZ.gattDescriptor
            }
        }
    }

    private func target(_ handle: UInt16, doing what: String) async throws(BLEError) -> Target {
        let tree = try await tree()
        if let path = tree.characteristicPaths[handle] { return .characteristic(path, flags: tree.characteristicFlags[handle] ?? []) }
        if let path = tree.descriptorPaths[handle] { return .descriptor(path) }
        throw BLEError(.unsupported, "bluez: cannot \(what) handle \(hex(handle)) of \(address): BlueZ reaches only characteristic values and descriptors, and this handle is neither; use --transport hci-socket:N for raw handles")
    }

    func read(handle: UInt16) async throws(BLEError) -> [UInt8] {
        let target = try await target(handle, doing: "read")
        let reply = try await call(target, "ReadValue", [.properties([:])], doing: "reading handle \(hex(handle)) of \(address)")
        guard let value = reply.body.first?.byteArray else {
            throw BLEError(.protocolError, "bluez: ReadValue of handle \(hex(handle)) answered no bytes")
        }
        return value
    }

    func write(handle: UInt16, value: [UInt8]) async throws(BLEError) {
        try await write(handle: handle, value: value, type: "request")
    }

    /// A Write Command: on the characteristic's `AcquireWrite` socket when BlueZ gives one (one
    /// packet per command, no D-Bus call each: what bluetoothd's docs advise for fast writes),
    /// else `WriteValue` with `type` `command`.
    func writeWithoutResponse(handle: UInt16, value: [UInt8]) async throws(BLEError) {
        if case .characteristic(let path, let flags) = try await target(handle, doing: "write"), flags.contains("write-without-response"),
            let acquired = await writeSocket(path), value.count <= acquired.mtu - 3
        {
            do {
                try acquired.socket.send(value)
                return
            } catch {
                // The link (or BlueZ's end) went: WriteValue says why, or writes.
                _ = state.withLock { $0.writeSockets.removeValue(forKey: path) }
            }
        }
        try await write(handle: handle, value: value, type: "command")
    }

    /// The characteristic's `AcquireWrite` socket, acquired once; nil when BlueZ refuses it
    /// (another program holds it, an older BlueZ) or it has closed.
    private func writeSocket(_ path: DBusObjectPath) async -> BlueZAcquiredSocket? {
        guard isConnected else { return nil }
        let task = state.withLock { state in
            if let existing = state.writeSockets[path] { return existing }
            let task = Task { [self] in try? await acquire("AcquireWrite", path) }
            state.writeSockets[path] = task
            return task
        }
        guard let acquired = await task.value, !acquired.socket.isClosed else { return nil }
        return acquired
    }

    /// `AcquireWrite` or `AcquireNotify` on a characteristic: its socket and the link's ATT_MTU.
    private func acquire(_ member: String, _ path: DBusObjectPath) async throws -> BlueZAcquiredSocket {
        let message = DBusMessage.methodCall(destination: BlueZ.service, path: path, interface: BlueZ.gattCharacteristic, member: member, body: [.properties([:])])
        let (reply, descriptors) = try await bus.call(message, descriptors: [], timeout: Self.callTimeout)
        guard case .unixFD(let index)? = reply.body.first, Int(index) < descriptors.count,
            let mtu = reply.body.dropFirst().first?.integer, mtu >= 23
        else {
            for descriptor in descriptors { DBusPacketSocket(adopting: descriptor).close() }
            throw BLEError(.protocolError, "bluez: \(member) answered no socket and MTU")
        }
        for (position, descriptor) in descriptors.enumerated() where position != Int(index) { DBusPacketSocket(adopting: descriptor).close() }
        return BlueZAcquiredSocket(socket: DBusPacketSocket(adopting: descriptors[Int(index)]), mtu: Int(mtu))
    }

    /// A reliable write of one characteristic whose `Flags` have `reliable-write` (`WriteValue`
    /// with `type` `reliable`); BlueZ cannot group writes of several attributes into one.
    func reliableWrite(_ writes: [(handle: UInt16, value: [UInt8])]) async throws(BLEError) {
        guard writes.count == 1, let write = writes.first else {
            throw BLEError(.unsupported, "bluez: BlueZ writes one characteristic per reliable write; \(writes.count) were given (use --transport hci-socket:N for a reliable write of several)")
        }
        guard case .characteristic(_, let flags) = try await target(write.handle, doing: "write"), flags.contains("reliable-write") else {
            throw BLEError(.unsupported, "bluez: handle \(hex(write.handle)) of \(address) does not allow reliable writes (its characteristic has no reliable-write flag in BlueZ)")
        }
        try await self.write(handle: write.handle, value: write.value, type: "reliable")
    }

    /// `WriteValue` with `type` (`request`, `command`, `reliable`) on a characteristic; a
    /// descriptor takes only writes with response.
    private func write(handle: UInt16, value: [UInt8], type: String) async throws(BLEError) {
        guard value.count <= 512 else {
            throw BLEError(.invalidArgument, "bluez: a value of \(value.count) bytes cannot be written to handle \(hex(handle)): an attribute value holds at most 512 bytes (Core 5.4, Vol 3, Part F, 3.2.9)")
        }
        let target = try await target(handle, doing: "write")
        var options: [String: DBusValue] = [:]
        switch target {
        case .characteristic: options["type"] = .string(type)
        case .descriptor where type != "request":
            throw BLEError(.unsupported, "bluez: handle \(hex(handle)) of \(address) is a descriptor: BlueZ writes descriptors only with response")
        case .descriptor: break
        }
        _ = try await call(target, "WriteValue", [.bytes(value), .properties(options)], doing: "writing handle \(hex(handle)) of \(address)")
    }

    private func call(_ target: Target, _ member: String, _ body: [DBusValue], doing what: String) async throws(BLEError) -> DBusMessage {
        guard isConnected else { throw disconnectedError(doing: what) }
        let message = DBusMessage.methodCall(destination: BlueZ.service, path: target.path, interface: target.interface, member: member, body: body)
        let (bus, ended) = (self.bus, self.ended)
        do {
            // The call, unless the connection ends first (bluetoothd may answer late, or never).
            return try await withThrowingTaskGroup(of: DBusMessage?.self) { group in
                group.addTask { try await bus.call(message, timeout: Self.callTimeout) }
                group.addTask {
                    _ = try await ended.wait()
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let reply = first else { throw disconnectedError(doing: what) }
                return reply
            }
        } catch {
            // The connection ended meanwhile: that is why.
            if let reason = disconnection { throw BLEError(.disconnected, "\(what): \(reason.message)") }
            throw BlueZErrors.bleError(error, doing: what)
        }
    }

    private func disconnectedError(doing what: String) -> BLEError {
        if let reason = disconnection { return BLEError(.disconnected, "\(what): \(reason.message)") }
        return BLEError(.notConnected, "bluez: \(what): not connected to \(address)")
    }

    // MARK: Notifications

    /// `StartNotify` on the characteristic; values arrive as `PropertiesChanged` of its `Value`.
    /// BlueZ writes the CCCD itself and picks notifications when the characteristic offers both,
    /// so asking for indications of such a characteristic is ``BLEError/Code/unsupported``. BlueZ
    /// also sets `Value` after a read: a read during a subscription shows up as a value here too.
    func subscribe(to characteristic: GATTCharacteristic, indicate: Bool?) async throws(BLEError) -> AsyncThrowingStream<[UInt8], any Error> {
        let target = try await target(characteristic.valueHandle, doing: "subscribe to")
        let properties = characteristic.properties
        guard properties.contains(.notify) || properties.contains(.indicate) else {
            throw BLEError(.unsupported, "characteristic \(characteristic.uuid) cannot notify or indicate (properties: \(properties))")
        }
        if indicate == true, !properties.contains(.indicate) {
            throw BLEError(.unsupported, "characteristic \(characteristic.uuid) cannot indicate, only notify (properties: \(properties))")
        }
        if indicate == true, properties.contains(.notify) {
            throw BLEError(.unsupported, "bluez: characteristic \(characteristic.uuid) offers notifications and indications, and BlueZ always subscribes to notifications then; use --transport hci-socket:N for indications")
        }
        if indicate == false, !properties.contains(.notify) {
            throw BLEError(.unsupported, "characteristic \(characteristic.uuid) cannot notify, only indicate (properties: \(properties))")
        }
        let path = target.path
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id = state.withLock { state in
            state.nextSubscriber += 1
            state.subscribers[path, default: [:]][state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        do {
            if indicate != true, properties.contains(.notify) {
                try await startNotifications(path, "subscribing to \(characteristic.uuid) of \(address)")
            } else {
                _ = try await call(target, "StartNotify", [], doing: "subscribing to \(characteristic.uuid) of \(address)")
            }
        } catch {
            state.withLock { _ = $0.subscribers[path]?.removeValue(forKey: id) }
            throw error
        }
        if let reason = disconnection { continuation.finish(throwing: reason) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(path, id) }
        return stream
    }

    /// Notifications on the characteristic's `AcquireNotify` socket (one packet per value, no
    /// D-Bus message each), shared by its subscribers; `StartNotify` when BlueZ refuses the
    /// socket (another program is subscribed through BlueZ, an older BlueZ).
    private func startNotifications(_ path: DBusObjectPath, _ what: String) async throws(BLEError) {
        if state.withLock({ $0.notifySockets[path] != nil }) { return }
        guard let acquired = try? await acquire("AcquireNotify", path) else {
            _ = try await call(.characteristic(path, flags: []), "StartNotify", [], doing: what)
            return
        }
        let kept = state.withLock { state in
            guard state.notifySockets[path] == nil, isConnected else { return false }
            state.notifySockets[path] = acquired
            return true
        }
        guard kept else {
            // Another subscriber acquired it meanwhile, or the link ended.
            acquired.socket.close()
            if !isConnected { throw disconnectedError(doing: what) }
            return
        }
        let address = address
        Task { [self] in
            for await value in acquired.socket.packets(maximumSize: acquired.mtu) {
                let subscribers = state.withLock { Array(($0.subscribers[path] ?? [:]).values) }
                for subscriber in subscribers { subscriber.yield(value) }
            }
            // BlueZ hung up while subscribers still wait: the link ended (``end(_:)`` says why), or
            // BlueZ dropped the socket (as it does when writing the CCCD failed, e.g. before it
            // paired on demand): the subscribers go on through StartNotify, or learn why not.
            let waiting = state.withLock { state -> Bool in
                guard state.notifySockets[path] === acquired else { return false }
                state.notifySockets[path] = nil
                return state.subscribers[path]?.isEmpty == false
            }
            guard waiting, isConnected else { return }
            acquired.socket.close()
            do {
                _ = try await call(.characteristic(path, flags: []), "StartNotify", [], doing: "subscribing again to \(path.rawValue) of \(address)")
            } catch {
                let orphans = state.withLock { state in
                    defer { state.subscribers[path] = nil }
                    return Array((state.subscribers[path] ?? [:]).values)
                }
                for orphan in orphans { orphan.finish(throwing: error) }
            }
        }
    }

    /// One subscriber less; the last one gone stops BlueZ's notifications (closing the acquired
    /// socket, or `StopNotify`).
    private func unsubscribe(_ path: DBusObjectPath, _ id: UInt64) {
        let (last, acquired) = state.withLock { state -> (Bool, BlueZAcquiredSocket?) in
            guard state.subscribers[path]?.removeValue(forKey: id) != nil else { return (false, nil) }
            if state.subscribers[path]?.isEmpty == true { state.subscribers[path] = nil }
            guard state.subscribers[path] == nil else { return (false, nil) }
            return (true, state.notifySockets.removeValue(forKey: path))
        }
        if let acquired {
            acquired.socket.close()
            return
        }
        guard last, isConnected else { return }
        let bus = self.bus
        Task {
            _ = try? await bus.call(.methodCall(destination: BlueZ.service, path: path, interface: BlueZ.gattCharacteristic, member: "StopNotify"))
        }
    }

    private func hex(_ handle: UInt16) -> String {
        let digits = String(handle, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
