import BLECore

/// A bond record that does not parse: what is wrong with it.
public struct SecurityBondRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong (`size must be a key size of 7…16`).
    public var problem: String

    /// Creates an error.
    public init(_ problem: String) {
        self.problem = problem
    }

    /// The problem.
    public var description: String { problem }
}

extension SecurityBond {
    /// The bond as one line of text, the form ``FileBondStore`` keeps (and any store that keeps
    /// text may keep): `bond peer=F0:12:34:56:78:9A/random size=16 auth=0 sc=1
    /// central=<32 hex>:<ediv>:<rand> peripheral=<…> irk=<32 hex> csrk=<…> local-csrk=<…>`.
    /// It holds the keys: keep it secret.
    public var record: String {
        var fields = [
            "peer=\(peer)/\(peer.isRandom ? "random" : "public")",
            "size=\(keySize)",
            "auth=\(isAuthenticated ? 1 : 0)",
            "sc=\(isSecureConnections ? 1 : 0)",
        ]
        if let key = centralKey { fields.append("central=\(key.key.hexString):\(key.ediv):\(key.rand)") }
        if let key = peripheralKey { fields.append("peripheral=\(key.key.hexString):\(key.ediv):\(key.rand)") }
        if let irk = peerIdentityResolvingKey { fields.append("irk=\(irk.hexString)") }
        if let csrk = peerSignatureKey { fields.append("csrk=\(csrk.hexString)") }
        if let csrk = localSignatureKey { fields.append("local-csrk=\(csrk.hexString)") }
        return "bond " + fields.joined(separator: " ")
    }

    /// The bond a ``record`` describes.
    ///
    /// - Throws: ``SecurityBondRecordError`` saying what is wrong: a missing or repeated field, an
    ///   address, a key that is not 32 hex digits, a key size outside 7…16.
    public init(record: String) throws(SecurityBondRecordError) {
        let words = record.split(separator: " ").map(String.init)
        guard words.first == "bond" else { throw SecurityBondRecordError("expected a line starting with 'bond'") }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { throw SecurityBondRecordError("'\(word)' is not name=value") }
            let name = String(word[..<equals])
            guard fields[name] == nil else { throw SecurityBondRecordError("'\(name)' appears twice") }
            fields[name] = String(word[word.index(after: equals)...])
        }
        guard let peerText = fields["peer"] else { throw SecurityBondRecordError("the peer address is missing") }
        let parts = peerText.split(separator: "/").map(String.init)
        guard parts.count == 2, parts[1] == "random" || parts[1] == "public" else {
            throw SecurityBondRecordError("peer must be ADDRESS/public or ADDRESS/random, not '\(peerText)'")
        }
        let peer: DeviceAddress
        do {
            peer = try DeviceAddress(parsing: parts[0], isRandom: parts[1] == "random")
        } catch {
            throw SecurityBondRecordError("peer: \(error)")
        }
        guard let sizeText = fields["size"], let size = Int(sizeText), (7...16).contains(size) else {
            throw SecurityBondRecordError("size must be a key size of 7…16")
        }
        self.init(
            peer: peer,
            centralKey: try fields["central"].map(Self.parseKey),
            peripheralKey: try fields["peripheral"].map(Self.parseKey),
            peerIdentityResolvingKey: try fields["irk"].map { text throws(SecurityBondRecordError) in try Self.parseKeyBytes(text, "irk") },
            peerSignatureKey: try fields["csrk"].map { text throws(SecurityBondRecordError) in try Self.parseKeyBytes(text, "csrk") },
            localSignatureKey: try fields["local-csrk"].map { text throws(SecurityBondRecordError) in try Self.parseKeyBytes(text, "local-csrk") },
            keySize: size,
            isAuthenticated: try Self.flag(fields["auth"], "auth"),
            isSecureConnections: try Self.flag(fields["sc"], "sc")
        )
    }

    private static func flag(_ text: String?, _ name: String) throws(SecurityBondRecordError) -> Bool {
        switch text {
        case "1": return true
        case "0": return false
        default: throw SecurityBondRecordError("\(name) must be 0 or 1")
        }
    }

    private static func parseKey(_ text: String) throws(SecurityBondRecordError) -> SMPLongTermKey {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let ediv = UInt16(parts[1]), let rand = UInt64(parts[2]) else {
            throw SecurityBondRecordError("a key must be KEY:EDIV:RAND, not '\(text)'")
        }
        return SMPLongTermKey(key: try parseKeyBytes(parts[0], "key"), ediv: ediv, rand: rand)
    }

    private static func parseKeyBytes(_ text: String, _ name: String) throws(SecurityBondRecordError) -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { throw SecurityBondRecordError("\(name) must be 32 hex digits") }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                throw SecurityBondRecordError("\(name) must be 32 hex digits")
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
