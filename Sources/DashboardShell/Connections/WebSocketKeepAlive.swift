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
/// It also times the closing handshake: when this side has sent its close frame, a close of the
/// connection waits (``closeTimeout`` at most, on the event loop) for the client's close frame.
/// HummingbirdWebSocket's own close timeout is a sleeping task that held the closed socket's
/// channel until its deadline, 15 s after every close; the dashboard sets it to zero, so its
/// close comes at once and waits here.
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
    /// The longest a close waits for the client's close frame, as the library's default.
    static let closeTimeout = TimeAmount.seconds(15)

    let interval: TimeAmount
    let closeTimeout: TimeAmount
    /// Whether this side sent its close frame, and whether the client sent its own.
    private var sentClose = false
    private var receivedClose = false
    /// A close held back until the client's close frame comes, and its deadline.
    private var heldClose: (promise: EventLoopPromise<Void>?, deadline: Scheduled<Void>)?
    /// The next ping (or the check that the last one was answered).
    private var next: Scheduled<Void>?
    /// The payload of the ping sent last, until its pong comes.
    private var unanswered: ByteBuffer?
    private var isStopped = false

    init(interval: TimeAmount, closeTimeout: TimeAmount = WebSocketKeepAlive.closeTimeout) {
        self.interval = interval
        self.closeTimeout = closeTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        if let held = heldClose {
            // Closed from the other side meanwhile: what the close waited for is done.
            heldClose = nil
            held.deadline.cancel()
            held.promise?.succeed()
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if frame.opcode == .pong, let unanswered, frame.fin, frame.unmaskedData == unanswered {
            self.unanswered = nil
            return
        }
        if frame.opcode == .connectionClose { receivedClose = true }
        context.fireChannelRead(data)
        if receivedClose { releaseClose(context) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if unwrapOutboundIn(data).opcode == .connectionClose { sentClose = true }
        context.write(data, promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Held only while the closing handshake is under way: this side's close frame sent, the
        // client's not yet come. Any other close (a second one too) goes on at once.
        guard mode == .all, sentClose, !receivedClose, heldClose == nil, context.channel.isActive else {
            releaseClose(context)
            context.close(mode: mode, promise: promise)
            return
        }
        let deadline = context.eventLoop.assumeIsolated().scheduleTask(in: closeTimeout) { self.releaseClose(context) }
        heldClose = (promise, deadline)
    }

    /// Lets a held close go on.
    private func releaseClose(_ context: ChannelHandlerContext) {
        guard let held = heldClose else { return }
        heldClose = nil
        held.deadline.cancel()
        context.close(mode: .all, promise: held.promise)
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
