import DBus
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A packet socket received as a Unix descriptor in a reply (as BlueZ's `AcquireWrite` and
/// `AcquireNotify` return: `SOCK_SEQPACKET`, one value per packet): whole packets sent, packets
/// received on a thread of its own (a blocking read must not hold a concurrency pool thread).
///
/// The socket owns the descriptor: ``close()`` (or the peer hanging up, seen by the reader)
/// ends it for good.
public final class DBusPacketSocket: Sendable {
    private struct State {
        var reading = false
        var closed = false
    }
    private let descriptor: CInt
    private let state = Mutex(State())

    /// Takes ownership of `descriptor`, and makes it blocking (BlueZ hands out non-blocking
    /// sockets): sends wait while the peer's queue is full, the reader sleeps in `recv`.
    public init(adopting descriptor: CInt) {
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK != 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// The descriptor is closed only here, once nothing can use it: a send or a read in flight
    /// never meets a descriptor number reused by something else.
    deinit {
        DBusSocket.closeDescriptor(descriptor)
    }

    /// Whether ``close()`` was called or the peer hung up.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Sends `bytes` as one packet; ``DBusError/Code/disconnected`` once the peer has hung up
    /// (the link behind it ended) or the socket was closed.
    public func send(_ bytes: [UInt8]) throws(DBusError) {
        guard !isClosed else { throw DBusError(.closed, "the packet socket was closed") }
        while true {
            let sent = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(descriptor, raw.baseAddress, raw.count, CInt(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
                #endif
            }
            if sent >= 0 { return }
            if errno == EINTR { continue }
            throw DBusError(.disconnected, "sending on the packet socket failed: \(String(cString: strerror(errno)))")
        }
    }

    /// The packets the peer sends, each up to `maximumSize` bytes (larger ones are cut, as
    /// `SOCK_SEQPACKET` does), until it hangs up or ``close()``. Read by one thread: call once.
    public func packets(maximumSize: Int) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .bufferingNewest(1024))
        let start = state.withLock { state in
            guard !state.closed, !state.reading else { return false }
            state.reading = true
            return true
        }
        guard start else {
            continuation.finish()
            return stream
        }
        let size = max(1, maximumSize)
        DBusReaderThread.start { [self] in
            var buffer = [UInt8](repeating: 0, count: size)
            while true {
                let count = buffer.withUnsafeMutableBytes { raw in recv(descriptor, raw.baseAddress, raw.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(Array(buffer[0..<count]))
            }
            state.withLock { $0.closed = true }
            continuation.finish()
        }
        return stream
    }

    /// Hangs up: the peer sees the socket close (BlueZ then releases what was acquired), sends
    /// fail and ``packets(maximumSize:)`` ends.
    public func close() {
        state.withLock { $0.closed = true }
        shutdown(descriptor, CInt(SHUT_RDWR))
    }
}
