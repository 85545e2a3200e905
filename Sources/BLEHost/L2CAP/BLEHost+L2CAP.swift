import BLECore
import BLEGATT
import BLEHCI
import Logging

extension BLEHost {
    // MARK: L2CAP layer adapter

    /// Opens the fixed channels of a new connection (its ATT bearer was made by
    /// ``makeATTBearer(handle:)``).
    func openChannels(_ handle: UInt16, role: HCIRole, attTransport: ConnectionATTTransport, bearer: ATTBearer) {
        channels.open(handle, role: role, attTransport: attTransport, bearer: bearer)
    }

    /// Makes the ATT bearer of a new connection, over the L2CAP layer's outbound stream.
    func makeATTBearer(handle: UInt16) -> (transport: ConnectionATTTransport, bearer: ATTBearer) {
        channels.makeATTBearer(handle: handle)
    }

    /// Closes a connection's fixed channels: pending signaling requests fail with `error`, the ATT
    /// bearer closes.
    func closeChannels(_ handle: UInt16, error: HostError) {
        channels.close(handle, error: error)
    }

    /// Takes one reassembled basic frame of connection `handle` and runs what its channel asks.
    func receive(_ frame: L2CAPBasicFrame, on handle: UInt16) async {
        for action in channels.receive(frame, on: handle) {
            switch action {
            case .att(let bearer, let payload):
                await bearer.receive(payload)
            case .securityManager(let payload):
                await receiveSecurityManager(payload, on: handle)
            case .send(let channel, let payload):
                sendACL(payload, on: channel, handle: handle)
            case .updateConnection(let parameters):
                Task {
                    do {
                        try await self.connectionUpdate(handle, parameters)
                    } catch {
                        self.logger.warning("the accepted connection parameter update failed", metadata: ["error": "\(error)"])
                    }
                }
            case .log(let line):
                logger.log(line, handle: handle)
            }
        }
    }

    /// Returns once the GATT server has handled every request and command received so far on
    /// every connection (``ATTBearer/waitUntilServed()``): before a device stops, so that a
    /// Write Command its host already took is applied, not lost.
    public func waitUntilServed() async {
        for bearer in channels.bearers { await bearer.waitUntilServed() }
    }

    /// The last fragment of a PDU on `channel` left for the controller.
    func didTransmit(on channel: L2CAPChannelID, handle: UInt16) {
        channels.didTransmit(on: channel, handle: handle)
    }

    /// Sends an L2CAP Connection Parameter Update Request (peripheral, Core 5.4, Vol 3, Part A,
    /// 4.20); returns its identifier for ``parameterUpdateResponse(_:on:)``, which must be
    /// awaited before the actor is left.
    func sendParameterUpdateRequest(_ parameters: ConnectionParameters, on handle: UInt16) throws(HostError) -> UInt8 {
        let (identifier, payload) = try channels.requestParameterUpdate(parameters, on: handle)
        sendACL(payload, on: .leSignaling, handle: handle)
        return identifier
    }

    /// Waits for the central's answer to request `identifier`: whether it accepted the parameters.
    /// Fails when the connection ends or ``parameterUpdateRequestTimedOut(_:on:error:)`` gives up.
    func parameterUpdateResponse(_ identifier: UInt8, on handle: UInt16) async -> Result<Bool, HostError> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bool, HostError>, Never>) in
            channels.awaitResponse(on: handle, identifier: identifier, continuation: continuation)
        }
    }

    /// The RTX timer (Vol 3, Part A, 6.2.1) of request `identifier` fired: its wait fails with
    /// `error`. Returns false when the central had answered already.
    func parameterUpdateRequestTimedOut(_ identifier: UInt8, on handle: UInt16, error: HostError) -> Bool {
        channels.requestTimedOut(on: handle, identifier: identifier, error: error)
    }
}
