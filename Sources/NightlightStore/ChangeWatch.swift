import Foundation
import GRDB
import Synchronization

/// Tells whether the database may have changed between two moments, without a read on GRDB's
/// queues: what lets the store keep a list in memory between changes (``NightlightStore/devices()``).
///
/// A change is either a write of this store (counted in ``noteWrite()``) or a commit by any other
/// connection, in this process or another one (a `nightlight` command on the same file): SQLite's
/// `PRAGMA data_version` on a connection of the watch's own moves whenever another connection
/// committed since that connection last looked (sqlite.org/pragma.html#pragma_data_version). The
/// store's own writer is such another connection too, so the count of writes only matters for a
/// store in memory, which no other connection can reach.
final class ChangeWatch: Sendable {
    /// A moment of the database: two equal revisions of one watch saw no change in between.
    struct Revision: Sendable, Equatable {
        var writes: UInt64
        var dataVersion: Int64
    }

    /// The writes of this store so far.
    private let writes = Atomic<UInt64>(0)
    /// The read-only connection that runs `PRAGMA data_version`; nil for a store in memory.
    private let connection: DatabaseQueue?

    /// A watch over the database file at `path` (nil: a database in memory, which only this
    /// store writes). A file that the watch cannot open leaves it blind: ``revision()`` is nil.
    init(path: String?) {
        guard let path else {
            connection = nil
            isBlind = false
            return
        }
        var configuration = Configuration()
        configuration.label = "NightlightStore.changes"
        configuration.readonly = true
        // It must never wait: a busy file makes ``revision()`` nil, and the caller reads.
        configuration.busyMode = .immediateError
        connection = try? DatabaseQueue(path: path, configuration: configuration)
        isBlind = connection == nil
    }

    /// Whether the watch could not open its connection (every ``revision()`` is nil).
    private let isBlind: Bool

    /// The current revision, or nil when it cannot be told (the caller must read the database).
    func revision() -> Revision? {
        let writes = writes.load(ordering: .acquiring)
        guard let connection else { return isBlind ? nil : Revision(writes: writes, dataVersion: 0) }
        do {
            let version = try connection.inDatabase { db in
                try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version"))
            }
            guard let version else { return nil }
            return Revision(writes: writes, dataVersion: version)
        } catch {
            return nil
        }
    }

    /// Counts a write of this store (call it once the write has committed or failed).
    func noteWrite() {
        writes.add(1, ordering: .releasing)
    }

    /// Closes the connection; later revisions are nil.
    func close() {
        try? connection?.close()
    }
}
