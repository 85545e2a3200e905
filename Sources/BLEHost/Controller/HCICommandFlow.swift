import BLEHCI

/// HCI command flow control without I/O: command credits, the queue of commands waiting for a
/// credit, and the commands the controller has not yet answered.
///
/// Core 5.4, Vol 4, Part E, 4.4: the host may send as many commands as the last
/// Num_HCI_Command_Packets allowed (1 before any event); every HCI_Command_Complete and
/// HCI_Command_Status sets the credits anew (an absolute count, not an increment) and answers the
/// oldest outstanding command with its opcode. Opcode 0x0000 only returns credits.
///
/// The adapter (``BLEHost``) keeps one continuation per id; this type decides what to send and
/// which id an answer is for.
struct HCICommandFlow: Sendable {
    /// A command ready to go to the controller.
    struct Command: Sendable, Hashable {
        /// The adapter's id for the command.
        var id: UInt64
        /// The packet.
        var packet: HCICommandPacket
    }

    /// Commands the controller allows now.
    private(set) var credits: Int = 1
    /// Commands waiting for a credit, oldest first.
    private(set) var queue: [Command] = []
    /// Commands sent and not yet answered, oldest first.
    private(set) var outstanding: [Command] = []

    /// Queues a command; returns the commands to send now (in order).
    mutating func submit(_ command: Command) -> [Command] {
        queue.append(command)
        return drain()
    }

    /// Takes an HCI_Command_Complete or HCI_Command_Status: sets the credits, and returns the id
    /// of the command it answers (nil for opcode 0x0000 or an opcode nothing waits for) and the
    /// commands that may now be sent.
    mutating func answer(opcode: HCIOpcode, credits newCredits: UInt8) -> (answered: UInt64?, send: [Command]) {
        var answered: UInt64?
        if opcode != .noOperation, let index = outstanding.firstIndex(where: { $0.packet.opcode == opcode }) {
            answered = outstanding.remove(at: index).id
        }
        credits = Int(newCredits)
        return (answered, drain())
    }

    /// Forgets a command (timed out or abandoned): removed from the queue or from the outstanding
    /// list. Returns whether it was found. The credit it used is not given back: only the
    /// controller returns credits.
    @discardableResult
    mutating func remove(id: UInt64) -> Bool {
        if let index = queue.firstIndex(where: { $0.id == id }) {
            queue.remove(at: index)
            return true
        }
        if let index = outstanding.firstIndex(where: { $0.id == id }) {
            outstanding.remove(at: index)
            return true
        }
        return false
    }

    /// Drops every queued and outstanding command (the controller failed); returns their ids.
    mutating func removeAll() -> [UInt64] {
        let ids = outstanding.map(\.id) + queue.map(\.id)
        outstanding = []
        queue = []
        credits = 0
        return ids
    }

    /// Resets to the power-on state (one credit, nothing pending), e.g. before HCI_Reset.
    mutating func reset() {
        credits = 1
        queue = []
        outstanding = []
    }

    private mutating func drain() -> [Command] {
        var send: [Command] = []
        while credits > 0, !queue.isEmpty {
            let command = queue.removeFirst()
            credits -= 1
            outstanding.append(command)
            send.append(command)
        }
        return send
    }
}
