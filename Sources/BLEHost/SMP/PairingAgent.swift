import BLECore

/// The application's part in pairing: deciding whether to pair, showing and typing passkeys,
/// confirming numbers. Every method has a default, so an agent implements only what its IO
/// capability needs.
///
/// The host calls the methods from its own tasks and waits for the answers; a pairing that waits
/// for the user longer than the SMP timeout (30 s) fails.
public protocol PairingAgent: Sendable {
    /// Peripheral role: whether to accept a Pairing Request from `peer`; nil accepts, a reason
    /// refuses with Pairing Failed. The default accepts.
    func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason?
    /// Central role: whether to act on a Security Request (pair, or encrypt with the bond). The
    /// default does.
    func shouldAnswerSecurityRequest(_ requirements: SMPAuthenticationRequirements, from peer: DeviceAddress) async -> Bool
    /// Show `passkey` (six digits, leading zeros kept) so the user can type it on the peer.
    func displayPasskey(_ passkey: UInt32, to peer: DeviceAddress) async
    /// The passkey the peer shows, typed by the user; nil cancels (Passkey Entry Failed). The
    /// default cancels.
    func enterPasskey(for peer: DeviceAddress) async -> UInt32?
    /// Whether the six-digit `value` matches the one the peer shows. The default refuses.
    func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool
    /// A pairing with `peer` finished: the link is encrypted with the new key, and the bond is
    /// kept when both sides bond. Called for every pairing, also those started on demand. The
    /// default does nothing.
    func pairingCompleted(_ outcome: SMPPairingOutcome, with peer: DeviceAddress) async
}

extension PairingAgent {
    /// Accepts.
    public func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason? { nil }
    /// Answers.
    public func shouldAnswerSecurityRequest(_ requirements: SMPAuthenticationRequirements, from peer: DeviceAddress) async -> Bool { true }
    /// Shows nothing.
    public func displayPasskey(_ passkey: UInt32, to peer: DeviceAddress) async {}
    /// Cancels.
    public func enterPasskey(for peer: DeviceAddress) async -> UInt32? { nil }
    /// Refuses.
    public func confirmNumericComparison(_ value: UInt32, with peer: DeviceAddress) async -> Bool { false }
    /// Does nothing.
    public func pairingCompleted(_ outcome: SMPPairingOutcome, with peer: DeviceAddress) async {}
}

/// The agent used when the application sets none: it accepts pairings and can do Just Works
/// only (it types no passkey and confirms no number).
public struct DefaultPairingAgent: PairingAgent {
    /// Creates the agent.
    public init() {}
}

/// How secure a link is now.
public struct LinkSecurity: Sendable, Hashable, CustomStringConvertible {
    /// The link is encrypted.
    public var isEncrypted: Bool
    /// The key protects against a man in the middle (Numeric Comparison or Passkey Entry).
    public var isAuthenticated: Bool
    /// The key came from LE Secure Connections.
    public var isSecureConnections: Bool
    /// The encryption key size in octets (0 while unencrypted, or when not reported).
    public var keySize: Int
    /// We hold a bond with the peer (before or after encryption).
    public var isBonded: Bool
    /// Whether the key's details (``isAuthenticated``, ``isSecureConnections``, ``keySize``) are
    /// known: false when the system's Bluetooth service (BlueZ) secured the link and does not
    /// report them; they then read false and 0.
    public var detailsKnown: Bool

    /// Creates a security state.
    public init(
        isEncrypted: Bool = false, isAuthenticated: Bool = false, isSecureConnections: Bool = false, keySize: Int = 0, isBonded: Bool = false,
        detailsKnown: Bool = true
    ) {
        self.isEncrypted = isEncrypted
        self.isAuthenticated = isAuthenticated
        self.isSecureConnections = isSecureConnections
        self.keySize = keySize
        self.isBonded = isBonded
        self.detailsKnown = detailsKnown
    }

    /// A new link: not encrypted.
    public static let open = LinkSecurity()

    /// `encrypted (LE Secure Connections, authenticated, 16-octet key, bonded)`, `encrypted (key
    /// details not reported, bonded)` or `not encrypted`.
    public var description: String {
        guard isEncrypted else { return isBonded ? "not encrypted (bonded)" : "not encrypted" }
        guard detailsKnown else {
            return "encrypted (\(isAuthenticated ? "authenticated, " : "")key details not reported\(isBonded ? ", bonded" : ""))"
        }
        var parts = [isSecureConnections ? "LE Secure Connections" : "legacy pairing"]
        parts.append(isAuthenticated ? "authenticated" : "unauthenticated")
        parts.append("\(keySize)-octet key")
        if isBonded { parts.append("bonded") }
        return "encrypted (\(parts.joined(separator: ", ")))"
    }
}
