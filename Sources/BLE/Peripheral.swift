import BLECore
import BLEGATT
import BLEHost
import Synchronization

/// Where a ``Peripheral``'s connection is.
public enum PeripheralState: Sendable, Hashable, CustomStringConvertible {
    /// Not connected.
    case disconnected
    /// A connection attempt is in progress.
    case connecting
    /// Connected: GATT operations work.
    case connected
    /// ``Peripheral/disconnect()`` is in progress.
    case disconnecting
    /// The link was lost; attempt `attempt` of the ``ReconnectPolicy`` starts after `delay`.
    case reconnecting(attempt: Int, delay: Duration)

    /// `connected`, `reconnecting (attempt 2 in 2 s)`, ….
    public var description: String {
        switch self {
        case .disconnected: "disconnected"
        case .connecting: "connecting"
        case .connected: "connected"
        case .disconnecting: "disconnecting"
        case .reconnecting(let attempt, let delay): "reconnecting (attempt \(attempt) in \(delay))"
        }
    }
}

/// How a ``Peripheral`` reconnects after losing its link (opt-in, for long-running apps such as
/// the dashboard): attempt after `initialDelay`, then after delays growing by `multiplier` up to
/// `maximumDelay`, at most `maximumAttempts` times (nil: until ``Peripheral/disconnect()``).
public struct ReconnectPolicy: Sendable, Hashable {
    /// The wait before the first attempt.
    public var initialDelay: Duration
    /// The longest wait between attempts.
    public var maximumDelay: Duration
    /// The growth of the wait after each failed attempt (≥ 1).
    public var multiplier: Double
    /// The most attempts per lost link; nil for no limit.
    public var maximumAttempts: Int?
    /// The time each attempt may take.
    public var attemptTimeout: Duration

    /// Creates a policy; the default waits 0.5 s, 1 s, 2 s, … up to 30 s, forever.
    public init(
        initialDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2,
        maximumAttempts: Int? = nil,
        attemptTimeout: Duration = .seconds(10)
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = max(1, multiplier)
        self.maximumAttempts = maximumAttempts
        self.attemptTimeout = attemptTimeout
    }

    /// The wait before attempt `attempt` (1-based).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) {
            delay = delay * multiplier
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}

/// A remote device in the peripheral role, as a ``Central`` knows it: what it advertised, and
/// its connection with the operations that need one.
///
/// The same object stands for the same address for the life of the central (``Central/peripheral(for:)``).
/// Its ``services`` (and their characteristics and descriptors) are objects too; they keep
/// working across a reconnection made by a ``ReconnectPolicy``.
public final class Peripheral: Sendable, Hashable, CustomStringConvertible {
    /// The peripheral's address: its identifier.
    public let identifier: DeviceAddress
    let backend: any BLEBackend
    private let mutable = Mutex(MutableState())

    struct MutableState {
        var report: BLEAdvertisementReport?
        var lastRSSI: Int?
        var state: PeripheralState = .disconnected
        var connection: (any BLEBackendConnection)?
        var generation: UInt64 = 0
        var services: [Service] = []
        var observers: [UInt64: AsyncStream<PeripheralState>.Continuation] = [:]
        var nextObserver: UInt64 = 0
        var reconnectPolicy: ReconnectPolicy?
        var reconnecting: Task<Void, Never>?
        var wantsConnection = false
        var lastDisconnection: BLEError?
    }

    init(identifier: DeviceAddress, backend: any BLEBackend) {
        self.identifier = identifier
        self.backend = backend
    }

    // MARK: Advertising

