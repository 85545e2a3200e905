import BLE
import Synchronization

/// The values a subscription delivers, kept until asked for, so a request written after
/// subscribing never misses its answer; ``next(within:clock:)`` waits for one with a time limit
/// on an injected clock. Several waits at once are served in the order they began.
final class NotifiedValueInbox: Sendable {
    /// No value came in time.
    struct Timeout: Error {}

    private struct State {
        var queued: [[UInt8]] = []
        var waiters: [(id: UInt64, continuation: CheckedContinuation<[UInt8], any Error>)] = []
        var ended: (any Error)?
        var nextID: UInt64 = 0
        /// Waits whose time ran out (or that were cancelled) before they were registered.
        var expired: [UInt64: any Error] = [:]
        /// Waits begun and not registered yet.
        var starting: Set<UInt64> = []
    }

    private let state = Mutex(State())
    private let pump = Mutex<Task<Void, Never>?>(nil)

    /// Starts collecting `values`.
    init(_ values: AsyncThrowingStream<[UInt8], any Error>) {
        let task = Task { [weak self] in
            do {
                for try await value in values { self?.deliver(value) }
                self?.end(BLEError(.disconnected, "the notifications ended"))
            } catch {
                self?.end(error)
            }
        }
        pump.withLock { $0 = task }
    }

    deinit {
        pump.withLock { $0?.cancel() }
    }

    /// Stops collecting (the subscription ends).
    func close() {
        pump.withLock { $0?.cancel() }
        end(CancellationError())
    }

    /// The next value, waiting at most `limit` on `clock`; throws ``Timeout``, the error that ended
    /// the subscription (a lost link), or `CancellationError`.
    func next<C: Clock<Duration>>(within limit: Duration, clock: C) async throws -> [UInt8] {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.starting.insert(state.nextID)
            return state.nextID
        }
        let timer = Task { [weak self] in
            do {
                try await clock.sleep(for: limit)
            } catch {
                return
            }
            self?.fail(id, Timeout())
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
                let now = state.withLock { state -> Result<[UInt8], any Error>? in
                    state.starting.remove(id)
                    let expired = state.expired.removeValue(forKey: id)
                    if state.waiters.isEmpty, !state.queued.isEmpty { return .success(state.queued.removeFirst()) }
                    if let ended = state.ended { return .failure(ended) }
                    if let expired { return .failure(expired) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            fail(id, CancellationError())
        }
    }

    private func deliver(_ value: [UInt8]) {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8], any Error>? in
            guard !state.waiters.isEmpty else {
                state.queued.append(value)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: value)
    }

    private func end(_ error: any Error) {
        let waiters = state.withLock { state -> [CheckedContinuation<[UInt8], any Error>] in
            if state.ended == nil { state.ended = error }
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume(throwing: error) }
    }

    private func fail(_ id: UInt64, _ error: any Error) {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8], any Error>? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                if state.starting.contains(id) { state.expired[id] = error }
                return nil
            }
            return state.waiters.remove(at: index).continuation
        }
        waiter?.resume(throwing: error)
    }
}
