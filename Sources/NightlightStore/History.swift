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

    /// The event's kind.
    public var kind: HistoryKind {
        switch self {
        case .battery: .battery
        case .rssi: .rssi
        case .clockCorrection: .clockCorrection
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
        date = row["recordedAt"]
        let kind: String = row["kind"]
        switch HistoryKind(rawValue: kind) {
        case .battery: event = .battery(level: row["batteryLevel"], isCharging: row["isCharging"])
        case .rssi: event = .rssi(dBm: row["rssi"])
        case .clockCorrection:
            event = .clockCorrection(offsetSeconds: row["clockOffset"], decision: row["clockDecision"])
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
            switch event {
            case .battery(let value, let isCharging): (level, charging) = (value, isCharging)
            case .rssi(let dBm): rssi = dBm
            case .clockCorrection(let seconds, let text): (offset, decision) = (seconds, text)
            }
            try db.execute(
                literal: """
                    INSERT INTO history
                        (deviceAddress, recordedAt, kind, batteryLevel, isCharging, rssi, clockOffset, clockDecision)
                    VALUES (\(device.address), \(date ?? self.now()), \(event.kind.rawValue),
                        \(level), \(charging), \(rssi), \(offset), \(decision))
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
                            AND recordedAt BETWEEN \(range.lowerBound) AND \(range.upperBound)
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
            try db.execute(literal: "DELETE FROM history WHERE recordedAt < \(cutoff)")
            return db.changesCount
        }
    }
}
