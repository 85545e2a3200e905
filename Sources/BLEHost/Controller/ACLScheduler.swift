import BLEHCI

/// ACL data flow control without I/O: the controller's buffer credits, one queue per connection,
/// round-robin among the connections with data waiting, and fragmentation to the controller's
/// buffer size.
///
/// Core 5.4, Vol 4, Part E, 4.1.1: the host may have at most Total_Num_LE_ACL_Data_Packets
/// packets in the controller; HCI_Number_Of_Completed_Packets returns credits per handle, and a
/// disconnection frees the buffers of that handle without an event. An L2CAP PDU longer than
/// LE_ACL_Data_Packet_Length is cut into a first fragment (Packet_Boundary_Flag 0b00) and
/// continuing fragments (0b01) — Vol 4, Part E, 5.4.2.
///
/// Fairness: each call to ``nextPackets()`` takes one fragment from each connection in turn
/// (starting after the one served last), so a connection with a long backlog cannot starve the
/// others.
struct ACLScheduler: Sendable {
    /// One packet to hand to the controller.
    struct Output: Sendable, Hashable {
        /// The fragment.
        var packet: HCIACLDataPacket
        /// The L2CAP channel of the PDU it belongs to, when this is the PDU's last fragment.
        var completedChannel: UInt16?
    }

    private struct QueuedPDU: Sendable {
        var bytes: [UInt8]
        var channel: UInt16
        var offset = 0
    }

    /// The most data octets in one ACL packet to the controller.
    let maximumPacketLength: Int
    /// How many packets the controller can hold.
    let totalBuffers: Int
    /// Credits left: packets that may be sent now.
    private(set) var credits: Int

    /// One connection's queue and the packets it has in the controller.
    private struct Connection: Sendable {
        let handle: UInt16
        var queue: [QueuedPDU] = []
        /// Packets sent and not yet completed.
        var inFlight = 0
    }

    /// The connections in round-robin order: a handful, so a list searched by handle (no
    /// hashing on the way of every fragment and every completion).
    private var connections: [Connection] = []
    private var nextIndex = 0

    /// Creates a scheduler for a controller with `totalBuffers` buffers of `maximumPacketLength` octets.
    init(maximumPacketLength: Int, totalBuffers: Int) {
        self.maximumPacketLength = max(1, maximumPacketLength)
        self.totalBuffers = max(1, totalBuffers)
        self.credits = max(1, totalBuffers)
    }

    /// Whether any data waits for a credit.
    var hasQueuedData: Bool { connections.contains { !$0.queue.isEmpty } }

    /// The number of whole or partly sent PDUs waiting on `handle`.
    func queuedPDUCount(on handle: UInt16) -> Int {
        position(of: handle).map { connections[$0].queue.count } ?? 0
    }

    /// Packets sent on `handle` and not yet completed.
    func inFlight(on handle: UInt16) -> Int {
        position(of: handle).map { connections[$0].inFlight } ?? 0
    }

    /// Adds a connection to the rotation (done implicitly by ``enqueue(_:channel:on:)``);
    /// returns its position.
    @discardableResult
    mutating func addConnection(_ handle: UInt16) -> Int {
        if let index = position(of: handle) { return index }
        connections.append(Connection(handle: handle))
        return connections.count - 1
    }

    /// Queues one L2CAP PDU (basic header included) on `handle`; `channel` is reported back when
    /// its last fragment leaves.
    mutating func enqueue(_ pdu: [UInt8], channel: UInt16, on handle: UInt16) {
        let index = addConnection(handle)
        connections[index].queue.append(QueuedPDU(bytes: pdu, channel: channel))
    }

    /// The packets that may go to the controller now, spending one credit each.
    mutating func nextPackets() -> [Output] {
        var output: [Output] = []
        nextPackets { output.append($0) }
        return output
    }

    /// ``nextPackets()`` handed to `body` one by one, without an array of their own.
    mutating func nextPackets(_ body: (Output) -> Void) {
        while credits > 0, !connections.isEmpty {
            var served = false
            for step in 0..<connections.count {
                guard credits > 0 else { break }
                let index = (nextIndex + step) % connections.count
                guard let packet = takeFragment(at: index) else { continue }
                body(packet)
                credits -= 1
                connections[index].inFlight += 1
                served = true
                nextIndex = (index + 1) % connections.count
                break
            }
            if !served { break }
        }
    }

    /// Takes HCI_Number_Of_Completed_Packets for one handle: credits come back, at most as many
    /// as were in flight on it. Returns the credits ignored (completions for packets never sent,
    /// or for an unknown handle).
    @discardableResult
    mutating func completed(_ count: Int, on handle: UInt16) -> Int {
        guard let index = position(of: handle) else { return max(count, 0) }
        let accepted = min(max(count, 0), connections[index].inFlight)
        connections[index].inFlight -= accepted
        credits = min(totalBuffers, credits + accepted)
        return max(count, 0) - accepted
    }

    /// Drops a connection: its queue is discarded and the buffers it held come back (the
    /// controller frees them on disconnection). Returns the number of PDUs discarded.
    @discardableResult
    mutating func removeConnection(_ handle: UInt16) -> Int {
        guard let index = position(of: handle) else { return 0 }
        let removed = connections.remove(at: index)
        credits = min(totalBuffers, credits + removed.inFlight)
        if index < nextIndex { nextIndex -= 1 }
        if nextIndex >= connections.count { nextIndex = 0 }
        return removed.queue.count
    }

    private func position(of handle: UInt16) -> Int? {
        connections.firstIndex { $0.handle == handle }
    }

    private mutating func takeFragment(at index: Int) -> Output? {
        // In place: copying the queue out and back would copy every queued PDU on each
        // fragment (copy on write).
        guard let pdu = connections[index].queue.first else { return nil }
        let handle = connections[index].handle
        let start = pdu.offset
        let end = min(start + maximumPacketLength, pdu.bytes.count)
        // A PDU that fits in one fragment goes as it is, without a copy.
        let fragment = start == 0 && end == pdu.bytes.count ? pdu.bytes : Array(pdu.bytes[start..<end])
        let flag: HCIACLDataPacket.PacketBoundaryFlag = start == 0 ? .firstNonFlushable : .continuing
        var completed: UInt16?
        if end >= pdu.bytes.count {
            connections[index].queue.removeFirst()
            completed = pdu.channel
        } else {
            connections[index].queue[0].offset = end
        }
        return Output(packet: HCIACLDataPacket(handle: handle, packetBoundaryFlag: flag, data: fragment), completedChannel: completed)
    }
}
