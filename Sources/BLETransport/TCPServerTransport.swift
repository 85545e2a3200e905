import BLEHCI
import Logging
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tcp-server:HOST:PORT`: listen, and serve the one controller that connects.
///
/// ``listen(host:port:options:)`` returns once the socket is bound (``localPort`` tells the port
/// chosen for port 0); ``packets`` starts when the controller connects, and ``send(_:)`` waits for
/// it (``waitForController()`` waits explicitly). The first connection is the controller; later
/// ones are closed at once with a log line, also after the controller hung up (open the transport
/// again to serve a new one). Host `_` listens on every IPv4 interface.
public final class TCPServerTransport: HCITransport {
    /// The canonical spec of this transport (with the port as asked for, possibly 0).
    public let spec: TransportSpec
    /// The packets received from the controller; finishes on ``close()`` and throws when the link fails.
    public let packets: AsyncThrowingStream<HCIPacket, any Error>
    /// The listening socket's port: the one chosen by the system when the spec asked for port 0.
    public let localPort: Int
    /// The listening socket's address, e.g. `127.0.0.1:41234`.
    public let localAddress: String
    private let core: Core
    private let serverChannel: any Channel

    private init(spec: TransportSpec, packets: AsyncThrowingStream<HCIPacket, any Error>, core: Core, serverChannel: any Channel) {
        self.spec = spec
        self.packets = packets
        self.core = core
        self.serverChannel = serverChannel
        self.localPort = serverChannel.localAddress?.port ?? 0
        self.localAddress = serverChannel.localAddress.map(SocketAddressFormat.hostPort) ?? "?"
    }

    /// Binds `host:port` (`_` for every interface, port 0 for any free port) and starts listening.
    ///
    /// Throws ``TransportError`` (`busy` when the port is taken, `permissionDenied` for a
    /// privileged port, `connectionFailed` for an address that is not this machine's).
    public static func listen(host: String, port: Int, options: TransportOptions) async throws -> TCPServerTransport {
        let spec = TransportSpec.tcpServer(host: host, port: port)
        let name = spec.description
        guard (0...65535).contains(port) else {
            throw TransportError(.invalidSpec, spec: name, "port \(port) is out of range 0…65535")
        }
        let (packets, continuation) = AsyncThrowingStream.makeStream(of: HCIPacket.self, throwing: (any Error).self)
        let core = Core(spec: name, continuation: continuation, logger: options.logger)
        let logger = options.logger
        let parser = options.makeParser()
        let bootstrap = ServerBootstrap(group: options.eventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    if core.claimController() {
                        try child.pipeline.syncOperations.addHandler(
                            H4ChannelHandler(
                                framing: .stream(parser), continuation: continuation, logger: logger, spec: name,
                                onActive: { core.controllerConnected(child) }
                            )
                        )
                    } else {
                        try child.pipeline.syncOperations.addHandler(RefuseHandler(logger: logger, spec: name))
                    }
                }
            }
        let bindHost = host == TransportSpec.allInterfaces ? "0.0.0.0" : host
        let serverChannel: any Channel
        do {
            serverChannel = try await bootstrap.bind(host: bindHost, port: port).get()
        } catch {
            continuation.finish()
            throw bindError(error, host: host, port: port, spec: name)
        }
        let transport = TCPServerTransport(spec: spec, packets: packets, core: core, serverChannel: serverChannel)
        logger.info(
            "\(name): listening on \(transport.localAddress); waiting for a controller to connect",
            metadata: ["transport": "\(name)", "port": "\(transport.localPort)"]
        )
        return transport
    }

    /// Waits until the controller has connected. Throws ``TransportError/Code/closed`` if the
    /// transport is closed first, and `CancellationError` when the task is cancelled.
    public func waitForController() async throws {
        _ = try await core.controller()
    }

    /// Whether a controller has connected (it may have hung up since).
    public var hasController: Bool { core.hasController }

    /// Sends one packet to the controller, waiting first for it to connect, then until the packet
    /// is written to the socket.
    public func send(_ packet: HCIPacket) async throws {
        let connection = try await core.controller()
        try await connection.send(packet)
    }

    /// Closes the controller's connection and the listening socket; ``packets`` finishes, waiting
    /// and later sends throw. Idempotent.
    public func close() async {
        let connection = core.close()
        await connection?.close()
        do {
            try await serverChannel.close()
        } catch {
            // Already closed.
        }
    }

    static func bindError(_ error: any Error, host: String, port: Int, spec: String) -> TransportError {
        let place = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        guard let error = error as? IOError else {
            return TransportError(.connectionFailed, spec: spec, "cannot listen on \(place): \(error)")
        }
        switch error.errnoCode {
        case EADDRINUSE:
            return TransportError(.busy, spec: spec, "port \(port) is already in use: pick another port, or 0 for any free one")
        case EACCES, EPERM:
            return TransportError(.permissionDenied, spec: spec, "not allowed to listen on port \(port): ports below 1024 need root")
        case EADDRNOTAVAIL:
            return TransportError(.connectionFailed, spec: spec, "\(host) is not an address of this machine: use 127.0.0.1, or _ for every interface")
        default:
            return TransportError(.connectionFailed, spec: spec, "cannot listen on \(place): \(TransportError.errnoText(error.errnoCode))")
        }
    }
}

extension TCPServerTransport {
    /// The server's shared state: who the controller is and who waits for it.
    final class Core: Sendable {
        private enum Phase {
            case waiting
            case connected(ChannelConnection)
            case closed
        }

        private struct State {
            var phase = Phase.waiting
            var claimed = false
            var nextWaiterID = 0
            var waiters: [Int: CheckedContinuation<ChannelConnection, any Error>] = [:]
            var cancelledWaiters: Set<Int> = []
        }

        private let spec: String
        private let continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
        private let logger: Logger
        private let state = Mutex(State())

        init(spec: String, continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation, logger: Logger) {
            self.spec = spec
            self.continuation = continuation
            self.logger = logger
        }

        var hasController: Bool {
            state.withLock { state in
                if case .connected = state.phase { return true }
                return false
            }
        }

        /// True for the first connection only (and not after close).
        func claimController() -> Bool {
            state.withLock { state in
                guard !state.claimed, case .waiting = state.phase else { return false }
                state.claimed = true
                return true
            }
        }

        /// The controller's channel became active: hand it to the waiters.
        func controllerConnected(_ channel: any Channel) {
            let connection = ChannelConnection(channel: channel, spec: spec, peerName: "the controller", continuation: continuation)
            let waiters: [CheckedContinuation<ChannelConnection, any Error>]? = state.withLock { state in
                guard case .waiting = state.phase else { return nil }
                state.phase = .connected(connection)
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            guard let waiters else {
                channel.close(promise: nil)  // Closed while the controller was connecting.
                return
            }
            let from = channel.remoteAddress.map(SocketAddressFormat.hostPort) ?? "?"
            logger.info("\(spec): controller connected from \(from)", metadata: ["transport": "\(spec)"])
            for waiter in waiters { waiter.resume(returning: connection) }
        }

        /// The controller's connection, once it has connected.
        func controller() async throws -> ChannelConnection {
            let id = state.withLock { state in
                defer { state.nextWaiterID += 1 }
                return state.nextWaiterID
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<ChannelConnection, any Error>) in
                    let result: Result<ChannelConnection, any Error>? = state.withLock { state in
                        if state.cancelledWaiters.remove(id) != nil { return .failure(CancellationError()) }
                        switch state.phase {
                        case .connected(let connection): return .success(connection)
                        case .closed: return .failure(ChannelConnection.closedError(spec: spec))
                        case .waiting:
                            state.waiters[id] = waiter
                            return nil
                        }
                    }
                    if let result { waiter.resume(with: result) }
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    if let waiter = state.waiters.removeValue(forKey: id) { return Optional(waiter) }
                    state.cancelledWaiters.insert(id)
                    return nil
                }
                waiter?.resume(throwing: CancellationError())
            }
        }

        /// Marks the server closed, fails the waiters, finishes the stream; returns the controller's
        /// connection to close.
        func close() -> ChannelConnection? {
            let (connection, waiters) = state.withLock { state -> (ChannelConnection?, [CheckedContinuation<ChannelConnection, any Error>]) in
                var connection: ChannelConnection?
                if case .connected(let current) = state.phase { connection = current }
                state.phase = .closed
                defer { state.waiters = [:] }
                return (connection, Array(state.waiters.values))
            }
            for waiter in waiters { waiter.resume(throwing: ChannelConnection.closedError(spec: spec)) }
            continuation.finish()
            return connection
        }
    }

    /// Closes a connection that arrives after the controller's.
    final class RefuseHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let logger: Logger
        private let spec: String

        init(logger: Logger, spec: String) {
            self.logger = logger
            self.spec = spec
        }

        func channelActive(context: ChannelHandlerContext) {
            let from = context.remoteAddress.map(SocketAddressFormat.hostPort) ?? "?"
            logger.warning(
                "\(spec): refused a connection from \(from): this tcp-server serves one controller",
                metadata: ["transport": "\(spec)"]
            )
            context.close(promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    }
}
