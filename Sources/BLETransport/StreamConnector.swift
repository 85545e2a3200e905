import BLEHCI
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connects a stream socket (TCP or Unix domain) and sets up H4 framing on it; shared by
/// ``TCPClientTransport`` and ``UnixSocketTransport``.
enum StreamConnector {
    /// Where to connect.
    enum Target {
        case tcp(host: String, port: Int)
        case unix(path: String)
    }

    /// A connected channel with its packet stream.
    struct Connected {
        let connection: ChannelConnection
        let packets: AsyncThrowingStream<HCIPacket, any Error>
    }

    static func connect(_ target: Target, spec: TransportSpec, options: TransportOptions) async throws -> Connected {
        let name = spec.description
        let (packets, continuation) = AsyncThrowingStream.makeStream(of: HCIPacket.self, throwing: (any Error).self)
        let parser = options.makeParser()
        let logger = options.logger
        var bootstrap = ClientBootstrap(group: options.eventLoopGroup)
            .connectTimeout(options.connectTimeAmount)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        H4ChannelHandler(framing: .stream(parser), continuation: continuation, logger: logger, spec: name)
                    )
                }
            }
        let channel: any Channel
        do {
            switch target {
            case .tcp(let host, let port):
                bootstrap = bootstrap.channelOption(.socketOption(.tcp_nodelay), value: 1)
                channel = try await bootstrap.connect(host: host, port: port).get()
            case .unix(let path):
                channel = try await bootstrap.connect(unixDomainSocketPath: path).get()
            }
        } catch {
            continuation.finish()
            throw connectError(error, target: target, spec: name, timeout: options.connectTimeout)
        }
        logger.info("\(name): connected", metadata: ["transport": "\(name)"])
        let connection = ChannelConnection(channel: channel, spec: name, peerName: "the controller", continuation: continuation)
        return Connected(connection: connection, packets: packets)
    }

    /// A connect failure in the user's terms.
    static func connectError(_ error: any Error, target: Target, spec: String, timeout: Duration) -> TransportError {
        let place: String
        let hint: String
        switch target {
        case .tcp(let host, let port):
            place = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            hint = "is a controller server listening there (e.g. `python -m bumble.apps.controllers tcp-server:_:\(port)`)?"
        case .unix(let path):
            place = path
            hint = "is a controller server listening on that socket?"
        }
        if case ChannelError.connectTimeout = error {
            return TransportError(.timedOut, spec: spec, "no connection to \(place) within \(timeout); \(hint)")
        }
        var underlying: (any Error)? = error
        if let error = error as? NIOConnectionError {
            underlying = error.connectionErrors.first?.error
            if underlying == nil {
                return TransportError(.connectionFailed, spec: spec, "cannot resolve the host name in \(place): check the spelling")
            }
        }
        if let error = underlying as? IOError {
            let code = error.errnoCode
            switch code {
            case ECONNREFUSED:
                return TransportError(.connectionFailed, spec: spec, "connection to \(place) refused: \(hint)")
            case ENOENT:
                return TransportError(.notFound, spec: spec, "no socket at \(place): \(hint)")
            case EACCES, EPERM:
                return TransportError(.permissionDenied, spec: spec, "not allowed to connect to \(place): \(TransportError.errnoText(code))")
            case ETIMEDOUT:
                return TransportError(.timedOut, spec: spec, "no connection to \(place): \(TransportError.errnoText(code)); \(hint)")
            default:
                return TransportError(.connectionFailed, spec: spec, "cannot connect to \(place): \(TransportError.errnoText(code))")
            }
        }
        return TransportError(.connectionFailed, spec: spec, "cannot connect to \(place): \(underlying ?? error)")
    }
}
