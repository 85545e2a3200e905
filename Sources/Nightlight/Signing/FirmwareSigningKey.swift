import BLECore
import Crypto

/// An Ed25519 private key that signs SN firmware images (SN profile §7.1).
///
/// A SN holds its vendor's public key (``publicKey``) and at Validate rejects an image whose
/// signature does not verify with it. A real vendor's key never leaves the vendor: tools take it
/// from a key file (``load(fromFile:)``; the format is in ``init(keyFile:path:)``), and
/// ``generate()`` makes a new one. ``testVendor`` is the profile's *test vendor key*, which every
/// virtual SN trusts and a real SN never does.
///
/// ``description`` shows the public key only, never the seed.
///
/// ```swift
/// let key = try FirmwareSigningKey.load(fromFile: "vendor.key")     // refused unless mode 0600
/// let image = FirmwareImage(version: "1.2.0", payload: firmware, signingKey: key)
/// ```
public struct FirmwareSigningKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32-byte seed: the Ed25519 private key itself (RFC 8032, 5.1.5). Keep it secret.
    public let seed: [UInt8]
    /// The public key a SN verifies this key's signatures with.
    public let publicKey: FirmwarePublicKey

    /// The size of a seed: 32 bytes.
    public static let seedByteCount = 32

    /// The text whose SHA-256 is the test vendor key's seed: `SN-1 test vendor key`.
    public static let testVendorSeedText = "SN-1 test vendor key"

    /// The SN profile's *test vendor key* (§7.1): the Ed25519 key whose seed is SHA-256 of the
    /// ASCII text `SN-1 test vendor key`.
    ///
    /// Everyone can compute it, so it proves nothing: it signs test images, and virtual SNs trust
    /// it (``VirtualNightlight`` by default). Never use it for a real device; a real SN holds its
    /// vendor's own public key and rejects images signed with this one.
    public static let testVendor = FirmwareSigningKey(validSeed: Array(SHA256.hash(data: Array(testVendorSeedText.utf8))))

    /// A key from its 32-byte seed.
    ///
    /// Throws ``NightlightError/Code/signingKey`` for a seed of another length.
    public init(seed: [UInt8]) throws(NightlightError) {
        guard seed.count == Self.seedByteCount else {
            throw NightlightError(.signingKey, "an Ed25519 signing key's seed is \(Self.seedByteCount) bytes, not \(seed.count)")
        }
        self.init(validSeed: seed)
    }

    /// A key from a seed of the right length.
    private init(validSeed seed: [UInt8]) {
        self.seed = seed
        // A 32-byte raw representation is always a valid Ed25519 private key.
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        publicKey = FirmwarePublicKey(validBytes: Array(key.publicKey.rawRepresentation))
    }

    /// A new random key (from the system's secure random generator).
    public static func generate() -> FirmwareSigningKey {
        FirmwareSigningKey(validSeed: Array(Curve25519.Signing.PrivateKey().rawRepresentation))
    }

    /// Whether this is the test vendor key.
    public var isTestVendor: Bool { self == Self.testVendor }

    /// The 64-byte Ed25519 signature of `message` (RFC 8032, 5.1.6).
    ///
    /// Signatures need not be the same twice (Apple's CryptoKit randomizes them); each verifies.
    /// Empty only if the crypto library fails, which it does not for a valid key.
    public func signature(for message: [UInt8]) -> [UInt8] {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed),
              let signature = try? key.signature(for: message)
        else { return [] }
        return Array(signature)
    }

    /// `Ed25519 signing key, public key 3d4017c3…` (the seed is never shown); the test vendor key
    /// says so.
    public var description: String {
        (isTestVendor ? "the SN test vendor key" : "Ed25519 signing key") + ", public key " + publicKey.hexString
    }

    /// As ``description``: the seed is never shown.
    public var debugDescription: String { "FirmwareSigningKey(" + description + ")" }

    // MARK: Key files

    /// The most bytes a key file may have: anything longer is not a key.
    public static let maximumKeyFileByteCount = 4096

    /// What ``write(toFile:overwrite:)`` writes: the seed as 64 lowercase hex digits and a newline.
    public var keyFileContents: [UInt8] { Array((seed.hexString + "\n").utf8) }

    /// Parses the contents of a key file (`path` only names it in errors).
    ///
    /// A key file holds the 32-byte seed, either raw (exactly 32 bytes) or as 64 hex digits in
    /// upper or lower case, with spaces, tabs and line breaks anywhere ignored (what
    /// ``keyFileContents`` and `nightlight firmware keygen` write). Anything else throws
    /// ``NightlightError/Code/signingKey`` saying what is wrong with the file and what to do.
    public init(keyFile contents: [UInt8], path: String) throws(NightlightError) {
        func refuse(_ problem: String) -> NightlightError {
            NightlightError(
                .signingKey,
                "the signing key file \(path) is not a key: \(problem); a key file holds the \(Self.seedByteCount)-byte Ed25519 seed, "
                    + "raw or as 64 hex digits (make one with `nightlight firmware keygen --out FILE`)"
            )
        }
        guard !contents.isEmpty else { throw refuse("it is empty") }
        guard contents.count <= Self.maximumKeyFileByteCount else { throw refuse("it is \(contents.count) bytes") }
        let isText = contents.allSatisfy { Self.isHexDigit($0) || Self.isSpace($0) }
        if contents.count == Self.seedByteCount, !isText {
            self.init(validSeed: contents)
            return
        }
        if let index = contents.firstIndex(where: { !Self.isHexDigit($0) && !Self.isSpace($0) }) {
            let byte = contents[index]
            let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + [byte].hexString
            throw refuse("it is \(contents.count) bytes, not a \(Self.seedByteCount)-byte raw seed, and byte \(index) (\(shown)) is not a hex digit")
        }
        let digits = contents.filter(Self.isHexDigit)
        guard digits.count == Self.seedByteCount * 2 else {
            throw refuse("it has \(digits.count) hex digit\(digits.count == 1 ? "" : "s"), not \(Self.seedByteCount * 2)")
        }
        var seed: [UInt8] = []
        seed.reserveCapacity(Self.seedByteCount)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            seed.append(Self.nibble(digits[pair]) << 4 | Self.nibble(digits[pair + 1]))
        }
        self.init(validSeed: seed)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Space, tab, line feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x41 + 10
        default: digit - 0x61 + 10
        }
    }
}
