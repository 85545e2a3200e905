import BLECore
import BLEHCI
import Testing

/// A raw HCI host for tests: sends commands and ACL packets through any `HCITransport` and
/// waits, with a real-time bound, for the packets the controller sends back.
///
/// Packets nobody waited for are kept in arrival order, so a test can take them later; a wait
/// takes the first kept packet that matches, or the next matching one to arrive.
actor HCITestHost {
    /// A wait that ran out of time.
    struct TimedOut: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting for \(what)" }
    }

    private struct Waiter {
        let id: Int
        let predicate: @Sendable (HCIPacket) -> Bool
        let continuation: CheckedContinuation<HCIPacket, any Error>
    }

    let transport: any HCITransport
    private var kept: [HCIPacket] = []
    private var waiter: Waiter?
    private var nextWaiterID = 0
    private var finished = false
    private var paused = false
    private var resumption: CheckedContinuation<Void, Never>?

    private init(transport: any HCITransport) {
        self.transport = transport
    }

    /// Creates a host reading `transport`'s packets from now on.
    static func start(_ transport: any HCITransport) async -> HCITestHost {
        let host = HCITestHost(transport: transport)
        await host.startReading()
        return host
    }

    private func startReading() {
        let transport = transport
        Task { [weak self] in
            do {
                for try await packet in transport.packets {
                    await self?.arrived(packet)
                    await self?.waitWhilePaused()
                }
            } catch {}
            await self?.ended()
        }
    }

    private func arrived(_ packet: HCIPacket) {
        if let waiter, waiter.predicate(packet) {
            self.waiter = nil
            waiter.continuation.resume(returning: packet)
        } else {
            kept.append(packet)
        }
    }

    private func ended() {
        finished = true
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(throwing: TimedOut(what: "a packet: the transport finished"))
        }
    }

    private func timeOut(_ id: Int, what: String) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(throwing: TimedOut(what: what))
    }

    /// Stops taking packets from the transport (as a host that stopped reading): the reader,
    /// already waiting, takes one more packet, then none until ``resumeReading()``.
    func pauseReading() {
        paused = true
    }

    /// Takes packets from the transport again.
    func resumeReading() {
        paused = false
        resumption?.resume()
        resumption = nil
    }

    private func waitWhilePaused() async {
        guard paused else { return }
        await withCheckedContinuation { resumption = $0 }
    }

    /// The first packet that matches, kept or yet to come, within `timeout` of real time.
    func next(
        _ what: String = "a packet",
        timeout: Duration = .seconds(5),
        where predicate: @escaping @Sendable (HCIPacket) -> Bool
    ) async throws -> HCIPacket {
        if let index = kept.firstIndex(where: predicate) { return kept.remove(at: index) }
        if finished { throw TimedOut(what: "\(what): the transport finished") }
        nextWaiterID += 1
        let id = nextWaiterID
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.timeOut(id, what: what)
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            waiter = Waiter(id: id, predicate: predicate, continuation: continuation)
        }
    }

    /// The next event that `match` turns into a value.
    func nextEvent<T: Sendable>(
        _ what: String,
        timeout: Duration = .seconds(5),
        _ match: @escaping @Sendable (HCIEvent) -> T?
    ) async throws -> T {
        let packet = try await next(what, timeout: timeout) { packet in
            guard case .event(let event) = packet, let decoded = try? HCIEvent(decoding: event) else { return false }
            return match(decoded) != nil
        }
        guard case .event(let event) = packet, let value = match(try HCIEvent(decoding: event)) else {
            throw TimedOut(what: what)
        }
        return value
    }

    /// The next LE Advertising Report's (first) report.
    func nextAdvertisingReport(timeout: Duration = .seconds(5)) async throws -> HCILEAdvertisingReport.Report {
        try await nextEvent("an LE Advertising Report", timeout: timeout) { event in
            if case .leMeta(.advertisingReport(let report)) = event { return report.reports.first }
            return nil
        }
    }

    /// The next ACL packet.
    func nextACL(timeout: Duration = .seconds(5)) async throws -> HCIACLDataPacket {
        let packet = try await next("an ACL packet", timeout: timeout) { packet in
            if case .aclData = packet { return true }
            return false
        }
        guard case .aclData(let data) = packet else { throw TimedOut(what: "an ACL packet") }
        return data
    }

    /// Sends a raw command packet and returns the Command Complete or Command Status answering it.
    func send(_ packet: HCICommandPacket) async throws -> HCIEvent {
        try await transport.send(.command(packet))
        let opcode = packet.opcode
        return try await nextEvent("the answer to \(opcode)") { event -> HCIEvent? in
            switch event {
            case .commandComplete(let complete) where complete.commandOpcode == opcode: event
            case .commandStatus(let status) where status.commandOpcode == opcode: event
            default: nil
            }
        }
    }

    /// Sends a command answered by Command Complete and decodes its return parameters.
    func complete<Command: HCICommandCompleting>(_ command: Command) async throws -> Command.ReturnParameters {
        let event = try await send(command.packet)
        guard case .commandComplete(let complete) = event else {
            Issue.record("\(Command.opcode) answered with \(event), not Command Complete")
            throw TimedOut(what: "Command Complete")
        }
        #expect(complete.numHCICommandPackets == 1)
        return try complete.returnParameters(for: Command.self)
    }

    /// Sends a command answered by Command Status and returns the status.
    func status<Command: HCICommandWithStatus>(_ command: Command) async throws -> HCIStatus {
        let event = try await send(command.packet)
        guard case .commandStatus(let status) = event else {
            Issue.record("\(Command.opcode) answered with \(event), not Command Status")
            throw TimedOut(what: "Command Status")
        }
        #expect(status.numHCICommandPackets == 1)
        return status.status
    }

    /// Sends an ACL packet.
    func sendACL(handle: UInt16, _ data: [UInt8], flag: HCIACLDataPacket.PacketBoundaryFlag = .firstNonFlushable) async throws {
        try await transport.send(.aclData(HCIACLDataPacket(handle: handle, packetBoundaryFlag: flag, data: data)))
    }

    /// Takes every kept packet.
    func takeKept() -> [HCIPacket] {
        defer { kept = [] }
        return kept
    }

    /// Resets the controller and unmasks the events an LE host uses (legacy LE Connection
    /// Complete, not the enhanced ones).
    func powerOn(leEventMask: HCILEEventMask = HCITestHost.legacyLEEvents) async throws {
        #expect(try await complete(HCIReset()).status == .success)
        #expect(try await complete(HCISetEventMask(eventMask: .leHost)).status == .success)
        #expect(try await complete(HCILESetEventMask(leEventMask: leEventMask)).status == .success)
    }

    /// The LE events of a Bluetooth 4.x-style host.
    static let legacyLEEvents: HCILEEventMask = [
        .connectionComplete, .advertisingReport, .connectionUpdateComplete, .readRemoteFeaturesComplete,
        .dataLengthChange, .phyUpdateComplete,
    ]
}
