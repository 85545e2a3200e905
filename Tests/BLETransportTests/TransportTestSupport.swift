import BLEHCI
import BLETransport
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every wait in these tests is bounded by this.
let testTimeout: Duration = .seconds(5)

struct TimedOut: Error, CustomStringConvertible {
    var what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with ``TimedOut`` after `timeout`.
func withTimeout<T: Sendable>(
    _ what: String,
    _ timeout: Duration = testTimeout,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(what: what)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// Reads `count` packets from a transport's stream, bounded in time.
func receive(_ count: Int, from transport: some HCITransport, _ what: String = "packets") async throws -> [HCIPacket] {
    let packets = transport.packets
    return try await withTimeout(what) {
        var received: [HCIPacket] = []
        for try await packet in packets {
            received.append(packet)
            if received.count == count { break }
        }
        return received
    }
}

/// How a transport's stream ended: normally, or with an error.
func streamEnd(of transport: some HCITransport) async throws -> (any Error)? {
    let packets = transport.packets
    return try await withTimeout("the end of the packet stream") {
        do {
            for try await _ in packets {}
            return nil
        } catch {
            return error
        }
    }
}

// MARK: - Sample packets

enum Sample {
    static let reset = HCIPacket.command(HCICommandPacket(opcode: .reset))
    static let setEventMask = HCIPacket.command(
        HCICommandPacket(opcode: HCIOpcode(rawValue: 0x0C01), parameters: [0xFF, 0xFF, 0xFB, 0xFF, 0x07, 0xF8, 0xBF, 0x3D])
    )
    /// Command Complete for HCI_Reset, status success.
    static let resetComplete = HCIPacket.event(HCIEventPacket(eventCode: .commandComplete, parameters: [0x01, 0x03, 0x0C, 0x00]))
    static let smallACL = HCIPacket.aclData(
        HCIACLDataPacket(handle: 0x0040, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [0x03, 0x00, 0x04, 0x00, 0x0A, 0x03, 0x00])
    )
    static let bigACL = HCIPacket.aclData(
        HCIACLDataPacket(handle: 0x0041, packetBoundaryFlag: .continuing, data: (0..<600).map { UInt8($0 & 0xFF) })
    )

    /// Host → controller.
    static let toController = [reset, setEventMask, smallACL, bigACL]
    /// Controller → host.
    static let toHost = [resetComplete, smallACL, bigACL, resetComplete]

    static func bytes(_ packets: [HCIPacket]) -> [UInt8] {
        packets.flatMap { $0.encodeH4() }
    }
}

// MARK: - Logging

/// Collects log lines so tests can check what was reported.
final class LogRecorder: Sendable {
    private let lines = Mutex<[(Logger.Level, String)]>([])

    var messages: [String] { lines.withLock { $0.map(\.1) } }

    func record(_ level: Logger.Level, _ message: String) {
        lines.withLock { $0.append((level, message)) }
    }

    func contains(_ fragment: String) -> Bool {
        messages.contains { $0.contains(fragment) }
    }

    /// Waits (bounded) until a line containing `fragment` is logged.
    func waitFor(_ fragment: String) async throws {
        try await withTimeout("a log line containing '\(fragment)'") {
            while !self.contains(fragment) { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    func logger() -> Logger {
        var logger = Logger(label: "nightlight.transport.tests") { _ in RecordingLogHandler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    func options(side: TransportOptions.Side = .host, connectTimeout: Duration = .seconds(2)) -> TransportOptions {
        TransportOptions(logger: logger(), connectTimeout: connectTimeout, side: side)
    }
}

struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.record(event.level, "\(event.message)")
    }
}

// MARK: - Raw byte peers

/// The far end of a transport in tests: a plain NIO channel that writes raw bytes and collects
/// what it reads, so the transport's parser sees arbitrary chunking.
final class RawPeer: Sendable {
    let channel: any Channel
    private let state: PeerState

    init(channel: any Channel, state: PeerState) {
        self.channel = channel
        self.state = state
    }

    /// Writes `bytes` as one write.
    func write(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes))
    }

    /// Writes `bytes` in chunks of `chunkSize`, flushing (and yielding) after each.
    func writeInChunks(_ bytes: [UInt8], chunkSize: Int) async throws {
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            try await write(Array(bytes[start..<end]))
            start = end
            await Task.yield()
        }
    }

    /// Waits (bounded) until `count` bytes have arrived; returns and consumes them.
    func read(_ count: Int) async throws -> [UInt8] {
        let state = self.state
        return try await withTimeout("\(count) bytes at the raw peer") {
            while true {
                if let bytes = state.take(count) { return bytes }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
    }

    /// Waits (bounded) until the other end has closed the connection.
    func waitUntilClosed() async throws {
        let state = self.state
        try await withTimeout("the raw peer to be closed") {
            while !state.isClosed { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    func close() async {
        try? await channel.close()
    }

    static func initializer(_ state: PeerState) -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(CollectingHandler(state: state))
            }
        }
    }

    /// Connects to a TCP server on 127.0.0.1.
    static func connect(port: Int) async throws -> RawPeer {
        let state = PeerState()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(2))
            .channelInitializer(initializer(state))
            .connect(host: "127.0.0.1", port: port).get()
        return RawPeer(channel: channel, state: state)
    }

    /// Wraps a descriptor (the master side of a pty).
    static func adopting(descriptor: CInt) async throws -> RawPeer {
        let state = PeerState()
        let channel = try await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer(initializer(state))
            .takingOwnershipOfDescriptor(inputOutput: descriptor).get()
        return RawPeer(channel: channel, state: state)
    }
}

/// A listening socket whose accepted connections become ``RawPeer``s.
final class RawServer: Sendable {
    let channel: any Channel
    private let peers: PeerList

    private init(channel: any Channel, peers: PeerList) {
        self.channel = channel
        self.peers = peers
    }

    var port: Int { channel.localAddress?.port ?? 0 }

    /// Listens on 127.0.0.1 (any port), or on a Unix socket at `unixPath`.
    static func listen(unixPath: String? = nil) async throws -> RawServer {
        let peers = PeerList()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let state = PeerState()
                peers.append(RawPeer(channel: channel, state: state))
                return RawPeer.initializer(state)(channel)
            }
        let channel: any Channel
        if let unixPath {
            channel = try await bootstrap.bind(unixDomainSocketPath: unixPath, cleanupExistingSocketFile: true).get()
        } else {
            channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        }
        return RawServer(channel: channel, peers: peers)
    }

    /// Waits (bounded) for the first accepted connection.
    func firstPeer() async throws -> RawPeer {
        let peers = self.peers
        return try await withTimeout("a connection to the raw server") {
            while true {
                if let peer = peers.first { return peer }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
    }

    func close() async {
        for peer in peers.all { await peer.close() }
        try? await channel.close()
    }

    private final class PeerList: Sendable {
        private let peers = Mutex<[RawPeer]>([])
        var first: RawPeer? { peers.withLock { $0.first } }
        var all: [RawPeer] { peers.withLock { $0 } }
        func append(_ peer: RawPeer) { peers.withLock { $0.append(peer) } }
    }
}

/// What a raw peer has read, and whether its connection is closed.
final class PeerState: Sendable {
    private let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))

    var isClosed: Bool { state.withLock { $0.closed } }

    func append(_ bytes: some Sequence<UInt8>) {
        state.withLock { $0.bytes.append(contentsOf: bytes) }
    }

    func markClosed() {
        state.withLock { $0.closed = true }
    }

    func take(_ count: Int) -> [UInt8]? {
        state.withLock { state in
            guard state.bytes.count >= count else { return nil }
            defer { state.bytes.removeFirst(count) }
            return Array(state.bytes.prefix(count))
        }
    }
}

final class CollectingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let state: PeerState

    init(state: PeerState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        state.append(unwrapInboundIn(data).readableBytesView)
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.markClosed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        state.markClosed()
        context.close(promise: nil)
    }
}

/// A port on 127.0.0.1 that nothing listens on (bound, then closed).
func unusedPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 1
    try await channel.close()
    return port
}

/// A short unique path in the temporary directory for a Unix socket.
func temporarySocketPath() -> String {
    "/tmp/nl-transport-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
}
