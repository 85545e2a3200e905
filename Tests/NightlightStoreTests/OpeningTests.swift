import Foundation
import GRDB
import NightlightStore
import Testing

@Suite("Opening, migrations and bad files")
struct OpeningTests {
    /// The shipped migrations: frozen, so this list only ever grows at its end.
    static let migrations = [
        "v1-nightlight-database", "v1-paired-devices", "v1-schedule-library", "v1-settings", "v1-history", "v2-bonds",
        "v3-history-alerts", "v4-phones",
    ]

    @Test func migratesAnEmptyFileInWALMode() async throws {
        try await withFixture { f in
            try f.store.close()
            let queue = try DatabaseQueue(path: f.path)
            let (migrations, applicationID, journalMode, tables, indexes) = try await queue.read { db in
                (
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
                    try Int32.fetchOne(db, sql: "PRAGMA application_id"),
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                    try db.indexes(on: "history").map(\.name).sorted()
                )
            }
            #expect(migrations == Self.migrations)
            #expect(applicationID == 0x4E4C_5354)
            #expect(journalMode == "wal")
            #expect(
                tables == ["bond", "grdb_migrations", "history", "pairedDevice", "phone", "phoneInvitation", "savedSchedule", "setting", "sqlite_sequence"])
            #expect(indexes == ["history_device_time", "history_open_alerts", "history_time"])
            try queue.close()
        }
    }

    @Test func createsMissingFolders() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a/b/nightlight.sqlite").path
        let store = try NightlightStore(path: path)
        #expect(store.path == path)
        try await store.setSetting("x", for: .dashboardToken)
        try store.close()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func everythingSurvivesReopening() async throws {
        try await withFixture { f in
            let device = try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            let schedule = try await f.store.saveSchedule(
                named: "Holidays", data: sampleBlob, sourceDeviceAddress: sampleAddress)
            let entry = try await f.store.appendHistory(.battery(level: 42, isCharging: false), for: sampleAddress)
            try await f.store.setSetting("token", for: .dashboardToken)
            try f.store.close()
            await expectStoreError(.closed, "listing paired devices failed", "open it again") {
                try await f.store.devices()
            }
            await expectStoreError(.closed) { try await f.store.setSetting("x", for: .dashboardToken) }
            try f.store.close()  // closing twice is harmless

            let reopened = try f.reopen()
            defer { try? reopened.close() }
            #expect(try await reopened.devices() == [device])
            #expect(try await reopened.schedules() == [schedule])
            #expect(try await reopened.history(for: sampleAddress, in: .distantPast ... .distantFuture) == [entry])
            #expect(try await reopened.string(for: .dashboardToken) == "token")
            #expect(try await reopened.integrityProblems().isEmpty)
        }
    }

    @Test func timestampsAreStoredInUTC() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try f.store.close()
            let queue = try DatabaseQueue(path: f.path)
            let stored = try await queue.read { db in
                try String.fetchOne(db, sql: "SELECT pairedAt FROM pairedDevice")
            }
            #expect(stored == "2025-06-15 15:06:40.000")
        }
    }

    @Test func anEmptyFileBecomesADatabase() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nightlight.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try NightlightStore(path: path)
        try await store.setSetting(1, for: SettingKey(rawValue: "n"))
        #expect(try await store.int(for: SettingKey(rawValue: "n")) == 1)
        try store.close()
    }

    @Test func inMemoryStoresWork() async throws {
        let clock = TestClock()
        let store = try NightlightStore.inMemory(now: clock.source)
        #expect(store.path == nil)
        let device = try await store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
        #expect(device.pairedAt == TestClock.start)
        #expect(try await store.integrityProblems().isEmpty)
    }

    // MARK: - Default path

    @Test func defaultPathFollowsXDG() {
        #expect(
            NightlightStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"])
                == "/data/nightlight/nightlight.sqlite")
        #expect(
            NightlightStore.defaultPath(environment: ["HOME": "/home/ana"])
                == "/home/ana/.local/share/nightlight/nightlight.sqlite")
        // Empty or relative XDG_DATA_HOME is ignored, as the XDG Base Directory spec says.
        #expect(
            NightlightStore.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ana"])
                == "/home/ana/.local/share/nightlight/nightlight.sqlite")
        #expect(
            NightlightStore.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ana"])
                == "/home/ana/.local/share/nightlight/nightlight.sqlite")
        #expect(NightlightStore.defaultPath(environment: [:]).hasSuffix("/.local/share/nightlight/nightlight.sqlite"))
    }

    // MARK: - Files that are not ours

    /// Writes `bytes` at a fresh path, expects opening to fail with `code`, and checks that the
    /// file was not changed and no journal appeared beside it.
    func expectRefused(
        _ bytes: Data,
        _ code: StoreError.Code,
        _ fragments: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nightlight.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        let error = await expectStoreError(code, sourceLocation: sourceLocation) { try NightlightStore(path: path) }
        for fragment in [path] + fragments {
            #expect(
                error?.message.contains(fragment) == true, "\(String(describing: error)) lacks \(fragment)",
                sourceLocation: sourceLocation)
        }
        #expect(contents(path) == bytes, "the file was changed", sourceLocation: sourceLocation)
        // Reading a WAL-mode file may create an empty log beside it; nothing may be written there.
        #expect((contents(path + "-wal") ?? Data()).isEmpty, "a change was logged", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"), sourceLocation: sourceLocation)
    }

    @Test func aTextFileIsRefusedAndKept() async throws {
        try await expectRefused(
            Data("name,battery\nEmma,80\n".utf8), .notADatabase,
            "is not a Nightlight database: it is not an SQLite file; move it aside")
    }

    @Test func aShortFileIsRefusedAndKept() async throws {
        try await expectRefused(Data("SQLite".utf8), .notADatabase, "not an SQLite file")
    }

    @Test func anSQLiteHeaderFollowedByGarbageIsRefusedAndKept() async throws {
        var bytes = Data("SQLite format 3\u{0}".utf8)
        bytes.append(Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try await expectRefused(bytes, .notADatabase, "is not a Nightlight database", "move it aside")
    }

    /// Damaging every page but the first breaks the migration table; damaging only the last
    /// page (schedule data no open reads) is found by the integrity check.
    @Test(arguments: [false, true])
    func aDamagedDatabaseIsRefusedAndKept(onlyTheLastPage: Bool) async throws {
        let bytes = try await Self.databaseBytes { store in
            try await store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            for index in 0..<50 {
                try await store.saveSchedule(
                    named: "Schedule \(index)", data: [UInt8](repeating: UInt8(index), count: 300))
            }
        }
        #expect(bytes.count > 4 * 4096)
        var damaged = bytes
        let pages = onlyTheLastPage ? [bytes.count - 4096] : Array(stride(from: 4096, to: bytes.count, by: 4096))
        for offset in pages {
            damaged.replaceSubrange(offset..<(offset + 64), with: [UInt8](repeating: 0xA5, count: 64))
        }
        try await expectRefused(damaged, .notADatabase, "is not a Nightlight database", "move it aside")
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndKept() async throws {
        let bytes = try Self.foreignDatabaseBytes { db in
            try db.execute(sql: "CREATE TABLE photos (id INTEGER PRIMARY KEY, title TEXT)")
        }
        try await expectRefused(bytes, .notADatabase, "another application", "move it aside")
    }

    @Test func aNewerDatabaseIsRefusedAndKept() async throws {
        let bytes = try await Self.databaseBytes { store in
            try await store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
        } then: { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
        }
        try await expectRefused(bytes, .newerDatabase, "newer version", "v9-future", "update Nightlight")
    }

    @Test func aRunKilledBeforeTheFirstMigrationIsResumed() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nightlight.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        }
        try queue.close()
        let store = try NightlightStore(path: path)
        try await store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
        #expect(try await store.devices().count == 1)
        try store.close()
    }

    @Test func aFolderAtThePathIsRefused() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        await expectStoreError(.cannotOpen, directory.path, "is a folder") { try NightlightStore(path: directory.path) }
        await expectStoreError(.invalidValue, "database path") { try NightlightStore(path: "") }
    }

    @Test func aFileWhereTheFolderShouldBeIsReported() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("nightlight").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        await expectStoreError(.cannotOpen, "cannot create the folder \(blocker)") {
            try NightlightStore(path: blocker + "/nightlight.sqlite")
        }
    }

    // MARK: - Helpers

    /// The bytes of a Nightlight database after `fill`, and after `then` changed it behind the store's back.
    static func databaseBytes(
        _ fill: (NightlightStore) async throws -> Void,
        then change: ((Database) throws -> Void)? = nil
    ) async throws -> Data {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try await fill(fixture.store)
        try fixture.store.close()
        if let change {
            let queue = try DatabaseQueue(path: fixture.path)
            try queue.write(change)
            try queue.close()
        }
        return try #require(contents(fixture.path))
    }

    /// The bytes of an SQLite database made by `fill`, as another application would.
    static func foreignDatabaseBytes(_ fill: (Database) throws -> Void) throws -> Data {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write(fill)
        try queue.close()
        return try #require(contents(path))
    }
}
