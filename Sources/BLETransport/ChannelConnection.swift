import BLEHCI
import Logging
import NIOCore
import Synchronization

/// The shared half of every transport: one connected NIO channel carrying H4 frames, the stream of
/// received packets, and the closed flag.
///
/// `send` awaits the channel's write, so a slow controller slows the sender (no unbounded
/// buffering on the way out). Received packets are buffered in the stream until read; the host's
/// command and ACL credits bound how many a controller sends.
final class ChannelConnection: Sendable {
    let channel: any Channel
    let spec: String
    let peerName: String
    private let continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    private let closed = Mutex(false)

    init(
        channel: any Channel,
        spec: String,
        peerName: String,
        continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    ) {
        self.channel = channel
        self.spec = spec
        self.peerName = peerName
        self.continuation = continuation
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.withLock { $0 } }

    /// Writes one H4 frame and waits until the channel has written it.
    func send(_ packet: HCIPacket) async throws {
        guard !isClosed else { throw Self.closedError(spec: spec) }
        let buffer = channel.allocator.buffer(bytes: packet.encodeH4())
        do {
            try await channel.writeAndFlush(buffer)
        } catch {
            if isClosed { throw Self.closedError(spec: spec) }
            throw TransportMessages.linkError(error, spec: spec, peerName: peerName)
        }
    }

    /// Finishes the stream normally, then closes the channel. Idempotent.
    func close() async {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        continuation.finish()
        do {
            try await channel.close()
        } catch {
            // Already closed by the other end: nothing left to do.
        }
    }

    /// The error for a send after ``close()``.
    static func closedError(spec: String) -> TransportError {
        TransportError(.closed, spec: spec, "the transport is closed; open it again to send")
    }
}
