import BLECore
import Synchronization

/// The values of one subscription (``GATTClient/subscribe(to:indicate:)``): each notified or
/// indicated value (at most ATT_MTU − 3 bytes) in the order the server sent them.
///
/// It ends with a ``GATTError`` when the bearer closes, and without one when
/// ``GATTClient/unsubscribe(from:)`` ends the subscription. Ending the iteration (`break`, the
/// last copy of the stream and its iterators going away) or cancelling the iterating task ends
/// the subscription: the client then writes 0x0000 to the CCCD once no other subscriber needs
/// the characteristic. One task iterates a stream at a time.
///
/// What `AsyncThrowingStream` would do here, without its cost per value: its storage is generic
/// code of the standard library, never specialized, so every value looked up type metadata at
/// run time; this stream queues into an ``AsyncFIFO`` specialized for byte arrays, and a
/// `next()` that finds a value queued returns it without suspending.
public struct GATTValueStream: AsyncSequence, Sendable {
    /// A notified or indicated value.
    public typealias Element = [UInt8]
    /// The error the stream ends with: always a ``GATTError``.
    public typealias Failure = any Error

    let subscriber: Subscriber

    /// Iterates the values; every iterator of a stream shares its queue.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscriber: subscriber)
    }

    /// Takes the values in order: `nil` once the subscription ended (after throwing the
    /// ``GATTError`` the bearer closed with, if it did) or the waiting task was cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let subscriber: Subscriber

        /// The next value; `nil` at the end.
        public mutating func next() async throws -> [UInt8]? {
            try await subscriber.channel.next()
        }

        /// The next value, on the caller's actor; `nil` at the end.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
            try await subscriber.channel.next()
        }
    }

    /// The consumer's hold on the channel: when the stream and its iterators are gone, nobody
    /// can take values any more, so the subscription ends.
    final class Subscriber: Sendable {
        let channel: Channel

        init(_ channel: Channel) {
            self.channel = channel
        }

        deinit {
            channel.finish()
        }
    }

    /// What the client's router holds: the queue of values, how it ended, and what to do once
    /// it has ended.
    final class Channel: Sendable {
        private let values = AsyncFIFO<[UInt8]>()
        private struct Ending {
            /// The error to throw once the queued values are taken.
            var error: GATTError?
            /// Called once, when the subscription ends for any reason.
            var onEnd: (@Sendable () -> Void)?
            var hasEnded = false
        }
        private let ending = Mutex(Ending())

        init() {}

        /// What to do when the subscription ends (set before the stream is handed out; called
        /// at once when it has ended already).
        func setOnEnd(_ body: @escaping @Sendable () -> Void) {
            let now = ending.withLock { ending -> Bool in
                guard !ending.hasEnded else { return true }
                ending.onEnd = body
                return false
            }
            if now { body() }
        }

        /// Queues a value for the consumer; dropped once the subscription has ended.
        @inline(__always)
        func yield(_ value: [UInt8]) {
            values.yield(value)
        }

        /// Ends the subscription from the client's side: the queued values are still delivered,
        /// then `error` is thrown, if any, then the stream ends.
        func finish(throwing error: GATTError? = nil) {
            let onEnd = ending.withLock { ending -> (@Sendable () -> Void)? in
                guard !ending.hasEnded else { return nil }
                ending.hasEnded = true
                ending.error = error
                defer { ending.onEnd = nil }
                return ending.onEnd
            }
            values.finish()
            onEnd?()
        }

        /// The next value, the error the subscription ended with (once), or `nil`.
        nonisolated(nonsending) func next() async throws -> [UInt8]? {
            if let value = await values.next() { return value }
            let error = ending.withLock { ending -> GATTError? in
                defer { ending.error = nil }
                return ending.error
            }
            if let error { throw error }
            // Cancelled while waiting, or finished: either way the subscription is over.
            finish()
            return nil
        }
    }
}
