import BLECore

/// The GATT client role over one ATT bearer: every client procedure of Core 5.4, Vol 3, Part G, 4.
///
/// One client per connection. Procedures are `async throws(GATTError)`; every error names the
/// procedure (as the spec names it), the handle and UUID it concerned, and the peer's ATT error code
/// when the peer sent one. The client never trusts the server: malformed or inconsistent responses
/// end a procedure with ``GATTError/Code/invalidResponse``, and every loop makes progress.
///
/// The client takes the bearer's value and close handlers: notifications and indications reach
/// ``subscribe(to:indicate:)`` streams, and a Service Changed indication reaches
/// ``serviceChanges``.
public actor GATTClient {
    /// The bearer the procedures run on.
    public nonisolated let bearer: ATTBearer
    /// The peer's stable identity, used as the key of the discovery cache.
    public nonisolated let peerIdentity: String?
    /// Ranges of the peer's database that changed (Service Changed indications, Core 5.4, Vol 3,
    /// Part G, 7.1, or a Database Out Of Sync error with a new hash); ends when the bearer closes.
    public nonisolated let serviceChanges: AsyncStream<GATTServiceChange>

    /// The tree found by the last ``discoverAll()``, minus the ranges invalidated since.
    public internal(set) var database: GATTDiscoveredDatabase?
    /// The peer's Database Hash as last read (Core 5.4, Vol 3, Part G, 7.3), if it has one.
    public internal(set) var databaseHash: [UInt8]?
    /// Whether the last ``discoverAll()`` returned a cached tree instead of discovering.
    public internal(set) var lastDiscoveryUsedCache = false
    /// Whether the client set the robust caching bit in the peer's Client Supported Features.
    public internal(set) var isRobustCachingEnabled = false
    /// Whether the client has enabled indications of the peer's Service Changed characteristic.
    public internal(set) var isServiceChangedSubscribed = false

    let cache: (any GATTDiscoveryCache)?
    let router: GATTValueRouter
    let serviceChangesContinuation: AsyncStream<GATTServiceChange>.Continuation
    private var eventTask: Task<Void, Never>?
    private var hasExchangedMTU = false
    /// Incremented on every invalidation, so a discovery that overlapped a change is not cached.
    var changeGeneration: UInt64 = 0
    /// Active subscriptions by value handle.
    var subscriptions: [UInt16: GATTSubscriptionRecord] = [:]
    /// The CCCD writes under way, by value handle, with the subscribers waiting for their outcome.
    var cccdWrites: [UInt16: [CheckedContinuation<Void, Never>]] = [:]
    /// Serializes procedures that use the server's prepare queue (long and reliable writes).
    var preparedWriteGate = GATTClientGate()

    /// Creates the client on `bearer` and takes the bearer's value and close handlers.
    ///
    /// - Parameters:
    ///   - bearer: an open ATT bearer.
    ///   - peerIdentity: a stable identity of the peer (e.g. its identity address), the key of the
    ///     discovery cache; without it nothing is cached.
    ///   - cache: where discovered databases are kept between connections.
    public init(bearer: ATTBearer, peerIdentity: String? = nil, cache: (any GATTDiscoveryCache)? = nil) async {
        self.bearer = bearer
        self.peerIdentity = peerIdentity
        self.cache = cache
        let (changes, changesContinuation) = AsyncStream<GATTServiceChange>.makeStream()
        serviceChanges = changes
        serviceChangesContinuation = changesContinuation
        let (events, eventsContinuation) = AsyncStream<GATTValueRouter.Event>.makeStream()
        let router = GATTValueRouter(events: eventsContinuation)
        self.router = router
        eventTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.handle(event)
            }
        }
        await bearer.addValueHandler { value in router.receive(value) }
        await bearer.addCloseHandler { reason in router.close(reason) }
        if let reason = await bearer.closeReason { router.close(reason) }
    }

    deinit {
        eventTask?.cancel()
        serviceChangesContinuation.finish()
    }

    /// The ATT_MTU in force on the bearer.
    public var mtu: UInt16 {
        get async { await bearer.mtu }
    }

    // MARK: Exchange MTU

    /// Exchange MTU (Core 5.4, Vol 3, Part G, 4.3.1): returns the ATT_MTU now in force.
    ///
    /// Sent at most once per connection, as the spec requires; later calls return the MTU in force.
    @discardableResult
    public func exchangeMTU() async throws(GATTError) -> UInt16 {
        if hasExchangedMTU { return await bearer.mtu }
        try await checkBearerOpen(.exchangeMTU)
        do {
            let mtu = try await bearer.exchangeMTU()
            hasExchangedMTU = true
            return mtu
        } catch {
            throw annotate(error, .exchangeMTU, handle: nil, uuid: nil)
        }
    }

    // MARK: Requests

    /// Sends one request of a procedure and returns its response, with errors annotated.
    ///
    /// A Database Out Of Sync error (Core 5.4, Vol 3, Part G, 2.5.2.1) is handled here: the client
    /// reads the Database Hash again, which makes it change-aware; if the hash is what it was, the
    /// request is sent once more, else the cache is invalidated and the error is thrown.
    func perform<Response: ATTPDU>(
        _ pdu: some ATTPDU,
        expecting: Response.Type,
        _ procedure: GATTClientProcedure,
        handle: UInt16? = nil,
        uuid: BluetoothUUID? = nil
    ) async throws(GATTError) -> Response {
        try await checkBearerOpen(procedure, handle: handle, uuid: uuid)
        do {
            return try await bearer.request(pdu, expecting: Response.self)
        } catch {
            guard error.code == .attError, error.attErrorCode == .databaseOutOfSync else {
                throw annotate(error, procedure, handle: handle, uuid: uuid)
            }
            let unchanged: Bool
            do {
                unchanged = try await resynchronizeAfterOutOfSync()
            } catch {
                throw annotate(error, procedure, handle: handle, uuid: uuid)
            }
            guard unchanged else {
                var annotated = annotate(error, procedure, handle: handle, uuid: uuid)
                annotated.message += "; the peer's database changed: discover it again"
                throw annotated
            }
            do {
                return try await bearer.request(pdu, expecting: Response.self)
            } catch {
                throw annotate(error, procedure, handle: handle, uuid: uuid)
            }
        }
    }

    /// Throws ``GATTError/Code/bearerClosed`` when the bearer is already closed.
    func checkBearerOpen(_ procedure: GATTClientProcedure, handle: UInt16? = nil, uuid: BluetoothUUID? = nil) async throws(GATTError) {
        guard let reason = await bearer.closeReason else { return }
        throw bearerClosedError(reason, procedure, handle: handle, uuid: uuid)
    }

    /// The ``GATTError/Code/bearerClosed`` error of a procedure on a bearer closed for `reason`.
    func bearerClosedError(_ reason: GATTError, _ procedure: GATTClientProcedure, handle: UInt16? = nil, uuid: BluetoothUUID? = nil) -> GATTError {
        GATTError(.bearerClosed, "the ATT bearer is closed (\(reason.message)); reconnect to continue")
            .context(procedure: procedure.rawValue, handle: handle, uuid: uuid)
    }

    /// Puts the GATT procedure, handle and UUID on an error from the bearer.
    ///
    /// The ATT operation the bearer named moves into the message
    /// (`Read Long Characteristic Values failed on handle 0x002A: Read Blob Request: Invalid Offset (0x07)`).
    func annotate(_ error: GATTError, _ procedure: GATTClientProcedure, handle: UInt16?, uuid: BluetoothUUID?) -> GATTError {
        var annotated = error
        if let inner = error.procedure, inner != procedure.rawValue {
            annotated.message = "\(inner): \(error.message)"
        }
        annotated.procedure = procedure.rawValue
        let wireHandle = error.handle == 0 ? nil : error.handle
        annotated.handle = handle ?? wireHandle
        annotated.uuid = uuid ?? error.uuid ?? annotated.handle.flatMap { database?.uuid(ofHandle: $0) }
        return annotated
    }

    /// An ``GATTError/Code/invalidResponse`` error for a procedure.
    func invalidResponse(_ message: String, _ procedure: GATTClientProcedure, handle: UInt16? = nil, uuid: BluetoothUUID? = nil) -> GATTError {
        GATTError(.invalidResponse, message, procedure: procedure.rawValue, handle: handle, uuid: uuid)
    }

    /// An ``GATTError/Code/invalidArgument`` error for a procedure.
    func invalidArgument(_ message: String, _ procedure: GATTClientProcedure, handle: UInt16? = nil, uuid: BluetoothUUID? = nil) -> GATTError {
        GATTError(.invalidArgument, message, procedure: procedure.rawValue, handle: handle, uuid: uuid)
    }

    // MARK: Events from the bearer

    private func handle(_ event: GATTValueRouter.Event) async {
        switch event {
        case .serviceChanged(let value):
            await serviceChanged(GATTServiceChange(serviceChangedValue: value))
        case .closed:
            subscriptions = [:]
            serviceChangesContinuation.finish()
        }
    }

    /// Invalidates the changed range in the client's tree and tells the app.
    func serviceChanged(_ change: GATTServiceChange) async {
        changeGeneration &+= 1
        database?.invalidate(change.range)
        databaseHash = nil
        serviceChangesContinuation.yield(change)
    }
}

