import Foundation
import GRDB

/// The keys kept for one paired peer: its address and the record the BLE side wrote (the
/// store does not read it).
public struct StoredBond: Sendable, Hashable {
    /// The peer's identity address, as text (`C4:4E:4C:00:00:01/public`, or whatever key the
    /// BLE side chose; compared case-insensitively).
    public var peer: String
    /// The bond's keys, encoded by the BLE side.
    public var record: String
    /// When the bond was last saved or used to encrypt a link.
    public var lastUsed: Date

    /// Creates a bond record.
    public init(peer: String, record: String, lastUsed: Date) {
        self.peer = peer
        self.record = record
        self.lastUsed = lastUsed
    }
}

extension SettingKey {
    /// Set once the bonds of the tools' bond file were copied into the database (its path).
    public static let bondsImported = SettingKey(rawValue: "bonds.importedFrom")
}

extension NightlightStore {
    /// Every bond, the least recently used first.
    public func bonds() async throws -> [StoredBond] {
        try await read("reading the bonds") { db in
            try Row.fetchAll(db, sql: "SELECT peer, record, lastUsed FROM bond ORDER BY lastUsed, rowid").map { row in
                try StoredBond(peer: row["peer"], record: row["record"], lastUsed: row.storedDate("lastUsed", of: "bond"))
            }
        }
    }

    /// Keeps `record` for `peer`, replacing the bond it had; the bond becomes the most
    /// recently used.
    public func saveBond(_ record: String, for peer: String) async throws {
        guard !peer.isEmpty else { throw StoreError.empty("the bond's peer") }
        guard !record.isEmpty else { throw StoreError.empty("the bond's record") }
        try await write("saving the bond with \(peer)") { db in
            try db.execute(
                literal: """
                    INSERT INTO bond (peer, record, lastUsed) VALUES (\(peer), \(record), \(StoredDate(self.now())))
                    ON CONFLICT (peer) DO UPDATE SET record = excluded.record, lastUsed = excluded.lastUsed
                    """
            )
        }
    }

    /// Marks the bond with `peer` as used now; whether there is one.
    @discardableResult
    public func touchBond(_ peer: String) async throws -> Bool {
        try await write("marking the bond with \(peer) as used") { db in
            try db.execute(literal: "UPDATE bond SET lastUsed = \(StoredDate(self.now())) WHERE peer = \(peer)")
            return db.changesCount > 0
        }
    }

    /// Deletes the bond with `peer`; whether there was one.
    @discardableResult
    public func removeBond(_ peer: String) async throws -> Bool {
        try await write("deleting the bond with \(peer)") { db in
            try db.execute(literal: "DELETE FROM bond WHERE peer = \(peer)")
            return db.changesCount > 0
        }
    }

    /// Deletes every bond.
    public func removeAllBonds() async throws {
        try await write("deleting every bond") { db in
            try db.execute(sql: "DELETE FROM bond")
        }
    }

    /// Adds the bonds in `records` that the store does not have yet, and sets `marker` to
    /// `value`, in one transaction: an import that is interrupted leaves nothing behind, and one
    /// that finished is not repeated (see ``SettingKey/bondsImported``). Returns how many were added.
    public func importBonds(_ records: [(peer: String, record: String)], marking marker: SettingKey, as value: String) async throws -> Int {
        try await write("importing \(records.count) bonds") { db in
            var added = 0
            for (peer, record) in records where !peer.isEmpty && !record.isEmpty {
                try db.execute(
                    literal: "INSERT INTO bond (peer, record, lastUsed) VALUES (\(peer), \(record), \(StoredDate(self.now()))) ON CONFLICT (peer) DO NOTHING"
                )
                added += db.changesCount
            }
            try Self.saveSetting(db, value, for: marker, at: self.now())
            return added
        }
    }
}
