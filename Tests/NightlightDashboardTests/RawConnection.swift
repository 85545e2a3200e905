import NIOCore
import NIOPosix
import Synchronization

/// A plain TCP connection to 127.0.0.1, for what no HTTP client sends: half a request, bytes that
/// are not HTTP, a request that never ends. Every wait has a limit, so a test cannot hang.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let received: Received

    /// What the server sent, and whether it closed the connection.
    private final class Received: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let state = Mutex<(bytes: [UInt8], isClosed: Bool)>(([], false))

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            state.withLock { $0.bytes += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLock { $0.isClosed = true }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }

    private init(channel: any Channel, received: Received) {
        self.channel = channel
        self.received = received
    }

    /// Connects to 127.0.0.1:`port`.
    static func open(port: Int) async throws -> RawConnection {
        let received = Received()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(received) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    /// Sends `text` as is (its UTF-8); fails when the server closed the connection.
    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Sends `bytes` as they are.
    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    /// What the server sent so far.
    var bytes: [UInt8] {
        received.state.withLock { $0.bytes }
    }

    /// What the server sent so far, as text.
    var text: String {
        String(decoding: received.state.withLock { $0.bytes }, as: UTF8.self)
    }

    /// Whether the server closed the connection.
    var isClosed: Bool {
        received.state.withLock { $0.isClosed }
    }

    /// Waits until the server closes the connection, at most `limit`; returns whether it did.
    func waitForClose(within limit: Duration) async -> Bool {
        await wait(within: limit) { self.isClosed }
    }

    /// Waits until the server has sent a whole response head (`\r\n\r\n`), at most `limit`.
    func waitForAnswer(within limit: Duration) async -> Bool {
        await wait(within: limit) { self.text.contains("\r\n\r\n") || self.isClosed }
    }

    /// The status of the server's answer (`408`), if it sent one.
    var status: Int? {
        let line = text.prefix { $0 != "\r" }
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }

    /// The answer's body (after its head).
    var body: String {
        guard let range = text.range(of: "\r\n\r\n") else { return "" }
        return String(text[range.upperBound...])
    }

    /// Closes the connection from this side.
    func close() async {
        try? await channel.close().get()
    }

    private func wait(within limit: Duration, until done: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if done() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return done()
    }
}
