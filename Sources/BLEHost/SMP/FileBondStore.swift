#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BLECore

/// Bonds kept in a text file that only its owner can read and write (mode 0600, in a folder
/// created 0700).
///
/// Every save writes a new file beside the old one, flushes it to disk and renames it over the
/// old one, so a crash leaves either the old bonds or the new ones, never half a file. A file that
/// is readable by anyone but its owner, or that does not parse, is refused with an error that
/// names the file and the line, and is never overwritten.
///
/// The format, one bond a line after a header line:
/// ```
/// nightlight-bonds 1
/// bond peer=F0:12:34:56:78:9A/random size=16 auth=0 sc=1 central=<32 hex>:<ediv>:<rand> peripheral=<…> irk=<32 hex>
/// ```
public actor FileBondStore: BondStore {
    /// The file's path.
    public nonisolated let path: String

    /// The first line of every bond file.
    static let header = "nightlight-bonds 1"

    /// A store kept in `path` (created on the first save).
    public init(path: String) {
        self.path = path
    }

    // MARK: BondStore

    /// Every bond in the file, in file order; none when the file does not exist yet.
    public func allBonds() throws(BondStoreError) -> [SecurityBond] {
        guard let text = try readFile() else { return [] }
        return try Self.parse(text, path: path)
    }

    /// Keeps `bond`, replacing the bond with the same peer; the bond moves to the end (the most
    /// recently used).
    public func saveBond(_ bond: SecurityBond) throws(BondStoreError) {
        var bonds = try allBonds()
        bonds.removeAll { $0.peer == bond.peer }
        bonds.append(bond)
        try write(bonds)
    }

    /// Deletes the bond with `peer`.
    @discardableResult
    public func removeBond(for peer: DeviceAddress) throws(BondStoreError) -> Bool {
        var bonds = try allBonds()
        let before = bonds.count
        bonds.removeAll { $0.peer == peer }
        guard bonds.count != before else { return false }
        try write(bonds)
        return true
    }

    /// Deletes every bond (the file then holds only its header).
    public func removeAllBonds() throws(BondStoreError) {
        guard try readFile() != nil else { return }
        _ = try allBonds()
        try write([])
    }

    // MARK: Format

    /// The file's text for `bonds`.
    static func format(_ bonds: [SecurityBond]) -> String {
        var lines = [header]
        for bond in bonds {
            var fields = [
                "peer=\(bond.peer)/\(bond.peer.isRandom ? "random" : "public")",
                "size=\(bond.keySize)",
                "auth=\(bond.isAuthenticated ? 1 : 0)",
                "sc=\(bond.isSecureConnections ? 1 : 0)",
            ]
            if let key = bond.centralKey { fields.append("central=\(key.key.hexString):\(key.ediv):\(key.rand)") }
            if let key = bond.peripheralKey { fields.append("peripheral=\(key.key.hexString):\(key.ediv):\(key.rand)") }
            if let irk = bond.peerIdentityResolvingKey { fields.append("irk=\(irk.hexString)") }
            if let csrk = bond.peerSignatureKey { fields.append("csrk=\(csrk.hexString)") }
            if let csrk = bond.localSignatureKey { fields.append("local-csrk=\(csrk.hexString)") }
            lines.append("bond " + fields.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bonds of a file's text; throws naming the line that is wrong.
    static func parse(_ text: String, path: String) throws(BondStoreError) -> [SecurityBond] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == header else {
            throw BondStoreError(path: path, "is not a bond file (its first line is not '\(header)')")
        }
        var bonds: [SecurityBond] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            do {
                bonds.append(try parseBond(line))
            } catch let problem as LineProblem {
                throw BondStoreError(path: path, "line \(index + 1): \(problem.text)")
            } catch {
                throw BondStoreError(path: path, "line \(index + 1): \(error)")
            }
        }
        return bonds
    }

    private struct LineProblem: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func parseBond(_ line: String) throws -> SecurityBond {
        let words = line.split(separator: " ").map(String.init)
        guard words.first == "bond" else { throw LineProblem("expected a line starting with 'bond'") }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { throw LineProblem("'\(word)' is not name=value") }
            let name = String(word[..<equals])
            guard fields[name] == nil else { throw LineProblem("'\(name)' appears twice") }
            fields[name] = String(word[word.index(after: equals)...])
        }
        guard let peerText = fields["peer"] else { throw LineProblem("the peer address is missing") }
        let parts = peerText.split(separator: "/").map(String.init)
        guard parts.count == 2, parts[1] == "random" || parts[1] == "public" else {
            throw LineProblem("peer must be ADDRESS/public or ADDRESS/random, not '\(peerText)'")
        }
        let peer = try DeviceAddress(parsing: parts[0], isRandom: parts[1] == "random")
        guard let sizeText = fields["size"], let size = Int(sizeText), (7...16).contains(size) else {
            throw LineProblem("size must be a key size of 7…16")
        }
        return SecurityBond(
            peer: peer,
            centralKey: try fields["central"].map(parseKey),
            peripheralKey: try fields["peripheral"].map(parseKey),
            peerIdentityResolvingKey: try fields["irk"].map { try parseKeyBytes($0, "irk") },
            peerSignatureKey: try fields["csrk"].map { try parseKeyBytes($0, "csrk") },
            localSignatureKey: try fields["local-csrk"].map { try parseKeyBytes($0, "local-csrk") },
            keySize: size,
            isAuthenticated: try flag(fields["auth"], "auth"),
            isSecureConnections: try flag(fields["sc"], "sc")
        )
    }

    private static func flag(_ text: String?, _ name: String) throws -> Bool {
        switch text {
        case "1": return true
        case "0": return false
        default: throw LineProblem("\(name) must be 0 or 1")
        }
    }

    private static func parseKey(_ text: String) throws -> SMPLongTermKey {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let ediv = UInt16(parts[1]), let rand = UInt64(parts[2]) else {
            throw LineProblem("a key must be KEY:EDIV:RAND, not '\(text)'")
        }
        return SMPLongTermKey(key: try parseKeyBytes(parts[0], "key"), ediv: ediv, rand: rand)
    }

    private static func parseKeyBytes(_ text: String, _ name: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { throw LineProblem("\(name) must be 32 hex digits") }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                throw LineProblem("\(name) must be 32 hex digits")
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

    // MARK: Files

    /// The file's text, or nil when it does not exist. Refuses a file others can read or write.
    private func readFile() throws(BondStoreError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw BondStoreError(path: path, "cannot be read: \(Self.errorText())")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw BondStoreError(path: path, "cannot be read: \(Self.errorText())")
        }
        if status.st_mode & 0o077 != 0 {
            throw BondStoreError(path: path, "holds secret keys but others may read or change it (mode \(String(status.st_mode & 0o777, radix: 8))); run `chmod 600 \(path)` if it is yours")
        }
        if status.st_size > 1 << 20 {
            throw BondStoreError(path: path, "is larger than 1 MiB; it is not a bond file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BondStoreError(path: path, "cannot be read: \(Self.errorText())")
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BondStoreError(path: path, "is not UTF-8 text; it is not a bond file")
        }
        return text
    }

    /// Writes `bonds` whole: a new 0600 file beside the old one, flushed, then renamed over it.
    private func write(_ bonds: [SecurityBond]) throws(BondStoreError) {
        try makeFolder()
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BondStoreError(path: path, "cannot be written (\(temporary)): \(Self.errorText())")
        }
        let bytes = Array(Self.format(bonds).utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let text = Self.errorText()
                close(descriptor)
                unlink(temporary)
                throw BondStoreError(path: path, "cannot be written: \(text); the bonds are unchanged")
            }
            written += count
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let text = Self.errorText()
            unlink(temporary)
            throw BondStoreError(path: path, "cannot be written: \(text); the bonds are unchanged")
        }
        guard rename(temporary, path) == 0 else {
            let text = Self.errorText()
            unlink(temporary)
            throw BondStoreError(path: path, "cannot be replaced: \(text); the bonds are unchanged")
        }
    }

    /// Creates the file's folder (0700) when it is missing, with its parents.
    private func makeFolder() throws(BondStoreError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = path[..<slash]
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw BondStoreError(path: path, "cannot be created: folder \(current): \(Self.errorText())")
            }
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// The C library's `write` (the actor has a method of that name).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// A bond file could not be read or written: which file, and what is wrong with it.
public struct BondStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong, and what to do.
    public var problem: String

    /// Creates an error.
    public init(path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `bond file /home/…/bonds: line 3: size must be a key size of 7…16`.
    public var description: String { "bond file \(path) \(problem)" }
}
