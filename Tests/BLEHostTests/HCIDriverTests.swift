import BLEHCI
import Testing

@testable import BLEHost

/// The controller driver's sans-I/O core, driven with packets and requests alone: no actor, no
/// transport, no clock.
@Suite struct HCIDriverTests {
    typealias Action = HCIDriver.Action

    private func makeDriver(maximumL2CAPPayloadLength: Int = 0xFFFF) -> HCIDriver {
        HCIDriver(commandTimeout: .seconds(5), maximumL2CAPPayloadLength: maximumL2CAPPayloadLength)
    }

    private func commandComplete(_ opcode: HCIOpcode, credits: UInt8) -> HCIPacket {
        .event(HCIEvent(HCICommandComplete(numHCICommandPackets: credits, commandOpcode: opcode, returnParameters: [0])).packet)
    }

    private func completedPackets(_ entries: [(UInt16, UInt16)]) -> HCIPacket {
        .event(HCIEvent(HCINumberOfCompletedPackets(entries: entries.map { .init(connectionHandle: $0.0, numCompletedPackets: $0.1) })).packet)
    }

    private func sent(_ actions: [Action]) -> [HCIPacket] {
        actions.compactMap { if case .send(let packet) = $0 { packet } else { nil } }
    }

    private func aclSent(_ actions: [Action]) -> [HCIACLDataPacket] {
        sent(actions).compactMap { if case .aclData(let acl) = $0 { acl } else { nil } }
    }

    private func failureCodes(_ actions: [Action]) -> [UInt64: HostError.Code] {
        var codes: [UInt64: HostError.Code] = [:]
        for action in actions {
            switch action {
            case .finishCommand(let id, .failure(let error)), .finishEventWait(let id, .failure(let error)):
                codes[id] = error.code
            default:
                break
            }
        }
        return codes
    }

    // MARK: Command credits

