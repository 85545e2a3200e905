import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Pings a live socket on its channel's event loop every ``ConnectionLimits/webSocketPingInterval``
/// and closes it (close frame 1001, "Ping timeout") when a ping is still unanswered one interval
/// later: a client that vanished without closing (a phone that lost its network) frees its socket.
///
/// HummingbirdWebSocket's own automatic ping does the same from a task that sleeps (`Task.sleep`)
/// between pings; a cancelled sleep keeps its timer job (and the memory it holds) until its
/// deadline, so every closed socket left one behind for up to 30 s, and the wake-ups ran on
/// libdispatch's threads. Here the next ping is one scheduled task on the event loop, cancelled,
/// and freed, when the socket closes. The dashboard turns the library's ping off
/// (``HTTPServerBuilder/guardedHTTP1WebSocketUpgrade(webSocketRouter:limits:)``).
///
/// It sits between the WebSocket frame decoder and the socket's handler: it passes every frame on
/// but the pongs that answer its own pings.
final class WebSocketKeepAlive: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The size of a ping's payload, as the library's.
    static let pingDataSize = 16

    let interval: TimeAmount
    /// The next ping (or the check that the last one was answered).
    private var next: Scheduled<Void>?
    /// The payload of the ping sent last, until its pong comes.
    private var unanswered: ByteBuffer?
    private var isStopped = false

    init(interval: TimeAmount) {
        self.interval = interval
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if frame.opcode == .pong, let unanswered, frame.fin, frame.unmaskedData == unanswered {
            self.unanswered = nil
            return
        }
        context.fireChannelRead(data)
    }

    /// Pings, or closes the socket when the last ping was not answered.
    private func tick(_ context: ChannelHandlerContext) {
        guard !isStopped else { return }
        if unanswered != nil {
            stop()
            var reason = context.channel.allocator.buffer(capacity: 14)
            reason.write(webSocketErrorCode: .goingAway)
            reason.writeString("Ping timeout")
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: reason)
            context.writeAndFlush(wrapOutboundOut(close)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        var payload = context.channel.allocator.buffer(capacity: Self.pingDataSize)
        for _ in 0..<Self.pingDataSize { payload.writeInteger(UInt8.random(in: .min ... .max)) }
        unanswered = payload
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: payload)), promise: nil)
        schedule(context)
    }

    private func schedule(_ context: ChannelHandlerContext) {
        guard !isStopped else { return }
        next = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { self.tick(context) }
    }

    private func stop() {
        isStopped = true
        next?.cancel()
        next = nil
    }
}

/// Waits in a connection's pipeline for its upgrade to a WebSocket, then puts a
/// ``WebSocketKeepAlive`` after the WebSocket frame decoder and leaves. The upgrade handler
/// before it holds back what it reads until it has decided, so a read that reaches this handler
/// first means the connection stays HTTP: it leaves then too.
final class WebSocketKeepAliveInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let interval: TimeAmount

    init(interval: TimeAmount) {
        self.interval = interval
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? HTTPServerUpgradeEvents, case .upgradeComplete = event {
            let pipeline = context.pipeline.syncOperations
            // Fired once the upgrader added the frame encoder and decoder (and before the first
            // frame is read): the keep-alive goes after the decoder, so that it reads frames and
            // its frames reach the encoder.
            if let decoder = try? pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self) {
                try? pipeline.addHandler(WebSocketKeepAlive(interval: interval), position: .after(decoder))
            }
            context.fireUserInboundEventTriggered(event)
            pipeline.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
