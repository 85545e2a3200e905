import BLECore
import BLEGATT
import BLEHCI

/// The L2CAP LE fixed channels of every connection: the host's L2CAP layer.
///
/// Core 5.4, Vol 3, Part A, 2.1 and 3.1: on LE every connection has fixed channels, each carrying
/// basic frames of one protocol:
/// - 0x0004 ATT: handed to the connection's ``ATTBearer``; its PDUs go out through a
///   ``ConnectionATTTransport`` on this layer's outbound stream (``outbound``).
/// - 0x0005 LE signaling (Part A, 4): ``L2CAPLESignalingChannel``, connection parameter update
///   request and response, Command Reject.
/// - 0x0006 Security Manager (Part H, 3): handed to the Security Manager beside this layer
///   (`SMP/`), as ATT PDUs are handed to the bearer.
///
/// The layer owns the per-connection channel state and nothing else: frames come in from the
/// controller driver and payloads go out to it through the adapter, as ``Action``s.
struct L2CAPFixedChannels {
    /// What the adapter does after a frame, in order.
    enum Action: Sendable {
        /// Hand an ATT PDU to the connection's bearer.
        case att(ATTBearer, [UInt8])
        /// Hand an SMP PDU to the Security Manager.
        case securityManager([UInt8])
        /// Send a payload on a fixed channel of the connection.
        case send(L2CAPChannelID, [UInt8])
        /// The local central accepted the peer's connection parameters: apply them
        /// (HCI_LE_Connection_Update).
        case updateConnection(ConnectionParameters)
        /// A line for the log.
        case log(HostLogLine)
    }

    /// One connection's fixed channels.
    private struct Channels {
        /// ATT (0x0004): the bearer and its link.
        let attTransport: ConnectionATTTransport
        let bearer: ATTBearer
        /// LE signaling (0x0005), and the local requests waiting for their response.
        var signaling: L2CAPLESignalingChannel
        var signalingWaiters: [UInt8: CheckedContinuation<Result<Bool, HostError>, Never>] = [:]
    }

    /// The payloads the ATT transports queue, in order; the adapter hands them to the driver.
    let outbound = AsyncFIFO<OutboundPDU>()
    private let clock: any Clock<Duration>
    private let policy: ConnectionParameterPolicy
    private let preferredATTMTU: UInt16
    private let attTransactionTimeout: Duration
    private let sendQueueLimit: Int
    private var connections: [UInt16: Channels] = [:]

    /// Creates the layer with the host's configuration (ATT bearer settings, parameter update
    /// policy, send queue limit).
    init(configuration: BLEHost.Configuration, clock: any Clock<Duration>) {
        self.clock = clock
        policy = configuration.connectionParameterPolicy
        preferredATTMTU = configuration.preferredATTMTU
        attTransactionTimeout = configuration.attTransactionTimeout
        sendQueueLimit = configuration.sendQueueLimit
    }

    // MARK: Connections

    /// Makes the ATT channel's endpoint for connection `handle`: a bearer over a transport on
    /// this layer's outbound stream. Nothing is routed to it before ``open(_:role:attTransport:bearer:)``.
    func makeATTBearer(handle: UInt16) -> (transport: ConnectionATTTransport, bearer: ATTBearer) {
        let transport = ConnectionATTTransport(handle: handle, outbox: outbound, limit: sendQueueLimit)
        let bearer = ATTBearer(
            transport: transport, clock: clock,
            preferredMTU: preferredATTMTU, transactionTimeout: attTransactionTimeout
        )
        return (transport, bearer)
    }

    /// Opens the fixed channels of a new connection where the local device has `role`.
    mutating func open(_ handle: UInt16, role: HCIRole, attTransport: ConnectionATTTransport, bearer: ATTBearer) {
        connections[handle] = Channels(
            attTransport: attTransport, bearer: bearer,
            signaling: L2CAPLESignalingChannel(role: role, policy: policy)
        )
    }

    /// The ATT channel's link on connection `handle`, while it is open.
    func attTransport(on handle: UInt16) -> ConnectionATTTransport? {
        connections[handle]?.attTransport
    }

