import Synchronization

/// A virtual controller's receive buffers: the ACL packets it received from its peers and holds
/// until its host reads them.
///
/// A controller's link layer acknowledges a received packet only while it has a free buffer to
/// keep it in; when the buffers are full it stops acknowledging (Core 5.4, Vol 6, Part B, 4.5.9,
/// flow control) and the sender's buffer stays busy until the receiving host has taken packets.
/// So a sender never runs ahead of the receiving host by more than these buffers, on the virtual
/// radio as on the air: the peer gets its buffer back (HCI_Number_Of_Completed_Packets) when its
/// packet fits here, not as soon as it has been delivered.
final class VirtualReceiveBuffers: Sendable {
    /// The acknowledgement of one packet: the sender's buffer goes back.
    struct Acknowledgement: Sendable {
        let link: VirtualLink
        let connection: UInt64
        let sender: ObjectIdentifier

        /// Tells the sender (through the link) that its packet was received.
        func send() {
            link.acknowledge(connection: connection, to: sender)
        }
    }

    private struct Deferred {
        let acknowledgement: Acknowledgement?
        let packets: Int
    }

    private struct State {
        /// ACL packets queued for the host and not taken yet.
        var waiting = 0
        /// The packets waiting without acknowledgement, oldest first (from `head`).
        var deferred: [Deferred] = []
        var head = 0
        /// Their ACL packets.
        var deferredPackets = 0

        /// Packets acknowledged and still waiting for the host.
        var held: Int { waiting - deferredPackets }
    }

    /// How many ACL packets fit.
    let count: Int
    private let state = Mutex(State())

    /// Buffers for `count` ACL packets (at least one).
    init(count: Int) {
        self.count = max(count, 1)
    }

    /// `packets` ACL packets of one received packet are queued for the host: acknowledges it now
    /// when they fit, else once the host has taken enough.
    func hold(_ packets: Int, acknowledgement: Acknowledgement?) {
        let now = state.withLock { state -> Bool in
            let fits = state.head == state.deferred.count && (state.held == 0 || state.held + packets <= count)
            state.waiting += packets
            if !fits {
                state.deferred.append(Deferred(acknowledgement: acknowledgement, packets: packets))
                state.deferredPackets += packets
            }
            return fits
        }
        if now { acknowledgement?.send() }
    }

    /// The host took one ACL packet: acknowledges the waiting packets that fit now.
    func hostTookPacket() {
        let released = state.withLock { state -> [Acknowledgement] in
            state.waiting = max(state.waiting - 1, state.deferredPackets)
            var released: [Acknowledgement] = []
            while state.head < state.deferred.count {
                let next = state.deferred[state.head]
                guard state.held == 0 || state.held + next.packets <= count else { break }
                state.head += 1
                state.deferredPackets -= next.packets
                if let acknowledgement = next.acknowledgement { released.append(acknowledgement) }
            }
            if state.head == state.deferred.count {
                state.deferred.removeAll(keepingCapacity: true)
                state.head = 0
            }
            return released
        }
        for acknowledgement in released { acknowledgement.send() }
    }

    /// The host is gone and its packets with it: acknowledges every waiting packet.
    func releaseAll() {
        let released = state.withLock { state -> [Acknowledgement] in
            defer { state = State() }
            return state.deferred[state.head...].compactMap(\.acknowledgement)
        }
        for acknowledgement in released { acknowledgement.send() }
    }
}