    /// The advertised name (complete or shortened local name), if it was heard.
    public var name: String? { mutable.withLock { $0.report?.advertisement.name } }
    /// The latest advertisement (merged with its scan response), if one was heard.
    public var advertisement: AdvertisementView? { mutable.withLock { $0.report?.advertisement } }
    /// The latest RSSI in dBm: from the last advertisement heard or ``readRSSI()``.
    public var rssi: Int? { mutable.withLock { $0.lastRSSI } }
    /// The TX power the advertiser reported (in the report or the data), if any.
    public var txPower: Int? {
        mutable.withLock { state in
            state.report.flatMap { $0.txPower ?? $0.advertisement.txPowerLevel.map(Int.init) }
        }
    }
    /// Whether the last advertisement heard accepts connections.
    public var isConnectable: Bool { mutable.withLock { $0.report?.isConnectable ?? true } }
    /// The last advertisement report heard.
    public var lastReport: BLEAdvertisementReport? { mutable.withLock { $0.report } }

    func heard(_ report: BLEAdvertisementReport) {
        mutable.withLock { state in
            state.report = report
            if let rssi = report.rssi { state.lastRSSI = rssi }
        }
    }

    // MARK: Connection

    /// The connection state now.
    public var state: PeripheralState { mutable.withLock { $0.state } }
    /// Whether GATT operations can run now.
    public var isConnected: Bool { mutable.withLock { $0.state == .connected } }
    /// Why the last connection ended, if one did.
    public var lastDisconnection: BLEError? { mutable.withLock { $0.lastDisconnection } }

