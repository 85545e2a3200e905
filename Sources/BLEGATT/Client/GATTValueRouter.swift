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

    typealias Channel = GATTValueStream.Channel

    /// One subscriber: a handful per connection, so a list searched by handle (no hashing on
    /// the way of every notification).
    private struct Subscriber {
        let handle: UInt16
        let id: UInt64
        let channel: Channel
    }

    private struct State {
        var subscribers: [Subscriber] = []
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
    func add(_ channel: Channel, for handle: UInt16) -> Result<UInt64, GATTError> {
        state.withLock { state in
            if let reason = state.closeReason { return .failure(reason) }
            state.nextID += 1
            state.subscribers.append(Subscriber(handle: handle, id: state.nextID, channel: channel))
            return .success(state.nextID)
        }
    }

    /// Removes one subscriber; returns its channel if it was still there.
    func remove(id: UInt64, for handle: UInt16) -> Channel? {
        state.withLock { state in
            guard let index = state.subscribers.firstIndex(where: { $0.id == id && $0.handle == handle }) else { return nil }
            return state.subscribers.remove(at: index).channel
        }
    }

    /// Removes every subscriber of `handle` and returns them.
    func removeAll(for handle: UInt16) -> [Channel] {
        state.withLock { state in
            let removed = state.subscribers.filter { $0.handle == handle }.map(\.channel)
            state.subscribers.removeAll { $0.handle == handle }
            return removed
        }
    }

    /// A value from the bearer: to every subscriber of its handle, and to the client when it is the
    /// Service Changed characteristic.
    ///
    /// Queued under the lock (a queue's `yield` never blocks nor calls back here), so nothing is
    /// copied out on the way of every notification.
    func receive(_ value: ATTHandleValue) {
        let handle = value.attributeHandle
        let isServiceChanged = state.withLock { state in
            for subscriber in state.subscribers where subscriber.handle == handle {
                subscriber.channel.yield(value.attributeValue)
            }
            return value.isIndication && handle == state.serviceChangedHandle
        }
        if isServiceChanged { events.yield(.serviceChanged(value.attributeValue)) }
    }

    /// The bearer closed: every stream ends with `reason`.
    func close(_ reason: GATTError) {
        let first = state.withLock { state -> [Channel]? in
            guard state.closeReason == nil else { return nil }
            state.closeReason = reason
            defer { state.subscribers = [] }
            return state.subscribers.map(\.channel)
        }
        guard let all = first else { return }
        let closed = GATTError(.bearerClosed, "the ATT bearer closed: \(reason.message)")
        for channel in all { channel.finish(throwing: reason.code == .bearerClosed ? reason : closed) }
        events.yield(.closed(reason))
        events.finish()
    }
}
