import BLEHCI

/// The controller driver without I/O: takes packets from the controller and requests from the
/// layers above, and returns the actions that follow (packets to write, waits to resume, timers
/// to start, events and frames for the layers above).
///
/// Core 5.4, Vol 4, Part E:
/// - 4.4 command flow control: command credits (Num_HCI_Command_Packets), one answer per command
///   (``HCICommandFlow``); each command has a timeout, which the adapter starts on
///   ``Action/startCommandTimer(_:)`` and reports with ``commandTimedOut(_:)``.
/// - 4.1.1 and 7.7.19 ACL data flow control: buffer credits returned by HCI_Number_Of_Completed_Packets,
///   fair per-connection queues and fragmentation to LE_ACL_Data_Packet_Length (``ACLScheduler``).
/// - 5.4.2 reassembly of incoming fragments into L2CAP basic frames (``L2CAPReassembler``).
/// - 7.7.16 HCI_Hardware_Error: the driver fails, and every wait with it.
///
/// Waits are identified by ids the driver hands out: a command's sender, a wait for an event (a
/// command's completion event, a connection), a wait for a link's data to be transmitted. The
/// adapter keeps one continuation per id and resumes it when told to.
struct HCIDriver: Sendable {
    /// What the adapter does next, in order.
    enum Action: Sendable, Hashable {
        /// Write a packet to the controller.
        case send(HCIPacket)
        /// Start the timeout of command `id`; when it fires, call ``commandTimedOut(_:)``.
        case startCommandTimer(UInt64)
        /// Resume the sender of command `id` (and stop its timer).
        case finishCommand(UInt64, Result<HCIEvent, HostError>)
        /// Resume the wait for an event `id`.
        case finishEventWait(UInt64, Result<HCIEvent, HostError>)
        /// Resume the wait for transmission `id`.
        case finishTransmitWait(UInt64)
        /// The last fragment of an L2CAP PDU on `channel` left for the controller.
        case transmitted(handle: UInt16, channel: L2CAPChannelID)
        /// An event the driver does not consume, for the layers above.
        case event(HCIEvent)
        /// A complete L2CAP basic frame from a connection, for the L2CAP layer.
        case frame(handle: UInt16, L2CAPBasicFrame)
        /// The driver failed with this error (Hardware Error, a command unanswered); every wait
        /// it held has been finished by the actions before this one.
        case failed(HostError)
        /// A line for the log.
        case log(HostLogLine)
    }

    /// A command sent or queued, waiting for its Command Complete or Command Status.
    private struct PendingCommand: Sendable {
        let opcode: HCIOpcode
        let handle: UInt16?
    }

    /// A wait for an event, registered before the command that causes it is sent, so an event
    /// arriving first is kept.
    private struct EventWait: Sendable {
        let handle: UInt16?
        let matches: @Sendable (HCIEvent) -> Bool
        var result: Result<HCIEvent, HostError>?
        /// Whether the adapter holds a continuation for it (``beginEventWait(_:)`` returned nil).
        var isAwaited = false
    }

    /// How long the controller has to answer a command (for the error messages; the adapter runs the timer).
    let commandTimeout: Duration

    private var commandFlow = HCICommandFlow()
    private var commands: [UInt64: PendingCommand] = [:]
    private var eventWaits: [UInt64: EventWait] = [:]
    /// Waits per handle: their ids, and whether each waits for the controller's acknowledgement
    /// (Number Of Completed Packets) or only for the hand-off to the controller.
    private var transmitWaits: [UInt16: [(id: UInt64, acknowledged: Bool)]] = [:]
    private var nextID: UInt64 = 0
    private var scheduler: ACLScheduler?
    private var reassembler: L2CAPReassembler
    /// The connection handles whose ACL data is carried (between connection and disconnection).
    /// A list: a few connections at most, searched for every ACL packet, where hashing the handle
    /// costs more than comparing it with each.
    private var links: [UInt16] = []
    /// Why the driver failed, once it has.
    private(set) var failure: HostError?

    /// Creates a driver that refuses L2CAP payloads longer than `maximumL2CAPPayloadLength`.
    init(commandTimeout: Duration, maximumL2CAPPayloadLength: Int) {
        self.commandTimeout = commandTimeout
        reassembler = L2CAPReassembler(maximumPayloadLength: maximumL2CAPPayloadLength)
    }

    // MARK: Commands