    /// The connection state, the current one first, then every change.
    public func states() -> AsyncStream<PeripheralState> {
        let (stream, continuation) = AsyncStream<PeripheralState>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let id = mutable.withLock { state in
            continuation.yield(state.state)
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            self?.mutable.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Connects, then exchanges ATT_MTU. Returns at once when already connected.
    ///
    /// - Parameters:
    ///   - timeout: how long the radio may try to reach the device.
    ///   - watchdog: a limit on the whole set-up (connection and ATT_MTU exchange); when it
    ///     passes, the attempt is abandoned and the link closed, so a device that connects but
    ///     never answers cannot hold the caller for the 30 s ATT timeout.
    /// - Throws: ``BLEError/Code/timedOut``, ``BLEError/Code/cancelled`` (the task was
    ///   cancelled; the attempt is cancelled too), ``BLEError/Code/busy`` while another attempt
    ///   runs, ``BLEError/Code/radioUnavailable``.
    public func connect(timeout: Duration = .seconds(10), watchdog: Duration? = nil) async throws(BLEError) {
        let proceed = try mutable.withLock { state throws(BLEError) -> Bool in
            switch state.state {
            case .connected: return false
            case .connecting, .disconnecting, .reconnecting:
                throw BLEError(.busy, "\(identifier) is \(state.state); wait for it")
            case .disconnected:
                state.wantsConnection = true
                return true
            }
        }
        guard proceed else { return }
        setState(.connecting)
        do {
            try await establish(timeout: timeout, watchdog: watchdog)
        } catch {
            mutable.withLock { $0.wantsConnection = false }
            setState(.disconnected)
            throw error
        }
    }

    /// Ends the connection (and any reconnection in progress). Returns once it is down; does
    /// nothing when not connected.
    public func disconnect() async throws(BLEError) {
        let (connection, reconnecting) = mutable.withLock { state in
            state.wantsConnection = false
            let task = state.reconnecting
            state.reconnecting = nil
            return (state.connection, task)
        }
        reconnecting?.cancel()
        guard let connection else {
            setState(.disconnected)
            return
        }
        setState(.disconnecting)
        // Write Commands still on their way leave first (a controller may drop them otherwise).
        await runWithTimeLimit(.seconds(2)) { await connection.waitUntilTransmitted() }
        do {
            try await connection.disconnect()
        } catch {
            setState(connection.isConnected ? .connected : .disconnected)
            throw error
        }
        linkEnded(connection, because: BLEError(.disconnected, "disconnected from \(identifier) by this central"))
    }

    /// Turns automatic reconnection on (with `policy`) or off (nil). It applies to links lost
    /// from now on, never to ``disconnect()``.
    public func setReconnectPolicy(_ policy: ReconnectPolicy?) {
        let task = mutable.withLock { state -> Task<Void, Never>? in
            state.reconnectPolicy = policy
            guard policy == nil else { return nil }
            defer { state.reconnecting = nil }
            return state.reconnecting
        }
        task?.cancel()
    }

    /// The reconnection policy in force, if any.
    public var reconnectPolicy: ReconnectPolicy? { mutable.withLock { $0.reconnectPolicy } }

    /// The RSSI of the connection in dBm (also kept as ``rssi``).
    public func readRSSI() async throws(BLEError) -> Int {
        let rssi = try await requireConnection().readRSSI()
        mutable.withLock { $0.lastRSSI = rssi }
        return rssi
    }

    // MARK: Security

    /// How secure the link is now (not encrypted while disconnected).
    public var security: LinkSecurity {
        (try? requireConnection())?.security ?? .open
    }

    /// Pairs with the peripheral and bonds (per the central's pairing policy); the link is then
    /// encrypted. Returns what the pairing did: ``PairingResult/paired(_:)`` with every detail
    /// and key when our host paired, ``PairingResult/encryptedWithBond`` when the peripheral's
    /// request was met by encrypting with an existing bond, ``PairingResult/pairedBySystem(_:)``
    /// when bluetoothd paired (the `bluez` backend: it keeps the keys).
    ///
    /// A request the peripheral answers with Insufficient Authentication or Insufficient
    /// Encryption pairs or encrypts by itself first, so most apps never call this; call it to
    /// pair ahead of time (a setup screen). Throws ``BLEError/Code/pairingFailed`` with the
    /// reason and what to do.
    @discardableResult
    public func pair() async throws(BLEError) -> PairingResult {
        try await requireConnection().pair()
    }

    /// Encrypts the link with the bond's key without pairing again. Throws
    /// ``BLEError/Code/notBonded`` without a bond, ``BLEError/Code/keyMissing`` when the
    /// peripheral lost its key (pair again).
    @discardableResult
    public func encrypt() async throws(BLEError) -> LinkSecurity {
        try await requireConnection().encrypt()
    }

    /// Deletes this central's bond with the peripheral (its keys); whether there was one. The
    /// peripheral keeps its own copy: ask it to delete it first if it offers a way (the Bond
    /// Management Service). An open link keeps its encryption until it ends.
    @discardableResult
    public func removeBond() async throws(BLEError) -> Bool {
        try await backend.removeBond(for: identifier)
    }

    /// The ATT_MTU of the connection.
    public var mtu: Int {
        get async throws(BLEError) { try await requireConnection().mtu }
    }

    // MARK: Services

    /// The services discovered so far.
    public var services: [Service] { mutable.withLock { $0.services } }

    /// The discovered service with `uuid`, if any.
    public func service(_ uuid: BluetoothUUID) -> Service? {
        services.first { $0.uuid == uuid }
    }

    /// Discovers primary services: all (nil), or those with the given UUIDs. Services already
    /// known keep their objects; new ones are added.
    @discardableResult
    public func discoverServices(_ uuids: [BluetoothUUID]? = nil) async throws(BLEError) -> [Service] {
        let found = try await requireConnection().discoverPrimaryServices(uuids)
        return mutable.withLock { state in
            AttributeKey.merge(
                found, into: &state.services,
                key: { AttributeKey(handle: $0.startHandle, uuid: $0.uuid) },
                of: { AttributeKey(handle: $0.startHandle, uuid: $0.uuid) },
                make: { Service($0, peripheral: self) }
            )
        }
    }

    /// Discovers everything: every service, its characteristics and their descriptors.
    @discardableResult
    public func discoverAll() async throws(BLEError) -> [Service] {
        let services = try await discoverServices()
        for service in services {
            for characteristic in try await service.discoverCharacteristics() {
                try await characteristic.discoverDescriptors()
            }
        }
        return services
    }

    // MARK: Raw handles

    /// Reads the attribute at `handle` (long values whole), for peers whose database is known
    /// by handle only.
    public func read(handle: UInt16) async throws(BLEError) -> [UInt8] {
        try Self.checkHandle(handle)
        return try await requireConnection().read(handle: handle)
    }

    /// Writes the attribute at `handle`: a Write Command when `withoutResponse` (what
    /// `gatttool char-write-cmd` does), else a Write Request (a long write when needed).
    public func write(handle: UInt16, value: [UInt8], withoutResponse: Bool) async throws(BLEError) {
        try Self.checkHandle(handle)
        let connection = try requireConnection()
        if withoutResponse {
            try await connection.writeWithoutResponse(handle: handle, value: value)
        } else {
            try await connection.write(handle: handle, value: value)
        }
    }

    static func checkHandle(_ handle: UInt16) throws(BLEError) {
        if handle == 0 { throw BLEError(.invalidArgument, "handle 0x0000 is reserved; attribute handles start at 0x0001") }
    }

    // MARK: Internals

    /// The live connection, or ``BLEError/Code/notConnected``; or, when the link ended because
    /// the radio went away (the controller hung up, the adapter vanished), that error, which says
    /// what to do, rather than "connect first".
    func requireConnection() throws(BLEError) -> any BLEBackendConnection {
        // Every operation comes here first: the connected case copies out the connection alone.
        if let current = mutable.withLock({ $0.state == .connected ? $0.connection : nil }), current.isConnected { return current }
        let (current, lastDisconnection) = mutable.withLock { ($0.connection, $0.lastDisconnection) }
        if let reason = current?.disconnection ?? lastDisconnection, reason.code == .radioUnavailable {
            throw reason
        }
        throw BLEError(.notConnected, "\(identifier) is not connected; connect first")
    }

    /// Connects and sets up; on success the state is `.connected` and a monitor follows the link.
    private func establish(timeout: Duration, watchdog: Duration?) async throws(BLEError) {
        let connection: any BLEBackendConnection
        if let watchdog {
            connection = try await Self.withDeadline(watchdog, what: "connecting to \(identifier)") { () async throws(BLEError) in
                try await self.setUp(timeout: timeout)
            }
        } else {
            connection = try await setUp(timeout: timeout)
        }
        let generation = mutable.withLock { state in
            state.connection = connection
            state.generation += 1
            return state.generation
        }
        setState(.connected)
        Task { [weak self] in
            let reason = await connection.waitUntilDisconnected()
            self?.linkLost(connection, generation: generation, reason: reason)
        }
    }

    /// Connects and exchanges ATT_MTU (a peer that refuses keeps 23).
    private func setUp(timeout: Duration) async throws(BLEError) -> any BLEBackendConnection {
        let connection = try await backend.connect(to: identifier, timeout: timeout)
        do {
            _ = try await connection.exchangeMTU()
        } catch {
            if error.code == .cancelled || error.code == .disconnected || error.code == .timedOut {
                try? await connection.disconnect()
                throw error
            }
        }
        if Task.isCancelled {
            try? await connection.disconnect()
            throw BLEError(.cancelled, "the connection to \(identifier) was cancelled")
        }
        return connection
    }

    /// Runs `body`, cancelling it and throwing ``BLEError/Code/timedOut`` after `limit`.
    static func withDeadline<T: Sendable>(
        _ limit: Duration,
        what: String,
        _ body: @escaping @Sendable () async throws(BLEError) -> T
    ) async throws(BLEError) -> T {
        let work = Task { () async -> Result<T, BLEError> in
            do throws(BLEError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        let timer = Task {
            try await Task.sleep(for: limit)
            work.cancel()
        }
        let result = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        timer.cancel()
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            if error.code == .cancelled, !Task.isCancelled {
                throw BLEError(.timedOut, "\(what) took longer than the watchdog's \(limit)")
            }
            throw error
        }
    }

    /// The link of `connection` ended by itself (not by ``disconnect()``).
    private func linkLost(_ connection: any BLEBackendConnection, generation: UInt64, reason: BLEError) {
        let policy = mutable.withLock { state -> ReconnectPolicy? in
            guard state.generation == generation, state.connection != nil else { return nil }
            return state.wantsConnection ? state.reconnectPolicy : nil
        }
        let next: PeripheralState = policy.map { .reconnecting(attempt: 1, delay: $0.delay(beforeAttempt: 1)) } ?? .disconnected
        linkEnded(connection, because: reason, generation: generation, next: next)
        guard let policy else { return }
        let task = Task { [weak self] in
            guard let self else { return }
            await self.reconnect(policy)
        }
        mutable.withLock { $0.reconnecting = task }
    }

    /// Forgets `connection` if it is still the current one.
    private func linkEnded(
        _ connection: any BLEBackendConnection,
        because reason: BLEError,
        generation: UInt64? = nil,
        next: PeripheralState = .disconnected
    ) {
        let ended = mutable.withLock { state -> Bool in
            if let generation, state.generation != generation { return false }
            guard state.connection != nil else { return false }
            state.connection = nil
            state.lastDisconnection = reason
            return true
        }
        if ended { setState(next) }
    }

    private func reconnect(_ policy: ReconnectPolicy) async {
        var attempt = 1
        while !Task.isCancelled, mutable.withLock({ $0.wantsConnection }) {
            if let maximum = policy.maximumAttempts, attempt > maximum { break }
            let delay = policy.delay(beforeAttempt: attempt)
            setState(.reconnecting(attempt: attempt, delay: delay))
            do {
                try await Task.sleep(for: delay)
            } catch {
                break
            }
            guard mutable.withLock({ $0.wantsConnection }) else { break }
            setState(.connecting)
            do {
                try await establish(timeout: policy.attemptTimeout, watchdog: policy.attemptTimeout + .seconds(5))
                mutable.withLock { $0.reconnecting = nil }
                await refreshServices()
                return
            } catch {
                if error.code == .cancelled { break }
                attempt += 1
            }
        }
        mutable.withLock { state in
            state.reconnecting = nil
            state.wantsConnection = false
        }
        setState(.disconnected)
    }

    /// After a reconnection: finds the known services again (their handles may have moved).
    private func refreshServices() async {
        let known = services
        guard !known.isEmpty, let connection = try? requireConnection() else { return }
        guard let found = try? await connection.discoverPrimaryServices(nil) else { return }
        for service in known {
            if let match = found.first(where: { $0.uuid == service.uuid }) {
                await service.refresh(match, on: connection)
            }
        }
    }

    /// Disconnects without reporting errors (the central is closing or forgetting it).
    func disconnectForClose() async {
        setReconnectPolicy(nil)
        try? await disconnect()
    }

    private func setState(_ new: PeripheralState) {
        let observers = mutable.withLock { state -> [AsyncStream<PeripheralState>.Continuation] in
            guard state.state != new else { return [] }
            state.state = new
            return Array(state.observers.values)
        }
        for observer in observers { observer.yield(new) }
    }

    /// Waits until connected; throws when the peripheral ends up disconnected with no
    /// reconnection under way.
    func waitUntilConnected() async throws(BLEError) -> any BLEBackendConnection {
        for await state in states() {
            switch state {
            case .connected:
                if let connection = try? requireConnection() { return connection }
            case .disconnected:
                throw lastDisconnection ?? BLEError(.notConnected, "\(identifier) is not connected; connect first")
            case .connecting, .disconnecting, .reconnecting:
                continue
            }
        }
        throw BLEError(.cancelled, "stopped waiting for \(identifier) to reconnect")
    }

    // MARK: Hashable

    public static func == (lhs: Peripheral, rhs: Peripheral) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `Nightlight Demo (00:1B:DC:DE:00:01)`.
    public var description: String {
        "\(name ?? "[No Name]") (\(identifier))"
    }
}
