import Foundation
import NightlightStore
import Testing

@Suite("Bonds and a private database file")
struct BondTests {
    static let peer = "C4:4E:4C:00:00:01/random"

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func bondsAreSavedReplacedUsedAndRemoved() async throws {
        try await withFixture { f in
            #expect(try await f.store.bonds().isEmpty)
            try await f.store.saveBond("bond one", for: Self.peer)
            f.clock.advance(by: 1)
            try await f.store.saveBond("bond two", for: "00:1B:DC:00:00:01/public")
            #expect(try await f.store.bonds().map(\.record) == ["bond one", "bond two"], "the least recently used first")

            f.clock.advance(by: 1)
            #expect(try await f.store.touchBond(Self.peer.lowercased()), "peers compare without case")
            #expect(try await f.store.bonds().map(\.record) == ["bond two", "bond one"])
            #expect(try await f.store.bonds().last?.lastUsed == f.clock.now)

            f.clock.advance(by: 1)
            try await f.store.saveBond("bond one, new keys", for: Self.peer)
            #expect(try await f.store.bonds().map(\.record) == ["bond two", "bond one, new keys"], "replaced, not added")

            // They survive reopening, as another process or a later run sees them.
            let reopened = try f.reopen()
            #expect(try await reopened.bonds().count == 2)
            try reopened.close()

            #expect(try await f.store.removeBond(Self.peer))
            #expect(try await f.store.removeBond(Self.peer) == false)
            #expect(try await f.store.touchBond(Self.peer) == false)
            try await f.store.removeAllBonds()
            #expect(try await f.store.bonds().isEmpty)
        }
    }

    @Test func emptyPeersAndRecordsAreRefused() async throws {
        try await withFixture { f in
            await expectStoreError(.invalidValue, "peer", "empty") { try await f.store.saveBond("bond x", for: "") }
            await expectStoreError(.invalidValue, "record", "empty") { try await f.store.saveBond("", for: Self.peer) }
            let bonds = try await f.store.bonds()
            #expect(bonds.isEmpty)
        }
    }

    @Test func anImportAddsOnlyWhatIsMissingAndMarksItselfInOneTransaction() async throws {
        try await withFixture { f in
            try await f.store.saveBond("kept", for: Self.peer)
            let added = try await f.store.importBonds(
                [(peer: Self.peer, record: "from the file"), (peer: "C4:4E:4C:00:00:02/random", record: "new")],
                marking: .bondsImported, as: "/tmp/bonds"
            )
            #expect(added == 1)
            #expect(Set(try await f.store.bonds().map(\.record)) == ["kept", "new"], "a bond in the database wins")
            #expect(try await f.store.string(for: .bondsImported) == "/tmp/bonds")
        }
    }

    @Test func theDatabaseIsReadableOnlyByItsOwner() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("new/nightlight").path
        let path = folder + "/nightlight.sqlite"
        let store = try NightlightStore(path: path)
        try await store.saveBond("bond secret", for: Self.peer)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(path + "-wal") == 0o600, "SQLite gives the log the file's mode")
        #expect(try Self.mode(folder) == 0o700)
        try store.close()
    }

    @Test func aDatabaseOthersCouldReadIsMadePrivateWhenOpened() async throws {
        try await withFixture { f in
            try await f.store.saveBond("bond secret", for: Self.peer)
            try f.store.close()
            // As an earlier version left it: readable by everyone.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: f.path)
            let reopened = try f.reopen()
            #expect(try Self.mode(f.path) == 0o600)
            #expect(try await reopened.bonds().map(\.record) == ["bond secret"], "nothing is lost")
            try reopened.close()
        }
    }
}
