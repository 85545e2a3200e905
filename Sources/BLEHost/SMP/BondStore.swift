import BLECore

/// What a bond keeps of a pairing, to encrypt later connections without pairing again (Core 5.4,
/// Vol 3, Part H, 2.4.1 and 3.6).
///
/// Every key in here is a secret: a store must keep it where only its user can read it.
public struct SecurityBond: Sendable, Hashable {
    /// The peer's identity address (its public or static random address, or the address it
    /// paired from when it distributed no identity).
    public var peer: DeviceAddress
    /// The key we encrypt with as central (HCI_LE_Enable_Encryption): the LE Secure Connections
    /// LTK, or the LTK the peer distributed in legacy pairing.
    public var centralKey: SMPLongTermKey?
    /// The key we answer the controller's LTK request with as peripheral: the LE Secure
    /// Connections LTK, or the LTK we distributed in legacy pairing.
    public var peripheralKey: SMPLongTermKey?
    /// The peer's Identity Resolving Key, to recognise it behind resolvable private addresses.
    public var peerIdentityResolvingKey: [UInt8]?
    /// The peer's Connection Signature Resolving Key.
    public var peerSignatureKey: [UInt8]?
    /// Our Connection Signature Resolving Key given to the peer.
    public var localSignatureKey: [UInt8]?
    /// The encryption key size, 7…16 octets.
    public var keySize: Int
    /// Whether the key was made with protection against a man in the middle.
    public var isAuthenticated: Bool
    /// Whether the key came from LE Secure Connections.
    public var isSecureConnections: Bool

    /// Creates a bond.
    public init(
        peer: DeviceAddress,
        centralKey: SMPLongTermKey? = nil,
        peripheralKey: SMPLongTermKey? = nil,
        peerIdentityResolvingKey: [UInt8]? = nil,
        peerSignatureKey: [UInt8]? = nil,
        localSignatureKey: [UInt8]? = nil,
        keySize: Int = 16,
        isAuthenticated: Bool = false,
        isSecureConnections: Bool = true
    ) {
        self.peer = peer
        self.centralKey = centralKey
        self.peripheralKey = peripheralKey
        self.peerIdentityResolvingKey = peerIdentityResolvingKey
        self.peerSignatureKey = peerSignatureKey
        self.localSignatureKey = localSignatureKey
        self.keySize = keySize
        self.isAuthenticated = isAuthenticated
        self.isSecureConnections = isSecureConnections
    }

    /// The bond a finished pairing with `address` makes.
    public init(outcome: SMPPairingOutcome, address: DeviceAddress) {
        self.init(
            peer: outcome.peerIdentityAddress ?? address,
            centralKey: outcome.longTermKey ?? outcome.peerLongTermKey,
            peripheralKey: outcome.longTermKey ?? outcome.localLongTermKey,
            peerIdentityResolvingKey: outcome.peerIdentityResolvingKey,
            peerSignatureKey: outcome.peerSignatureKey,
            localSignatureKey: outcome.localSignatureKey,
            keySize: outcome.keySize,
            isAuthenticated: outcome.isAuthenticated,
            isSecureConnections: outcome.secureConnections
        )
    }

    /// Whether this bond is the one of a peer seen at `address`: its identity address, or a
    /// resolvable private address its IRK resolves.
    public func matches(_ address: DeviceAddress) -> Bool {
        if address == peer { return true }
        if let irk = peerIdentityResolvingKey, address.type == .resolvablePrivate {
            return SMPCrypto.resolves(address, irk: irk)
        }
        return false
    }
}

/// Where a host keeps its bonds. Implementations keep them secret (only their user can read
/// them) and never leave a half-written bond behind: a save either happens whole or not at all.
public protocol BondStore: Sendable {
    /// Every bond, in the order the store keeps them.
    func allBonds() async throws -> [SecurityBond]
    /// Keeps `bond`, replacing any bond with the same peer.
    func saveBond(_ bond: SecurityBond) async throws
    /// Deletes the bond with `peer`; whether there was one.
    @discardableResult
    func removeBond(for peer: DeviceAddress) async throws -> Bool
    /// Deletes every bond.
    func removeAllBonds() async throws
    /// A bond was used to encrypt a link (a store that keeps a bounded number may evict the one
    /// least recently used). The default does nothing.
    func bondUsed(_ peer: DeviceAddress) async
}

extension BondStore {
    /// Does nothing.
    public func bondUsed(_ peer: DeviceAddress) async {}

    /// The bond of the peer seen at `address` (its identity, or a private address it resolves).
    public func bond(for address: DeviceAddress) async throws -> SecurityBond? {
        try await allBonds().first { $0.matches(address) }
    }
}

/// Bonds kept in memory: gone when the process ends.
public actor MemoryBondStore: BondStore {
    private var bonds: [SecurityBond]

    /// Creates a store holding `bonds`.
    public init(_ bonds: [SecurityBond] = []) {
        self.bonds = bonds
    }

    /// Every bond, oldest first.
    public func allBonds() -> [SecurityBond] { bonds }

    /// Keeps `bond`, replacing the bond with the same peer.
    public func saveBond(_ bond: SecurityBond) {
        bonds.removeAll { $0.peer == bond.peer }
        bonds.append(bond)
    }

    /// Deletes the bond with `peer`.
    @discardableResult
    public func removeBond(for peer: DeviceAddress) -> Bool {
        let before = bonds.count
        bonds.removeAll { $0.peer == peer }
        return bonds.count != before
    }

    /// Deletes every bond.
    public func removeAllBonds() {
        bonds = []
    }
}
