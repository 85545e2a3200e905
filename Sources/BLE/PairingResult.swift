import BLEHost

/// What ``Peripheral/pair()`` did: which side paired, and what is known of it.
///
/// Our host pairs itself and knows everything (``paired(_:)``); BlueZ pairs inside bluetoothd
/// and the kernel, and tells over D-Bus only that the device is paired and bonded — not the
/// method's details, the key size or the keys, which stay with bluetoothd
/// (``pairedBySystem(_:)``).
public enum PairingResult: Sendable, Hashable, CustomStringConvertible {
    /// Our host paired: the method, the key size and the keys it made.
    case paired(SMPPairingOutcome)
    /// The peripheral's request was met by encrypting with a bond we already had: nothing new.
    case encryptedWithBond
    /// The system's Bluetooth service (bluetoothd) paired and keeps the keys; what it tells is
    /// in the link's security (unknown details — key size, LE Secure Connections — read as 0 and false).
    case pairedBySystem(LinkSecurity)

    /// The pairing's details and keys when our host paired, else nil.
    public var outcome: SMPPairingOutcome? {
        if case .paired(let outcome) = self { return outcome }
        return nil
    }

    /// Whether a bond is kept for later connections.
    public var isBonded: Bool {
        switch self {
        case .paired(let outcome): outcome.bonded
        case .encryptedWithBond: true
        case .pairedBySystem(let security): security.isBonded
        }
    }

    /// `paired (Just Works, …)`, `encrypted with the existing bond` or `paired by bluetoothd (…)`.
    public var description: String {
        switch self {
        case .paired(let outcome): "paired (\(outcome.method), \(outcome.secureConnections ? "LE Secure Connections" : "legacy pairing"), \(outcome.keySize)-octet key)"
        case .encryptedWithBond: "encrypted with the existing bond"
        case .pairedBySystem(let security): "paired by the system's Bluetooth service: \(security)"
        }
    }
}
