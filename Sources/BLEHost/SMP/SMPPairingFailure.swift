extension SMPAuthenticationRequirements {
    /// Every bit we set.
    static let all: SMPAuthenticationRequirements = [.bonding, .mitm, .secureConnections, .keypress, .ct2]
    /// Every bit but bonding: a responder answers "no bonding" to a peer that does not bond.
    static let notBonding: SMPAuthenticationRequirements = [.mitm, .secureConnections, .keypress, .ct2]
}

/// Why a pairing ended without keys.
public struct SMPPairingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Who ended it.
    public enum Origin: Sendable, Hashable {
        /// We sent Pairing Failed.
        case local
        /// The peer sent Pairing Failed.
        case peer
        /// Nothing moved within the SMP timeout (30 s in the spec).
        case timeout
        /// The link could not be encrypted with the new key.
        case encryption
    }

    /// The Pairing Failed reason (sent or received).
    public var reason: SMPPairingFailed.Reason
    /// Who ended it.
    public var origin: Origin

    /// Creates a failure.
    public init(reason: SMPPairingFailed.Reason, origin: Origin) {
        self.reason = reason
        self.origin = origin
    }

    /// `the peer refused: Pairing Not Supported (0x05)…`.
    public var description: String {
        switch origin {
        case .local: "pairing failed here: \(reason)"
        case .peer: "the peer ended the pairing: \(reason)"
        case .timeout: "pairing timed out: nothing moved within the SMP timeout"
        case .encryption: "the link could not be encrypted with the new key"
        }
    }
}
