import Synchronization

/// A value that comes once (a connection's end, its services resolved), awaited by any number
/// of tasks; a waiting task that is cancelled stops waiting with `CancellationError`.
final class BlueZOneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
        var next: UInt64 = 0
    }
    private let state = Mutex(State())

    /// The value, once it has come.
    var value: Value? { state.withLock { $0.value } }

    /// Sets the value and wakes every waiter; false when it had come already (this one is dropped).
    @discardableResult
    func fulfil(_ value: Value) -> Bool {
        let waiters: [CheckedContinuation<Value, any Error>]? = state.withLock { state in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    /// The value, when it comes.
    func wait() async throws -> Value {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now: Result<Value, any Error>? = state.withLock { state in
                    if let value = state.value { return .success(value) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