    /// Command credits the controller allows now.
    var commandCredits: Int { commandFlow.credits }
    /// Commands sent and not yet answered.
    var outstandingCommandCount: Int { commandFlow.outstanding.count }
    /// Commands waiting for a credit.
    var queuedCommandCount: Int { commandFlow.queue.count }

    /// Takes a command to send on behalf of `handle` (nil: no connection); returns its id and the
    /// actions: its timer, then the commands the credits allow.
    mutating func submitCommand(_ packet: HCICommandPacket, handle: UInt16?) -> (id: UInt64, actions: [Action]) {
        let id = makeID()
        if let failure { return (id, [.finishCommand(id, .failure(failure))]) }
        commands[id] = PendingCommand(opcode: packet.opcode, handle: handle)
        return (id, [.startCommandTimer(id)] + transmit(commandFlow.submit(HCICommandFlow.Command(id: id, packet: packet))))
    }

    /// Command `id`'s timeout fired: it fails with ``HostError/Code/commandTimeout``, then the driver
    /// fails with ``HostError/Code/controllerUnresponsive``. Nothing when it was answered meanwhile.
    mutating func commandTimedOut(_ id: UInt64) -> [Action] {
        guard let command = commands.removeValue(forKey: id) else { return [] }
        commandFlow.remove(id: id)
        let finished = Action.finishCommand(id, .failure(HostError(
            .commandTimeout,
            "no Command Complete or Command Status within \(commandTimeout); the controller is not answering",
            command: command.opcode, connectionHandle: command.handle
        )))
        return [finished] + failAndReport(HostError(
            .controllerUnresponsive,
            "the controller did not answer \(command.opcode.name) within \(commandTimeout); check the transport and power-cycle the controller, then restart the host"
        ))
    }

    // MARK: Waiting for events

    /// Registers a wait for the first event `matches` accepts (an event of connection `handle`,
    /// failed when it ends); register before sending the command that causes it.
    mutating func registerEventWait(handle: UInt16?, matches: @escaping @Sendable (HCIEvent) -> Bool) -> UInt64 {
        let id = makeID()
        eventWaits[id] = EventWait(handle: handle, matches: matches)
        return id
    }

    /// Whether wait `id` is still registered (not yet ended, or ended and not yet collected).
    func hasEventWait(_ id: UInt64) -> Bool { eventWaits[id] != nil }

    /// Starts waiting on `id`: returns its result when it already has one (or when it is gone),
    /// nil when the adapter must suspend until ``Action/finishEventWait(_:_:)``.
    mutating func beginEventWait(_ id: UInt64) -> Result<HCIEvent, HostError>? {
        guard let wait = eventWaits[id] else {
            return .failure(failure ?? HostError(.cancelled, "the wait was abandoned"))
        }
        if let result = wait.result {
            eventWaits[id] = nil
            return result
        }
        eventWaits[id]?.isAwaited = true
        return nil
    }

    /// Forgets wait `id` (its command failed, or its caller gave up before awaiting it).
    mutating func cancelEventWait(_ id: UInt64) {
        eventWaits[id] = nil
    }

    /// Ends wait `id` with `result`: resumes it, or keeps the result until it is awaited.
    mutating func resolveEventWait(_ id: UInt64, _ result: Result<HCIEvent, HostError>) -> [Action] {
        guard var wait = eventWaits[id] else { return [] }
        if wait.isAwaited {
            eventWaits[id] = nil
            return [.finishEventWait(id, result)]
        }
        if wait.result == nil {
            wait.result = result
            eventWaits[id] = wait
        }
        return []
    }

    /// Gives `event` to the oldest wait that accepts it; `delivered` says whether one did.
    mutating func deliver(_ event: HCIEvent) -> (delivered: Bool, actions: [Action]) {
        for id in eventWaits.keys.sorted() {
            guard let wait = eventWaits[id], wait.result == nil, wait.matches(event) else { continue }
            return (true, resolveEventWait(id, .success(event)))
        }
        return (false, [])
    }

    // MARK: Receiving

    /// Takes one packet from the controller.
    mutating func receive(_ packet: HCIPacket) -> [Action] {
        switch packet {
        case .event(let eventPacket):
            let event: HCIEvent
            do {
                event = try HCIEvent(decoding: eventPacket)
            } catch {
                return [.log(HostLogLine(.warning, "dropped a malformed HCI event", ["error": "\(error)", "packet": "\(eventPacket)"]))]
            }
            return receive(event)
        case .aclData(let acl):
            return receive(acl)
        default:
            return [.log(HostLogLine(.debug, "ignored an HCI packet", ["packet": "\(packet)"]))]
        }
    }

