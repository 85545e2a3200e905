import Synchronization

/// Routes values the peer's server sends (notifications, indications) to subscribers, in order.
///
/// Called synchronously from the bearer's value handler, so it keeps its table under a lock rather
/// than on the client actor: a value is handed to its streams before the bearer receives the next
/// PDU (and, for an indication, before it confirms it).
final class GATTValueRouter: Sendable {
    /// Something the client actor must act on.
    enum Event: Sendable {
        /// A Service Changed indication arrived with this value.
        case serviceChanged([UInt8])
        /// The bearer closed.
        case closed(GATTError)
    }

    typealias Continuation = AsyncThrowingStream<[UInt8], any Error>.Continuation

    private struct State {
        var subscribers: [UInt16: [UInt64: Continuation]] = [:]
        var serviceChangedHandle: UInt16?
        var closeReason: GATTError?
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())
    private let events: AsyncStream<Event>.Continuation

    init(events: AsyncStream<Event>.Continuation) {
        self.events = events
    }

    /// Why the bearer closed, once it has.
    var closeReason: GATTError? { state.withLock { $0.closeReason } }

    /// The value handle of the peer's Service Changed characteristic, once known.
    var serviceChangedHandle: UInt16? {
        get { state.withLock { $0.serviceChangedHandle } }
        set { state.withLock { $0.serviceChangedHandle = newValue } }
    }

    /// Adds a subscriber for `handle`; returns its id, or the close reason if the bearer is closed.
    func add(_ continuation: Continuation, for handle: UInt16) -> Result<UInt64, GATTError> {
        state.withLock { state in
            if let reason = state.closeReason { return .failure(reason) }
            state.nextID += 1
            state.subscribers[handle, default: [:]][state.nextID] = continuation
            return .success(state.nextID)
        }
    }

    /// Removes one subscriber; returns its continuation if it was still there.
    func remove(id: UInt64, for handle: UInt16) -> Continuation? {
        state.withLock { state in
            let removed = state.subscribers[handle]?.removeValue(forKey: id)
            if state.subscribers[handle]?.isEmpty == true { state.subscribers[handle] = nil }
            return removed
        }
    }

    /// Removes every subscriber of `handle` and returns them.
    func removeAll(for handle: UInt16) -> [Continuation] {
        state.withLock { state in
            Array(state.subscribers.removeValue(forKey: handle)?.values ?? [:].values)
        }
    }

    /// A value from the bearer: to every subscriber of its handle, and to the client when it is the
    /// Service Changed characteristic.
    func receive(_ value: ATTHandleValue) {
        let (targets, isServiceChanged) = state.withLock { state in
            (
                Array(state.subscribers[value.attributeHandle]?.values ?? [:].values),
                value.isIndication && value.attributeHandle == state.serviceChangedHandle
            )
        }
        for continuation in targets { continuation.yield(value.attributeValue) }
        if isServiceChanged { events.yield(.serviceChanged(value.attributeValue)) }
    }

    /// The bearer closed: every stream ends with `reason`.
    func close(_ reason: GATTError) {
        let first = state.withLock { state -> [Continuation]? in
            guard state.closeReason == nil else { return nil }
            state.closeReason = reason
            let all = state.subscribers.values.flatMap(\.values)
            state.subscribers = [:]
            return all
        }
        guard let all = first else { return }
        let closed = GATTError(.bearerClosed, "the ATT bearer closed: \(reason.message)")
        for continuation in all { continuation.finish(throwing: reason.code == .bearerClosed ? reason : closed) }
        events.yield(.closed(reason))
        events.finish()
    }
}
