import Foundation
import GRDB
import Synchronization

/// The app's one SQLite file: paired nightlights, the library of saved week schedules, settings,
/// and history (battery, RSSI, clock corrections) for plots.
///
/// The store knows nothing of BLE or of the SN profile: addresses are strings and a week schedule
/// is its encoded blob, so the `Nightlight` module encodes and decodes them.
///
/// - Every change runs in one transaction; the file is in WAL mode, so a process killed at any
///   moment leaves the last committed state (an uncommitted change simply disappears).
/// - The schema is a list of named migrations (`v1-paired-devices`, …), applied when the store
///   opens. A file that is not a Nightlight database, is damaged, or was written by a newer
///   version is refused with a ``StoreError`` and never written to.
/// - Timestamps are stored in UTC with millisecond precision and come from the injected `now`.
///
/// Methods are `async` and run one at a time on the store's own thread (``DatabaseThread``, one
/// connection), so they never block the caller's threads; several tasks and several processes
/// can use one file at once (its WAL mode lets other processes read while one writes).
/// ``devices()`` answers from memory while the database is unchanged (``ChangeWatch``).
public final class NightlightStore: Sendable {
    /// The database file, or nil for an in-memory store.
    public let path: String?
    /// The GRDB connection: a `DatabaseQueue` (in WAL mode for a file, so other processes read
    /// and write it meanwhile).
    let writer: any DatabaseWriter
    /// The clock that stamps every change.
    let now: @Sendable () -> Date
    /// Whether ``close()`` ran.
    private let isClosed = Mutex(false)
    /// Whether the database changed since a moment (this store's writes, other processes' commits).
    let changes: ChangeWatch
    /// ``devices()`` as last read, and the revision of the database it was read at.
    let deviceList = Mutex<(revision: ChangeWatch.Revision, devices: [PairedDevice])?>(nil)
    /// Where the reads and writes run.
    private let thread = DatabaseThread(name: "NightlightStore")

    private init(writer: any DatabaseWriter, path: String?, now: @escaping @Sendable () -> Date) {
        self.writer = writer
        self.path = path
        self.now = now
        changes = ChangeWatch(path: path)
    }

    /// Opens (creating it and its folder if needed) the database at `path` and migrates it.
    ///
    /// - Parameters:
    ///   - path: the SQLite file; by default ``defaultPath(environment:)``.
    ///   - now: the clock that stamps changes (`pairedAt`, `updatedAt`, history…).
    /// - Throws: ``StoreError`` with code ``StoreError/Code/notADatabase`` when the file is not
    ///   SQLite, is damaged or belongs to another application; ``StoreError/Code/newerDatabase``
    ///   when a newer version wrote it; ``StoreError/Code/cannotOpen`` when it cannot be
    ///   created or read. In each of these cases the file is left untouched.
    public convenience init(
        path: String = NightlightStore.defaultPath(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let queue: DatabaseQueue
        do {
            if try Self.prepareFile(at: path) {
                try Self.inspect(path)
            }
            var configuration = Configuration()
            configuration.label = "NightlightStore"
            configuration.busyMode = .timeout(10)
            // One connection on one serial queue, not a pool of a writer and readers: each queue
            // of a pool takes a thread of its own while busy, and a hub's few reads (the device
            // list is kept in memory) gain nothing from running beside its writes. The file stays
            // in WAL mode, so other processes still read while this one writes, and it writes
            // while they read.
            configuration.journalMode = .wal
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw Self.openingError(error, path: path)
        }
        try self.init(migrating: queue, path: path, now: now)
    }

    /// Opens a store that lives in memory only, e.g. for tests and previews.
    ///
    /// - Parameter now: the clock that stamps changes.
    public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) throws -> NightlightStore {
        do {
            return try NightlightStore(migrating: DatabaseQueue(), path: nil, now: now)
        } catch {
            throw StoreError.wrapping(error, while: "creating the in-memory database", path: nil)
        }
    }

    private convenience init(
        migrating writer: any DatabaseWriter,
        path: String?,
        now: @escaping @Sendable () -> Date
    ) throws {
        do {
            try StoreSchema.migrator.migrate(writer)
            // Another process may have upgraded the file since it was inspected.
            try writer.read { db in try Self.refuseNewer(db, path: path) }
        } catch {
            throw StoreError.wrapping(error, while: "updating the database schema", path: path)
        }
        self.init(writer: writer, path: path, now: now)
    }

