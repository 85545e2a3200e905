import Foundation
import GRDB

/// The kinds of history a device has, for filtering.
public enum HistoryKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Battery level and charging.
    case battery
    /// Received signal strength.
    case rssi
    /// A clock check and what was decided.
    case clockCorrection
    /// Something a parent should know about (a low battery, a lost clock), from when it started
    /// until it cleared.
    case alert
}

/// One measurement or event in a device's history.
public enum HistoryEvent: Sendable, Hashable, Codable {
    /// The battery level in percent (0…100) and whether it was charging.
    case battery(level: Int, isCharging: Bool)
    /// The received signal strength in dBm (−127…20, as HCI reports it).
    case rssi(dBm: Int)
    /// A clock check: the device clock's offset from the app's in seconds (positive when the
    /// device is ahead) and the decision taken, as the `Nightlight` module names it.
    case clockCorrection(offsetSeconds: Double, decision: String)
    /// An alert: what is wrong (`kind`, as the dashboard names it, e.g. `batteryLow`), how bad
    /// (`severity`, e.g. `warning`), the value that raised it (a battery level, a clock offset in
    /// seconds) and when it cleared (nil while it holds). The entry's date is when it started.
    case alert(kind: String, severity: String, value: Double?, clearedAt: Date?)

    /// The event's kind.
    public var kind: HistoryKind {
        switch self {
        case .battery: .battery
        case .rssi: .rssi
        case .clockCorrection: .clockCorrection
        case .alert: .alert
        }
    }

    /// Throws when a field is out of range.
    func validate() throws {
        switch self {
        case .battery(let level, _):
            guard (0...100).contains(level) else { throw StoreError.outOfRange("the battery level", level, 0...100) }
        case .rssi(let dBm):
            guard (-127...20).contains(dBm) else { throw StoreError.outOfRange("the RSSI", dBm, -127...20) }
        case .clockCorrection(let offset, let decision):
            guard offset.isFinite else {
                throw StoreError(.invalidValue, "the clock offset \(offset) is not a finite number of seconds")
            }
            _ = try NightlightStore.validName(decision, "the clock decision")
        case .alert(let kind, let severity, let value, _):
            _ = try NightlightStore.validName(kind, "the alert's kind")
            _ = try NightlightStore.validName(severity, "the alert's severity")
            if let value, !value.isFinite {
                throw StoreError(.invalidValue, "the alert's value \(value) is not a finite number")
            }
        }
    }
}

/// A device's history entry: what happened, when.
public struct HistoryEntry: Sendable, Hashable, Codable, Identifiable {
    /// The row's identity; later entries have larger ones.
    public var id: Int64
    /// The address of the paired device.
    public var deviceAddress: String
    /// When it was measured or happened.
    public var date: Date
    /// What was measured or happened.
    public var event: HistoryEvent

    /// Creates an entry.
    public init(id: Int64, deviceAddress: String, date: Date, event: HistoryEvent) {
        self.id = id
        self.deviceAddress = deviceAddress
        self.date = date
        self.event = event
    }
}

extension HistoryEntry: FetchableRecord, TableRecord {
    /// The table of history entries.
    public static let databaseTableName = "history"

    /// Decodes a row of `history`.
    public init(row: Row) throws {
        id = row["id"]
        deviceAddress = row["deviceAddress"]
        date = try row.storedDate("recordedAt", of: "history")
        let kind: String = row["kind"]
        switch HistoryKind(rawValue: kind) {
        case .battery: event = .battery(level: row["batteryLevel"], isCharging: row["isCharging"])
        case .rssi: event = .rssi(dBm: row["rssi"])
        case .clockCorrection:
            event = .clockCorrection(offsetSeconds: row["clockOffset"], decision: row["clockDecision"])
        case .alert:
            event = try .alert(kind: row["alertKind"], severity: row["alertSeverity"], value: row["alertValue"], clearedAt: row.optionalStoredDate("clearedAt", of: "history"))
        case nil:
            throw StoreError(.newerDatabase, "history entry \(id) has the unknown kind \"\(kind)\"; update Nightlight")
        }
    }
}

