import BLECore
import BLEHCI
import Logging

/// The host's state for one connection.
struct ConnectionRecord: Sendable {
    let connection: HostConnection
    let transport: ConnectionATTTransport
    var signaling: L2CAPLESignalingChannel
    var signalingWaiters: [UInt8: CheckedContinuation<Result<Bool, HostError>, Never>] = [:]
    let smp = SMPChannel()
}

extension BLEHost {
    // MARK: Inbound ACL

    /// Reassembles one ACL packet and dispatches the complete frames by channel.
    func receiveACL(_ packet: HCIACLDataPacket) async {
        guard connectionRecords[packet.handle] != nil else {
            logger.warning("dropped ACL data for an unknown connection", metadata: ["handle": "\(HostFormat.hex(packet.handle))", "bytes": "\(packet.data.count)"])
            return
        }
        for output in reassembler.receive(packet) {
            switch output {
            case .dropped(let handle, let reason):
                logger.warning("dropped L2CAP data: \(reason)", metadata: ["handle": "\(HostFormat.hex(handle))"])
            case .frame(let handle, let frame):
                await dispatch(frame, on: handle)
            }
        }
    }

    private func dispatch(_ frame: L2CAPBasicFrame, on handle: UInt16) async {
        guard let record = connectionRecords[handle] else { return }
        switch frame.channelID {
        case .att:
            await record.connection.bearer.receive(frame.payload)
        case .leSignaling:
            let actions = connectionRecords[handle]!.signaling.receive(frame.payload)
            perform(actions, on: handle)
        case .securityManager:
            if let answer = record.smp.receive(frame.payload) {
                logger.info("answered an SMP request with Pairing Failed (Pairing Not Supported)", metadata: ["handle": "\(HostFormat.hex(handle))"])
                enqueue(OutboundPDU(handle: handle, channel: .securityManager, payload: answer))
            } else {
                logger.debug("ignored an SMP PDU", metadata: ["handle": "\(HostFormat.hex(handle))", "pdu": "\(HostFormat.bytes(frame.payload))"])
            }
        default:
            logger.warning("dropped an L2CAP frame on an unsupported channel", metadata: ["handle": "\(HostFormat.hex(handle))", "channel": "\(frame.channelID)"])
        }
    }

    private func perform(_ actions: [L2CAPLESignalingChannel.Action], on handle: UInt16) {
        for action in actions {
            switch action {
            case .send(let payload):
                enqueue(OutboundPDU(handle: handle, channel: .leSignaling, payload: payload))
            case .updateConnection(let parameters):
                logger.info("accepted a connection parameter update request: \(parameters)", metadata: ["handle": "\(HostFormat.hex(handle))"])
                Task {
                    do {
                        try await self.connectionUpdate(handle, parameters)
                    } catch {
                        self.logger.warning("the accepted connection parameter update failed", metadata: ["error": "\(error)"])
                    }
                }
            case .requestAnswered(let identifier, let accepted):
                connectionRecords[handle]?.signalingWaiters.removeValue(forKey: identifier)?.resume(returning: .success(accepted))
            case .log(let line):
                logger.info("L2CAP signaling: \(line)", metadata: ["handle": "\(HostFormat.hex(handle))"])
            }
        }
    }

    // MARK: Outbound ACL

    /// Queues one L2CAP payload for its connection and sends what the credits allow.
    func enqueue(_ pdu: OutboundPDU) {
        guard connectionRecords[pdu.handle] != nil, scheduler != nil else { return }
        guard pdu.payload.count <= 0xFFFF else {
            logger.error("dropped an outbound L2CAP payload longer than 65535 bytes", metadata: ["handle": "\(HostFormat.hex(pdu.handle))"])
            return
        }
        let frame = L2CAPBasicFrame(channelID: pdu.channel, payload: pdu.payload).encode()
        scheduler!.enqueue(frame, channel: pdu.channel.rawValue, on: pdu.handle)
        pumpACL()
    }

    /// Hands the controller every fragment the credits allow, round-robin among connections.
    func pumpACL() {
        guard scheduler != nil else { return }
        for output in scheduler!.nextPackets() {
            writer.yield(.aclData(output.packet))
            if output.completedChannel == L2CAPChannelID.att.rawValue {
                connectionRecords[output.packet.handle]?.transport.didTransmit()
            }
        }
        resumeTransmitWaiters()
    }

    /// Waits until everything queued on `handle` has been sent and the controller reported it
    /// transmitted (Number Of Completed Packets), or the connection or host ended.
    func waitUntilTransmitted(_ handle: UInt16) async {
        guard !isTransmitted(handle) else { return }
        await withCheckedContinuation { continuation in
            transmitWaiters[handle, default: []].append(continuation)
        }
    }

    /// Whether `handle` has nothing queued and nothing in flight (or is gone).
    private func isTransmitted(_ handle: UInt16) -> Bool {
        guard let scheduler, connectionRecords[handle] != nil else { return true }
        return scheduler.queuedPDUCount(on: handle) == 0 && (scheduler.inFlight[handle] ?? 0) == 0
    }

    /// Resumes the transmit waiters whose connection is done sending (or gone).
    func resumeTransmitWaiters() {
        for handle in transmitWaiters.keys where isTransmitted(handle) {
            for waiter in transmitWaiters.removeValue(forKey: handle) ?? [] { waiter.resume() }
        }
    }
}