    /// The default database file: `$XDG_DATA_HOME/nightlight/nightlight.sqlite`, or
    /// `~/.local/share/nightlight/nightlight.sqlite` when `XDG_DATA_HOME` is unset, empty or
    /// relative (the XDG Base Directory rule).
    ///
    /// - Parameter environment: the environment variables to read; the process's by default.
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("nightlight/nightlight.sqlite")
    }

    /// Checks SQLite's consistency of the whole file (`PRAGMA integrity_check`).
    ///
    /// - Returns: the problems found; empty when the database is sound.
    public func integrityProblems() async throws -> [String] {
        let problems = try await read("checking the database") { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        return problems == ["ok"] ? [] : problems
    }

    /// Closes the database now rather than when the store is released; later calls throw.
    ///
    /// It first folds the write-ahead log into the main file (when no other connection is
    /// reading), so that the file alone holds everything.
    public func close() throws {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        changes.close()
        do {
            if let queue = writer as? DatabaseQueue {
                if path != nil {
                    // Best effort: another process may be reading, and the log stays valid anyway.
                    _ = try? queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
                }
                try queue.close()
            }
        } catch {
            throw StoreError.wrapping(error, while: "closing the database", path: path)
        }
    }

    // MARK: - Access

    /// Runs `body` in one write transaction; errors become ``StoreError``s that say `action` failed.
    func write<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try checkOpen(action)
        // Counted whether it commits or not: a list kept in memory is read again either way.
        defer { changes.noteWrite() }
        let writer = writer
        do {
            return try await thread.run { try writer.write(body) }
        } catch {
            throw StoreError.wrapping(error, while: action, path: path)
        }
    }

    /// Runs `body` in one read transaction; errors become ``StoreError``s that say `action` failed.
    func read<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try checkOpen(action)
        let writer = writer
        do {
            return try await thread.run { try writer.read(body) }
        } catch {
            throw StoreError.wrapping(error, while: action, path: path)
        }
    }

    func checkOpen(_ action: String) throws {
        if isClosed.withLock({ $0 }) {
            throw StoreError(.closed, "\(action) failed: the store was closed; open it again")
        }
    }

    // MARK: - Opening

    /// The first 16 bytes of every SQLite 3 file.
    private static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Creates the folder of `path` if needed and checks what is already at `path`.
    ///
    /// - Returns: whether a non-empty file exists there (and needs ``inspect(_:)``).
    private static func prepareFile(at path: String) throws -> Bool {
        guard !path.isEmpty else { throw StoreError.empty("the database path") }
        let files = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                // The database holds the keys of the paired nightlights: its folder is private.
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(
                    .cannotOpen,
                    "cannot create the folder \(folder) for the database: \(error.localizedDescription); "
                        + "check its permissions or choose another database file"
                )
            }
        }
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
            try createPrivateFile(at: path)
            return false
        }
        if isFolder.boolValue {
            throw StoreError(.cannotOpen, "\(path) is a folder, not a database file; choose a file path")
        }
        try makePrivate(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError(.cannotOpen, "cannot read \(path); check its permissions")
        }
        defer { try? handle.close() }
        let header = Array((try? handle.read(upToCount: sqliteHeader.count)) ?? Data())
        if header.isEmpty { return false }
        guard header == sqliteHeader else {
            throw StoreError.notADatabase(path, "it is not an SQLite file")
        }
        return true
    }

    /// Creates an empty database file that only its owner can read and write (mode 0600);
    /// SQLite gives its write-ahead log and shared-memory files the same mode. Another process
    /// creating it at the same moment is not an error.
    private static func createPrivateFile(at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            closeDescriptor(descriptor)
        } else if errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw StoreError(.cannotOpen, "cannot create the database file \(path): \(reason); check the folder's permissions or choose another database file")
        }
    }

    /// Takes group and other permissions away from the database and its companion files (the
    /// database holds the keys of the paired nightlights, SN profile §9.4): a database made by
    /// an earlier version, or copied with a permissive mode, becomes private.
    private static func makePrivate(_ path: String) throws {
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
            guard chmod(file, info.st_mode & 0o700) == 0 else {
                let reason = String(cString: strerror(errno))
                throw StoreError(
                    .cannotOpen,
                    "\(file) can be read by other users and its mode cannot be changed (\(reason)); run `chmod 600 \(file)` as its owner"
                )
            }
        }
    }

    /// Reads an existing file without writing to it: refuses a damaged file, another
    /// application's database, and a database from a newer version.
    private static func inspect(_ path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.read { db in
            let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard problems == ["ok"] else {
                throw StoreError.notADatabase(path, "it is damaged (\(problems.prefix(3).joined(separator: "; ")))")
            }
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            // A run killed before the first migration committed may leave grdb_migrations only.
            let foreignObjects =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM sqlite_master
                        WHERE name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                        """
                ) ?? 0
            if applicationID != StoreSchema.applicationID, foreignObjects > 0 {
                throw StoreError.notADatabase(path, "it is the SQLite database of another application")
            }
            try refuseNewer(db, path: path)
        }
        try queue.close()
    }

    /// Throws when the database holds migrations this version does not know.
    private static func refuseNewer(_ db: Database, path: String?) throws {
        let unknown = try StoreSchema.migrator.appliedIdentifiers(db)
            .subtracting(StoreSchema.migrationIdentifiers)
        guard !unknown.isEmpty else { return }
        throw StoreError(
            .newerDatabase,
            "\(path ?? "the database") was written by a newer version of Nightlight "
                + "(unknown migrations: \(unknown.sorted().joined(separator: ", "))); "
                + "update Nightlight to use it, or choose another database file"
        )
    }

    /// The error for a failure while opening the file at `path`.
    private static func openingError(_ error: DatabaseError, path: String) -> StoreError {
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .notADatabase(path, detail)
        default:
            return StoreError(.cannotOpen, "cannot open \(path): \(detail); check the file and its permissions")
        }
    }
}

/// `close(2)`, out of reach of ``NightlightStore/close()``.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
