import BLECore
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Sending commands

    /// Sends a command answered by Command Complete and returns its return parameters.
    ///
    /// Throws ``HostError/Code/commandFailed`` with the controller's status when it is not
    /// Success, ``HostError/Code/commandTimeout`` when the controller does not answer in time.
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
            if let waiter { eventWaiters[waiter] = nil }
            throw error
        }
        let status: HCIStatus
        switch event {
        case .commandStatus(let answer): status = answer.status
        case .commandComplete(let answer): status = answer.status ?? .unspecifiedError
        default: status = .unspecifiedError
        }
        guard status.isSuccess else {
            if let waiter { eventWaiters[waiter] = nil }
            throw .commandFailed(Command.opcode, status: status, connectionHandle: handle)
        }
    }

    /// Sends a command packet (flow-controlled, timed) and returns the Command Complete or
    /// Command Status that answers it.
    func execute(_ packet: HCICommandPacket, handle: UInt16?) async throws(HostError) -> HCIEvent {
        try checkUsable()
        nextID += 1
        let id = nextID
        let clock = self.clock
        let timeout = configuration.commandTimeout
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) in
            let timer = Task { [weak self] in
                do {
                    try await clock.sleep(for: timeout)
                } catch {
                    return
                }
                await self?.commandTimedOut(id)
            }
            commandWaiters[id] = CommandWaiter(opcode: packet.opcode, handle: handle, continuation: continuation, timer: timer)
            transmit(commandFlow.submit(HCICommandFlow.Command(id: id, packet: packet)))
        }
        return try result.get()
    }

    private func transmit(_ commands: [HCICommandFlow.Command]) {
        for command in commands {
            logger.trace("command", metadata: ["packet": "\(command.packet)"])
            writer.yield(.command(command.packet))
        }
    }

    private func commandTimedOut(_ id: UInt64) {
        guard let waiter = commandWaiters.removeValue(forKey: id) else { return }
        commandFlow.remove(id: id)
        let timeout = configuration.commandTimeout
        waiter.finish(.failure(HostError(
            .commandTimeout,
            "no Command Complete or Command Status within \(timeout); the controller is not answering",
            command: waiter.opcode, connectionHandle: waiter.handle
        )))
        fail(HostError(
            .controllerUnresponsive,
            "the controller did not answer \(waiter.opcode.name) within \(timeout); check the transport and power-cycle the controller, then restart the host"
        ))
    }

    // MARK: Waiting for events

    /// Registers a wait for the first event `matches` accepts, before the command that causes it is sent.
    func registerEventWaiter(handle: UInt16?, matches: @escaping @Sendable (HCIEvent) -> Bool) -> UInt64 {
        nextID += 1
        eventWaiters[nextID] = EventWaiter(handle: handle, matches: matches)
        return nextID
    }

    /// Waits for a registered event; fails when the connection or the controller goes away.
    func waitForEvent(_ id: UInt64) async throws(HostError) -> HCIEvent {
        guard let waiter = eventWaiters[id] else {
            if case .failed(let error) = state { throw error }
            throw HostError(.cancelled, "the wait was abandoned")
        }
        if let result = waiter.result {
            eventWaiters[id] = nil
            return try result.get()
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>) in
            eventWaiters[id]?.continuation = continuation
        }
        return try result.get()
    }

    /// Ends a registered wait with `result` (resuming it, or keeping the result for it).
    func resolveEventWaiter(_ id: UInt64, _ result: Result<HCIEvent, HostError>) {
        guard var waiter = eventWaiters[id] else { return }
        if let continuation = waiter.continuation {
            eventWaiters[id] = nil
            continuation.resume(returning: result)
        } else if waiter.result == nil {
            waiter.result = result
            eventWaiters[id] = waiter
        }
    }

    /// Gives `event` to the oldest waiter that wants it; returns whether one did.
    @discardableResult
    func deliverToWaiters(_ event: HCIEvent) -> Bool {
        for id in eventWaiters.keys.sorted() {
            guard let waiter = eventWaiters[id], waiter.result == nil, waiter.matches(event) else { continue }
            resolveEventWaiter(id, .success(event))
            return true
        }
        return false
    }

    // MARK: Receiving

    /// Takes one packet from the controller.
    func receive(_ packet: HCIPacket) async {
        switch packet {
        case .event(let eventPacket):
            let event: HCIEvent
            do {
                event = try HCIEvent(decoding: eventPacket)
            } catch {
                logger.warning("dropped a malformed HCI event", metadata: ["error": "\(error)", "packet": "\(eventPacket)"])
                return
            }
            await handle(event)
        case .aclData(let acl):
            await receiveACL(acl)
        default:
            logger.debug("ignored an HCI packet", metadata: ["packet": "\(packet)"])
        }
    }

    private func handle(_ event: HCIEvent) async {
        switch event {
        case .commandComplete(let complete):
            answerCommand(complete.commandOpcode, credits: complete.numHCICommandPackets, event: event)
        case .commandStatus(let status):
            answerCommand(status.commandOpcode, credits: status.numHCICommandPackets, event: event)
        case .numberOfCompletedPackets(let completed):
            guard scheduler != nil else { return }
            for entry in completed.entries {
                let ignored = scheduler!.completed(Int(entry.numCompletedPackets), on: entry.connectionHandle)
                if ignored > 0 {
                    logger.warning("ignored \(ignored) completed-packet credits for packets never sent", metadata: ["handle": "\(HostFormat.hex(entry.connectionHandle))"])
                }
            }
            pumpACL()
        case .disconnectionComplete(let disconnection):
            handleDisconnection(disconnection, event: event)
        case .hardwareError(let hardware):
            fail(HostError(
                .hardwareError,
                "the controller reported hardware error 0x\(String(hardware.hardwareCode, radix: 16, uppercase: true)); reset or power-cycle it, then restart the host"
            ))
        case .dataBufferOverflow(let overflow):
            logger.error("the controller reports a data buffer overflow", metadata: ["linkType": "\(overflow.linkType)"])
        case .leMeta(let meta):
            await handle(meta, event: event)
        default:
            if !deliverToWaiters(event) {
                logger.debug("ignored an HCI event", metadata: ["event": "\(event.eventCode)"])
            }
        }
    }

    private func answerCommand(_ opcode: HCIOpcode, credits: UInt8, event: HCIEvent) {
        let (answered, send) = commandFlow.answer(opcode: opcode, credits: credits)
        if let answered, let waiter = commandWaiters.removeValue(forKey: answered) {
            waiter.finish(.success(event))
        } else if opcode != .noOperation {
            logger.debug("an answer for \(opcode.name) that nothing waits for")
        }
        transmit(send)
    }

    private func handle(_ meta: HCILEMetaEvent, event: HCIEvent) async {
        switch meta {
        case .connectionComplete(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        case .enhancedConnectionComplete(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        case .enhancedConnectionCompleteV2(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        case .advertisingReport(let report):
            if var scan = activeScan {
                for discovery in scan.merger.receive(report) { scan.continuation.yield(discovery) }
                activeScan = scan
            }
        case .extendedAdvertisingReport(let report):
            if var scan = activeScan {
                for discovery in scan.merger.receive(report) { scan.continuation.yield(discovery) }
                activeScan = scan
            }
        case .connectionUpdateComplete(let e):
            if e.status.isSuccess {
                connectionRecords[e.connectionHandle]?.connection.update {
                    $0.interval = e.connectionInterval
                    $0.latency = e.peripheralLatency
                    $0.supervisionTimeout = e.supervisionTimeout
                }
            }
            deliverToWaiters(event)
        case .dataLengthChange(let e):
            connectionRecords[e.connectionHandle]?.connection.update {
                $0.maxTXOctets = e.maxTXOctets
                $0.maxRXOctets = e.maxRXOctets
            }
            deliverToWaiters(event)
        case .phyUpdateComplete(let e):
            if e.status.isSuccess {
                connectionRecords[e.connectionHandle]?.connection.update {
                    $0.txPHY = e.txPHY
                    $0.rxPHY = e.rxPHY
                }
            }
            deliverToWaiters(event)
        default:
            if !deliverToWaiters(event) {
                logger.debug("ignored an LE Meta event", metadata: ["subevent": "\(meta.subeventCode)"])
            }
        }
    }
}
