/// A URI scheme code from the "URI Scheme Name String Mapping" (an open code space).
///
/// Assigned Numbers, 2.7; used by the URI AD type (CSS Part A, 1.18), where the scheme is written
/// as one Unicode code point whose value is this code (0x16 → `http:`, 0x17 → `https:`) and the
/// code 0x01 means "no abbreviated scheme: the text follows as written".
public struct URIScheme: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code point value.
    public let rawValue: UInt32

    /// Wraps a code; unknown codes are kept.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 0x01: the empty scheme name; the URI text is written out in full.
    public static let empty = URIScheme(rawValue: 0x01)
    /// 0x16: `http:`.
    public static let http = URIScheme(rawValue: 0x16)
    /// 0x17: `https:`.
    public static let https = URIScheme(rawValue: 0x17)
    /// 0x26: `mailto:`.
    public static let mailto = URIScheme(rawValue: 0x26)
    /// 0x45: `tel:`.
    public static let tel = URIScheme(rawValue: 0x45)
    /// 0x4E: `urn:`.
    public static let urn = URIScheme(rawValue: 0x4E)
    /// 0xBB: `bluetooth:`.
    public static let bluetooth = URIScheme(rawValue: 0xBB)

    /// The scheme name string with its colon, e.g. `https:`; empty for ``empty``; `nil` for an unassigned code.
    public var prefix: String? {
        if self == .empty { return "" }
        guard rawValue >= 0x02, rawValue < 0x02 + UInt32(Self.names.count) else { return nil }
        return Self.names[Int(rawValue - 0x02)] + ":"
    }

    /// The code for a scheme name (without or with its colon, any case), e.g. `https` → 0x17.
    public init?(name: String) {
        var name = name.lowercased()
        if name.hasSuffix(":") { name.removeLast() }
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: UInt32(index) + 0x02)
    }

    /// Whether a code point at the start of a URI AD structure is a scheme code rather than text.
    ///
    /// Scheme codes lie outside printable ASCII: 0x01–0x1F and 0x7F–0xFF (codes above 0x7F are
    /// written as 2-byte UTF-8).
    static func isSchemeCodePoint(_ value: UInt32) -> Bool {
        (0x01...0x1F).contains(value) || (0x7F...0xFF).contains(value)
    }

    /// The scheme, e.g. `https:`, or `scheme 0xC5` for an unassigned code.
    public var description: String {
        prefix ?? "scheme 0x\(String(rawValue, radix: 16, uppercase: true))"
    }

    /// Scheme names for codes 0x02, 0x03, … in order (Assigned Numbers, 2.7).
    private static let names: [String] = [
        "aaa", "aaas", "about", "acap", "acct", "cap", "cid", "coap", "coaps", "crid", "data", "dav",
        "dict", "dns", "file", "ftp", "geo", "go", "gopher", "h323", "http", "https", "iax", "icap",
        "im", "imap", "info", "ipp", "ipps", "iris", "iris.beep", "iris.xpc", "iris.xpcs", "iris.lwz",
        "jabber", "ldap", "mailto", "mid", "msrp", "msrps", "mtqp", "mupdate", "news", "nfs", "ni",
        "nih", "nntp", "opaquelocktoken", "pop", "pres", "reload", "rtsp", "rtsps", "rtspu", "service",
        "session", "shttp", "sieve", "sip", "sips", "sms", "snmp", "soap.beep", "soap.beeps", "stun",
        "stuns", "tag", "tel", "telnet", "tftp", "thismessage", "tn3270", "tip", "turn", "turns", "tv",
        "urn", "vemmi", "ws", "wss", "xcon", "xcon-userid", "xmlrpc.beep", "xmlrpc.beeps", "xmpp",
        "z39.50r", "z39.50s", "acr", "adiumxtra", "afp", "afs", "aim", "apt", "attachment", "aw",
        "barion", "beshare", "bitcoin", "bolo", "callto", "chrome", "chrome-extension",
        "com-eventbrite-attendee", "content", "cvs", "dlna-playsingle", "dlna-playcontainer", "dtn",
        "dvb", "ed2k", "facetime", "feed", "feedready", "finger", "fish", "gg", "git", "gizmoproject",
        "gtalk", "ham", "hcp", "icon", "ipn", "irc", "irc6", "ircs", "itms", "jar", "jms", "keyparc",
        "lastfm", "ldaps", "magnet", "maps", "market", "message", "mms", "ms-help",
        "ms-settings-power", "msnim", "mumble", "mvn", "notes", "oid", "palm", "paparazzi", "pkcs11",
        "platform", "proxy", "psyc", "query", "res", "resource", "rmi", "rsync", "rtmfp", "rtmp",
        "secondlife", "sftp", "sgn", "skype", "smb", "smtp", "soldat", "spotify", "ssh", "steam",
        "submit", "svn", "teamspeak", "teliaeid", "things", "udp", "unreal", "ut2004", "ventrilo",
        "view-source", "webcal", "wtai", "wyciwyg", "xfire", "xri", "ymsgr", "example",
        "ms-settings-cloudstorage", "bluetooth", "bl",
    ]
}