    private mutating func receive(_ event: HCIEvent) -> [Action] {
        switch event {
        case .commandComplete(let complete):
            return answerCommand(complete.commandOpcode, credits: complete.numHCICommandPackets, event: event)
        case .commandStatus(let status):
            return answerCommand(status.commandOpcode, credits: status.numHCICommandPackets, event: event)
        case .numberOfCompletedPackets(let completed):
            guard scheduler != nil else { return [] }
            var actions: [Action] = []
            for entry in completed.entries {
                let ignored = scheduler!.completed(Int(entry.numCompletedPackets), on: entry.connectionHandle)
                if ignored > 0 {
                    actions.append(.log(HostLogLine(
                        .warning, "ignored \(ignored) completed-packet credits for packets never sent",
                        ["handle": HostFormat.hex(entry.connectionHandle)]
                    )))
                }
            }
            // Usually nothing to log: the packets to send are the whole answer (no new array).
            return actions.isEmpty ? pumpACL() : actions + pumpACL()
        case .hardwareError(let hardware):
            return failAndReport(HostError(
                .hardwareError,
                "the controller reported hardware error 0x\(String(hardware.hardwareCode, radix: 16, uppercase: true)); reset or power-cycle it, then restart the host"
            ))
        case .dataBufferOverflow(let overflow):
            return [.log(HostLogLine(.error, "the controller reports a data buffer overflow", ["linkType": "\(overflow.linkType)"]))]
        default:
            return [.event(event)]
        }
    }

    private mutating func answerCommand(_ opcode: HCIOpcode, credits: UInt8, event: HCIEvent) -> [Action] {
        let (answered, send) = commandFlow.answer(opcode: opcode, credits: credits)
        var actions: [Action] = []
        if let answered, commands.removeValue(forKey: answered) != nil {
            actions.append(.finishCommand(answered, .success(event)))
        } else if opcode != .noOperation {
            actions.append(.log(HostLogLine(.debug, "an answer for \(opcode.name) that nothing waits for")))
        }
        return actions + transmit(send)
    }

    private mutating func receive(_ packet: HCIACLDataPacket) -> [Action] {
        guard links.contains(packet.handle) else {
            return [.log(HostLogLine(
                .warning, "dropped ACL data for an unknown connection",
                ["handle": HostFormat.hex(packet.handle), "bytes": "\(packet.data.count)"]
            ))]
        }
        var actions: [Action] = []
        reassembler.receive(packet) { output in
            switch output {
            case .dropped(let handle, let reason):
                actions.append(.log(HostLogLine(.warning, "dropped L2CAP data: \(reason)", ["handle": HostFormat.hex(handle)])))
            case .frame(let handle, let frame):
                actions.append(.frame(handle: handle, frame))
            }
        }
        return actions
    }

    // MARK: ACL data

    /// Takes the controller's ACL buffers (LE Read Buffer Size or Read Buffer Size, 7.8.2, 7.4.5):
    /// from now on data is sent in fragments of `packetLength` octets, at most `count` in the controller.
    mutating func setACLBuffers(packetLength: Int, count: Int) {
        scheduler = ACLScheduler(maximumPacketLength: packetLength, totalBuffers: count)
    }

    /// ACL buffer credits left, nil before ``setACLBuffers(packetLength:count:)``.
    var aclCredits: Int? { scheduler?.credits }

    /// A connection was made: its ACL data is carried from now on.
    mutating func openLink(_ handle: UInt16) {
        if !links.contains(handle) { links.append(handle) }
        scheduler?.addConnection(handle)
    }

    /// Whether connection `handle` carries ACL data.
    func isLinkOpen(_ handle: UInt16) -> Bool { links.contains(handle) }

    /// A connection ended: its waits fail with `error` (commands sent for it are not awaited; their
    /// answers still return credits), its queued data is dropped, its buffers come back and its
    /// partial frame is forgotten.
    mutating func closeLink(_ handle: UInt16, error: HostError) -> [Action] {
        var actions: [Action] = []
        for (id, wait) in eventWaits where wait.handle == handle {
            actions += resolveEventWait(id, .failure(error))
        }
        for (id, command) in commands where command.handle == handle {
            commands[id] = nil
            actions.append(.finishCommand(id, .failure(error)))
        }
        links.removeAll { $0 == handle }
        scheduler?.removeConnection(handle)
        reassembler.removeConnection(handle)
        return actions + pumpACL()
    }

