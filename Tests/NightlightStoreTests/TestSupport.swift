import Foundation
import NightlightStore
import Synchronization
import Testing

/// A clock the tests set and advance by hand.
final class TestClock: Sendable {
    /// 2025-06-15 15:06:40 UTC: a whole number of milliseconds, as the store keeps.
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    private let date: Mutex<Date>

    init(_ start: Date = TestClock.start) { date = Mutex(start) }

    /// The current date.
    var now: Date { date.withLock { $0 } }

    /// The clock as the store takes it.
    var source: @Sendable () -> Date { { self.now } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}

/// A fresh folder under the system's temporary folder; remove it with `removeItem`.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("nightlight-store-tests", isDirectory: true)
        .appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A store in a fresh temporary folder, driven by a ``TestClock``.
struct Fixture {
    let directory: URL
    let clock: TestClock
    let store: NightlightStore

    var path: String { store.path! }

    init() throws {
        directory = try makeTemporaryDirectory()
        clock = TestClock()
        store = try NightlightStore(path: directory.appendingPathComponent("nightlight.sqlite").path, now: clock.source)
    }

    /// Opens the same file again, as another process or a later run would.
    func reopen() throws -> NightlightStore {
        try NightlightStore(path: path, now: clock.source)
    }

    /// Closes the store and deletes the folder.
    func remove() {
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `body` on a fresh ``Fixture`` and removes it afterwards.
func withFixture(_ body: (Fixture) async throws -> Void) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try await body(fixture)
}

/// Expects `body` to throw a ``StoreError`` with `code` whose message contains every fragment.
@discardableResult
func expectStoreError<T>(
    _ code: StoreError.Code,
    _ fragments: String...,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> T
) async -> StoreError? {
    do {
        let value = try await body()
        Issue.record("expected a \(code) error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as StoreError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                error.message.contains(fragment), "\"\(error.message)\" lacks \"\(fragment)\"",
                sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected a \(code) error, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The bytes of the file at `path`, or nil when it does not exist.
func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

let sampleAddress = "C0:12:34:56:16:F3"
let otherAddress = "C0:12:34:56:2A:01"
/// A stand-in for an encoded week schedule; the store treats it as opaque bytes.
let sampleBlob: [UInt8] = [1, 0, 1, 0, 0x7F, 1, 0x94, 0x04, 0xA0, 0x05, 0x40, 0x20, 0x00, 5]
