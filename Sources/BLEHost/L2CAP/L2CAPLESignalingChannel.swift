import BLEHCI

/// The LE signaling channel (CID 0x0005) of one connection, without I/O.
///
/// Core 5.4, Vol 3, Part A, 4: as central, answers L2CAP_CONNECTION_PARAMETER_UPDATE_REQ per the
/// ``ConnectionParameterPolicy`` (and asks the adapter to run HCI_LE_Connection_Update when it
/// accepts); as peripheral, sends that request and matches its response. Every other command is
/// answered with L2CAP_COMMAND_REJECT_RSP, reason Command not understood (0x0000); responses
/// nothing waits for are ignored (never rejected, so two hosts cannot loop).
struct L2CAPLESignalingChannel: Sendable {
    /// What the adapter must do.
    enum Action: Sendable, Hashable {
        /// Send this signaling payload on CID 0x0005.
        case send([UInt8])
        /// Accepted as central: run HCI_LE_Connection_Update with these parameters.
        case updateConnection(ConnectionParameters)
        /// The answer to our own request (identifier), accepted or not.
        case requestAnswered(identifier: UInt8, accepted: Bool)
        /// Something was ignored or rejected; a line for the log.
        case log(String)
    }

    /// The local role on the connection.
    let role: HCIRole
    /// The policy applied to update requests received as central.
    let policy: ConnectionParameterPolicy
    private var lastIdentifier: UInt8 = 0
    private var pendingRequests: Set<UInt8> = []

    /// Creates the channel for a connection where the local device has `role`.
    init(role: HCIRole, policy: ConnectionParameterPolicy) {
        self.role = role
        self.policy = policy
    }

    /// Builds a connection parameter update request (peripheral); returns its identifier and payload.
    mutating func requestParameterUpdate(_ parameters: ConnectionParameters) -> (identifier: UInt8, payload: [UInt8]) {
        lastIdentifier = lastIdentifier == 0xFF ? 1 : lastIdentifier + 1
        pendingRequests.insert(lastIdentifier)
        let request = L2CAPConnectionParameterUpdateRequest(
            intervalMin: parameters.intervalMin, intervalMax: parameters.intervalMax,
            peripheralLatency: parameters.latency, timeoutMultiplier: parameters.supervisionTimeout
        )
        let packet = L2CAPSignalingPacket(code: L2CAPConnectionParameterUpdateRequest.code, identifier: lastIdentifier, data: request.encode())
        return (lastIdentifier, packet.encode())
    }

    /// Forgets a request the adapter stopped waiting for.
    mutating func abandonRequest(_ identifier: UInt8) {
        pendingRequests.remove(identifier)
    }

    /// Takes one signaling payload from the peer.
    mutating func receive(_ payload: [UInt8]) -> [Action] {
        let packet: L2CAPSignalingPacket
        do {
            packet = try L2CAPSignalingPacket(decoding: payload)
        } catch {
            // A command we cannot parse: reject it if we can read its identifier.
            if payload.count >= 2, payload[1] != 0, !L2CAPSignalingPacket.Code(rawValue: payload[0]).isResponse {
                return [.send(reject(identifier: payload[1])), .log("rejected malformed signaling packet: \(error.message)")]
            }
            return [.log("dropped malformed signaling packet: \(error.message)")]
        }
        guard packet.identifier != 0 else {
            return [.log("dropped \(packet.code) with the invalid identifier 0x00")]
        }
        switch packet.code {
        case L2CAPConnectionParameterUpdateRequest.code where role == .central:
            let request: L2CAPConnectionParameterUpdateRequest
            do {
                request = try L2CAPConnectionParameterUpdateRequest(data: packet.data)
            } catch {
                return [.send(reject(identifier: packet.identifier)), .log("rejected \(packet.code): \(error.message)")]
            }
            let parameters = request.parameters
            let accepted = policy.accepts(parameters)
            let response = L2CAPSignalingPacket(
                code: L2CAPConnectionParameterUpdateResponse.code, identifier: packet.identifier,
                data: L2CAPConnectionParameterUpdateResponse(accepted: accepted).encode()
            )
            var actions: [Action] = [.send(response.encode())]
            if accepted {
                actions.append(.updateConnection(parameters))
            } else {
                actions.append(.log("rejected connection parameter update request: \(parameters)"))
            }
            return actions
        case L2CAPConnectionParameterUpdateResponse.code where role == .peripheral:
            guard pendingRequests.remove(packet.identifier) != nil else {
                return [.log("ignored \(packet.code) with identifier \(packet.identifier): no request pending")]
            }
            guard let response = try? L2CAPConnectionParameterUpdateResponse(data: packet.data) else {
                return [.requestAnswered(identifier: packet.identifier, accepted: false), .log("malformed \(packet.code)")]
            }
            return [.requestAnswered(identifier: packet.identifier, accepted: response.isAccepted)]
        case L2CAPCommandReject.code:
            if pendingRequests.remove(packet.identifier) != nil {
                return [.requestAnswered(identifier: packet.identifier, accepted: false), .log("the peer rejected our signaling request \(packet.identifier)")]
            }
            return [.log("ignored Command Reject with identifier \(packet.identifier)")]
        default:
            if packet.code.isResponse {
                return [.log("ignored unexpected \(packet.code)")]
            }
            return [.send(reject(identifier: packet.identifier)), .log("rejected \(packet.code): command not understood")]
        }
    }

    private func reject(identifier: UInt8) -> [UInt8] {
        L2CAPSignalingPacket(
            code: L2CAPCommandReject.code, identifier: identifier,
            data: L2CAPCommandReject(reason: .commandNotUnderstood).encode()
        ).encode()
    }
}
