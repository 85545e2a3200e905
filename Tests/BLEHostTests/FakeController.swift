import BLECore
import BLEHCI
import Synchronization

@testable import BLEHost

/// A scripted controller for host tests: answers commands like a small LE controller, records
/// everything the host sends, and lets a test inject events and ACL data.
final class FakeController: HCITransport, Sendable {
    /// How the fake answers one opcode.
    enum Behaviour: Sendable {
        /// The default answer for the opcode.
        case standard
        /// Never answers.
        case silent
        /// Answers with these events.
        case events(@Sendable (HCICommandPacket) -> [HCIEvent])
    }

    struct State {
        var sent: [HCIPacket] = []
        var behaviours: [HCIOpcode: Behaviour] = [:]
        var credits: UInt8 = 1
        var leBufferSize: (length: UInt16, count: UInt8) = (27, 4)
        var sharedBufferSize: (length: UInt16, count: UInt16) = (64, 5)
        var address = try! DeviceAddress(parsing: "00:11:22:33:44:55")
        var createPending = false
        var isClosed = false
    }

    let packets: AsyncThrowingStream<HCIPacket, any Error>
    private let continuation: AsyncThrowingStream<HCIPacket, any Error>.Continuation
    let state = Mutex(State())

    init() {
        (packets, continuation) = AsyncThrowingStream<HCIPacket, any Error>.makeStream()
    }

    // MARK: HCITransport

    func send(_ packet: HCIPacket) async throws {
        let (closed, behaviour, credits) = state.withLock { state -> (Bool, Behaviour, UInt8) in
            state.sent.append(packet)
            if case .command(let command) = packet {
                return (state.isClosed, state.behaviours[command.opcode] ?? .standard, state.credits)
            }
            return (state.isClosed, .silent, state.credits)
        }
        if closed { throw HostError(.transportClosed, "fake closed") }
        guard case .command(let command) = packet else { return }
        let events: [HCIEvent]
        switch behaviour {
        case .silent: events = []
        case .events(let make): events = make(command)
        case .standard: events = standardAnswer(command, credits: credits)
        }
        for event in events { inject(event) }
    }

    func close() async {
        state.withLock { $0.isClosed = true }
        continuation.finish()
    }

    // MARK: Test controls

    func inject(_ event: HCIEvent) { continuation.yield(.event(event.packet)) }
    func inject(_ event: some HCIEventParameters) { inject(HCIEvent(event)) }
    func inject(_ subevent: some HCILEMetaEventParameters) { inject(HCIEvent(subevent)) }
    func injectRaw(_ packet: HCIPacket) { continuation.yield(packet) }
    func inject(acl: HCIACLDataPacket) { continuation.yield(.aclData(acl)) }
    /// Sends `payload` on `channel` of `handle` as one ACL packet.
    func inject(l2cap payload: [UInt8], channel: L2CAPChannelID, handle: UInt16) {
        inject(acl: HCIACLDataPacket(handle: handle, packetBoundaryFlag: .firstAutomaticallyFlushable, data: L2CAPBasicFrame(channelID: channel, payload: payload).encode()))
    }
    func fail(_ error: any Error) { continuation.finish(throwing: error) }

    func setBehaviour(_ behaviour: Behaviour, for opcode: HCIOpcode) {
        state.withLock { $0.behaviours[opcode] = behaviour }
    }

    var sent: [HCIPacket] { state.withLock { $0.sent } }
    var sentCommands: [HCICommandPacket] {
        sent.compactMap { if case .command(let command) = $0 { command } else { nil } }
    }
    var sentACL: [HCIACLDataPacket] {
        sent.compactMap { if case .aclData(let acl) = $0 { acl } else { nil } }
    }
    func sentCommands(_ opcode: HCIOpcode) -> [HCICommandPacket] { sentCommands.filter { $0.opcode == opcode } }