extension GATTServiceChange {
    /// Parses a Service Changed value (Core 5.4, Vol 3, Part G, 7.1: start and end handle, u16
    /// each); anything malformed means the whole database.
    init(serviceChangedValue value: [UInt8]) {
        var reader = ByteReader(value)
        guard value.count == 4, let start = reader.readUInt16(), let end = reader.readUInt16(),
            start != 0, start <= end
        else {
            self = .everything
            return
        }
        self.init(range: start...end)
    }
}

/// A first-come-first-served async lock for the client actor.
struct GATTClientGate: Sendable {
    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Takes the gate, or returns a continuation slot to wait in.
    mutating func tryEnter() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Queues a waiter.
    mutating func enqueue(_ continuation: CheckedContinuation<Void, Never>) {
        waiters.append(continuation)
    }

    /// Hands the gate to the next waiter, or frees it.
    mutating func leave() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

extension GATTClient {
    /// Runs `body` while holding the prepared-write gate.
    func withPreparedWriteQueue<T: Sendable>(
        _ body: () async throws(GATTError) -> T
    ) async throws(GATTError) -> T {
        if !preparedWriteGate.tryEnter() {
            await withCheckedContinuation { continuation in
                preparedWriteGate.enqueue(continuation)
            }
        }
        defer { preparedWriteGate.leave() }
        return try await body()
    }
}