    @Test func commandCreditsBoundWhatIsSent() {
        var driver = makeDriver()
        let reset = HCICommandPacket(opcode: .reset)
        let read = HCICommandPacket(opcode: .readBDADDR)
        let (first, firstActions) = driver.submitCommand(reset, handle: nil)
        #expect(firstActions == [.startCommandTimer(first), .send(.command(reset))], "one credit before any event")
        let (second, secondActions) = driver.submitCommand(read, handle: nil)
        let (third, thirdActions) = driver.submitCommand(read, handle: nil)
        #expect(secondActions == [.startCommandTimer(second)])
        #expect(thirdActions == [.startCommandTimer(third)])
        #expect(driver.queuedCommandCount == 2)

        // Num_HCI_Command_Packets is absolute: 2 credits send both queued commands.
        let answer = commandComplete(.reset, credits: 2)
        let actions = driver.receive(answer)
        guard case .event(let packet) = answer else { return }
        let event = try! HCIEvent(decoding: packet)
        #expect(actions == [.finishCommand(first, .success(event)), .send(.command(read)), .send(.command(read))])
        #expect(driver.commandCredits == 0)
        #expect(driver.outstandingCommandCount == 2)

        // A credit-only Command Complete answers nothing; an answer nothing waits for is logged.
        #expect(driver.receive(commandComplete(.noOperation, credits: 1)) == [])
        #expect(driver.commandCredits == 1)
        let stray = driver.receive(commandComplete(.readRSSI, credits: 1))
        #expect(stray.count == 1)
        if case .log(let line) = stray.first { #expect(line.level == .debug) } else { Issue.record("expected a log line") }
    }

    @Test func aCommandTimingOutFailsItAndTheDriver() {
        var driver = makeDriver()
        let (first, _) = driver.submitCommand(HCICommandPacket(opcode: .reset), handle: nil)
        let (queued, _) = driver.submitCommand(HCICommandPacket(opcode: .readBDADDR), handle: 0x40)
        let wait = driver.registerEventWait(handle: nil) { _ in true }
        #expect(driver.beginEventWait(wait) == nil)

        let actions = driver.commandTimedOut(first)
        guard case .finishCommand(first, .failure(let timeout)) = actions.first else {
            Issue.record("the timed-out command is finished first: \(actions)")
            return
        }
        #expect(timeout.code == .commandTimeout)
        #expect(timeout.command == .reset)
        #expect(failureCodes(actions) == [first: .commandTimeout, queued: .controllerUnresponsive, wait: .controllerUnresponsive])
        guard case .failed(let failure) = actions.last else {
            Issue.record("the driver reports its failure last: \(actions)")
            return
        }
        #expect(failure.code == .controllerUnresponsive)
        #expect(driver.failure == failure)

        // A second timer, a late answer and a new command change nothing / fail at once.
        #expect(driver.commandTimedOut(queued) == [])
        #expect(driver.receive(commandComplete(.reset, credits: 1)).allSatisfy { if case .log = $0 { true } else { false } })
        let (late, lateActions) = driver.submitCommand(HCICommandPacket(opcode: .reset), handle: nil)
        #expect(lateActions == [.finishCommand(late, .failure(failure))])
    }

    @Test func anAnsweredCommandsTimerDoesNothing() {
        var driver = makeDriver()
        let (id, _) = driver.submitCommand(HCICommandPacket(opcode: .reset), handle: nil)
        _ = driver.receive(commandComplete(.reset, credits: 1))
        #expect(driver.commandTimedOut(id) == [])
        #expect(driver.failure == nil)
    }

    // MARK: Event waits

    @Test func anEventArrivingBeforeItsWaitIsKept() {
        var driver = makeDriver()
        let event = HCIEvent(HCIDisconnectionComplete(connectionHandle: 0x40, reason: .remoteUserTerminatedConnection))
        let other = driver.registerEventWait(handle: nil) { _ in false }
        let wait = driver.registerEventWait(handle: nil) { if case .disconnectionComplete = $0 { true } else { false } }
        let (delivered, actions) = driver.deliver(event)
        #expect(delivered)
        #expect(actions == [], "not awaited yet: the result is kept")
        #expect(driver.beginEventWait(wait) == .success(event))
        #expect(!driver.hasEventWait(wait))
        #expect(driver.hasEventWait(other))
        #expect(driver.deliver(event).delivered == false)
    }

    @Test func anAwaitedWaitIsFinishedByTheOldestMatch() {
        var driver = makeDriver()
        let event = HCIEvent(HCIHardwareError(hardwareCode: 1))
        let first = driver.registerEventWait(handle: nil) { _ in true }
        let second = driver.registerEventWait(handle: nil) { _ in true }
        #expect(driver.beginEventWait(second) == nil)
        #expect(driver.beginEventWait(first) == nil)
        #expect(driver.deliver(event).actions == [.finishEventWait(first, .success(event))])
        #expect(driver.deliver(event).actions == [.finishEventWait(second, .success(event))])
        #expect(driver.beginEventWait(first) == .failure(HostError(.cancelled, "the wait was abandoned")))
    }

    // MARK: ACL data

    @Test func fragmentsAtTheControllersBufferSize() {
        var driver = makeDriver()
        driver.setACLBuffers(packetLength: 27, count: 10)
        driver.openLink(0x40)
        let payload = (0..<60).map { UInt8($0) }
        let actions = driver.send(payload, on: .att, handle: 0x40)
        let fragments = aclSent(actions)
        #expect(fragments.map(\.data.count) == [27, 27, 10])
        #expect(fragments.map(\.packetBoundaryFlag) == [.firstNonFlushable, .continuing, .continuing])
        #expect(fragments.flatMap(\.data) == L2CAPBasicFrame(channelID: .att, payload: payload).encode())
        #expect(actions.last == .transmitted(handle: 0x40, channel: .att), "the PDU's last fragment left")
        #expect(driver.aclCredits == 7)
    }

    @Test func aclCreditsAndRoundRobinAmongConnections() {
        var driver = makeDriver()
        driver.setACLBuffers(packetLength: 4, count: 2)
        driver.openLink(1)
        driver.openLink(2)
        // Handle 1: a 10-byte frame, three fragments; the two credits go to it.
        let first = driver.send([1, 2, 3, 4, 5, 6], on: .att, handle: 1)
        #expect(aclSent(first).map(\.data) == [[6, 0, 4, 0], [1, 2, 3, 4]])
        #expect(driver.aclCredits == 0)
        // Handle 2: queued, no credits.
        #expect(driver.send([9, 9], on: .leSignaling, handle: 2) == [])
        #expect(driver.waitForTransmission(on: 2) != nil)
        // Two credits back on handle 1: handle 2 is served first, then handle 1's last fragment.
        let second = driver.receive(completedPackets([(1, 2)]))
        #expect(aclSent(second).map(\.handle) == [2, 1])
        #expect(aclSent(second).map(\.data) == [[2, 0, 5, 0], [5, 6]])
        #expect(second.contains(.transmitted(handle: 1, channel: .att)))
        // Handle 2's last fragment; then its transmission completes.
        let third = driver.receive(completedPackets([(2, 1)]))
        #expect(aclSent(third).map(\.data) == [[9, 9]])
        #expect(third.contains(.transmitted(handle: 2, channel: .leSignaling)))
        #expect(!third.contains { if case .finishTransmitWait = $0 { true } else { false } }, "still in flight")
        let fourth = driver.receive(completedPackets([(1, 1), (2, 1)]))
        #expect(fourth.contains { if case .finishTransmitWait = $0 { true } else { false } })
        #expect(driver.isTransmitted(1) && driver.isTransmitted(2))
        #expect(driver.aclCredits == 2, "every buffer is back")
    }

    @Test func completedPacketsForAnUnknownHandleAreIgnored() {
        var driver = makeDriver()
        driver.setACLBuffers(packetLength: 27, count: 2)
        driver.openLink(0x40)
        _ = driver.send([1], on: .att, handle: 0x40)
        #expect(driver.aclCredits == 1)
        let actions = driver.receive(completedPackets([(0x99, 3)]))
        #expect(actions == [.log(HostLogLine(.warning, "ignored 3 completed-packet credits for packets never sent", ["handle": "0x0099"]))])
        #expect(driver.aclCredits == 1, "no credit is invented")
    }

    @Test func dataForAClosedOrUnknownLinkIsNotCarried() {
        var driver = makeDriver()
        driver.setACLBuffers(packetLength: 27, count: 1)
        #expect(driver.send([1], on: .att, handle: 0x40) == [], "no link")
        driver.openLink(0x40)
        driver.openLink(0x41)
        _ = driver.send([1], on: .att, handle: 0x40)
        _ = driver.send([2], on: .att, handle: 0x41)
        let wait = driver.registerEventWait(handle: 0x40) { _ in false }
        #expect(driver.beginEventWait(wait) == nil)
        let (command, _) = driver.submitCommand(HCICommandPacket(opcode: .readRSSI), handle: 0x40)
        // The link ends: its waits fail, its buffer comes back and the other link's data goes.
        let error = HostError.disconnected(0x40, reason: .remoteUserTerminatedConnection)
        let actions = driver.closeLink(0x40, error: error)
        #expect(failureCodes(actions) == [wait: .disconnected, command: .disconnected])
        #expect(aclSent(actions).map(\.handle) == [0x41])
        #expect(driver.send([3], on: .att, handle: 0x40) == [])
        #expect(driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [1, 0, 4, 0, 9]))) == [
            .log(HostLogLine(.warning, "dropped ACL data for an unknown connection", ["handle": "0x0040", "bytes": "5"]))
        ])
    }

    // MARK: Reassembly

    @Test func reassemblesFragmentsIntoFrames() {
        var driver = makeDriver()
        driver.openLink(0x40)
        #expect(driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [3, 0, 4, 0, 0x0A]))) == [])
        #expect(driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .continuing, data: [1, 0]))) == [
            .frame(handle: 0x40, L2CAPBasicFrame(channelID: .att, payload: [0x0A, 1, 0]))
        ])
    }

    @Test func reassemblyErrorsAreDroppedAndLogged() {
        var driver = makeDriver(maximumL2CAPPayloadLength: 8)
        driver.openLink(0x40)
        func dropped(_ actions: [Action]) -> [String] {
            actions.compactMap { if case .log(let line) = $0, line.level == .warning { line.message } else { nil } }
        }
        // A continuing fragment with nothing to continue.
        let orphan = driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .continuing, data: [1, 2])))
        #expect(dropped(orphan) == ["dropped L2CAP data: continuing ACL fragment (2 bytes) without a first fragment"])
        // A frame cut short by the next start; the new frame still arrives.
        _ = driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [4, 0, 4, 0, 1])))
        let restart = driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [1, 0, 4, 0, 7])))
        #expect(dropped(restart).count == 1)
        #expect(dropped(restart).first?.hasPrefix("dropped L2CAP data: truncated L2CAP frame") == true)
        #expect(restart.last == .frame(handle: 0x40, L2CAPBasicFrame(channelID: .att, payload: [7])))
        // A Length beyond the largest payload accepted: dropped, and its continuation too.
        let oversized = driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [9, 0, 4, 0, 1])))
        #expect(dropped(oversized) == ["dropped L2CAP data: oversized L2CAP frame: Length 9 exceeds 8"])
        #expect(driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .continuing, data: [1, 2, 3]))) == [])
        // More bytes than Length says.
        let long = driver.receive(.aclData(HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [1, 0, 4, 0, 1, 2])))
        #expect(dropped(long).first?.hasPrefix("dropped L2CAP data: oversized L2CAP frame: 6 bytes") == true)
    }

    @Test func aMalformedEventIsDroppedAndLogged() {
        var driver = makeDriver()
        let actions = driver.receive(.event(HCIEventPacket(eventCode: HCIEventCode(rawValue: 0x0E), parameters: [1])))
        #expect(actions.count == 1)
        if case .log(let line) = actions.first { #expect(line.message == "dropped a malformed HCI event") } else { Issue.record("expected a log line") }
    }

    // MARK: Hardware Error

    @Test func hardwareErrorFailsEveryWaiter() {
        var driver = makeDriver()
        driver.setACLBuffers(packetLength: 27, count: 1)
        driver.openLink(0x40)
        let (sentCommand, _) = driver.submitCommand(HCICommandPacket(opcode: .reset), handle: nil)
        let (queuedCommand, _) = driver.submitCommand(HCICommandPacket(opcode: .readRSSI), handle: 0x40)
        let awaited = driver.registerEventWait(handle: nil) { _ in false }
        #expect(driver.beginEventWait(awaited) == nil)
        let registered = driver.registerEventWait(handle: 0x40) { _ in false }
        _ = driver.send([1], on: .att, handle: 0x40)
        _ = driver.send([2], on: .att, handle: 0x40)
        let transmit = driver.waitForTransmission(on: 0x40)
        #expect(transmit != nil)

        let actions = driver.receive(.event(HCIEvent(HCIHardwareError(hardwareCode: 0x2A)).packet))
        guard case .failed(let error) = actions.last else {
            Issue.record("the driver reports its failure: \(actions)")
            return
        }
        #expect(error.code == .hardwareError)
        #expect(error.message.contains("0x2A"))
        #expect(failureCodes(actions) == [sentCommand: .hardwareError, queuedCommand: .hardwareError, awaited: .hardwareError])
        #expect(actions.contains(.finishTransmitWait(transmit!)))
        #expect(aclSent(actions).isEmpty, "nothing more is carried")

        // Afterwards: a wait registered before fails when awaited; nothing new is accepted.
        #expect(driver.beginEventWait(registered) == .failure(error))
        #expect(driver.submitCommand(HCICommandPacket(opcode: .reset), handle: nil).actions.count == 1)
        #expect(driver.send([3], on: .att, handle: 0x40) == [])
        #expect(driver.waitForTransmission(on: 0x40) == nil)
        #expect(driver.fail(HostError(.notStarted, "stopped")) == [], "failing twice does nothing")
        #expect(driver.receive(.event(HCIEvent(HCIHardwareError(hardwareCode: 1)).packet)) == [])
    }
}
