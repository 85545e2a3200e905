import Crypto

/// The secrets of per-phone access: an invitation's one-time code and a phone's own credential,
/// each 32 random bytes as 64 lowercase hex digits (as ``AccessToken``); only their SHA-256 is
/// stored.
public enum PhoneSecret {
    /// A new random secret: 64 lowercase hex digits.
    public static func generate() -> String { AccessToken.generate() }

    /// Whether `text` has a secret's form: exactly 64 lowercase hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 2 * AccessToken.byteCount
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The SHA-256 of `secret`'s UTF-8 bytes as 64 lowercase hex digits: what the database keeps.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

/// What the phones' store says about a phone credential (a cookie).
package enum PhoneAccessCheck: Sendable, Hashable {
    /// A phone with access: its number.
    case allowed(id: Int64)
    /// The phone's access was revoked.
    case revoked
    /// No phone has that credential.
    case unknown
}

/// Checks phone credentials for ``AuthenticationMiddleware`` (the app keeps the phones).
package protocol PhoneAccessChecking: Sendable {
    /// What the store says about the phone credential `secret`.
    func check(secret: String) async throws -> PhoneAccessCheck

    /// Returns once phone `id` has lost its access (or the task is cancelled): what closes the
    /// phone's open live sockets.
    func waitForRevocation(of id: Int64) async
}
