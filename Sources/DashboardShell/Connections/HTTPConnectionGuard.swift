import Foundation
import NIOCore
import NIOHTTP1

/// Guards one HTTP/1 connection ahead of Hummingbird, right after the HTTP decoder:
///
/// - a request whose head has not arrived whole ``ConnectionLimits/requestHeadTimeout`` after its
///   first bytes, or whose body has not ``ConnectionLimits/requestBodyTimeout`` after its head, is
///   answered `408` and the connection closed (slowloris);
/// - a connection silent for ``ConnectionLimits/idleTimeout`` with no request under way is closed;
/// - a request the HTTP parser refuses is answered `400` (`431` when its headers are too large) and
///   the connection closed, where Hummingbird answers nothing before a connection's first request;
/// - a refused WebSocket upgrade is answered with the router's own answer (``UpgradeRefusal``)
///   instead of Hummingbird's empty `400`.
///
/// It leaves the pipeline when the connection becomes a WebSocket (`101`).
final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Where the reading of requests is.
    private enum Reading {
        /// Between two requests (or before the first).
        case between
        /// Bytes of a request came; its head is not whole yet.
        case head
        /// The head came; the body is not whole yet.
        case body
    }

    /// What the running timer waits for.
    private enum Deadline {
        case idle, head, body
    }

    private let limits: ConnectionLimits
    private var reading = Reading.between
    /// Whether the decoder passed on a part since the last read from the socket ended.
    private var decodedSinceReadComplete = false
    /// Requests read whose response has not ended.
    private var owedResponses = 0
    /// Whether a response's head was written and its end not yet.
    private var isResponding = false
    private var refusal: UpgradeRefusal?
    /// Whether the connection is being closed (its input is dropped).
    private var isClosing = false
    private var isClosed = false
    /// The deadline that holds now, and when it passes.
    private var timer: (deadline: Deadline, due: NIODeadline)?
    /// The event loop's task that checks ``timer``, and when it runs: never later than the timer's
    /// due time, possibly earlier (then it looks again). A deadline that moves later, as the idle
    /// and body deadlines do with every request of a keep-alive connection, leaves it as it is:
    /// scheduling and cancelling a task for each request was 4 % of the server's time.
    private var check: (task: Scheduled<Void>, at: NIODeadline)?
    private var lingering: Scheduled<Void>?

    /// A guard with these limits.
    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    // MARK: Inbound

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { updateTimer(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelActive(context: ChannelHandlerContext) {
        updateTimer(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        decodedSinceReadComplete = true
        switch unwrapInboundIn(data) {
        case .head:
            reading = .body
            owedResponses += 1
        case .body:
            break
        case .end:
            reading = .between
        }
        updateTimer(context)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes came and made no part: a request's head has begun.
        if reading == .between, owedResponses == 0, !decodedSinceReadComplete {
            reading = .head
            updateTimer(context)
        }
        decodedSinceReadComplete = false
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if isClosing { return }
        if let error = error as? HTTPParserError, !isResponding {
            if error == .invalidEOFState {
                // The client stopped sending in the middle of a request: nobody to answer.
                close(context)
            } else if error == .headerOverflow {
                refuse(context, .requestHeaderFieldsTooLarge, "headersTooLarge", "the request's headers are over \(limits.maximumHeaderBytes / 1024) KiB")
            } else {
                refuse(context, .badRequest, "malformedRequest", "the request is not valid HTTP/1.1 (\(error))")
            }
            return
        }
        context.fireErrorCaught(error)
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .switchingProtocols:
            // A WebSocket from now on: nothing of HTTP to guard. (Flushed here: the flush that
            // follows would not pass this handler, gone by then.)
            context.writeAndFlush(data, promise: promise)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        case .head(let head):
            isResponding = true
            if head.status == .badRequest, let refusal {
                // Hummingbird's empty answer to a refused upgrade: the router's answer instead.
                self.refusal = nil
                context.write(wrapOutboundOut(.head(refusal.head)), promise: promise)
                context.write(wrapOutboundOut(.body(.byteBuffer(refusal.body))), promise: nil)
                return
            }
        case .body:
            break
        case .end:
            isResponding = false
            owedResponses = max(0, owedResponses - 1)
            updateTimer(context)
        }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let refusal = event as? UpgradeRefusal {
            self.refusal = refusal
            promise?.succeed()
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    // MARK: Deadlines

    private func updateTimer(_ context: ChannelHandlerContext) {
        let wanted: Deadline? = switch reading {
        case .head: .head
        case .body: .body
        case .between: owedResponses == 0 ? .idle : nil
        }
        guard !isClosing, wanted != timer?.deadline else { return }
        guard let wanted else {
            // A check still scheduled finds no deadline and does nothing.
            timer = nil
            return
        }
        let duration = switch wanted {
        case .idle: limits.idleTimeout
        case .head: limits.requestHeadTimeout
        case .body: limits.requestBodyTimeout
        }
        let due = NIODeadline.now() + TimeAmount(duration)
        timer = (wanted, due)
        if let check, check.at <= due { return }
        scheduleCheck(at: due, context)
    }

    /// Schedules the check of ``timer`` at `time`, in place of any other.
    private func scheduleCheck(at time: NIODeadline, _ context: ChannelHandlerContext) {
        check?.task.cancel()
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) {
            self.check = nil
            guard let timer = self.timer, !self.isClosing else { return }
            if timer.due <= .now() {
                self.timer = nil
                self.expired(timer.deadline, context)
            } else {
                self.scheduleCheck(at: timer.due, context)
            }
        }
        check = (task, time)
    }

    private func cancelTimer() {
        check?.task.cancel()
        check = nil
        timer = nil
        lingering?.cancel()
        lingering = nil
    }

    private func expired(_ deadline: Deadline, _ context: ChannelHandlerContext) {
        switch deadline {
        case .idle:
            close(context)
        case .head:
            refuse(context, .requestTimeout, "requestTimeout", "the request's headers did not arrive within \(limits.requestHeadTimeout)")
        case .body:
            refuse(context, .requestTimeout, "requestTimeout", "the request's body did not arrive within \(limits.requestBodyTimeout)")
        }
    }

    /// Answers `status` with the dashboard's JSON error (unless a response is under way), then
    /// closes the connection the lingering way: once the client closed its side after reading the
    /// answer (`Connection: close`), or after ``lingerTime``, dropping what it still sends
    /// meanwhile (closing at once would lose the answer to a reset when its bytes are unread).
    private func refuse(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ code: String, _ message: String) {
        guard !isClosing else { return }
        isClosing = true
        cancelTimer()
        if !isResponding {
            let body = ByteBuffer(bytes: DashboardError.json(code: code, message: message))
            let headers = HTTPHeaders([
                ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", "\(body.readableBytes)"), ("Connection", "close"),
            ])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        lingering = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { self.close(context) }
    }

    /// How long a refused connection is read from, at most, before it is closed.
    static let lingerTime = TimeAmount.seconds(2)

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client stopped sending while its connection lingers: done.
        if isClosing, let event = event as? ChannelEvent, event == .inputClosed {
            close(context)
            return
        }
        // The server shuts down: a connection with no request under way (before its first one
        // too, which Hummingbird does not handle yet) closes now.
        if event is ChannelShouldQuiesceEvent, owedResponses == 0, reading != .body {
            close(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Closes the connection, first telling the handlers after this one that no more input comes
    /// (so an upgrade still waiting for its request ends quietly).
    private func close(_ context: ChannelHandlerContext) {
        guard !isClosed else { return }
        isClosing = true
        isClosed = true
        cancelTimer()
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }
}

/// The router's answer to a WebSocket upgrade it refused (`401`, `403`, `404`…), as
/// ``HTTPConnectionGuard`` sends it in place of Hummingbird's empty `400`.
struct UpgradeRefusal: Sendable {
    /// The status and headers (with `Content-Length` and `Connection: close`).
    var head: HTTPResponseHead
    /// The body (the JSON error).
    var body: ByteBuffer
}
