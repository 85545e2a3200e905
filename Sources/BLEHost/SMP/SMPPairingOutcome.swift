import BLECore

/// A legacy-pairing long-term key with the values that identify it (Core 5.4, Vol 3, Part H,
/// 3.6.2–3.6.3): the central finds it again by EDIV and Rand when it starts encryption.
public struct SMPLongTermKey: Sendable, Hashable {
    /// The key (16 octets, little-endian), already shortened to the negotiated size.
    public var key: [UInt8]
    /// Encrypted Diversifier (0 for LE Secure Connections keys).
    public var ediv: UInt16
    /// Random Number (0 for LE Secure Connections keys).
    public var rand: UInt64

    /// Creates a key.
    public init(key: [UInt8], ediv: UInt16 = 0, rand: UInt64 = 0) {
        self.key = key
        self.ediv = ediv
        self.rand = rand
    }
}

/// What a finished pairing established: how, how strong, and the keys both sides distributed.
public struct SMPPairingOutcome: Sendable, Hashable {
    /// LE Secure Connections (true) or LE legacy pairing.
    public var secureConnections: Bool
    /// How the peer was authenticated.
    public var method: SMPAssociationModel
    /// The encryption key size in octets (7…16).
    public var keySize: Int
    /// Whether both sides asked to bond (keep the keys for later connections).
    public var bonded: Bool
    /// The LE Secure Connections LTK, derived on both sides; nil after legacy pairing.
    public var longTermKey: SMPLongTermKey?
    /// Legacy pairing: the LTK we distributed (the peer encrypts with it when it is central).
    public var localLongTermKey: SMPLongTermKey?
    /// Legacy pairing: the LTK the peer distributed (we encrypt with it when we are central).
    public var peerLongTermKey: SMPLongTermKey?
    /// The peer's Identity Resolving Key, if it distributed one.
    public var peerIdentityResolvingKey: [UInt8]?
    /// The peer's identity address, if it distributed one.
    public var peerIdentityAddress: DeviceAddress?
    /// The peer's Connection Signature Resolving Key, if it distributed one.
    public var peerSignatureKey: [UInt8]?
    /// Our Connection Signature Resolving Key, if we distributed one.
    public var localSignatureKey: [UInt8]?

    /// Whether the key protects against a man in the middle.
    public var isAuthenticated: Bool { method.isAuthenticated }

    /// Creates an outcome.
    public init(
        secureConnections: Bool,
        method: SMPAssociationModel,
        keySize: Int,
        bonded: Bool,
        longTermKey: SMPLongTermKey? = nil,
        localLongTermKey: SMPLongTermKey? = nil,
        peerLongTermKey: SMPLongTermKey? = nil,
        peerIdentityResolvingKey: [UInt8]? = nil,
        peerIdentityAddress: DeviceAddress? = nil,
        peerSignatureKey: [UInt8]? = nil,
        localSignatureKey: [UInt8]? = nil
    ) {
        self.secureConnections = secureConnections
        self.method = method
        self.keySize = keySize
        self.bonded = bonded
        self.longTermKey = longTermKey
        self.localLongTermKey = localLongTermKey
        self.peerLongTermKey = peerLongTermKey
        self.peerIdentityResolvingKey = peerIdentityResolvingKey
        self.peerIdentityAddress = peerIdentityAddress
        self.peerSignatureKey = peerSignatureKey
        self.localSignatureKey = localSignatureKey
    }
}
