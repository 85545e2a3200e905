import BLECore
import BLEGATT
import BLEHCI
import Synchronization

/// What is known about a connection now: its parameters, data length and PHY, and whether it ended.
public struct HostConnectionState: Sendable, Hashable {
    /// Connection_Interval (× 1.25 ms).
    public var interval: UInt16
    /// Peripheral_Latency.
    public var latency: UInt16
    /// Supervision_Timeout (× 10 ms).
    public var supervisionTimeout: UInt16
    /// The largest LL payload sent, after an LE Data Length Change (27 before).
    public var maxTXOctets: UInt16 = 27
    /// The largest LL payload received, after an LE Data Length Change (27 before).
    public var maxRXOctets: UInt16 = 27
    /// The transmitter PHY (LE 1M until an LE PHY Update Complete).
    public var txPHY: HCILEPHY = .le1M
    /// The receiver PHY (LE 1M until an LE PHY Update Complete).
    public var rxPHY: HCILEPHY = .le1M
    /// How secure the link is: encrypted or not, with what key, bonded or not.
    public var security: LinkSecurity = .open
    /// Why the connection ended, once it has.
    public var disconnection: HostError?

    /// Creates a state.
    public init(interval: UInt16, latency: UInt16, supervisionTimeout: UInt16) {
        self.interval = interval
        self.latency = latency
        self.supervisionTimeout = supervisionTimeout
    }

    /// The connection interval as a duration.
    public var intervalDuration: Duration { HCITimeUnit.connectionInterval.duration(interval) }
    /// Whether the connection is still up.
    public var isConnected: Bool { disconnection == nil }
}

/// One LE connection of a ``BLEHost``: its peer, its role, its ATT bearer with a GATT client, and
/// the operations on the link.
///
/// Every operation fails at once with ``HostError/Code/disconnected`` when the link ends, by
/// either side or because the controller failed; ``states`` then yields the final state and
/// finishes.
public final class HostConnection: Sendable, CustomStringConvertible {
    /// Connection_Handle.
    public let handle: UInt16
    /// The peer's address.
    public let address: DeviceAddress
    /// The peer's address type as the controller reported it.
    public let addressType: HCIAddressType
    /// The local role: central (we connected) or peripheral (we accepted).
    public let role: HCIRole
    /// The ATT bearer on L2CAP channel 0x0004.
    public let bearer: ATTBearer
    /// The GATT client over ``bearer``.
    public let gattClient: GATTClient
    /// Every change of ``state``, ending with the disconnected state (single consumer).
    public let states: AsyncStream<HostConnectionState>

    private let host: BLEHost
    private let stateContinuation: AsyncStream<HostConnectionState>.Continuation
    private let mutableState: Mutex<(state: HostConnectionState, waiters: [CheckedContinuation<HostError, Never>])>

    init(
        handle: UInt16,
        address: DeviceAddress,
        addressType: HCIAddressType,
        role: HCIRole,
        bearer: ATTBearer,
        gattClient: GATTClient,
        initialState: HostConnectionState,
        host: BLEHost
    ) {
        self.handle = handle
        self.address = address
        self.addressType = addressType
        self.role = role
        self.bearer = bearer
        self.gattClient = gattClient
        self.host = host
        let (stream, continuation) = AsyncStream<HostConnectionState>.makeStream(bufferingPolicy: .bufferingNewest(32))
        states = stream
        stateContinuation = continuation
        mutableState = Mutex((initialState, []))
    }

    /// The connection's current state.
    public var state: HostConnectionState { mutableState.withLock { $0.state } }

    /// Whether the link is still up.
    public var isConnected: Bool { state.isConnected }

    /// `connection 0x0040 to 5C:31:3E:F2:16:13 (central)`.
    public var description: String { "connection \(HostFormat.hex(handle)) to \(address) (\(role))" }

    // MARK: Operations

    /// Ends the connection (HCI_Disconnect, Core 5.4, Vol 4, Part E, 7.1.6) and returns once the
    /// controller reports it ended.
    ///
    /// What was sent on the connection before (Write Commands, notifications, the last keys of a
    /// pairing) is handed to the controller first (up to 2 s), so the command cannot overtake it.
    public func disconnect(reason: HCIStatus = .remoteUserTerminatedConnection) async throws(HostError) {
        try await host.disconnect(handle, reason: reason)
    }

