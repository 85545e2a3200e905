import Foundation
import GRDB

/// A week schedule saved in the library, to apply to any nightlight later.
public struct SavedSchedule: Codable, Sendable, Hashable, Identifiable {
    /// The row's identity, stable across renames.
    public var id: Int64
    /// The library name; unique, compared case-insensitively.
    public var name: String
    /// The encoded week schedule, exactly as the device stores it (SN profile §6.1).
    public var data: [UInt8]
    /// The address of the device it was saved from, if any.
    public var sourceDeviceAddress: String?
    /// When it was first saved.
    public var createdAt: Date
    /// When its name or content last changed.
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: Int64,
        name: String,
        data: [UInt8],
        sourceDeviceAddress: String? = nil,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.data = data
        self.sourceDeviceAddress = sourceDeviceAddress
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension SavedSchedule: FetchableRecord, TableRecord {
    /// The table of saved schedules.
    public static let databaseTableName = "savedSchedule"

    /// Decodes a row of `savedSchedule`.
    public init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        data = [UInt8](row["data"] as Data)
        sourceDeviceAddress = row["sourceDeviceAddress"]
        createdAt = try row.storedDate("createdAt", of: "savedSchedule")
        updatedAt = try row.storedDate("updatedAt", of: "savedSchedule")
    }
}

extension NightlightStore {
    /// Saves a week schedule in the library under `name`.
    ///
    /// - Parameters:
    ///   - name: the library name (surrounding white space is removed).
    ///   - data: the encoded week schedule; not empty.
    ///   - sourceDeviceAddress: the device it was read from, if any.
    ///   - replacing: when a schedule with that name exists, replace its content (keeping its
    ///     creation date) instead of failing.
    /// - Throws: ``StoreError/Code/scheduleExists`` when the name is taken and `replacing` is
    ///   false; ``StoreError/Code/invalidValue`` for an empty name or blob.
    @discardableResult
    public func saveSchedule(
        named name: String,
        data: [UInt8],
        sourceDeviceAddress: String? = nil,
        replacing: Bool = false
    ) async throws -> SavedSchedule {
        let name = try Self.validName(name, "a schedule name")
        guard !data.isEmpty else { throw StoreError.empty("a saved week schedule") }
        return try await write("saving the schedule \"\(name)\"") { db in
            let now = self.now()
            guard let existing = try Self.findSchedule(db, named: name) else {
                try db.execute(
                    literal: """
                        INSERT INTO savedSchedule (name, data, sourceDeviceAddress, createdAt, updatedAt)
                        VALUES (\(name), \(Data(data)), \(sourceDeviceAddress), \(StoredDate(now)), \(StoredDate(now)))
                        """
                )
                return try Self.fetchSchedule(db, id: db.lastInsertedRowID)
            }
            guard replacing else { throw Self.scheduleExists(existing.name) }
            try db.execute(
                literal: """
                    UPDATE savedSchedule
                    SET name = \(name), data = \(Data(data)), sourceDeviceAddress = \(sourceDeviceAddress),
                        updatedAt = \(StoredDate(now))
                    WHERE id = \(existing.id)
                    """
            )
            return try Self.fetchSchedule(db, id: existing.id)
        }
    }

    /// The saved schedule called `name` (compared case-insensitively).
    ///
    /// - Throws: ``StoreError/Code/scheduleNotFound``.
    public func schedule(named name: String) async throws -> SavedSchedule {
        try await read("reading the schedule \"\(name)\"") { db in try Self.requireSchedule(db, named: name) }
    }

    /// Every saved schedule, by name (case-insensitively).
    public func schedules() async throws -> [SavedSchedule] {
        try await read("listing saved schedules") { db in try Self.fetchSchedules(db) }
    }

    /// Renames a saved schedule; changing only the case of its name is allowed.
    ///
    /// - Throws: ``StoreError/Code/scheduleNotFound``, ``StoreError/Code/scheduleExists`` when
    ///   another schedule has the new name, ``StoreError/Code/invalidValue`` when it is empty.
    @discardableResult
    public func renameSchedule(_ name: String, to newName: String) async throws -> SavedSchedule {
        let newName = try Self.validName(newName, "a schedule name")
        return try await write("renaming the schedule \"\(name)\"") { db in
            let schedule = try Self.requireSchedule(db, named: name)
            if let other = try Self.findSchedule(db, named: newName), other.id != schedule.id {
                throw Self.scheduleExists(other.name)
            }
            try db.execute(
                literal:
                    "UPDATE savedSchedule SET name = \(newName), updatedAt = \(StoredDate(self.now())) WHERE id = \(schedule.id)"
            )
            return try Self.fetchSchedule(db, id: schedule.id)
        }
    }