    /// Queues one L2CAP payload on `channel` of connection `handle` and returns the fragments the
    /// credits allow. Dropped when the link is not open (or the buffers are not known yet).
    mutating func send(_ payload: [UInt8], on channel: L2CAPChannelID, handle: UInt16) -> [Action] {
        guard links.contains(handle), scheduler != nil else { return [] }
        guard payload.count <= 0xFFFF else {
            return [.log(HostLogLine(.error, "dropped an outbound L2CAP payload longer than 65535 bytes", ["handle": HostFormat.hex(handle)]))]
        }
        let frame = L2CAPBasicFrame(channelID: channel, payload: payload).encode()
        scheduler!.enqueue(frame, channel: channel.rawValue, on: handle)
        return pumpACL()
    }

    /// Registers a wait until everything queued on `handle` has been handed to the controller and,
    /// when `acknowledged`, reported transmitted (Number Of Completed Packets), or the link ended;
    /// nil when that is already so.
    mutating func waitForTransmission(on handle: UInt16, acknowledged: Bool = true) -> UInt64? {
        guard !isTransmitted(handle, acknowledged: acknowledged) else { return nil }
        let id = makeID()
        transmitWaits[handle, default: []].append((id, acknowledged))
        return id
    }

    /// Whether `handle` has nothing queued and, when `acknowledged`, nothing in flight (or is gone).
    func isTransmitted(_ handle: UInt16, acknowledged: Bool = true) -> Bool {
        guard let scheduler, links.contains(handle) else { return true }
        return scheduler.queuedPDUCount(on: handle) == 0 && (!acknowledged || scheduler.inFlight(on: handle) == 0)
    }

    /// Hands the controller every fragment the credits allow, round-robin among connections.
    private mutating func pumpACL() -> [Action] {
        var actions: [Action] = []
        if failure == nil, scheduler != nil {
            scheduler!.nextPackets { output in
                if actions.isEmpty {
                    // A packet and the PDU it ends, usually: one allocation for both.
                    actions.reserveCapacity(2)
                }
                actions.append(.send(.aclData(output.packet)))
                if let channel = output.completedChannel {
                    actions.append(.transmitted(handle: output.packet.handle, channel: L2CAPChannelID(rawValue: channel)))
                }
            }
        }
        actions += finishTransmitWaits()
        return actions
    }

    private mutating func finishTransmitWaits() -> [Action] {
        guard !transmitWaits.isEmpty else { return [] }
        var actions: [Action] = []
        for handle in transmitWaits.keys.sorted() {
            let waits = transmitWaits[handle] ?? []
            let done = waits.filter { isTransmitted(handle, acknowledged: $0.acknowledged) }
            guard !done.isEmpty else { continue }
            actions += done.map { Action.finishTransmitWait($0.id) }
            let left = waits.filter { !isTransmitted(handle, acknowledged: $0.acknowledged) }
            transmitWaits[handle] = left.isEmpty ? nil : left
        }
        return actions
    }

    // MARK: Failure

    /// The controller failed for good (or the host stopped): every command and every wait fails
    /// with `error` and nothing more is carried. Nothing when already failed.
    mutating func fail(_ error: HostError) -> [Action] {
        guard failure == nil else { return [] }
        failure = error
        _ = commandFlow.removeAll()
        var actions: [Action] = commands.keys.sorted().map { .finishCommand($0, .failure(error)) }
        commands = [:]
        for (id, wait) in eventWaits.sorted(by: { $0.key < $1.key }) where wait.isAwaited {
            actions.append(.finishEventWait(id, .failure(error)))
        }
        eventWaits = [:]
        links = []
        return actions + finishTransmitWaits()
    }

    private mutating func failAndReport(_ error: HostError) -> [Action] {
        guard failure == nil else { return [] }
        return fail(error) + [.failed(error)]
    }

    // MARK: Helpers

    private mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    private func transmit(_ commands: [HCICommandFlow.Command]) -> [Action] {
        commands.map { .send(.command($0.packet)) }
    }
}
