import BLECore
import Foundation
import Testing

@testable import BLEHost

/// The bond file: every field kept, written whole and only for its owner, and refused (never
/// overwritten) when it is not a bond file, is too big, is not UTF-8 or has a bad line.
@Suite struct FileBondStoreTests {
    /// A fresh folder for one test, removed afterwards by the system's temporary cleanup.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "bonds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func write(_ bytes: [UInt8], to path: String, mode: Int = 0o600) throws {
        try Data(bytes).write(to: URL(filePath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    static let key = (0..<16).map { UInt8($0) }
    static let other = (0..<16).map { UInt8(0xF0 - $0) }

    /// A legacy bond with every field set (both LTKs with EDIV and Rand, IRK, both CSRKs).
    static let full = SecurityBond(
        peer: try! DeviceAddress(parsing: "C4:4E:4C:00:00:01", isRandom: true),
        centralKey: SMPLongTermKey(key: key, ediv: 0xBEEF, rand: 0x0123_4567_89AB_CDEF),
        peripheralKey: SMPLongTermKey(key: other, ediv: 1, rand: UInt64.max),
        peerIdentityResolvingKey: other,
        peerSignatureKey: key.reversed(),
        localSignatureKey: other.reversed(),
        keySize: 7,
        isAuthenticated: true,
        isSecureConnections: false
    )

    /// A Secure Connections bond with only the LTK.
    static let plain = SecurityBond(
        peer: try! DeviceAddress(parsing: "00:1B:DC:DE:00:01"),
        centralKey: SMPLongTermKey(key: key), peripheralKey: SMPLongTermKey(key: key)
    )

    @Test func everyFieldSurvivesTheFile() async throws {
        let path = try Self.folder().appending(path: "bonds").path
        let store = FileBondStore(path: path)
        #expect(try await store.allBonds().isEmpty)
        try await store.saveBond(Self.full)
        try await store.saveBond(Self.plain)
        let reread = try await FileBondStore(path: path).allBonds()
        #expect(reread == [Self.full, Self.plain])
        #expect(try FileBondStore.parse(FileBondStore.format([Self.full, Self.plain]), path: path) == [Self.full, Self.plain])

        // Saving the same peer replaces its bond and moves it last.
        var changed = Self.full
        changed.keySize = 16
        try await store.saveBond(changed)
        #expect(try await store.allBonds() == [Self.plain, changed])
        #expect(try await store.bond(for: Self.plain.peer) == Self.plain)
        #expect(try await store.removeBond(for: Self.plain.peer))
        #expect(try await store.removeBond(for: Self.plain.peer) == false)
        #expect(try await store.allBonds() == [changed])
        try await store.removeAllBonds()
        #expect(try await store.allBonds().isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "nightlight-bonds 1\n")
    }

    @Test func writesAreWholeAndOnlyForTheOwner() async throws {
        let root = try Self.folder()
        let folder = root.appending(path: "state/nightlight")
        let path = folder.appending(path: "bonds").path
        let store = FileBondStore(path: path)
        try await store.saveBond(Self.plain)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(folder.path) == 0o700)
        #expect(try Self.mode(root.appending(path: "state").path) == 0o700)
        try await store.saveBond(Self.full)
        // The new file replaced the old by a rename: nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bonds"])
        #expect(try Self.mode(path) == 0o600)
        // A stale temporary file from a crash does not stop the next save.
        try Self.write(Array("half".utf8), to: path + ".new")
        try await store.saveBond(Self.plain)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
        #expect(try await store.allBonds().count == 2)
    }

    @Test(arguments: [
        ("nightlight-bonds 1\nhello\n", "line 2: expected a line starting with 'bond'"),
        ("nightlight-bonds 1\nbond peer\n", "line 2: 'peer' is not name=value"),
        ("nightlight-bonds 1\nbond size=16 auth=0 sc=1\n", "line 2: the peer address is missing"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01 size=16 auth=0 sc=1\n", "line 2: peer must be ADDRESS/public or ADDRESS/random"),
        ("nightlight-bonds 1\nbond peer=zz/public size=16 auth=0 sc=1\n", "line 2: "),
        ("nightlight-bonds 1\n\nbond peer=00:1B:DC:DE:00:01/public size=6 auth=0 sc=1\n", "line 3: size must be a key size of 7…16"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=16 auth=2 sc=1\n", "line 2: auth must be 0 or 1"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=16 auth=0 sc=1 sc=1\n", "line 2: 'sc' appears twice"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=16 auth=0 sc=1 central=00:0:0\n", "line 2: key must be 32 hex digits"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=16 auth=0 sc=1 central=0011\n", "line 2: a key must be KEY:EDIV:RAND"),
        ("nightlight-bonds 1\nbond peer=00:1B:DC:DE:00:01/public size=16 auth=0 sc=1 irk=zz000000000000000000000000000000\n", "line 2: irk must be 32 hex digits"),
        ("nightlight-bonds 2\n", "is not a bond file"),
        ("", "is not a bond file"),
    ])
    func badFilesAreNamedAndNeverOverwritten(text: String, problem: String) async throws {
        let path = try Self.folder().appending(path: "bonds").path
        try Self.write(Array(text.utf8), to: path)
        let store = FileBondStore(path: path)
        let error = await #expect(throws: BondStoreError.self) { try await store.allBonds() }
        #expect(error?.path == path)
        #expect(error?.description.hasPrefix("bond file \(path) ") == true)
        #expect(error?.problem.contains(problem) == true, "\(String(describing: error))")
        await #expect(throws: BondStoreError.self) { try await store.saveBond(Self.plain) }
        await #expect(throws: BondStoreError.self) { try await store.removeAllBonds() }
        await #expect(throws: BondStoreError.self) { try await store.removeBond(for: Self.plain.peer) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
    }

    @Test func aFileOthersMayReadIsRefused() async throws {
        let path = try Self.folder().appending(path: "bonds").path
        let text = FileBondStore.format([Self.plain])
        for mode in [0o644, 0o640, 0o604, 0o620] {
            try Self.write(Array(text.utf8), to: path, mode: mode)
            let store = FileBondStore(path: path)
            let error = await #expect(throws: BondStoreError.self) { try await store.allBonds() }
            #expect(error?.problem.contains("chmod 600") == true)
            await #expect(throws: BondStoreError.self) { try await store.saveBond(Self.full) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            #expect(try Self.mode(path) == mode)
        }
    }

    @Test func aTooBigFileIsRefused() async throws {
        let path = try Self.folder().appending(path: "bonds").path
        let bytes = Array("nightlight-bonds 1\n".utf8) + [UInt8](repeating: UInt8(ascii: "\n"), count: 1 << 20)
        try Self.write(bytes, to: path)
        let error = await #expect(throws: BondStoreError.self) { try await FileBondStore(path: path).allBonds() }
        #expect(error?.problem.contains("larger than 1 MiB") == true)
        #expect(try Data(contentsOf: URL(filePath: path)).count == bytes.count)
    }

    @Test func aFileThatIsNotUTF8IsRefused() async throws {
        let path = try Self.folder().appending(path: "bonds").path
        let bytes = Array("nightlight-bonds 1\nbond peer=".utf8) + [0xFF, 0xFE, 0x0A]
        try Self.write(bytes, to: path)
        let store = FileBondStore(path: path)
        let error = await #expect(throws: BondStoreError.self) { try await store.allBonds() }
        #expect(error?.problem.contains("is not UTF-8 text") == true)
        await #expect(throws: BondStoreError.self) { try await store.saveBond(Self.plain) }
        #expect(try Array(Data(contentsOf: URL(filePath: path))) == bytes)
    }

    @Test func aPathThroughAFileSaysWhatFailed() async throws {
        let root = try Self.folder()
        let blocker = root.appending(path: "file")
        try Self.write([0], to: blocker.path)
        let store = FileBondStore(path: blocker.appending(path: "bonds").path)
        let error = await #expect(throws: BondStoreError.self) { try await store.saveBond(Self.plain) }
        #expect(error?.problem.contains("cannot be") == true, "\(String(describing: error))")
        #expect(error?.description.contains(blocker.path) == true)
    }
}
