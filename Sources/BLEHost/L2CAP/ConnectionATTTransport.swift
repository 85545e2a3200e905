import BLECore
import BLEGATT
import Synchronization

/// One item for the host's outbound queue: an L2CAP payload on a connection's fixed channel.
struct OutboundPDU: Sendable {
    var handle: UInt16
    var channel: L2CAPChannelID
    var payload: [UInt8]
}

/// The ATT bearer's link on one connection: L2CAP fixed channel 0x0004.
///
/// `send` is synchronous and ordered: each PDU is put on the host's outbound stream under a lock,
/// so PDUs leave in the order they were sent. The host calls ``didTransmit()`` when a PDU's last
/// fragment went to the controller; ``waitForSendCapacity()`` waits while too many are queued.
final class ConnectionATTTransport: ATTBearerTransport, Sendable {
    private struct State {
        var queued = 0
        var isClosed = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Waiting for `queued` to reach zero.
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let handle: UInt16
    private let outbox: AsyncFIFO<OutboundPDU>
    private let limit: Int
    private let state = Mutex(State())

    init(handle: UInt16, outbox: AsyncFIFO<OutboundPDU>, limit: Int) {
        self.handle = handle
        self.outbox = outbox
        self.limit = max(1, limit)
    }

    func send(_ pdu: [UInt8]) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.queued += 1
            outbox.yield(OutboundPDU(handle: handle, channel: .att, payload: pdu))
        }
    }

    nonisolated(nonsending) func waitForSendCapacity() async {
        // Room already (the usual case): no continuation to make.
        if state.withLock({ $0.isClosed || $0.queued < limit }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.isClosed || state.queued < limit { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Returns once every PDU sent so far has left for the controller (its last fragment was
    /// handed to the driver), or the connection ended.
    func waitUntilSent() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let sent = state.withLock { state -> Bool in
                if state.isClosed || state.queued == 0 { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if sent { continuation.resume() }
        }
    }

    /// One PDU left for the controller: wake a waiter for capacity, and the drain waiters when
    /// it was the last.
    func didTransmit() {
        let (waiter, drained) = state.withLock { state -> (CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
            state.queued = max(0, state.queued - 1)
            let waiter = state.waiters.isEmpty ? nil : state.waiters.removeFirst()
            guard state.queued == 0 else { return (waiter, []) }
            defer { state.drainWaiters = [] }
            return (waiter, state.drainWaiters)
        }
        waiter?.resume()
        for waiter in drained { waiter.resume() }
    }

    /// The connection ended: later sends are dropped and waiters return.
    func close() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isClosed = true
            defer {
                state.waiters = []
                state.drainWaiters = []
            }
            return state.waiters + state.drainWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