    /// Returns once everything queued on this connection (Write Commands, notifications) has
    /// been handed to the controller and the controller reported it transmitted (Number Of
    /// Completed Packets), or the connection ended. Call it before disconnecting to be sure
    /// unacknowledged PDUs left.
    public func waitUntilTransmitted() async {
        await host.waitUntilTransmitted(handle)
    }

    /// The received signal strength in dBm (HCI_Read_RSSI, 7.5.4), or nil when not available.
    public func readRSSI() async throws(HostError) -> Int? {
        try await host.readRSSI(handle)
    }

    /// Asks for new connection parameters and returns the state once they apply: as central with
    /// HCI_LE_Connection_Update (7.8.18), as peripheral with an L2CAP Connection Parameter Update
    /// Request (Vol 3, Part A, 4.20), which the central may reject (``HostError/Code/rejected``).
    @discardableResult
    public func updateParameters(_ parameters: ConnectionParameters) async throws(HostError) -> HostConnectionState {
        try await host.updateParameters(handle, parameters)
    }

    /// Suggests the largest LL payload and time (HCI_LE_Set_Data_Length, 7.8.33); the outcome
    /// arrives later as a ``states`` update.
    public func setDataLength(txOctets: UInt16, txTime: UInt16) async throws(HostError) {
        try await host.setDataLength(handle, txOctets: txOctets, txTime: txTime)
    }

    /// Asks for PHYs (HCI_LE_Set_PHY, 7.8.49) and returns the state once LE PHY Update Complete arrives.
    @discardableResult
    public func setPHY(tx: HCILEPHYs, rx: HCILEPHYs) async throws(HostError) -> HostConnectionState {
        try await host.setPHY(handle, tx: tx, rx: rx)
    }

    /// How secure the link is now.
    public var security: LinkSecurity { state.security }

    /// Pairs with the peer (Core 5.4, Vol 3, Part H, 2.3) and returns what the pairing made; the
    /// link is encrypted with the new key and, when both sides bond, the bond is in the host's
    /// ``BondStore``.
    ///
    /// As central this sends the Pairing Request with the host's ``SMPPairingPolicy``. As
    /// peripheral it sends a Security Request and waits for the central to pair (or to encrypt
    /// with a bond it already has: the outcome is then nil). The host's ``PairingAgent`` is asked
    /// for passkeys and confirmations. Throws ``HostError/Code/pairingFailed`` with the reason
    /// when the pairing fails, ``HostError/Code/disconnected`` when the link ends first.
    @discardableResult
    public func pair() async throws(HostError) -> SMPPairingOutcome? {
        try await host.pair(handle)
    }

    /// Central: encrypts the link with the bond's key (HCI_LE_Enable_Encryption, Core 5.4, Vol 4,
    /// Part E, 7.8.24) and returns the new security. Throws ``HostError/Code/notBonded`` without a
    /// bond with this peer, ``HostError/Code/keyMissing`` when the peer lost its key.
    @discardableResult
    public func encrypt() async throws(HostError) -> LinkSecurity {
        try await host.encrypt(handle)
    }

    /// Encrypts with the bond when there is one, else pairs: what a client does when a server
    /// answers Insufficient Authentication or Insufficient Encryption. Returns the new security.
    @discardableResult
    public func secure() async throws(HostError) -> LinkSecurity {
        try await host.secure(handle)
    }

    /// Returns why the connection ended, waiting until it does.
    public func waitUntilDisconnected() async -> HostError {
        await withCheckedContinuation { (continuation: CheckedContinuation<HostError, Never>) in
            let ended = mutableState.withLock { state -> HostError? in
                if let error = state.state.disconnection { return error }
                state.waiters.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    // MARK: Host side

    /// Applies a change reported by the controller.
    func update(_ change: (inout HostConnectionState) -> Void) {
        let snapshot = mutableState.withLock { state -> HostConnectionState? in
            guard state.state.isConnected else { return nil }
            change(&state.state)
            return state.state
        }
        if let snapshot { stateContinuation.yield(snapshot) }
    }

    /// Marks the connection ended; wakes every waiter.
    func markDisconnected(_ error: HostError) {
        let (snapshot, waiters) = mutableState.withLock { state -> (HostConnectionState?, [CheckedContinuation<HostError, Never>]) in
            guard state.state.isConnected else { return (nil, []) }
            state.state.disconnection = error
            defer { state.waiters = [] }
            return (state.state, state.waiters)
        }
        guard let snapshot else { return }
        stateContinuation.yield(snapshot)
        stateContinuation.finish()
        for waiter in waiters { waiter.resume(returning: error) }
    }
}
