import BLECore
import BLEHost
import Foundation
import Logging
import NightlightStore
import NightlightTool
import Testing

@Suite("The app's bonds in its database")
struct DatabaseBondStoreTests {
    static let peer = try! DeviceAddress(parsing: "C4:4E:4C:00:00:02", isRandom: true)
    static let bond = SecurityBond(
        peer: peer,
        centralKey: SMPLongTermKey(key: Array(0..<16), ediv: 0, rand: 0),
        peripheralKey: SMPLongTermKey(key: Array(16..<32), ediv: 0, rand: 0),
        peerIdentityResolvingKey: Array(repeating: 0xA5, count: 16)
    )

    /// A logger that keeps what it is told.
    final class Recorder: LogHandler, @unchecked Sendable {
        var messages: [String] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { messages.append("\(event.level): \(event.message)") }
    }

    /// A database in a new folder; the folder is removed afterwards.
    static func withStore(_ body: (NightlightStore, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bond-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try NightlightStore(path: folder.appending(path: "nightlight.sqlite").path)
        defer { try? store.close() }
        try await body(store, folder)
    }

    @Test func bondsGoInWholeAndComeBackTheSame() async throws {
        try await Self.withStore { store, _ in
            let bonds = DatabaseBondStore(store)
            try await bonds.saveBond(Self.bond)
            #expect(try await bonds.allBonds() == [Self.bond])
            #expect(try await store.bonds().map(\.peer) == ["C4:4E:4C:00:00:02/random"])
            #expect(try await bonds.bond(for: Self.peer) == Self.bond)
            #expect(try await bonds.removeBond(for: Self.peer))
            #expect(try await bonds.allBonds().isEmpty)
        }
    }

    @Test func aDamagedRecordIsAnErrorThatNamesThePeerAndWhatToDo() async throws {
        try await Self.withStore { store, _ in
            try await store.saveBond("bond peer=C4:4E:4C:00:00:02/random size=99", for: "C4:4E:4C:00:00:02/random")
            do {
                _ = try await DatabaseBondStore(store).allBonds()
                Issue.record("a damaged record was read")
            } catch {
                let text = "\(error)"
                #expect(text.contains("C4:4E:4C:00:00:02/random") && text.contains("size must be a key size of 7…16"), "\(text)")
                #expect(text.contains("nightlight unpair"), "\(text)")
            }
            // Unpairing still deletes it.
            #expect(try await DatabaseBondStore(store).removeBond(for: Self.peer))
        }
    }

    @Test func theToolsBondFileIsImportedOnceAndOnlyForPairedNightlights() async throws {
        try await Self.withStore { store, folder in
            let file = folder.appending(path: "state/bonds").path
            let other = SecurityBond(peer: try DeviceAddress(parsing: "00:1B:DC:DE:00:01"), centralKey: SMPLongTermKey(key: Array(0..<16), ediv: 0, rand: 0))
            try await FileBondStore(path: file).saveBond(Self.bond)
            try await FileBondStore(path: file).saveBond(other)
            _ = try await store.pair(address: "C4:4E:4C:00:00:02", deviceName: "SN-0002", childName: "Mia")
            let recorder = Recorder()
            let logger = Logger(label: "test") { _ in recorder }

            let bonds = DatabaseBondStore(store)
            #expect(try await bonds.importOnce(from: file, logger: logger) == 1)
            #expect(try await bonds.allBonds() == [Self.bond], "the demo peripheral's bond is `ble`'s, not the app's")
            #expect(recorder.messages.contains { $0.contains("imported 1 bonds") }, "\(recorder.messages)")
            try await bonds.removeAllBonds()
            #expect(try await bonds.importOnce(from: file, logger: logger) == 0, "once")
            #expect(try await bonds.allBonds().isEmpty)
        }
    }

    @Test func anUnreadableBondFileIsLeftAloneAndTriedAgainLater() async throws {
        try await Self.withStore { store, folder in
            let file = folder.appending(path: "bonds").path
            try "nightlight-bonds 1\nbond peer=C4:4E:4C:00:00:02/random size=3\n".write(toFile: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            _ = try await store.pair(address: "C4:4E:4C:00:00:02", deviceName: "SN-0002", childName: "Mia")
            let recorder = Recorder()
            let bonds = DatabaseBondStore(store)
            #expect(try await bonds.importOnce(from: file, logger: Logger(label: "test") { _ in recorder }) == 0)
            #expect(recorder.messages.contains { $0.hasPrefix("warning") && $0.contains("line 2") }, "\(recorder.messages)")
            #expect(try await store.string(for: .bondsImported) == nil, "not marked: tried again next time")
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("size=3"), "the file is untouched")

            try FileManager.default.removeItem(atPath: file)
            try await FileBondStore(path: file).saveBond(Self.bond)
            #expect(try await bonds.importOnce(from: file, logger: Logger(label: "test") { _ in recorder }) == 1)
        }
    }
}
