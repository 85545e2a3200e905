#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing key files: private to their owner (mode 0600), written atomically.
extension FirmwareSigningKey {
    /// The mode of a key file: read and write for its owner only.
    public static let keyFileMode: UInt32 = 0o600

    /// Reads a key file (format: ``init(keyFile:path:)``).
    ///
    /// Throws ``NightlightError/Code/signingKey`` when the file cannot be read, is not a regular
    /// file, is not a key, or is open to other users (any of the mode bits 0o077): the message
    /// says to run `chmod 600` on it.
    public static func load(fromFile path: String) throws(NightlightError) -> FirmwareSigningKey {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "there is no such file" : Self.describe(errno)
            throw NightlightError(.signingKey, "cannot read the signing key file \(path): \(reason); give the path of a key file (`nightlight firmware keygen --out FILE` makes one)")
        }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw NightlightError(.signingKey, "cannot read the signing key file \(path): \(Self.describe(errno))")
        }
        let mode = UInt32(info.st_mode)
        guard mode & 0o170000 == 0o100000 else {
            throw NightlightError(.signingKey, "the signing key file \(path) is not a regular file; give the path of a key file")
        }
        guard mode & 0o077 == 0 else {
            throw NightlightError(
                .signingKey,
                "the signing key file \(path) is open to other users (mode \(Self.octal(mode & 0o777))); a private key must be readable by its owner only: run `chmod 600 \(path)` and try again"
            )
        }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while contents.count <= maximumKeyFileByteCount {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw NightlightError(.signingKey, "cannot read the signing key file \(path): \(Self.describe(errno))")
            }
            contents += buffer[0..<count]
        }
        return try FirmwareSigningKey(keyFile: contents, path: path)
    }

    /// Writes ``keyFileContents`` to `path` with mode 0600, atomically: the file appears whole or
    /// not at all, and no other user can read it at any moment.
    ///
    /// An existing file is never replaced unless `overwrite` is true.
    ///
    /// Throws ``NightlightError/Code/signingKey`` when the file exists (without `overwrite`) or
    /// cannot be written.
    public func write(toFile path: String, overwrite: Bool = false) throws(NightlightError) {
        func failure(_ reason: String) -> NightlightError {
            NightlightError(.signingKey, "cannot write the key file \(path): \(reason); check the folder exists and is writable")
        }
        let exists = NightlightError(
            .signingKey,
            "the key file \(path) already exists and was left as it is: choose another file, or replace it on purpose (`--force`); a key that signed firmware is needed to sign its updates"
        )
        if !overwrite, Self.exists(path) { throw exists }
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = path + ".tmp-\(getpid())-\(attempt)-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(Self.keyFileMode))
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(Self.describe(errno)) }
        var removeTemporary = true
        defer { if removeTemporary { _ = unlink(temporary) } }
        do {
            defer { _ = close(descriptor) }
            // The umask may have taken bits away; the mode is exactly 0600.
            guard fchmod(descriptor, mode_t(Self.keyFileMode)) == 0 else { throw failure(Self.describe(errno)) }
            let contents = keyFileContents
            var written = 0
            while written < contents.count {
                let count = contents.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(Self.describe(errno))
                }
                written += count
            }
            guard fsync(descriptor) == 0 else { throw failure(Self.describe(errno)) }
        }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw failure(Self.describe(errno)) }
            removeTemporary = false
            return
        }
        // link fails when the path exists: nothing is replaced, even by a file that appeared
        // since the check above.
        if link(temporary, path) == 0 { return }
        let linkError = errno
        if linkError == EEXIST { throw exists }
        // A file system without hard links: rename, having checked the path is free.
        guard linkError == EPERM || linkError == EOPNOTSUPP || linkError == EMLINK else {
            throw failure(Self.describe(linkError))
        }
        if Self.exists(path) { throw exists }
        guard rename(temporary, path) == 0 else { throw failure(Self.describe(errno)) }
        removeTemporary = false
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// POSIX `write`, named apart from ``FirmwareSigningKey/write(toFile:overwrite:)``.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
