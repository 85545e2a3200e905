import Crypto

/// An LE Secure Connections P-256 key pair, on swift-crypto's `P256.KeyAgreement`.
///
/// Core 5.4, Vol 3, Part H, 2.3.5.6 (public key exchange) and 3.5.6 (Pairing Public Key: X and Y,
/// 32 octets each). Coordinates and the DHKey are little-endian, the least significant octet first,
/// as they travel in the Pairing Public Key PDU and as ``SMPCrypto`` takes them.
public struct SMPKeyPair: Sendable {
    /// The private key, 32 octets most significant first (swift-crypto's raw representation).
    private let privateKey: [UInt8]
    /// The public key's X coordinate: 32 octets, little-endian as in Pairing Public Key.
    public let publicKeyX: [UInt8]
    /// The public key's Y coordinate: 32 octets, little-endian as in Pairing Public Key.
    public let publicKeyY: [UInt8]

    /// A fresh random key pair.
    public init() {
        self.init(P256.KeyAgreement.PrivateKey())
    }

    /// The key pair of a known private key: 32 octets, little-endian like every value of SMP.
    ///
    /// Returns nil when the octets are not a valid P-256 private key (0, or not below the group order).
    public init?(littleEndianPrivateKey: [UInt8]) {
        guard littleEndianPrivateKey.count == 32,
              let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: Array(littleEndianPrivateKey.reversed()))
        else { return nil }
        self.init(key)
    }

    private init(_ key: P256.KeyAgreement.PrivateKey) {
        privateKey = Array(key.rawRepresentation)
        // x9.63: 0x04 || X || Y, each coordinate 32 octets most significant first.
        let point = Array(key.publicKey.x963Representation)
        publicKeyX = point[1..<33].reversed()
        publicKeyY = point[33..<65].reversed()
    }

    /// The debug key pair of Part H, 2.3.5.6.1, which a device uses only in Secure Connections
    /// debug mode: private key `3f49f6d4 … cd3c1abd`, public X `20b003d2 … 0e359de6`,
    /// public Y `dc809c49 … 1589d28b` (printed most significant first).
    public static let debug: SMPKeyPair = {
        let privateKey: [UInt8] = [
            0x3F, 0x49, 0xF6, 0xD4, 0xA3, 0xC5, 0x5F, 0x38, 0x74, 0xC9, 0xB3, 0xE3, 0xD2, 0x10, 0x3F, 0x50,
            0x4A, 0xFF, 0x60, 0x7B, 0xEB, 0x40, 0xB7, 0x99, 0x58, 0x99, 0xB8, 0xA6, 0xCD, 0x3C, 0x1A, 0xBD,
        ]
        guard let pair = SMPKeyPair(littleEndianPrivateKey: privateKey.reversed()) else {
            preconditionFailure("the debug private key of Part H 2.3.5.6.1 is a valid P-256 key")
        }
        return pair
    }()

    /// Whether this is the debug key pair (``debug``).
    public var isDebug: Bool { publicKeyX == Self.debug.publicKeyX && publicKeyY == Self.debug.publicKeyY }

    /// The DHKey shared with the peer whose public key is (`peerX`, `peerY`): the X coordinate of the
    /// shared point, 32 octets, little-endian (Part H, 2.3.5.6.1).
    ///
    /// Throws ``SMPKeyError/invalidPublicKey`` when a coordinate is not 32 octets or not below the
    /// field prime, when (x, y) is not a point on P-256 (so the fixed-coordinate invalid-curve attack,
    /// which sends a point off the curve, is refused: Part H, 2.3.5.6.1 requires the check), or,
    /// when `rejectDebugKey` is true, when it is the debug public key (``debug``) that a device not
    /// in debug mode must refuse.
    public func dhKey(peerX: [UInt8], peerY: [UInt8], rejectDebugKey: Bool = false) throws(SMPKeyError) -> [UInt8] {
        guard peerX.count == 32, peerY.count == 32 else { throw .invalidPublicKey }
        if rejectDebugKey, peerX == Self.debug.publicKeyX, peerY == Self.debug.publicKeyY {
            throw .invalidPublicKey
        }
        // BoringSSL's EC_POINT_oct2point checks both coordinates are field elements and that the
        // point is on the curve; an uncompressed point cannot be the point at infinity.
        let x963 = [0x04] + peerX.reversed() + peerY.reversed()
        guard let peer = try? P256.KeyAgreement.PublicKey(x963Representation: x963),
              let ours = try? P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey),
              let secret = try? ours.sharedSecretFromKeyAgreement(with: peer)
        else { throw .invalidPublicKey }
        let shared = secret.withUnsafeBytes { Array($0) }
        return shared.reversed()
    }
}

/// Why a P-256 public key was refused (Part H, 2.3.5.6.1).
public enum SMPKeyError: Error, Sendable, Equatable {
    /// The peer's public key is not a point on P-256, or is the debug key where debug keys are refused.
    case invalidPublicKey
}
