import BLECore
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Sending commands

    /// Sends a command answered by Command Complete and returns its return parameters.
    ///
    /// Core 5.4, Vol 4, Part E, 4.4 and 7.7.14. Throws ``HostError/Code/commandFailed`` with the
    /// controller's status when it is not Success, ``HostError/Code/commandTimeout`` when the
    /// controller does not answer in time.
    public func send<Command: HCICommandCompleting>(_ command: Command) async throws(HostError) -> Command.ReturnParameters {
        try await send(command, handle: nil)
    }

    func send<Command: HCICommandCompleting>(_ command: Command, handle: UInt16?) async throws(HostError) -> Command.ReturnParameters {
        let event = try await execute(command.packet, handle: handle)
        switch event {
        case .commandComplete(let complete):
            let parameters: Command.ReturnParameters
            do {
                parameters = try complete.returnParameters(for: Command.self)
            } catch {
                throw HostError(.protocolError, "malformed answer: \(error)", command: Command.opcode, connectionHandle: handle)
            }
            guard parameters.status.isSuccess else {
                throw .commandFailed(Command.opcode, status: parameters.status, connectionHandle: handle)
            }
            return parameters
        case .commandStatus(let status) where !status.status.isSuccess:
            throw .commandFailed(Command.opcode, status: status.status, connectionHandle: handle)
        default:
            throw HostError(.protocolError, "answered with Command Status instead of Command Complete", command: Command.opcode, connectionHandle: handle)
        }
    }

    /// Sends a command answered by Command Status and returns its completion event
    /// (``HCICommandWithStatus/isCompleted(by:)``).
    ///
    /// Core 5.4, Vol 4, Part E, 4.4 and 7.7.15.
    public func send<Command: HCICommandWithStatus>(_ command: Command) async throws(HostError) -> HCIEvent {
        let waiter = registerEventWaiter(handle: nil) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: nil, waiter: waiter)
        return try await waitForEvent(waiter)
    }

    /// Sends a command answered by Command Status; throws unless the status is Success. The
    /// caller registered `waiter` for the completion event first; it is removed on failure.
    func sendAwaitingStatus<Command: HCICommandWithStatus>(_ command: Command, handle: UInt16?, waiter: UInt64?) async throws(HostError) {
        let event: HCIEvent
        do {
            event = try await execute(command.packet, handle: handle)
        } catch {
            if let waiter { driver.cancelEventWait(waiter) }
            throw error
        }
        let status: HCIStatus
        switch event {
        case .commandStatus(let answer): status = answer.status
        case .commandComplete(let answer): status = answer.status ?? .unspecifiedError
        default: status = .unspecifiedError
        }
        guard status.isSuccess else {
            if let waiter { driver.cancelEventWait(waiter) }
            throw .commandFailed(Command.opcode, status: status, connectionHandle: handle)
        }
    }

    /// Sends a command packet (flow-controlled, timed) and returns the Command Complete or
    /// Command Status that answers it.
    func execute(_ packet: HCICommandPacket, handle: UInt16?) async throws(HostError) -> HCIEvent {
        try checkUsable()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) in
            let (id, actions) = driver.submitCommand(packet, handle: handle)
            driverIO.addCommandSender(id, continuation)
            run(actions)
        }
        return try result.get()
    }

    private func startCommandTimer(_ id: UInt64) {
        driverIO.addCommandTimer(id, startTimer(after: driver.commandTimeout) { host in host.commandTimedOut(id) })
    }

    private func commandTimedOut(_ id: UInt64) {
        run(driver.commandTimedOut(id))
    }

    // MARK: Waiting for events

    /// Registers a wait for the first event `matches` accepts, before the command that causes it
    /// is sent; a wait with a `handle` fails when that connection ends.
    func registerEventWaiter(handle: UInt16?, matches: @escaping @Sendable (HCIEvent) -> Bool) -> UInt64 {
        driver.registerEventWait(handle: handle, matches: matches)
    }

    /// Waits for a registered event; fails when the connection or the controller goes away.
    func waitForEvent(_ id: UInt64) async throws(HostError) -> HCIEvent {
        if let result = driver.beginEventWait(id) {
            return try result.get()
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) in
            driverIO.addEventWaiter(id, continuation)
        }
        return try result.get()
    }

    /// Ends a registered wait with `result` (resuming it, or keeping the result for it).
    func resolveEventWaiter(_ id: UInt64, _ result: Result<HCIEvent, HostError>) {
        run(driver.resolveEventWait(id, result))
    }

    /// Forgets a registered wait nobody will await.
    func cancelEventWaiter(_ id: UInt64) {
        driver.cancelEventWait(id)
    }

    /// Whether a registered wait has not been collected yet.
    func hasEventWaiter(_ id: UInt64) -> Bool {
        driver.hasEventWait(id)
    }

    /// Gives `event` to the oldest waiter that wants it; returns whether one did.
    @discardableResult
    func deliverToWaiters(_ event: HCIEvent) -> Bool {
        let (delivered, actions) = driver.deliver(event)
        run(actions)
        return delivered
    }

    // MARK: ACL links

    /// Takes the controller's ACL buffer size and count (from start-up).
    func setACLBuffers(packetLength: Int, count: Int) {
        driver.setACLBuffers(packetLength: packetLength, count: count)
    }

    /// Starts carrying the ACL data of a new connection.
    func openACLLink(_ handle: UInt16) {
        driver.openLink(handle)
    }

    /// Stops carrying the ACL data of an ended connection; its waits and commands fail with `error`.
    func closeACLLink(_ handle: UInt16, error: HostError) {
        run(driver.closeLink(handle, error: error))
    }

    /// Queues an L2CAP payload on a fixed channel of connection `handle` and sends what the
    /// ACL credits allow.
    func sendACL(_ payload: [UInt8], on channel: L2CAPChannelID, handle: UInt16) {
        run(driver.send(payload, on: channel, handle: handle))
    }

    /// Sends an outbound PDU, then those queued behind it, in one turn on the actor.
    func sendACL(_ pdu: OutboundPDU, thenQueuedOn outbound: AsyncFIFO<OutboundPDU>) {
        sendACL(pdu.payload, on: pdu.channel, handle: pdu.handle)
        for _ in 1..<AsyncFIFO<OutboundPDU>.batchLimit {
            guard let next = outbound.poll() else { return }
            sendACL(next.payload, on: next.channel, handle: next.handle)
        }
    }

    /// Waits until everything queued on `handle` has been sent and the controller reported it
    /// transmitted (Number Of Completed Packets), or the connection or host ended; with
    /// `acknowledged` false, only until it has all been handed to the controller.
    func waitUntilTransmitted(_ handle: UInt16, acknowledged: Bool = true) async {
        // First the ATT PDUs still on their way to the driver (the outbound queue), then the
        // driver's queue and the controller's buffers.
        if let attTransport = channels.attTransport(on: handle) { await attTransport.waitUntilSent() }
        guard let id = driver.waitForTransmission(on: handle, acknowledged: acknowledged) else { return }
        await withCheckedContinuation { continuation in
            driverIO.addTransmitWaiter(id, continuation)
        }
    }

    // MARK: Running the driver

    /// Takes one packet from the controller: the driver's actions run, events go to the device
    /// layer and frames to the L2CAP layer, in order.
    /// Takes a packet from the controller, then those queued behind it on `queue` (when the
    /// transport has one), in one turn on the actor.
    func receive(_ packet: HCIPacket, thenQueuedOn queue: AsyncFIFO<HCIPacket>?) async {
        await receive(packet)
        guard let queue else { return }
        for _ in 1..<AsyncFIFO<HCIPacket>.batchLimit {
            guard let next = queue.poll() else { return }
            await receive(next)
        }
    }

    func receive(_ packet: HCIPacket) async {
        for action in driver.receive(packet) {
            switch action {
            case .event(let event):
                await handle(event)
            case .frame(let handle, let frame):
                await receive(frame, on: handle)
            default:
                run(action)
            }
        }
    }

    /// Runs the driver's actions in order: I/O here, the rest to the layers above.
    func run(_ actions: [HCIDriver.Action]) {
        for action in actions { run(action) }
    }

    private func run(_ action: HCIDriver.Action) {
        switch action {
        case .send, .finishCommand, .finishEventWait, .finishTransmitWait:
            driverIO.perform(action, logger: logger)
        case .startCommandTimer(let id):
            startCommandTimer(id)
        case .transmitted(let handle, let channel):
            didTransmit(on: channel, handle: handle)
        case .failed(let error):
            fail(error)
        case .log(let line):
            logger.log(line)
        case .event(let event):
            // Only receive(_:) yields events and frames, and handles them there.
            logger.debug("an HCI event outside receive(_:)", metadata: ["event": "\(event.eventCode)"])
        case .frame(let handle, _):
            logger.debug("an L2CAP frame outside receive(_:)", metadata: ["handle": "\(HostFormat.hex(handle))"])
        }
    }

    /// Fails the driver: every command and wait fails with `error`; no more packets are written.
    func failDriver(_ error: HostError) {
        run(driver.fail(error))
        driverIO.finish()
    }

    // MARK: Start-up

    /// Initialises the controller: Core 5.4, Vol 4, Part E, 7.3.2 (Reset), 7.3.1 and 7.8.1 (event
    /// masks), 7.4.1–7.4.3 and 7.8.3 (optional information), 7.8.2 or 7.4.5 (buffer sizes),
    /// 7.4.6 (BD_ADDR), 7.8.4 (the random address, when one is configured or needed).
    func initialiseController() async throws(HostError) -> ControllerInfo {
        _ = try await send(HCIReset())
        _ = try await send(HCISetEventMask(eventMask: .leHost))
        _ = try await send(HCILESetEventMask(leEventMask: .leHost))
        let version = await optional(HCIReadLocalVersionInformation())
        let features = await optional(HCIReadLocalSupportedFeatures())
        let commands = await optional(HCIReadLocalSupportedCommands())
        let leFeatures = await optional(HCILEReadLocalSupportedFeatures())
        if configuration.suggestsLongestDataLength, let commands, leFeatures?.leFeatures.contains(.leDataPacketLengthExtension) == true {
            await suggestLongestDataLength(commands)
        }
        var packetLength = 0
        var packetCount = 0
        if let le = await optional(HCILEReadBufferSize()) {
            packetLength = Int(le.leACLDataPacketLength)
            packetCount = Int(le.totalNumLEACLDataPackets)
        }
        if packetLength == 0 || packetCount == 0 {
            let shared = try await send(HCIReadBufferSize())
            packetLength = Int(shared.aclDataPacketLength)
            packetCount = Int(shared.totalNumACLDataPackets)
        }
        guard packetLength > 0, packetCount > 0 else {
            throw HostError(.protocolError, "the controller reports no ACL data buffers (length \(packetLength), count \(packetCount)); it cannot carry LE data")
        }
        let bdAddress = try await send(HCIReadBDADDR()).bdADDR
        // A controller without a public address (BD_ADDR 00:00:00:00:00:00: Bumble's virtual
        // controllers, many UART boards) gets a static random address, so two such hosts on one
        // link are told apart.
        let random = configuration.randomAddress ?? (bdAddress.value == 0 ? Self.makeStaticRandomAddress() : nil)
        if let random {
            guard random.isRandom else {
                throw HostError(.invalidArgument, "the configured random address \(random) is a public address")
            }
            _ = try await send(HCILESetRandomAddress(randomAddress: random))
        }
        return ControllerInfo(
            version: version, lmpFeatures: features?.lmpFeatures, supportedCommands: commands?.supportedCommands,
            leFeatures: leFeatures?.leFeatures, aclDataPacketLength: packetLength, totalNumACLDataPackets: packetCount,
            publicAddress: bdAddress, randomAddress: random
        )
    }

    /// Asks for the longest data PDUs on new connections (Core 5.4, Vol 4, Part E, 7.8.35): the
    /// controller's maximum (7.8.46) when it can say, else 251 octets in 2120 µs (the LE 1M
    /// PHY's longest). A controller without the commands (Supported_Commands octet 34 bit 0,
    /// octet 35 bit 3) keeps its defaults; a failure only costs the longer PDUs.
    private func suggestLongestDataLength(_ commands: HCIReadLocalSupportedCommands.ReturnParameters) async {
        guard commands.supports(octet: 34, bit: 0) else { return }
        var octets: UInt16 = 251
        var time: UInt16 = 2120
        if commands.supports(octet: 35, bit: 3), let maximum = await optional(HCILEReadMaximumDataLength()) {
            octets = min(max(maximum.supportedMaxTXOctets, 27), 251)
            time = min(max(maximum.supportedMaxTXTime, 0x0148), 0x4290)
        }
        _ = await optional(HCILEWriteSuggestedDefaultDataLength(suggestedMaxTXOctets: octets, suggestedMaxTXTime: time))
    }

    /// A static random address (Core 5.4, Vol 6, Part B, 1.3.2.1): the two most significant bits
    /// 1, the other 46 random and neither all 0 nor all 1.
    static func makeStaticRandomAddress() -> DeviceAddress {
        var generator = SystemRandomNumberGenerator()
        while true {
            let random = generator.next() & 0x3FFF_FFFF_FFFF
            guard random != 0, random != 0x3FFF_FFFF_FFFF else { continue }
            return try! DeviceAddress(value: 0xC000_0000_0000 | random, isRandom: true)
        }
    }

    /// Runs an informational command whose failure only costs information.
    private func optional<Command: HCICommandCompleting>(_ command: Command) async -> Command.ReturnParameters? {
        do {
            return try await send(command)
        } catch {
            if error.code == .commandFailed {
                logger.notice("\(Command.opcode.name) failed; continuing without it", metadata: ["error": "\(error)"])
            }
            return nil
        }
    }
}
