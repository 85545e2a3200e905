import BLECore

/// What this device offers and demands when it pairs (Core 5.4, Vol 3, Part H, 2.3 and 3.5.1).
public struct SMPPairingPolicy: Sendable, Hashable {
    /// The IO capability announced in the Pairing Request or Response; it decides, with the
    /// peer's, between Just Works, Numeric Comparison and Passkey Entry.
    public var ioCapability: SMPIOCapability
    /// Ask to bond: keep the keys after the connection ends.
    public var bonding: Bool
    /// Demand protection against a man in the middle: a pairing that can only be Just Works fails
    /// with Authentication Requirements.
    public var mitm: Bool
    /// Offer LE Secure Connections (the SC bit); off pairs with LE legacy pairing, for testing
    /// the devices that still use it.
    public var secureConnections: Bool
    /// Refuse LE legacy pairing (Secure Connections Only mode, Part H, 2.3.5.6 note).
    public var secureConnectionsOnly: Bool
    /// The largest encryption key offered, 7…16 octets.
    public var maximumKeySize: UInt8
    /// The smallest key accepted; a smaller negotiated size fails with Encryption Key Size.
    public var minimumKeySize: UInt8
    /// Distribute a Connection Signature Resolving Key and ask for the peer's.
    public var signingKeys: Bool
    /// The passkey to show in Passkey Entry instead of a random one (0…999 999); tests only —
    /// a fixed passkey is guessable.
    public var fixedPasskey: UInt32?

    /// Creates a policy. The defaults: NoInputNoOutput (Just Works), bonding, no MITM, Secure
    /// Connections preferred but legacy accepted, 16-octet keys offered and at least 7 accepted.
    public init(
        ioCapability: SMPIOCapability = .noInputNoOutput,
        bonding: Bool = true,
        mitm: Bool = false,
        secureConnections: Bool = true,
        secureConnectionsOnly: Bool = false,
        maximumKeySize: UInt8 = 16,
        minimumKeySize: UInt8 = 7,
        signingKeys: Bool = false,
        fixedPasskey: UInt32? = nil
    ) {
        self.ioCapability = ioCapability
        self.bonding = bonding
        self.mitm = mitm
        self.secureConnections = secureConnections
        self.secureConnectionsOnly = secureConnectionsOnly
        self.maximumKeySize = maximumKeySize
        self.minimumKeySize = minimumKeySize
        self.signingKeys = signingKeys
        self.fixedPasskey = fixedPasskey
    }

    /// The AuthReq field we send: bonding, MITM, Secure Connections (unless turned off), CT2 unset.
    public var authRequirements: SMPAuthenticationRequirements {
        var requirements: SMPAuthenticationRequirements = secureConnections ? [.secureConnections] : []
        if bonding { requirements.insert(.bonding) }
        if mitm { requirements.insert(.mitm) }
        return requirements
    }

    /// Whether the values are usable: key sizes within 7…16 and ordered, a passkey of six digits.
    public func validate() throws(HostError) {
        if secureConnectionsOnly && !secureConnections {
            throw HostError(.invalidArgument, "a policy cannot refuse legacy pairing and turn LE Secure Connections off")
        }
        guard (7...16).contains(minimumKeySize), (7...16).contains(maximumKeySize), minimumKeySize <= maximumKeySize else {
            throw HostError(.invalidArgument, "encryption key sizes must lie within 7…16 octets with the minimum not above the maximum (got \(minimumKeySize)…\(maximumKeySize))")
        }
        if let fixedPasskey, fixedPasskey > 999_999 {
            throw HostError(.invalidArgument, "a passkey has six digits, 0…999999 (got \(fixedPasskey))")
        }
    }
}

/// Our identity, given to a peer that asks for it in key distribution (Part H, 3.6.4–3.6.5), so
/// it can recognise us behind a resolvable private address.
public struct SMPLocalIdentity: Sendable, Hashable {
    /// Our Identity Resolving Key (16 octets).
    public var identityResolvingKey: [UInt8]
    /// Our identity address: public, or static random.
    public var address: DeviceAddress

    /// Creates an identity.
    public init(identityResolvingKey: [UInt8], address: DeviceAddress) {
        self.identityResolvingKey = identityResolvingKey
        self.address = address
    }
}
