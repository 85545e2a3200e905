import BLECore

/// A GATT server: hosts an attribute database for every client connected over an ATT bearer.
///
/// Core 5.4, Vol 3, Part F (the server side of ATT) and Part G (GATT). The logic lives in
/// ``GATTServerCore``; this actor does the I/O: it answers each bearer's requests, runs the
/// application's async read handlers, validators and write observers, sends notifications and
/// indications, and reports database changes with Service Changed.
///
/// ```swift
/// let server = try GATTServer(services: [.genericAttribute(), batteryService])
/// await server.attach(bearer)                       // once per connection
/// try await server.updateValue([87], for: BluetoothUUID(0x2A19))   // notify subscribers
/// ```
public actor GATTServer: ATTServerRequestHandler {
    /// The logic and all state: database, values, clients.
    public private(set) var core: GATTServerCore
    private var bearers: [GATTClientID: ATTBearer] = [:]
    private var clientIDs: [ObjectIdentifier: GATTClientID] = [:]
    private var nextClientID: UInt64 = 1
    private var disconnectHandler: (@Sendable (GATTClientID) async -> Void)?
    /// Hands each ``updateValue(_:at:)`` to a host that runs ATT itself (BlueZ); see ``setUpdateRelay(_:)``.
    private var updateRelay: (@Sendable (UInt16, [UInt8]) async -> Int)?

    /// Creates a server hosting `services`, laid out from handle 0x0001 in order.
    ///
    /// Throws ``GATTError/Code/invalidArgument`` when the definitions are inconsistent (see
    /// ``GATTAttributeDatabase/init(services:)``).
    public init(services: [GATTServiceDefinition], configuration: GATTServerCore.Configuration = .init()) throws(GATTError) {
        core = GATTServerCore(database: try GATTAttributeDatabase(services: services), configuration: configuration)
    }

    /// The attribute table.
    public var database: GATTAttributeDatabase { core.database }

    /// The Database Hash characteristic value (Part G, 7.3).
    public var databaseHash: [UInt8] { core.databaseHash }

    // MARK: Connections

    /// Serves the client on `bearer`: installs this server as its request handler.
    ///
    /// Returns the client's identifier. Call once per connection, before the peer's first request
    /// (a bearer that reaches the server without being attached is attached on its first request).
    @discardableResult
    public func attach(_ bearer: ATTBearer, security: GATTSecurityState = .unencrypted) async -> GATTClientID {
        let client = clientID(for: bearer)
        core.connect(client, security: security)
        await bearer.setServerHandler(self)
        return client
    }

    /// Sets the security of the client's link, e.g. after SMP encrypted it.
    public func setSecurity(_ security: GATTSecurityState, for client: GATTClientID) {
        core.setSecurity(security, for: client)
    }

    /// The identifier of the client on `bearer`, if it is attached.
    public func client(on bearer: ATTBearer) -> GATTClientID? {
        clientIDs[ObjectIdentifier(bearer)]
    }

    /// Answers one request or command from the bearer's client (``ATTServerRequestHandler``).
    public func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
        let client = clientID(for: bearer)
        return await respond(to: message, from: client, mtu: bearer.currentMTU)
    }

    /// Serves a bearer's requests on this actor, one after another (``ATTServerRequestHandler``):
    /// a queued request costs no hop. Lets other work on the server run between bursts.
    public func serve(_ requests: ATTServerRequests) async {
        var served = 0
        while let message = await requests.next() {
            requests.answer(await handle(message, on: requests.bearer), to: message)
            served += 1
            if served % AsyncFIFO<ATTMessage>.batchLimit == 0 { await Task.yield() }
        }
    }

    /// Forgets the bearer's client: CCCDs, prepare queue, caching state
    /// (``ATTServerRequestHandler``).
    public func bearerDidClose(_ bearer: ATTBearer) async {
        let key = ObjectIdentifier(bearer)
        guard let client = clientIDs.removeValue(forKey: key) else { return }
        bearers[client] = nil
        core.disconnect(client)
        await disconnectHandler?(client)
    }

    /// Calls `handler` after a client's bearer closed and its state was dropped, e.g. to end a
    /// mode that client started.
    public func setDisconnectHandler(_ handler: @escaping @Sendable (GATTClientID) async -> Void) {
        disconnectHandler = handler
    }

    // MARK: Requests

    /// Answers one request or command from `client` at ATT_MTU `mtu`, without a bearer: what
    /// ``handle(_:on:)`` does after looking up the client and the MTU. Runs the read handlers,
    /// validators and write observers the request needs.
    public func respond(to message: ATTMessage, from client: GATTClientID, mtu: UInt16) async -> ATTMessage? {
        switch core.admit(message, from: client) {
        case .answered(let answer): return answer
        case .proceed: break
        }
        var readValues: [UInt16: Result<[UInt8], GATTError>] = [:]
        // Each round adds at least one value, so a request ends within (attributes + 1) rounds.
        for _ in 0...max(core.database.attributes.count, 1) {
            switch core.respond(to: message, from: client, mtu: mtu, readValues: readValues) {
            case .response(let response):
                return response
            case .readValues(let contexts):
                for context in contexts {
                    readValues[context.handle] = await runReadHandler(context)
                }
            case .write(let write):
                return await perform(write)
            }
        }
        return GATTServerCore.error(message.opcode, message.firstHandle, .unlikelyError)
    }

    private func runReadHandler(_ context: GATTReadContext) async -> Result<[UInt8], GATTError> {
        guard let attribute = core.database.attribute(at: context.handle),
            let handler = attribute.characteristic?.onRead ?? attribute.descriptor?.onRead
        else {
            return .failure(.attError(.invalidHandle, handle: context.handle))
        }
        do {
            return .success(try await handler(context))
        } catch {
            return .failure(error)
        }
    }

    /// Runs every validator, stores the values if none refused, then tells the observers.
    ///
    /// A context is made only for a handler that is there (a write command to a characteristic
    /// without a validator makes one, for its observer), and none is kept in an array.
    private func perform(_ write: GATTServerWrite) async -> ATTMessage? {
        for entry in write.entries where entry.target == .value {
            guard let attribute = core.database.attribute(at: entry.handle) else {
                return write.refusal(entry.handle, .invalidHandle)
            }
            guard let validate = attribute.characteristic?.validate ?? attribute.descriptor?.validate else { continue }
            do {
                try await validate(context(of: entry, in: write, attribute))
            } catch {
                return write.refusal(entry.handle, error.answerCode)
            }
        }
        let response = core.commit(write)
        guard response == write.successResponse else { return response }
        for entry in write.entries where entry.target == .value {
            guard let attribute = core.database.attribute(at: entry.handle), let onWrite = attribute.characteristic?.onWrite else { continue }
            await onWrite(context(of: entry, in: write, attribute))
        }
        return response
    }

    /// What a validator or an observer learns of one value of `write`.
    private func context(of entry: GATTServerWrite.Entry, in write: GATTServerWrite, _ attribute: GATTAttribute) -> GATTWriteContext {
        GATTWriteContext(
            client: write.client,
            handle: entry.handle,
            uuid: entry.uuid,
            value: entry.value,
            oldValue: entry.oldValue,
            method: write.method,
            clientConfiguration: clientConfiguration(of: write.client, forValue: attribute.characteristicValueHandle)
        )
    }

    private func clientConfiguration(of client: GATTClientID, forValue valueHandle: UInt16?) -> GATTClientConfiguration {
        guard let valueHandle, let cccd = core.database.clientConfigurationHandle(ofValue: valueHandle) else { return [] }
        return core.state(of: client).clientConfigurations[cccd] ?? []
    }

    // MARK: Values

    /// The stored value at `handle` (characteristic values and descriptors; not per-client or
    /// handler-computed values).
    public func value(at handle: UInt16) -> [UInt8]? {
        core.storedValue(at: handle)
    }

    /// Sets a characteristic value and sends it to every subscribed client: an indication to a
    /// client that enabled indications (awaiting its confirmation), else a notification; each
    /// cut to that bearer's ATT_MTU − 3 (Part F, 3.4.7.1–3.4.7.2).
    ///
    /// Clients are served concurrently; one that fails (link lost, confirmation timeout) does not
    /// stop the others. Returns how many clients received the value.
    @discardableResult
    public func updateValue(_ value: [UInt8], at valueHandle: UInt16) async throws(GATTError) -> Int {
        guard let attribute = core.database.attribute(at: valueHandle), case .characteristicValue = attribute.role else {
            throw GATTError(.invalidArgument, "not a characteristic value handle", handle: valueHandle)
        }
        try core.setValue(value, at: valueHandle)
        let properties = attribute.characteristic?.properties ?? []
        // The one subscriber of the common case goes without an array.
        var first: Target?
        var others: [Target] = []
        core.forEachSubscriber(ofValue: valueHandle) { client, configuration in
            guard let bearer = bearers[client] else { return }
            let target: Target
            if configuration.contains(.indications) && properties.contains(.indicate) {
                target = (client, bearer, true)
            } else if configuration.contains(.notifications) && properties.contains(.notify) {
                target = (client, bearer, false)
            } else {
                return
            }
            if first == nil { first = target } else { others.append(target) }
        }
        let sent: Int
        if let first, others.isEmpty {
            sent = await Self.send(value, handle: valueHandle, to: first.bearer, indicate: first.indicate) ? 1 : 0
        } else if let first {
            // In the order of the clients' ids.
            let targets = ([first] + others).sorted { $0.client < $1.client }.map { ($0.bearer, $0.indicate) }
            sent = await Self.send(value, handle: valueHandle, to: targets)
        } else {
            sent = 0
        }
        guard let updateRelay else { return sent }
        return sent + (await updateRelay(valueHandle, value))
    }

    /// Also hands every value set by ``updateValue(_:at:)`` to `relay` (nil: stops), which returns
    /// how many clients it reached: for a host that runs ATT itself and sends notifications on
    /// the server's behalf (BlueZ's `bluetoothd`, to the clients that enabled them there).
    public func setUpdateRelay(_ relay: (@Sendable (UInt16, [UInt8]) async -> Int)?) {
        updateRelay = relay
    }

    /// Sets the value of the first characteristic with `uuid` (optionally in the first service
    /// `service`) and sends it to subscribers, as ``updateValue(_:at:)``.
    @discardableResult
    public func updateValue(
        _ value: [UInt8],
        for uuid: BluetoothUUID,
        inService service: BluetoothUUID? = nil
    ) async throws(GATTError) -> Int {
        guard let handle = core.database.valueHandle(ofCharacteristic: uuid, inService: service) else {
            throw GATTError(.notFound, "no characteristic \(uuid) in the database", uuid: uuid)
        }
        return try await updateValue(value, at: handle)
    }

    /// A client a value goes to: its bearer, and whether as an indication.
    private typealias Target = (client: GATTClientID, bearer: ATTBearer, indicate: Bool)

    /// Sends a value to each bearer concurrently; returns how many accepted it.
    private static func send(_ value: [UInt8], handle: UInt16, to targets: [(ATTBearer, Bool)]) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for (bearer, indicate) in targets {
                group.addTask { await send(value, handle: handle, to: bearer, indicate: indicate) }
            }
            var delivered = 0
            for await ok in group where ok { delivered += 1 }
            return delivered
        }
    }

    /// Sends a value (cut to ATT_MTU − 3) to one bearer; returns whether it accepted it.
    private static func send(_ value: [UInt8], handle: UInt16, to bearer: ATTBearer, indicate: Bool) async -> Bool {
        do {
            if indicate {
                try await bearer.sendIndication(handle: handle, value: value, truncatingToMTU: true)
            } else {
                try await bearer.sendNotification(handle: handle, value: value, truncatingToMTU: true)
            }
            return true
        } catch {
            return false
        }
    }

    // MARK: Database changes

    /// Adds services after the last handle, then reports the change (see ``reportChange(_:)``).
    ///
    /// Returns the handle range the services took.
    @discardableResult
    public func addServices(_ services: [GATTServiceDefinition]) async throws(GATTError) -> ClosedRange<UInt16>? {
        guard let range = try core.addServices(services) else { return nil }
        await reportChange(range)
        return range
    }

    /// Removes the first service with `uuid`, then reports the change (see ``reportChange(_:)``).
    ///
    /// Returns the handle range the service took.
    @discardableResult
    public func removeService(_ uuid: BluetoothUUID) async throws(GATTError) -> ClosedRange<UInt16> {
        guard let range = core.database.serviceRange(uuid) else {
            throw GATTError(.notFound, "no service \(uuid) in the database", uuid: uuid)
        }
        let removed = try core.removeService(at: range.lowerBound)
        await reportChange(removed)
        return removed
    }

    /// Reports a database change (Part G, 2.5.2 and 7.1): the hash is already recomputed and
    /// every client is change-unaware; each client that enabled Service Changed indications gets
    /// one with `range`, and becomes change-aware when it confirms (unless the database changed
    /// again meanwhile). Returns when every such client confirmed or failed.
    private func reportChange(_ range: ClosedRange<UInt16>) async {
        guard let handle = core.database.valueHandle(ofCharacteristic: GATTAttributeType.serviceChanged) else { return }
        let value = GATTServiceChangedValue(range: range).bytes
        try? core.setValue(value, at: handle)
        let generation = core.databaseGeneration
        var targets: [(GATTClientID, ATTBearer)] = []
        for (client, configuration) in core.subscribers(ofValue: handle) where configuration.contains(.indications) {
            if let bearer = bearers[client] { targets.append((client, bearer)) }
        }
        let confirmed = await withTaskGroup(of: GATTClientID?.self) { group in
            for (client, bearer) in targets {
                group.addTask {
                    do {
                        try await bearer.sendIndication(handle: handle, value: value)
                        return client
                    } catch {
                        return nil
                    }
                }
            }
            var confirmed: [GATTClientID] = []
            for await client in group {
                if let client { confirmed.append(client) }
            }
            return confirmed
        }
        for client in confirmed {
            core.serviceChangedConfirmed(by: client, generation: generation)
        }
    }

    // MARK: Internals

    private func clientID(for bearer: ATTBearer) -> GATTClientID {
        let key = ObjectIdentifier(bearer)
        if let client = clientIDs[key] { return client }
        let client = newClientID()
        clientIDs[key] = client
        bearers[client] = bearer
        core.connect(client)
        return client
    }

    /// A client identifier not used before.
    func newClientID() -> GATTClientID {
        defer { nextClientID += 1 }
        return GATTClientID(rawValue: nextClientID)
    }

    /// A new client without a bearer, registered with `security`.
    func newBearerlessClient(security: GATTSecurityState) -> GATTClientID {
        let client = newClientID()
        core.connect(client, security: security)
        return client
    }

    /// Forgets a client without a bearer and tells the disconnect handler.
    func dropBearerlessClient(_ client: GATTClientID) async {
        guard core.clients[client] != nil, bearers[client] == nil else { return }
        core.disconnect(client)
        await disconnectHandler?(client)
    }
}
