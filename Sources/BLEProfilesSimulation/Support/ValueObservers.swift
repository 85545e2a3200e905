import Synchronization

/// The streams that follow a value of a virtual device (a bulb's color, a strip), each until its
/// iteration ends.
///
/// A device that must not let a stream miss or repeat a value calls ``stream(startingWith:)``
/// and ``yield(_:)`` while holding its own lock (this one is always taken after it).
final class ValueObservers<Value: Sendable>: Sendable {
    private struct Streams {
        var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
    }

    private let streams = Mutex(Streams())

    /// A new stream of the values yielded from now on, `first` first when given.
    func stream(startingWith first: Value? = nil) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        if let first { continuation.yield(first) }
        let id = streams.withLock { streams in
            defer { streams.nextID += 1 }
            streams.continuations[streams.nextID] = continuation
            return streams.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.streams.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Gives `value` to every stream.
    func yield(_ value: Value) {
        streams.withLock { streams in
            for continuation in streams.continuations.values { continuation.yield(value) }
        }
    }
}
