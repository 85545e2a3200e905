import BLECore

/// The Security Manager's state: each connection's pairing and security, and the peers that
/// must wait before pairing again.
struct SecurityManagerState {
    /// Per connection, by Connection_Handle.
    var links: [UInt16: SecurityLink] = [:]
    /// Peers whose last pairings failed, with how many failed in a row (Part H, 2.3.6).
    var failedAttempts: [DeviceAddress: Int] = [:]
    /// Peers that must wait before their next Pairing Request is accepted.
    var waitingPeers: Set<DeviceAddress> = []
    /// Completed pairings whose bonds are being kept, by number: stopping the host waits for
    /// them, so a bond is never lost to a link (or a process) that ends right after pairing.
    var completions: [Int: Task<Void, Never>] = [:]
    /// The number of the next completion.
    var nextCompletion = 0
}

/// One connection's security: the pairing in progress, the link's state and who waits for it.
struct SecurityLink {
    /// The peer's address on this connection.
    var peer: DeviceAddress
    /// Our address on this connection.
    var local: DeviceAddress
    /// The local role.
    var isCentral: Bool
    /// The pairing in progress, if any.
    var pairing: SMPPairing?
    /// A Pairing Request waits for the agent's decision.
    var isDecidingOnRequest = false
    /// The SMP timer of the pairing (Part H, 3.4).
    var timer: Task<Void, Never>?
    /// The SMP timer expired: no SMP command may be sent on this connection any more.
    var isSMPClosed = false
    /// What the link's security becomes when the encryption now starting succeeds.
    var pendingSecurity: LinkSecurity?
    /// The securing (encryption with the bond, or pairing) a request asked for and that is under
    /// way: every other request that needs it waits for this one instead of starting its own
    /// (a second HCI_LE_Enable_Encryption meanwhile is Command Disallowed).
    var securing: Task<LinkSecurity, any Error>?
    /// Callers of `pair()` waiting for the pairing (or, as peripheral, an encryption) to end.
    var pairWaiters: [CheckedContinuation<Result<SMPPairingOutcome?, HostError>, Never>] = []
}

extension SecurityManagerState {
    /// Whether the peer must wait before pairing again, after failed attempts.
    func isWaiting(_ peer: DeviceAddress) -> Bool {
        waitingPeers.contains(peer)
    }

    /// How long the peer waits after `failures` failed pairings in a row: 2, 4, 8 … 64 s.
    static func waitingInterval(afterFailures failures: Int) -> Duration {
        .seconds(1 << min(max(failures, 1), 6))
    }
}