    /// Closes a connection's channels: its signaling requests fail with `error`, its ATT transport
    /// drops later PDUs and its bearer closes.
    mutating func close(_ handle: UInt16, error: HostError) {
        guard let channels = connections.removeValue(forKey: handle) else { return }
        for (_, waiter) in channels.signalingWaiters {
            waiter.resume(returning: .failure(error))
        }
        channels.attTransport.close()
        let bearer = channels.bearer
        let reason = GATTError(.bearerClosed, error.description)
        Task { await bearer.close(reason) }
    }

    /// The ATT bearers of the open connections.
    var bearers: [ATTBearer] { connections.values.map(\.bearer) }

    /// Ends the outbound stream (the host failed or stopped).
    func finish() {
        outbound.finish()
    }

    // MARK: Inbound

    /// Takes one complete basic frame of connection `handle` and dispatches it by channel.
    mutating func receive(_ frame: L2CAPBasicFrame, on handle: UInt16) -> [Action] {
        guard connections[handle] != nil else { return [] }
        switch frame.channelID {
        case .att:
            return [.att(connections[handle]!.bearer, frame.payload)]
        case .leSignaling:
            return receiveSignaling(frame.payload, on: handle)
        case .securityManager:
            return [.securityManager(frame.payload)]
        default:
            return [.log(HostLogLine(.warning, "dropped an L2CAP frame on an unsupported channel", ["channel": "\(frame.channelID)"]))]
        }
    }

    private mutating func receiveSignaling(_ payload: [UInt8], on handle: UInt16) -> [Action] {
        var actions: [Action] = []
        for action in connections[handle]!.signaling.receive(payload) {
            switch action {
            case .send(let payload):
                actions.append(.send(.leSignaling, payload))
            case .updateConnection(let parameters):
                actions.append(.log(HostLogLine(.info, "accepted a connection parameter update request: \(parameters)")))
                actions.append(.updateConnection(parameters))
            case .requestAnswered(let identifier, let accepted):
                connections[handle]?.signalingWaiters.removeValue(forKey: identifier)?.resume(returning: .success(accepted))
            case .log(let line):
                actions.append(.log(HostLogLine(.info, "L2CAP signaling: \(line)")))
            }
        }
        return actions
    }

    // MARK: Outbound

    /// The last fragment of a PDU on `channel` left for the controller: the ATT transport may
    /// take another.
    mutating func didTransmit(on channel: L2CAPChannelID, handle: UInt16) {
        guard channel == .att else { return }
        connections[handle]?.attTransport.didTransmit()
    }

    /// Starts a connection parameter update request (peripheral, Vol 3, Part A, 4.20): returns the
    /// signaling payload to send, and its identifier for ``awaitResponse(on:identifier:continuation:)``.
    mutating func requestParameterUpdate(_ parameters: ConnectionParameters, on handle: UInt16) throws(HostError) -> (identifier: UInt8, payload: [UInt8]) {
        guard connections[handle] != nil else {
            throw HostError(.notConnected, "no connection with this handle; it may have ended", connectionHandle: handle)
        }
        return connections[handle]!.signaling.requestParameterUpdate(parameters)
    }

    /// Resumes `continuation` with whether the peer accepted request `identifier` (or with the
    /// connection's end).
    mutating func awaitResponse(on handle: UInt16, identifier: UInt8, continuation: CheckedContinuation<Result<Bool, HostError>, Never>) {
        guard connections[handle] != nil else {
            continuation.resume(returning: .failure(HostError(.notConnected, "the connection ended", connectionHandle: handle)))
            return
        }
        connections[handle]!.signalingWaiters[identifier] = continuation
    }

    /// The peer did not answer request `identifier` in time: its wait fails with `error`. Returns
    /// whether it was still waiting.
    mutating func requestTimedOut(on handle: UInt16, identifier: UInt8, error: HostError) -> Bool {
        guard let waiter = connections[handle]?.signalingWaiters.removeValue(forKey: identifier) else { return false }
        connections[handle]?.signaling.abandonRequest(identifier)
        waiter.resume(returning: .failure(error))
        return true
    }
}
