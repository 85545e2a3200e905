/// What a client may do with an attribute, and the security it needs to do it.
///
/// Core 5.4, Vol 3, Part F, 3.2.5 (attribute permissions are not discoverable over ATT) and
/// Part C, 10.3 (the server's answer when the link's security is not enough). An attribute is
/// readable when any `read…` permission is present, writable when any `write…` permission is; the
/// `…Encrypted`, `…Authenticated` and `…Authorized` members add requirements on top.
public struct GATTAttributePermissions: OptionSet, Hashable, Sendable {
    /// The bit field (this stack's own layout; never sent over the air).
    public let rawValue: UInt16

    /// Wraps a bit field.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The attribute can be read.
    public static let read = GATTAttributePermissions(rawValue: 0x0001)
    /// The attribute can be written.
    public static let write = GATTAttributePermissions(rawValue: 0x0002)
    /// Reading needs an encrypted link (answers Insufficient Encryption or Authentication).
    public static let readEncrypted = GATTAttributePermissions(rawValue: 0x0004)
    /// Writing needs an encrypted link.
    public static let writeEncrypted = GATTAttributePermissions(rawValue: 0x0008)
    /// Reading needs an authenticated (MITM-protected) key (answers Insufficient Authentication).
    public static let readAuthenticated = GATTAttributePermissions(rawValue: 0x0010)
    /// Writing needs an authenticated key.
    public static let writeAuthenticated = GATTAttributePermissions(rawValue: 0x0020)
    /// Reading needs the application's authorization (answers Insufficient Authorization).
    public static let readAuthorized = GATTAttributePermissions(rawValue: 0x0040)
    /// Writing needs the application's authorization.
    public static let writeAuthorized = GATTAttributePermissions(rawValue: 0x0080)

    /// Every read member.
    public static let anyRead: GATTAttributePermissions = [.read, .readEncrypted, .readAuthenticated, .readAuthorized]
    /// Every write member.
    public static let anyWrite: GATTAttributePermissions = [.write, .writeEncrypted, .writeAuthenticated, .writeAuthorized]

    /// Whether the attribute can be read at all.
    public var isReadable: Bool { !intersection(.anyRead).isEmpty }
    /// Whether the attribute can be written at all.
    public var isWritable: Bool { !intersection(.anyWrite).isEmpty }

    /// The error a read by a client with `security` gets, or nil when the read is allowed.
    ///
    /// Core 5.4, Vol 3, Part C, 10.3.1–10.3.2 and Part F, 3.4.1.1.
    public func readError(for security: GATTSecurityState, minimumKeySize: Int = 7) -> ATTErrorCode? {
        guard isReadable else { return .readNotPermitted }
        return Self.securityError(
            security,
            encryption: contains(.readEncrypted),
            authentication: contains(.readAuthenticated),
            authorization: contains(.readAuthorized),
            minimumKeySize: minimumKeySize
        )
    }

    /// The error a write by a client with `security` gets, or nil when the write is allowed.
    ///
    /// Core 5.4, Vol 3, Part C, 10.3.1–10.3.2 and Part F, 3.4.1.1.
    public func writeError(for security: GATTSecurityState, minimumKeySize: Int = 7) -> ATTErrorCode? {
        guard isWritable else { return .writeNotPermitted }
        return Self.securityError(
            security,
            encryption: contains(.writeEncrypted),
            authentication: contains(.writeAuthenticated),
            authorization: contains(.writeAuthorized),
            minimumKeySize: minimumKeySize
        )
    }

    /// Part C, 10.3: an unencrypted link gets Insufficient Encryption when a key exists to encrypt
    /// it with, else Insufficient Authentication (the client must pair first); an encrypted link
    /// with an unauthenticated key gets Insufficient Authentication; a short key gets Encryption
    /// Key Size Too Short; authorization is checked last.
    private static func securityError(
        _ security: GATTSecurityState,
        encryption: Bool,
        authentication: Bool,
        authorization: Bool,
        minimumKeySize: Int
    ) -> ATTErrorCode? {
        if encryption || authentication {
            if !security.isEncrypted {
                return security.hasLongTermKey && !(authentication && !security.isAuthenticated)
                    ? .insufficientEncryption : .insufficientAuthentication
            }
            if authentication && !security.isAuthenticated { return .insufficientAuthentication }
            if security.encryptionKeySize < minimumKeySize { return .encryptionKeySizeTooShort }
        }
        if authorization && !security.isAuthorized { return .insufficientAuthorization }
        return nil
    }
}

/// The security of one client's link, as the server checks attribute permissions against it.
///
/// SMP fills this in when pairing and encryption complete; until then every link is
/// ``unencrypted`` and protected attributes answer Insufficient Authentication.
public struct GATTSecurityState: Hashable, Sendable {
    /// The link is encrypted.
    public var isEncrypted: Bool
    /// The link's key was made with MITM protection (an authenticated pairing).
    public var isAuthenticated: Bool
    /// The application has authorized this client.
    public var isAuthorized: Bool
    /// The server holds a long-term key for this client (bonded), so it could encrypt the link.
    public var hasLongTermKey: Bool
    /// The encryption key size in octets, 7…16 (0 when unencrypted).
    public var encryptionKeySize: Int

    /// Creates a security state.
    public init(
        isEncrypted: Bool = false,
        isAuthenticated: Bool = false,
        isAuthorized: Bool = false,
        hasLongTermKey: Bool = false,
        encryptionKeySize: Int = 0
    ) {
        self.isEncrypted = isEncrypted
        self.isAuthenticated = isAuthenticated
        self.isAuthorized = isAuthorized
        self.hasLongTermKey = hasLongTermKey
        self.encryptionKeySize = encryptionKeySize
    }

    /// A fresh link: not encrypted, no key, not authorized.
    public static let unencrypted = GATTSecurityState()
}
