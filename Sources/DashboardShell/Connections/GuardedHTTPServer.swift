import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

extension HTTPServerBuilder {
    /// HTTP/1 with the WebSocket upgrade of `webSocketRouter`'s `ws` routes, guarded by `limits`:
    /// each client address holds at most ``ConnectionLimits/maximumConnectionsPerAddress``
    /// connections, and ``HTTPConnectionGuard`` times out slow requests, answers malformed ones
    /// and answers a refused upgrade with the router's answer. Live sockets are pinged by
    /// ``WebSocketKeepAlive`` on their event loop, which also times their closing handshake
    /// (HummingbirdWebSocket's own ping and close timeout, tasks that sleep, are off).
    package static func guardedHTTP1WebSocketUpgrade<Router: HTTPResponderBuilder>(
        webSocketRouter: Router, limits: ConnectionLimits
    ) -> HTTPServerBuilder where Router.Responder.Context == DashboardContext {
        let webSocketResponder = UpgradeRefusals(responder: webSocketRouter.buildResponder())
        let connections = ConnectionsPerAddress(maximum: limits.maximumConnectionsPerAddress)
        var http1 = HTTP1Channel.Configuration()
        http1.httpDecoder.maxHeaderFieldSize = limits.maximumHeaderBytes
        http1.httpDecoder.maxHeaderListSize = limits.maximumHeaderBytes
        // The ping and the closing handshake's timeout are ``WebSocketKeepAlive``'s, on the event
        // loop: the library's sleeping tasks held a closed socket's channel until their deadline.
        let webSocket = WebSocketServerConfiguration(autoPing: .disabled, closeTimeout: .zero)
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(http1: http1, ws: webSocket)
        return HTTPServerBuilder { responder in
            GuardedHTTPChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                limits: limits, connections: connections
            )
        }
    }
}

/// A server child channel (`inner`: HTTP/1 with the WebSocket upgrade) whose connections are
/// counted per client address and guarded by ``HTTPConnectionGuard``.
struct GuardedHTTPChannel<Inner: ServerChildChannel>: ServerChildChannel {
    /// A connection served by `inner`, or one refused (over its address's limit).
    enum Value: ServerChildChannelValue {
        case served(Inner.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .served(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    let inner: Inner
    let limits: ConnectionLimits
    let connections: ConnectionsPerAddress

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits
        guard connections.open(channel) else {
            logger.debug("refused a connection: \(limits.maximumConnectionsPerAddress) are open from \(channel.remoteAddress?.ipAddress ?? "?")")
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(TooManyConnectionsHandler(limit: limits.maximumConnectionsPerAddress))
                return .refused(channel)
            }
        }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTPConnectionGuard(limits: limits), position: .after(decoder))
            try pipeline.addHandler(WebSocketKeepAliveInstaller(interval: TimeAmount(limits.webSocketPingInterval)))
            return .served(value)
        }
    }

    func handle(value: Value, logger: Logger) async {
        if case .served(let served) = value { await inner.handle(value: served, logger: logger) }
    }
}

/// The open connections of each client address, each counted until it closes.
final class ConnectionsPerAddress: Sendable {
    let maximum: Int
    private let counts = Mutex<[String: Int]>([:])

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts `channel` and returns true, or returns false when its address holds the maximum.
    func open(_ channel: any Channel) -> Bool {
        guard let address = channel.remoteAddress?.ipAddress else { return true }
        let admitted = counts.withLock { counts in
            guard counts[address, default: 0] < maximum else { return false }
            counts[address, default: 0] += 1
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { _ in self.closed(address) }
        }
        return admitted
    }

    /// The open connections of `address`.
    func count(_ address: String) -> Int {
        counts.withLock { $0[address, default: 0] }
    }

    private func closed(_ address: String) {
        counts.withLock { counts in
            let left = counts[address, default: 1] - 1
            counts[address] = left > 0 ? left : nil
        }
    }
}

/// Answers a connection over its address's limit with `503` and closes it.
final class TooManyConnectionsHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func channelActive(context: ChannelHandlerContext) {
        let body = DashboardError.json(code: "tooManyConnections", message: "this address already holds \(limit) connections to the dashboard; close some and try again")
        var answer = ByteBuffer(string: "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n")
        answer.writeString("Content-Length: \(body.count)\r\nConnection: close\r\nRetry-After: 5\r\n\r\n")
        answer.writeBytes(body)
        context.writeAndFlush(NIOAny(answer), promise: nil)
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

/// The WebSocket router, whose refusal of an upgrade (its answer other than `200`) is handed to
/// the connection's ``HTTPConnectionGuard`` to send.
struct UpgradeRefusals<Responder: HTTPResponder>: HTTPResponder where Responder.Context == DashboardContext {
    let responder: Responder

    func respond(to request: Request, context: DashboardContext) async throws -> Response {
        let response = try await responder.respond(to: request, context: context)
        guard response.status != .ok, let channel = context.channel else { return response }
        let collector = BodyCollector()
        try await response.body.write(collector)
        var headers = HTTPHeaders(response.headers.map { ($0.name.rawName, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: "\(collector.buffer.readableBytes)")
        headers.replaceOrAdd(name: "Connection", value: "close")
        let status = HTTPResponseStatus(statusCode: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
        let refusal = UpgradeRefusal(head: HTTPResponseHead(version: .http1_1, status: status, headers: headers), body: collector.buffer)
        try? await channel.triggerUserOutboundEvent(refusal).get()
        return response
    }
}

/// Keeps what a response body writes.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        self.buffer.writeImmutableBuffer(buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
