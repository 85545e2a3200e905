import Foundation
import GRDB

/// The name of a setting; an open set, so any module can add its own keys.
public struct SettingKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The key as stored.
    public let rawValue: String
    /// Wraps a key.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The access token the dashboard prints in its URL.
    public static let dashboardToken = SettingKey(rawValue: "dashboard.token")
    /// The address of the nightlight commands act on when none is named.
    public static let selectedDevice = SettingKey(rawValue: "selectedDevice")

    /// The key.
    public var description: String { rawValue }
}

extension NightlightStore {
    /// Stores `value` for `key`, or removes the setting when `value` is nil.
    public func setSetting(_ value: String?, for key: SettingKey) async throws {
        guard !key.rawValue.isEmpty else { throw StoreError.empty("a setting key") }
        try await write("saving the setting \(key)") { db in
            guard let value else { return try Self.deleteSetting(db, key) }
            try Self.saveSetting(db, value, for: key, at: self.now())
        }
    }

    /// Stores an integer for `key`.
    public func setSetting(_ value: Int, for key: SettingKey) async throws {
        try await setSetting(String(value), for: key)
    }

    /// Stores a Boolean for `key` (as `true` or `false`).
    public func setSetting(_ value: Bool, for key: SettingKey) async throws {
        try await setSetting(value ? "true" : "false", for: key)
    }

    /// Removes the setting for `key`; nothing happens when it is not set.
    public func removeSetting(_ key: SettingKey) async throws {
        try await setSetting(nil as String?, for: key)
    }

    /// The setting for `key`, or nil when it is not set.
    public func string(for key: SettingKey) async throws -> String? {
        try await read("reading the setting \(key)") { db in try Self.settingValue(db, key) }
    }

    /// The setting for `key` as an integer, or nil when it is not set.
    ///
    /// - Throws: ``StoreError/Code/invalidValue`` when the stored text is not an integer.
    public func int(for key: SettingKey) async throws -> Int? {
        try await typedSetting(key, "an integer") { Int($0) }
    }

    /// The setting for `key` as a Boolean (`true`/`false`, `1`/`0`, `yes`/`no`), or nil when it
    /// is not set.
    ///
    /// - Throws: ``StoreError/Code/invalidValue`` when the stored text is none of these.
    public func bool(for key: SettingKey) async throws -> Bool? {
        try await typedSetting(key, "true or false") { text in
            switch text.lowercased() {
            case "true", "1", "yes": true
            case "false", "0", "no": false
            default: nil
            }
        }
    }

    /// Every setting, by key.
    public func settings() async throws -> [SettingKey: String] {
        try await read("reading the settings") { db in
            var settings: [SettingKey: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
                settings[SettingKey(rawValue: row["key"])] = row["value"]
            }
            return settings
        }
    }

    // MARK: - Helpers

    private func typedSetting<T>(_ key: SettingKey, _ type: String, _ parse: (String) -> T?) async throws -> T? {
        guard let text = try await string(for: key) else { return nil }
        guard let value = parse(text) else {
            throw StoreError(
                .invalidValue,
                "the setting \(key) is \"\(text)\", not \(type); set it again or remove it"
            )
        }
        return value
    }

    static func settingValue(_ db: Database, _ key: SettingKey) throws -> String? {
        try String.fetchOne(db, SQLRequest(literal: "SELECT value FROM setting WHERE key = \(key.rawValue)"))
    }

    static func saveSetting(_ db: Database, _ value: String, for key: SettingKey, at now: Date) throws {
        try db.execute(
            literal: """
                INSERT INTO setting (key, value, updatedAt) VALUES (\(key.rawValue), \(value), \(StoredDate(now)))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt
                """
        )
    }

    static func deleteSetting(_ db: Database, _ key: SettingKey) throws {
        try db.execute(literal: "DELETE FROM setting WHERE key = \(key.rawValue)")
    }
}
