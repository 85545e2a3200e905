import DBus
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection to a message bus (D-Bus spec, "Message Bus Specification"): method calls that
/// await their reply, signals through match rules, and objects of our own that answer calls.
///
/// One thread reads the socket and hands each message on: replies to the call awaiting them,
/// signals to the streams whose rule matches, calls to our exported objects. When the bus closes
/// the socket, every pending call fails with ``DBusError/Code/disconnected`` and every
/// signal stream finishes. ``close()`` ends the connection; a connection not closed keeps its
/// reader thread.
public final class DBusConnection: Sendable {
    /// The server's GUID from authentication.
    public let serverGUID: String
    /// Whether the bus agreed to pass Unix descriptors with messages (`NEGOTIATE_UNIX_FD`).
    public let canPassDescriptors: Bool
    /// Our unique name on the bus (`:1.42`), from `Hello`.
    public var uniqueName: String { state.withLock { $0.uniqueName } }
    /// The default time a call waits for its reply (the reference implementation's 25 s).
    public static let defaultTimeout = Duration.seconds(25)

    private let descriptor: Mutex<CInt?>
    private let state = Mutex(State())
    private let clock: any Clock<Duration>

    private struct Pending {
        var continuation: CheckedContinuation<Received, any Error>
        var timeout: Task<Void, Never>?
    }

    private struct Subscription {
        var rule: DBusMatchRule
        var continuation: AsyncStream<DBusMessage>.Continuation
    }

    private struct State {
        var uniqueName = ""
        var nextSerial: UInt32 = 1
        var pending: [UInt32: Pending] = [:]
        var subscriptions: [UInt64: Subscription] = [:]
        var nextSubscription: UInt64 = 1
        var exported: [DBusObjectPath: [DBusExportedInterface]] = [:]
        var failure: DBusError?

        mutating func takeSerial() -> UInt32 {
            defer { nextSerial = nextSerial == .max ? 1 : nextSerial + 1 }
            return nextSerial
        }
    }

    /// A message and the descriptors that came with it.
    struct Received: Sendable {
        var message: DBusMessage
        var descriptors: [CInt]
    }

    private init(descriptor: CInt, guid: String, descriptorPassing: Bool, clock: any Clock<Duration>) {
        self.descriptor = Mutex(descriptor)
        self.serverGUID = guid
        self.canPassDescriptors = descriptorPassing
        self.clock = clock
    }