/// The value of a URI AD structure: an optional scheme code and the rest of the URI.
///
/// CSS Part A, 1.18: the URI is UTF-8; its scheme may be replaced by one code point from the URI
/// Scheme Name String Mapping (Assigned Numbers, 2.7), e.g. `17 2F 2F 65 78 2E 63 6F` is
/// `https://ex.co`.
public struct AdvertisingURI: Hashable, Sendable, CustomStringConvertible {
    /// The scheme code at the start, or `nil` when the text starts directly (no code point).
    public var scheme: URIScheme?
    /// The text after the scheme code.
    public var remainder: String

    /// Creates a URI value from a scheme code and the text after it.
    public init(scheme: URIScheme?, remainder: String) {
        self.scheme = scheme
        self.remainder = remainder
    }

    /// Abbreviates a full URI with the scheme code that matches its scheme, or ``URIScheme/empty`` if none does.
    public init(_ uri: String) {
        if let colon = uri.firstIndex(of: ":"), let scheme = URIScheme(name: String(uri[..<colon])) {
            self.init(scheme: scheme, remainder: String(uri[uri.index(after: colon)...]))
        } else {
            self.init(scheme: .empty, remainder: uri)
        }
    }

    /// The full URI, e.g. `https://ex.co`; an unknown scheme code is left out of the text.
    public var string: String { (scheme?.prefix ?? "") + remainder }

    /// Whether the scheme code is one Assigned Numbers does not define.
    public var hasUnknownScheme: Bool { scheme != nil && scheme?.prefix == nil }

    /// The full URI, or `<scheme 0xC5>rest` when the scheme code is unknown.
    public var description: String {
        if let scheme, scheme.prefix == nil { return "<\(scheme)>" + remainder }
        return string
    }

    /// Decodes the AD data: a leading non-printable code point is the scheme.
    ///
    /// Invalid UTF-8 is decoded with replacement characters rather than rejected, so a scanner still shows it.
    init(adData bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let first = text.unicodeScalars.first, URIScheme.isSchemeCodePoint(first.value) {
            var scalars = text.unicodeScalars
            scalars.removeFirst()
            self.init(scheme: URIScheme(rawValue: first.value), remainder: String(scalars))
        } else {
            self.init(scheme: nil, remainder: text)
        }
    }

    /// The AD data: the scheme code point in UTF-8 followed by the remainder.
    var adData: [UInt8] {
        var bytes: [UInt8] = []
        if let scheme, let scalar = Unicode.Scalar(scheme.rawValue) {
            bytes.append(contentsOf: String(Character(scalar)).utf8)
        }
        bytes.append(contentsOf: remainder.utf8)
        return bytes
    }
}