    /// Saves a copy of a saved schedule under `newName`, or by default under the first free name
    /// of `"X copy"`, `"X copy 2"`, `"X copy 3"`… (a copy of `"X copy"` is named from `"X"`).
    ///
    /// - Throws: ``StoreError/Code/scheduleNotFound``; ``StoreError/Code/scheduleExists`` when
    ///   `newName` is given and taken.
    @discardableResult
    public func duplicateSchedule(_ name: String, as newName: String? = nil) async throws -> SavedSchedule {
        let newName = try newName.map { try Self.validName($0, "a schedule name") }
        return try await write("duplicating the schedule \"\(name)\"") { db in
            let original = try Self.requireSchedule(db, named: name)
            let names = try Self.fetchSchedules(db).map(\.name)
            let copyName: String
            if let newName {
                if let taken = names.first(where: { Self.sameName($0, newName) }) {
                    throw Self.scheduleExists(taken)
                }
                copyName = newName
            } else {
                copyName = Self.copyName(of: original.name) { candidate in
                    names.contains { Self.sameName($0, candidate) }
                }
            }
            let now = self.now()
            try db.execute(
                literal: """
                    INSERT INTO savedSchedule (name, data, sourceDeviceAddress, createdAt, updatedAt)
                    VALUES (\(copyName), \(Data(original.data)), \(original.sourceDeviceAddress), \(StoredDate(now)), \(StoredDate(now)))
                    """
            )
            return try Self.fetchSchedule(db, id: db.lastInsertedRowID)
        }
    }

    /// Deletes a saved schedule.
    ///
    /// - Throws: ``StoreError/Code/scheduleNotFound``.
    public func deleteSchedule(named name: String) async throws {
        try await write("deleting the schedule \"\(name)\"") { db in
            let schedule = try Self.requireSchedule(db, named: name)
            _ = try SavedSchedule.deleteOne(db, key: schedule.id)
        }
    }

    // MARK: - Helpers

    /// The first free name of `"base copy"`, `"base copy 2"`…, where `base` is `name` without a
    /// trailing `" copy"` or `" copy N"`.
    static func copyName(of name: String, isTaken: (String) -> Bool) -> String {
        var base = Substring(name)
        if base.hasSuffix(" copy") {
            base = base.dropLast(" copy".count)
        } else if let marker = base.range(of: " copy ", options: .backwards) {
            let number = base[marker.upperBound...]
            if !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) {
                base = base[..<marker.lowerBound]
            }
        }
        if base.isEmpty { base = Substring(name) }
        var candidate = "\(base) copy"
        var number = 2
        while isTaken(candidate) {
            candidate = "\(base) copy \(number)"
            number += 1
        }
        return candidate
    }

    static func fetchSchedules(_ db: Database) throws -> [SavedSchedule] {
        try SavedSchedule.fetchAll(db).sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The schedule whose name equals `name` ignoring case (Unicode-aware), or nil.
    static func findSchedule(_ db: Database, named name: String) throws -> SavedSchedule? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try SavedSchedule.fetchAll(db).first { sameName($0.name, name) }
    }

    static func requireSchedule(_ db: Database, named name: String) throws -> SavedSchedule {
        guard let schedule = try findSchedule(db, named: name) else {
            // At most 5 names, and the asked one cut, so the message stays a line.
            let names = try fetchSchedules(db).map { "\"\($0.name)\"" }
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            let known = names.isEmpty ? "the library is empty" : "saved: " + shown
            let asked = name.count > 40 ? String(name.prefix(40)) + "…" : name
            throw StoreError(.scheduleNotFound, "no saved schedule is called \"\(asked)\" (\(known))")
        }
        return schedule
    }

    static func fetchSchedule(_ db: Database, id: Int64) throws -> SavedSchedule {
        guard let schedule = try SavedSchedule.fetchOne(db, key: id) else {
            throw StoreError(.databaseFailure, "the saved schedule \(id) vanished while it was written; try again")
        }
        return schedule
    }

    static func scheduleExists(_ name: String) -> StoreError {
        StoreError(
            .scheduleExists,
            "a saved schedule is already called \"\(name)\"; choose another name, or replace it"
        )
    }
}