    /// Polls until `condition` holds (about 5 s of real time at most); returns whether it did.
    @discardableResult
    func waitUntil(_ condition: @Sendable (FakeController) -> Bool) async -> Bool {
        for _ in 0..<5000 {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition(self)
    }

    /// Waits until `opcode` was sent `count` times.
    @discardableResult
    func waitForCommand(_ opcode: HCIOpcode, count: Int = 1) async -> Bool {
        await waitUntil { $0.sentCommands(opcode).count >= count }
    }

    /// The ATT/L2CAP frames the host sent on `handle`, reassembled from its ACL packets.
    func sentFrames(on handle: UInt16) -> [L2CAPBasicFrame] {
        var reassembler = L2CAPReassembler()
        return sentACL.filter { $0.handle == handle }.flatMap { reassembler.receive($0) }.compactMap {
            if case .frame(_, let frame) = $0 { frame } else { nil }
        }
    }

    // MARK: Standard answers

    func complete<C: HCICommandCompleting>(_ type: C.Type, _ parameters: C.ReturnParameters, credits: UInt8) -> HCIEvent {
        HCIEvent(HCICommandComplete(numHCICommandPackets: credits, answering: type, returnParameters: parameters))
    }

    func statusEvent(_ opcode: HCIOpcode, _ status: HCIStatus = .success, credits: UInt8) -> HCIEvent {
        HCIEvent(HCICommandStatus(status: status, numHCICommandPackets: credits, commandOpcode: opcode))
    }

    private func standardAnswer(_ command: HCICommandPacket, credits: UInt8) -> [HCIEvent] {
        let ok = HCIStatusReturnParameters(status: .success)
        let s = state.withLock { $0 }
        switch command.opcode {
        case HCIReset.opcode, HCISetEventMask.opcode, HCILESetEventMask.opcode, HCILESetRandomAddress.opcode,
            HCILESetScanParameters.opcode, HCILESetScanEnable.opcode, HCILESetAdvertisingParameters.opcode,
            HCILESetAdvertisingData.opcode, HCILESetScanResponseData.opcode, HCILESetAdvertisingEnable.opcode:
            return [HCIEvent(HCICommandComplete(numHCICommandPackets: credits, commandOpcode: command.opcode, returnParameters: ok.encode()))]
        case HCIReadLocalVersionInformation.opcode:
            return [complete(HCIReadLocalVersionInformation.self, .init(status: .success, hciVersion: 0x0D, hciSubversion: 1, lmpVersion: 0x0D, companyIdentifier: 0xFFFF, lmpSubversion: 1), credits: credits)]
        case HCIReadLocalSupportedFeatures.opcode:
            return [complete(HCIReadLocalSupportedFeatures.self, .init(status: .success, lmpFeatures: 1 << 38), credits: credits)]
        case HCIReadLocalSupportedCommands.opcode:
            return [complete(HCIReadLocalSupportedCommands.self, .init(status: .success, supportedCommands: [UInt8](repeating: 0xFF, count: 64)), credits: credits)]
        case HCILEReadLocalSupportedFeatures.opcode:
            return [complete(HCILEReadLocalSupportedFeatures.self, .init(status: .success, leFeatures: HCILEFeatures(rawValue: 0)), credits: credits)]
        case HCILEReadBufferSize.opcode:
            return [complete(HCILEReadBufferSize.self, .init(status: .success, leACLDataPacketLength: s.leBufferSize.length, totalNumLEACLDataPackets: s.leBufferSize.count), credits: credits)]
        case HCIReadBufferSize.opcode:
            return [complete(HCIReadBufferSize.self, .init(status: .success, aclDataPacketLength: s.sharedBufferSize.length, synchronousDataPacketLength: 0, totalNumACLDataPackets: s.sharedBufferSize.count, totalNumSynchronousDataPackets: 0), credits: credits)]
        case HCIReadBDADDR.opcode:
            return [complete(HCIReadBDADDR.self, .init(status: .success, bdADDR: s.address), credits: credits)]
        case HCIReadRSSI.opcode:
            let handle = (try? HCIReadRSSI(packet: command))?.handle ?? 0
            return [complete(HCIReadRSSI.self, .init(status: .success, handle: handle, rssi: -42), credits: credits)]
        case HCILESetDataLength.opcode:
            let handle = (try? HCILESetDataLength(packet: command))?.connectionHandle ?? 0
            return [complete(HCILESetDataLength.self, .init(status: .success, connectionHandle: handle), credits: credits)]
        case HCILECreateConnection.opcode:
            state.withLock { $0.createPending = true }
            return [statusEvent(command.opcode, credits: credits)]
        case HCILECreateConnectionCancel.opcode:
            let pending = state.withLock { state -> Bool in
                defer { state.createPending = false }
                return state.createPending
            }
            guard pending else {
                return [complete(HCILECreateConnectionCancel.self, .init(status: .commandDisallowed), credits: credits)]
            }
            return [
                complete(HCILECreateConnectionCancel.self, ok, credits: credits),
                HCIEvent(Self.connectionComplete(status: .unknownConnectionIdentifier, handle: 0, role: .central)),
            ]
        case HCIDisconnect.opcode:
            guard let disconnect = try? HCIDisconnect(packet: command) else { return [] }
            return [
                statusEvent(command.opcode, credits: credits),
                HCIEvent(HCIDisconnectionComplete(connectionHandle: disconnect.connectionHandle, reason: .connectionTerminatedByLocalHost)),
            ]
        case HCILEConnectionUpdate.opcode:
            guard let update = try? HCILEConnectionUpdate(packet: command) else { return [] }
            return [
                statusEvent(command.opcode, credits: credits),
                HCIEvent(HCILEConnectionUpdateComplete(
                    status: .success, connectionHandle: update.connectionHandle, connectionInterval: update.connectionIntervalMax,
                    peripheralLatency: update.maxLatency, supervisionTimeout: update.supervisionTimeout
                )),
            ]
        case HCILESetPHY.opcode:
            guard let phy = try? HCILESetPHY(packet: command) else { return [] }
            return [
                statusEvent(command.opcode, credits: credits),
                HCIEvent(HCILEPHYUpdateComplete(status: .success, connectionHandle: phy.connectionHandle, txPHY: .le2M, rxPHY: .le2M)),
            ]
        default:
            return [HCIEvent(HCICommandComplete(numHCICommandPackets: credits, commandOpcode: command.opcode, returnParameters: [HCIStatus.unknownHCICommand.rawValue]))]
        }
    }

    /// An LE Connection Complete.
    static func connectionComplete(
        status: HCIStatus = .success,
        handle: UInt16,
        role: HCIRole,
        address: DeviceAddress = try! DeviceAddress(parsing: "C0:FF:EE:00:00:01", isRandom: true)
    ) -> HCILEConnectionComplete {
        HCILEConnectionComplete(
            status: status, connectionHandle: handle, role: role, peerAddressType: address.hciAddressType, peerAddress: address,
            connectionInterval: 24, peripheralLatency: 0, supervisionTimeout: 400, centralClockAccuracy: 0
        )
    }
}
