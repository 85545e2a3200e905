import BLECore
import Crypto

/// The Ed25519 public key a SN checks firmware image signatures with (SN profile §7.1): the
/// vendor's, held by the device.
///
/// ```swift
/// let trusted = FirmwarePublicKey.testVendor                    // what a virtual SN holds
/// image.isSignatureValid(for: trusted)                          // what Validate checks
/// ```
public struct FirmwarePublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte key (RFC 8032, 5.1.5).
    public let bytes: [UInt8]

    /// The size of a key: 32 bytes.
    public static let byteCount = 32
    /// The size of a signature: 64 bytes.
    public static let signatureByteCount = 64

    /// The test vendor key's public key (see ``FirmwareSigningKey/testVendor``): what virtual
    /// SNs hold by default, and never a real SN.
    public static var testVendor: FirmwarePublicKey { FirmwareSigningKey.testVendor.publicKey }

    /// A key from its 32 bytes.
    ///
    /// Throws ``NightlightError/Code/signingKey`` for another length.
    public init(bytes: [UInt8]) throws(NightlightError) {
        guard bytes.count == Self.byteCount else {
            throw NightlightError(.signingKey, "an Ed25519 public key is \(Self.byteCount) bytes, not \(bytes.count)")
        }
        self.bytes = bytes
    }

    /// A key from 64 hex digits (spaces and line breaks ignored).
    ///
    /// Throws ``NightlightError/Code/signingKey`` when `hex` is not 32 bytes of hex.
    public init(hex: String) throws(NightlightError) {
        let compact = hex.filter { !$0.isWhitespace }
        guard let bytes = [UInt8](hex: compact), bytes.count == Self.byteCount else {
            throw NightlightError(.signingKey, "\"\(hex)\" is not a public key: expected \(Self.byteCount * 2) hex digits")
        }
        try self.init(bytes: bytes)
    }

    /// A key made from a private key.
    init(validBytes: [UInt8]) {
        bytes = validBytes
    }

    /// The key as 64 lowercase hex digits.
    public var hexString: String { bytes.hexString }

    /// The key as 64 lowercase hex digits.
    public var description: String { hexString }

    /// Whether `signature` is this key's Ed25519 signature of `message` (false for a signature
    /// that is not 64 bytes).
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == Self.signatureByteCount, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes) else {
            return false
        }
        return key.isValidSignature(signature, for: message)
    }
}