    /// Connects to the first address that answers, authenticates (SASL EXTERNAL as this user) and
    /// says `Hello`. The connect and the handshake are a few blocking lines, run on a thread of
    /// their own (never on one of the concurrency pool's few threads: many connections opened at
    /// once — a test run starting — would hold them all), bounded by `timeout` (a socket that
    /// never answers fails with ``DBusError/Code/timedOut``).
    public static func connect(
        to addresses: [DBusAddress], timeout: Duration = .seconds(5), clock: any Clock<Duration> = ContinuousClock()
    ) async throws -> DBusConnection {
        var lastError: (any Error)?
        for address in addresses {
            do {
                let (descriptor, guid) = try await DBusReaderThread.run { () throws -> (CInt, (guid: String, descriptorPassing: Bool)) in
                    let descriptor = try DBusSocket.connect(address)
                    do {
                        return (descriptor, try DBusSocket.authenticate(descriptor, timeout: timeout))
                    } catch {
                        DBusSocket.closeDescriptor(descriptor)
                        throw error
                    }
                }
                let connection = DBusConnection(descriptor: descriptor, guid: guid.guid, descriptorPassing: guid.descriptorPassing, clock: clock)
                connection.startReader(descriptor)
                do {
                    let reply = try await connection.call(
                        .methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "Hello"),
                        timeout: timeout
                    )
                    guard let name = reply.body.first?.string else {
                        throw DBusError(.protocolViolation, "the bus answered Hello without a unique name")
                    }
                    connection.state.withLock { $0.uniqueName = name }
                } catch {
                    connection.close()
                    throw error
                }
                return connection
            } catch {
                lastError = error
            }
        }
        throw lastError ?? DBusError(.invalidAddress, "no bus address to connect to")
    }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`).
    public static func system(timeout: Duration = .seconds(5)) async throws -> DBusConnection {
        try await connect(to: DBusAddress.systemBus(), timeout: timeout)
    }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public static func session(timeout: Duration = .seconds(5)) async throws -> DBusConnection {
        try await connect(to: DBusAddress.sessionBus(), timeout: timeout)
    }

    /// Ends the connection: pending calls fail with ``DBusError/Code/closed``, signal
    /// streams finish, the socket closes.
    public func close() {
        fail(DBusError(.closed, "the D-Bus connection was closed"))
        descriptor.withLock { descriptor in
            if let open = descriptor { shutdown(open, CInt(SHUT_RDWR)) }
        }
    }

    /// Whether the connection is still up.
    public var isOpen: Bool { state.withLock { $0.failure == nil } }

    // MARK: Sending

    /// Sends a message that expects no reply (a signal, a reply, a call with `NO_REPLY_EXPECTED`);
    /// returns the serial it was sent with.
    /// `descriptors` travel with it (the message's `h` values index them); the caller still owns them.
    @discardableResult
    public func send(_ message: DBusMessage, descriptors: [CInt] = []) throws -> UInt32 {
        var message = message
        message.serial = try state.withLock { state in
            if let failure = state.failure { throw failure }
            return state.takeSerial()
        }
        message.unixFDs = descriptors.isEmpty ? nil : UInt32(descriptors.count)
        try checkDescriptorPassing(descriptors)
        try writeBytes(message.encode(), descriptors: descriptors)
        return message.serial
    }

    private func checkDescriptorPassing(_ descriptors: [CInt]) throws {
        guard descriptors.isEmpty || canPassDescriptors else {
            throw DBusError(.protocolViolation, "this bus did not agree to pass Unix descriptors (NEGOTIATE_UNIX_FD)")
        }
    }

    /// Calls a method, sending `descriptors` with it, and returns the reply with the descriptors
    /// that came with it (the reply's `h` values index them; the caller owns and closes them).
    /// Errors as ``call(_:timeout:)``.
    public func call(
        _ message: DBusMessage, descriptors: [CInt], timeout: Duration = DBusConnection.defaultTimeout
    ) async throws -> (reply: DBusMessage, descriptors: [CInt]) {
        try checkDescriptorPassing(descriptors)
        let received = try await exchange(message, descriptors: descriptors, timeout: timeout)
        return (received.message, received.descriptors)
    }

    /// Calls a method and waits for its reply; an `ERROR` reply throws ``DBusRemoteError``.
    /// Throws ``DBusError`` when no reply comes within `timeout`, when the connection ends
    /// first, and `CancellationError` when the task is cancelled (the call is then forgotten).
    public func call(_ message: DBusMessage, timeout: Duration = DBusConnection.defaultTimeout) async throws -> DBusMessage {
        let received = try await exchange(message, descriptors: [], timeout: timeout)
        // Descriptors nobody asked for are closed, not leaked.
        for descriptor in received.descriptors { DBusSocket.closeDescriptor(descriptor) }
        return received.message
    }

    private func exchange(_ message: DBusMessage, descriptors: [CInt], timeout: Duration) async throws -> Received {
        var message = message
        message.unixFDs = descriptors.isEmpty ? nil : UInt32(descriptors.count)
        message.flags.remove(.noReplyExpected)
        let serial = try state.withLock { state in
            if let failure = state.failure { throw failure }
            return state.takeSerial()
        }
        message.serial = serial
        let bytes = try message.encode()
        let what = "\(message.interface.map { $0 + "." } ?? "")\(message.member ?? "?") on \(message.path?.rawValue ?? "?")"
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Received, any Error>) in
                let refused: (any Error)? = state.withLock { state in
                    if let failure = state.failure { return failure }
                    if Task.isCancelled { return CancellationError() }
                    state.pending[serial] = Pending(continuation: continuation, timeout: nil)
                    return nil
                }
                if let refused { return continuation.resume(throwing: refused) }
                let clock = self.clock
                let timer = Task { [weak self] in
                    do { try await clock.sleep(for: timeout) } catch { return }
                    self?.finish(serial, with: .failure(DBusError(.timedOut, "no reply to \(what) within \(timeout)")))
                }
                let stillPending = state.withLock { state in
                    guard state.pending[serial] != nil else { return false }
                    state.pending[serial]?.timeout = timer
                    return true
                }
                if !stillPending { timer.cancel() }
                do {
                    try writeBytes(bytes, descriptors: descriptors)
                } catch {
                    finish(serial, with: .failure(error))
                }
            }
        } onCancel: {
            finish(serial, with: .failure(CancellationError()))
        }
    }

    private func writeBytes(_ bytes: [UInt8], descriptors: [CInt]) throws {
        try descriptor.withLock { descriptor in
            guard let open = descriptor else {
                throw state.withLock { $0.failure } ?? DBusError(.closed, "the D-Bus connection was closed")
            }
            try DBusSocket.sendAll(open, bytes, descriptors: descriptors)
        }
    }

    private func finish(_ serial: UInt32, with result: Result<Received, any Error>) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: serial) }) else {
            if case .success(let received) = result { received.descriptors.forEach(DBusSocket.closeDescriptor) }
            return
        }
        pending.timeout?.cancel()
        pending.continuation.resume(with: result)
    }

    // MARK: Signals

    /// The messages matching `rule`, from when this returns: the rule is added on the bus
    /// (`AddMatch`) and removed when the stream's consumer stops. The stream finishes when the
    /// connection ends.
    public func signals(matching rule: DBusMatchRule) async throws -> AsyncStream<DBusMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: DBusMessage.self, bufferingPolicy: .bufferingNewest(4096))
        let id = try state.withLock { state in
            if let failure = state.failure { throw failure }
            let id = state.nextSubscription
            state.nextSubscription += 1
            state.subscriptions[id] = Subscription(rule: rule, continuation: continuation)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            let wasSubscribed = self.state.withLock { $0.subscriptions.removeValue(forKey: id) != nil }
            guard wasSubscribed, self.isOpen else { return }
            _ = try? self.send(.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "RemoveMatch", body: [.string(rule.description)], flags: .noReplyExpected
            ))
        }
        do {
            _ = try await call(.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch", body: [.string(rule.description)]
            ))
        } catch {
            state.withLock { _ = $0.subscriptions.removeValue(forKey: id) }
            continuation.finish()
            throw error
        }
        return stream
    }

    // MARK: Exported objects

    /// Answers calls on `path` with these interfaces (replacing what was exported there), plus
    /// `org.freedesktop.DBus.Properties`, `org.freedesktop.DBus.ObjectManager` (the objects below
    /// `path`) and `org.freedesktop.DBus.Peer`.
    public func export(_ path: DBusObjectPath, _ interfaces: [DBusExportedInterface]) {
        state.withLock { $0.exported[path] = interfaces }
    }

    /// Stops answering calls on `path`.
    public func unexport(_ path: DBusObjectPath) {
        state.withLock { _ = $0.exported.removeValue(forKey: path) }
    }

    /// The interfaces exported on `path`.
    func exportedInterfaces(at path: DBusObjectPath) -> [DBusExportedInterface]? {
        state.withLock { $0.exported[path] }
    }

    /// Every exported object strictly below `path`, with its interfaces.
    func exportedObjects(below path: DBusObjectPath) -> [(DBusObjectPath, [DBusExportedInterface])] {
        state.withLock { state in
            state.exported.filter { $0.key != path && $0.key.isDescendant(of: path) }.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        }
    }

    // MARK: Reading

    private func startReader(_ descriptor: CInt) {
        DBusReaderThread.start { [self] in
            var buffer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            // Descriptors arrive with the first byte of their message or before it (D-Bus spec, "Message Format").
            var descriptors: [CInt] = []
            defer { descriptors.forEach(DBusSocket.closeDescriptor) }
            var ending = DBusError(.disconnected, "the bus closed the connection")
            reading: while true {
                let count: Int
                do {
                    count = try DBusSocket.receive(descriptor, into: &chunk, descriptors: &descriptors)
                } catch let error as DBusError {
                    ending = error
                    break
                } catch {
                    break
                }
                if count == 0 { break }
                buffer.append(contentsOf: chunk[..<count])
                var stream = buffer[...]
                do {
                    while let message = try DBusMessage.decode(from: &stream) {
                        let wanted = Int(message.unixFDs ?? 0)
                        guard wanted <= descriptors.count else {
                            throw DBusError(.protocolViolation, "a message announces \(wanted) descriptors, \(descriptors.count) arrived")
                        }
                        let attached = Array(descriptors.prefix(wanted))
                        descriptors.removeFirst(wanted)
                        dispatch(Received(message: message, descriptors: attached))
                    }
                } catch {
                    ending = DBusError(.protocolViolation, "the bus sent a malformed message: \(error)")
                    break reading
                }
                // Only what was decoded is dropped: a long message is not copied again on every read.
                let consumed = buffer.count - stream.count
                if consumed > 0 { buffer.removeFirst(consumed) }
            }
            fail(ending)
            self.descriptor.withLock { open in
                if let descriptor = open { DBusSocket.closeDescriptor(descriptor) }
                open = nil
            }
        }
    }

    private func dispatch(_ received: Received) {
        let message = received.message
        switch message.type {
        case .methodReturn:
            if let serial = message.replySerial { return finish(serial, with: .success(received)) }
        case .error:
            if let serial = message.replySerial { finish(serial, with: .failure(DBusRemoteError(message))) }
        case .signal:
            let streams = state.withLock { state in state.subscriptions.values.filter { $0.rule.matches(message) }.map(\.continuation) }
            for stream in streams { stream.yield(message) }
        case .methodCall:
            Task { await self.answer(message, descriptors: received.descriptors) }
            return
        default:
            break  // unknown message types are ignored (spec)
        }
        // Signals and errors hand on no descriptors.
        received.descriptors.forEach(DBusSocket.closeDescriptor)
    }

    /// Fails everything pending with `error` and finishes every stream; the first failure stays.
    private func fail(_ error: DBusError) {
        let (pending, subscriptions) = state.withLock { state -> ([Pending], [Subscription]) in
            if state.failure == nil { state.failure = error }
            let pending = Array(state.pending.values)
            let subscriptions = Array(state.subscriptions.values)
            state.pending = [:]
            state.subscriptions = [:]
            return (pending, subscriptions)
        }
        let failure = state.withLock { $0.failure } ?? error
        for call in pending {
            call.timeout?.cancel()
            call.continuation.resume(throwing: failure)
        }
        for subscription in subscriptions { subscription.continuation.finish() }
    }
}

/// A detached POSIX thread running one closure (the socket's reader: a blocking read must not
/// hold one of the concurrency pool's few threads).
enum DBusReaderThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs blocking `body` on a thread of its own and returns its result.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: Result { try body() }) }
        }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            #if canImport(Glibc)
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            #else
            let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, box)
        precondition(result == 0, "could not start the D-Bus reader thread: error \(result)")
        pthread_detach(thread)
    }
}