extension NightlightStore {
    /// Appends an event to a paired device's history.
    ///
    /// - Parameters:
    ///   - event: what was measured or happened.
    ///   - address: the paired device (compared case-insensitively).
    ///   - date: when; now by default.
    /// - Throws: ``StoreError/Code/deviceNotFound`` when the device is not paired;
    ///   ``StoreError/Code/invalidValue`` for an out-of-range field.
    @discardableResult
    public func appendHistory(
        _ event: HistoryEvent,
        for address: String,
        at date: Date? = nil
    ) async throws -> HistoryEntry {
        try event.validate()
        return try await write("recording history of \(address)") { db in
            let device = try Self.fetchDevice(db, address: address)
            var level: Int?
            var charging: Bool?
            var rssi: Int?
            var offset: Double?
            var decision: String?
            var alert: (kind: String?, severity: String?, value: Double?, clearedAt: Date?)
            switch event {
            case .battery(let value, let isCharging): (level, charging) = (value, isCharging)
            case .rssi(let dBm): rssi = dBm
            case .clockCorrection(let seconds, let text): (offset, decision) = (seconds, text)
            case .alert(let kind, let severity, let value, let clearedAt): alert = (kind, severity, value, clearedAt)
            }
            try db.execute(
                literal: """
                    INSERT INTO history
                        (deviceAddress, recordedAt, kind, batteryLevel, isCharging, rssi, clockOffset, clockDecision,
                         alertKind, alertSeverity, alertValue, clearedAt)
                    VALUES (\(device.address), \(StoredDate(date ?? self.now())), \(event.kind.rawValue),
                        \(level), \(charging), \(rssi), \(offset), \(decision),
                        \(alert.kind), \(alert.severity), \(alert.value), \(alert.clearedAt.map(StoredDate.init)))
                    """
            )
            guard let entry = try HistoryEntry.fetchOne(db, key: db.lastInsertedRowID) else {
                throw StoreError(.databaseFailure, "the history entry vanished while it was written; try again")
            }
            return entry
        }
    }

    /// A paired device's history between two dates (both included), oldest first.
    ///
    /// - Parameters:
    ///   - address: the paired device (compared case-insensitively).
    ///   - range: the dates to include.
    ///   - kinds: the kinds of entry to include; all by default.
    /// - Throws: ``StoreError/Code/deviceNotFound`` when the device is not paired.
    public func history(
        for address: String,
        in range: ClosedRange<Date>,
        kinds: Set<HistoryKind> = Set(HistoryKind.allCases)
    ) async throws -> [HistoryEntry] {
        try await read("reading history of \(address)") { db in
            let device = try Self.fetchDevice(db, address: address)
            return try HistoryEntry.fetchAll(
                db,
                SQLRequest(
                    literal: """
                        SELECT * FROM history
                        WHERE deviceAddress = \(device.address)
                            AND recordedAt BETWEEN \(StoredDate(range.lowerBound)) AND \(StoredDate(range.upperBound))
                            AND kind IN \(kinds.map(\.rawValue))
                        ORDER BY recordedAt, id
                        """
                )
            )
        }
    }

    /// Deletes every history entry (of every device) older than `days` days before now.
    ///
    /// - Returns: how many entries were deleted.
    /// - Throws: ``StoreError/Code/invalidValue`` when `days` is negative.
    @discardableResult
    public func pruneHistory(olderThanDays days: Int) async throws -> Int {
        guard days >= 0 else { throw StoreError(.invalidValue, "cannot keep a negative number of days (\(days))") }
        return try await write("pruning history") { db in
            let cutoff = self.now().addingTimeInterval(-Double(days) * 86_400)
            try db.execute(literal: "DELETE FROM history WHERE recordedAt < \(StoredDate(cutoff))")
            return db.changesCount
        }
    }
}

extension NightlightStore {
    /// The alerts that have not cleared, of every paired device, oldest first.
    public func openAlerts() async throws -> [HistoryEntry] {
        try await read("reading the open alerts") { db in
            try HistoryEntry.fetchAll(
                db,
                SQLRequest(literal: "SELECT * FROM history WHERE kind = 'alert' AND clearedAt IS NULL ORDER BY recordedAt, id")
            )
        }
    }

    /// Marks the open alert `id` as cleared at `date` (now by default); returns it, or nil when
    /// there is no such alert or it had cleared already.
    @discardableResult
    public func clearAlert(_ id: Int64, at date: Date? = nil) async throws -> HistoryEntry? {
        try await write("clearing alert \(id)") { db in
            try db.execute(
                literal: "UPDATE history SET clearedAt = \(StoredDate(date ?? self.now())) WHERE id = \(id) AND kind = 'alert' AND clearedAt IS NULL"
            )
            guard db.changesCount == 1 else { return nil }
            return try HistoryEntry.fetchOne(db, key: id)
        }
    }
}
