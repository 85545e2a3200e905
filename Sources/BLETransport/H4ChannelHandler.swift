import BLEHCI
import Logging
import NIOCore

/// How the bytes read from a channel map onto packets.
enum H4Framing: Sendable {
    /// A byte stream (TCP, Unix socket, UART): split with ``H4PacketParser``, whatever the chunking.
    case stream(H4PacketParser)
    /// Each read is exactly one H4 frame (the Linux HCI socket).
    case datagram
}

/// Turns the bytes a channel reads into HCI packets and yields them to the transport's stream.
///
/// Garbage is logged and dropped and the stream goes on. When the channel goes inactive the stream
/// finishes with ``TransportError/Code/peerClosed`` (unless the transport already finished it
/// because it was closed on purpose); an I/O error finishes it with a ``TransportError`` too.
final class H4ChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// The stream parser; nil for datagram framing.
    private var parser: H4PacketParser?
    private let continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    private let logger: Logger
    private let spec: String
    private let peerName: String
    private let onActive: (@Sendable () -> Void)?
    private var finished = false

    /// - Parameters:
    ///   - peerName: how the other end is called in messages (`the controller`, `the device`).
    ///   - onActive: called once the channel is active (the tcp-server hands out its controller then).
    init(
        framing: H4Framing,
        continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation,
        logger: Logger,
        spec: String,
        peerName: String = "the controller",
        onActive: (@Sendable () -> Void)? = nil
    ) {
        if case .stream(let parser) = framing { self.parser = parser }
        self.continuation = continuation
        self.logger = logger
        self.spec = spec
        self.peerName = peerName
        self.onActive = onActive
    }

    func channelActive(context: ChannelHandlerContext) {
        onActive?()
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if parser != nil {
            let outputs = parser!.parse(buffer.readableBytesView)
            for output in outputs {
                switch output {
                case .packet(let packet): deliver(packet)
                case .discarded(let discard):
                    logger.warning(
                        "\(spec): garbage on the wire: \(discard)",
                        metadata: ["transport": "\(spec)", "droppedBytes": "\(discard.byteCount)"]
                    )
                }
            }
        } else {
            let frame = Array(buffer.readableBytesView)
            do {
                deliver(try H4.decode(frame))
            } catch {
                logger.warning(
                    "\(spec): dropped a \(frame.count)-byte frame: \(error)",
                    metadata: ["transport": "\(spec)", "droppedBytes": "\(frame.count)"]
                )
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        var message = "\(peerName) hung up"
        if let parser, parser.bufferedByteCount > 0 {
            message += " in the middle of a packet (\(parser.bufferedByteCount) bytes of it dropped)"
        }
        finish(TransportError(.peerClosed, spec: spec, message))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(TransportMessages.linkError(error, spec: spec, peerName: peerName))
        context.close(promise: nil)
    }

    private func deliver(_ packet: HCIPacket) {
        guard !finished else { return }
        logger.trace("\(spec): received \(packet)")
        continuation.yield(packet)
    }

    private func finish(_ error: TransportError) {
        guard !finished else { return }
        finished = true
        logger.debug("\(spec): \(error.message)")
        continuation.finish(throwing: error)
    }
}

/// Lets one write at a time reach the channel, so the Linux HCI socket (where each `write` is one
/// packet) never sees two packets merged into one `writev`.
final class OneWriteAtATimeHandler: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var queue = CircularBuffer<(ByteBuffer, EventLoopPromise<Void>?)>()
    private var writing = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        queue.append((unwrapOutboundIn(data), promise))
    }

    func flush(context: ChannelHandlerContext) {
        writeNext(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        while let (_, promise) = queue.popFirst() {
            promise?.fail(ChannelError.ioOnClosedChannel)
        }
    }

    private func writeNext(context: ChannelHandlerContext) {
        guard !writing, let (buffer, promise) = queue.popFirst() else { return }
        writing = true
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { result in
            self.writing = false
            promise?.completeWith(result)
            self.writeNext(context: context)
        }
        context.writeAndFlush(wrapOutboundOut(buffer), promise: written)
    }
}

/// Turns NIO and system errors into the module's messages.
enum TransportMessages {
    /// The error that ends a link: an I/O error while reading or writing.
    static func linkError(_ error: any Error, spec: String, peerName: String) -> TransportError {
        if let error = error as? TransportError { return error }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNRESET, EPIPE:
                return TransportError(.peerClosed, spec: spec, "\(peerName) hung up (\(TransportError.errnoName(error.errnoCode)))")
            case EIO, ENXIO, ENODEV:
                return TransportError(
                    .peerClosed, spec: spec,
                    "\(peerName) went away: \(TransportError.errnoText(error.errnoCode)); was it unplugged?"
                )
            default:
                return TransportError(.io, spec: spec, "input/output failed: \(TransportError.errnoText(error.errnoCode))")
            }
        }
        if let error = error as? ChannelError {
            switch error {
            case .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed, .eof:
                return TransportError(.peerClosed, spec: spec, "\(peerName) hung up")
            default:
                return TransportError(.io, spec: spec, "input/output failed: \(error)")
            }
        }
        return TransportError(.io, spec: spec, "input/output failed: \(error)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
