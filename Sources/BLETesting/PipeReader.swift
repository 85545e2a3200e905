import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one end of a pipe (a child process's standard output or error) to its end, on a thread
/// of its own, with blocking reads; keeps what it read.
///
/// Not `FileHandle.readabilityHandler`: on Linux that arms a libdispatch read source on a copy of
/// the descriptor, and tearing such sources down while other threads set theirs up (dozens of
/// child processes starting and ending at once, as the parallel tests run them) can leave
/// libdispatch's epoll bookkeeping pointing at freed memory, and its manager thread then crashes
/// in `_dispatch_event_loop_drain` (issue 18, item 9; swift-corelibs-libdispatch issue 949). A
/// blocking read never registers the descriptor with libdispatch. One thread reads, so the bytes
/// stay in order, and that thread closes the descriptor after the end of file: no other thread
/// closes it, so no read can meet a closed descriptor or one reused by another `open`.
///
/// A pipe whose writer never closes (a grandchild process that kept it) keeps its thread and its
/// descriptor until the writer ends; ``waitForEnd(within:)`` is bounded for that reason.
public final class PipeReader: Sendable {
    private struct State {
        var data: [UInt8] = []
        var ended = false
    }

    private let state = Mutex(State())
    private let limit: Int?

    /// Starts reading `handle`, which this reader then owns: it is closed at the end of file.
    ///
    /// - Parameters:
    ///   - handle: the read end of a pipe (`Pipe().fileHandleForReading`).
    ///   - limit: keep only the last `limit` bytes (nil: keep everything).
    public init(_ handle: FileHandle, keepingLast limit: Int? = nil) {
        self.limit = limit
        let thread = Thread { [self] in
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // End of file, or an error that ends the pipe too.
                append(buffer[..<count])
            }
            try? handle.close()
            state.withLock { $0.ended = true }
        }
        thread.name = "PipeReader"
        thread.start()
    }

    private func append(_ chunk: ArraySlice<UInt8>) {
        state.withLock { state in
            state.data.append(contentsOf: chunk)
            if let limit, state.data.count > limit { state.data.removeFirst(state.data.count - limit) }
        }
    }

    /// The bytes read so far (the last `limit` of them when a limit was given).
    public var bytes: [UInt8] { state.withLock { $0.data } }

    /// The bytes read so far, as UTF-8 text.
    public var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }

    /// Whether the end of file was reached (and the descriptor closed).
    public var isAtEnd: Bool { state.withLock { $0.ended } }

    /// Waits until the end of file, at most `timeout`, polling; returns whether it came. Never
    /// throws, even in a cancelled task.
    @discardableResult
    public func waitForEnd(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !isAtEnd {
            guard ContinuousClock.now < deadline else { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { continuation.resume() }
            }
        }
        return true
    }
}
