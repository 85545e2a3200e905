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
        ([header] + bonds.map(\.record)).joined(separator: "\n") + "\n"
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
                bonds.append(try SecurityBond(record: line))
            } catch {
                throw BondStoreError(path: path, "line \(index + 1): \(error.problem)")
            }
        }
        return bonds
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
