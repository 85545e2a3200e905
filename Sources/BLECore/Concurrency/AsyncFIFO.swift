import Synchronization

/// A first-in first-out queue from any number of producers to one consumer task: the stack's
/// internal hand-offs (the host's outbound PDUs and HCI packets, a virtual controller's messages
/// from its link, an ATT bearer's requests for its server).
///
/// What `AsyncStream` does for these, without its cost per element: `AsyncStream`'s storage is
/// generic code the compiler cannot specialize, so every `yield` and `next` looks up type
/// metadata at run time (about a third of the instructions of a notification, measured in
/// `docs/performance.md`). This queue is specialized in the modules that use it; a `next()` that
/// finds values queued returns without suspending.
///
/// ``yield(_:)`` never blocks and keeps every value (unbounded, like `AsyncStream`'s default);
/// after ``finish()`` it drops values and returns `false`. ``next()`` returns the values in
/// order, then `nil` once the queue is finished and empty, or when the waiting task is cancelled
/// (as `AsyncStream`'s iterator does). One task consumes at a time.
public final class AsyncFIFO<Element: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var buffer: [Element] = []
        /// The index of the oldest value in `buffer`.
        @usableFromInline var head = 0
        @usableFromInline var waiter: UnsafeContinuation<Element?, Never>?
        @usableFromInline var isFinished = false

        @usableFromInline init() {}

        /// Takes the oldest value, if any.
        @inlinable
        mutating func pop() -> Element? {
            guard head < buffer.count else { return nil }
            let element = buffer[head]
            head += 1
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return element
        }
    }

    /// What ``next()`` finds under the lock.
    @usableFromInline
    enum Immediate {
        case value(Element)
        case end
        case wait
    }

    @usableFromInline
    let state = Mutex(State())
    /// Called with each value the consumer takes, after it left the queue.
    @usableFromInline
    let whenTaken: (@Sendable (Element) -> Void)?

    /// Creates an open, empty queue.
    public init() {
        whenTaken = nil
    }

    /// Creates an open, empty queue that calls `whenTaken` with each value the consumer takes
    /// (``next()`` or ``poll()``), on the consumer's task, outside the queue's lock: a producer
    /// that must know when its values have left the queue (a virtual controller freeing a
    /// receive buffer when its host has read the packet).
    public init(whenTaken: @escaping @Sendable (Element) -> Void) {
        self.whenTaken = whenTaken
    }

    /// Reports a taken value to ``whenTaken``, then returns it.
    @inlinable
    func taken(_ element: Element?) -> Element? {
        if let whenTaken, let element { whenTaken(element) }
        return element
    }

    /// Appends `element` for the consumer (or hands it to the waiting consumer). Returns `false`,
    /// dropping it, once the queue is finished.
    @inlinable
    @discardableResult
    public func yield(_ element: Element) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<Element?, Never>?) in
            guard !state.isFinished else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            state.buffer.append(element)
            return (true, nil)
        }
        waiter?.resume(returning: element)
        return accepted
    }

    /// The oldest queued value, if there is one, without waiting: a consumer that was woken for
    /// one value takes the others queued behind it in the same turn (one hop onto its actor for
    /// the batch instead of one per value).
    @inlinable
    public func poll() -> Element? {
        taken(state.withLock { $0.pop() })
    }

    /// How many values a consumer takes with ``poll()`` in one turn before it lets other jobs
    /// run: a queue that never empties (a busy radio) must not hold a thread of the two-thread
    /// cooperative pool for good.
    public static var batchLimit: Int { 32 }

    /// Ends the queue: the values already queued are still delivered, then ``next()`` returns
    /// `nil`; later ``yield(_:)`` calls drop their values.
    public func finish() {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.head < state.buffer.count ? nil : state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next value in order; `nil` when the queue is finished and empty, or when the calling
    /// task is cancelled while it waits.
    ///
    /// Runs on the caller's executor (`nonisolated(nonsending)`): a consumer loop on an actor
    /// takes a queued value without leaving the actor and coming back (two task switches).
    @inlinable
    public nonisolated(nonsending) func next() async -> Element? {
        let immediate = state.withLock { state -> Immediate in
            if let element = state.pop() { return .value(element) }
            return state.isFinished ? .end : .wait
        }
        switch immediate {
        case .value(let element): return taken(element)
        case .end: return nil
        case .wait: break
        }
        if Task.isCancelled { return nil }
        return taken(await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
                let answer = state.withLock { state -> Immediate in
                    if let element = state.pop() { return .value(element) }
                    if state.isFinished || Task.isCancelled { return .end }
                    state.waiter = continuation
                    return .wait
                }
                switch answer {
                case .value(let element): continuation.resume(returning: element)
                case .end: continuation.resume(returning: nil)
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        })
    }
}
