import GRDB

/// The database schema as a list of named migrations.
///
/// A migration is frozen once it has shipped: never edit one, append a new one instead
/// (`v2-…`). Migrations use plain SQL and never the record types, whose shape may change later.
enum StoreSchema {
    /// The SQLite `application_id` (`NLST`) that marks a file as a Nightlight database.
    static let applicationID: Int32 = 0x4E4C_5354

    /// The migrator that brings any earlier Nightlight database up to date.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1-nightlight-database") { db in
            // 0x4E4C5354, "NLST": set in the same transaction as the first migration's record.
            try db.execute(sql: "PRAGMA application_id = 1313624916")
        }

        migrator.registerMigration("v1-paired-devices") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pairedDevice (
                        address TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (address <> ''),
                        deviceName TEXT NOT NULL,
                        childName TEXT NOT NULL,
                        pairedAt DATETIME NOT NULL,
                        lastSeen DATETIME NOT NULL,
                        batteryLevel INTEGER CHECK (batteryLevel BETWEEN 0 AND 100),
                        isCharging BOOLEAN,
                        activeMode INTEGER CHECK (activeMode BETWEEN 0 AND 255),
                        firmwareVersion TEXT
                    )
                    """
            )
        }

        migrator.registerMigration("v1-schedule-library") { db in
            try db.execute(
                sql: """
                    CREATE TABLE savedSchedule (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),
                        data BLOB NOT NULL,
                        sourceDeviceAddress TEXT,
                        createdAt DATETIME NOT NULL,
                        updatedAt DATETIME NOT NULL
                    )
                    """
            )
        }

        migrator.registerMigration("v1-settings") { db in
            try db.execute(
                sql: """
                    CREATE TABLE setting (
                        key TEXT NOT NULL PRIMARY KEY CHECK (key <> ''),
                        value TEXT NOT NULL,
                        updatedAt DATETIME NOT NULL
                    )
                    """
            )
        }

        migrator.registerMigration("v1-history") { db in
            try db.execute(
                sql: """
                    CREATE TABLE history (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        deviceAddress TEXT NOT NULL COLLATE NOCASE
                            REFERENCES pairedDevice(address) ON DELETE CASCADE ON UPDATE CASCADE,
                        recordedAt DATETIME NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('battery', 'rssi', 'clockCorrection')),
                        batteryLevel INTEGER,
                        isCharging BOOLEAN,
                        rssi INTEGER,
                        clockOffset REAL,
                        clockDecision TEXT,
                        CHECK (kind <> 'battery'
                            OR (batteryLevel BETWEEN 0 AND 100 AND isCharging IS NOT NULL)),
                        CHECK (kind <> 'rssi' OR rssi BETWEEN -127 AND 20),
                        CHECK (kind <> 'clockCorrection'
                            OR (clockOffset IS NOT NULL AND clockDecision IS NOT NULL))
                    );
                    CREATE INDEX history_device_time ON history(deviceAddress, recordedAt);
                    CREATE INDEX history_time ON history(recordedAt);
                    """
            )
        }

        migrator.registerMigration("v2-bonds") { db in
            // The keys of each paired peer (SN profile §9.4): one text record per peer, written
            // and read by the BLE side; `lastUsed` orders them (the least recently used first).
            try db.execute(
                sql: """
                    CREATE TABLE bond (
                        peer TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (peer <> ''),
                        record TEXT NOT NULL CHECK (record <> ''),
                        lastUsed DATETIME NOT NULL
                    )
                    """
            )
        }

        migrator.registerMigration("v3-history-alerts") { db in
            // Alerts join the history (kind 'alert': what was wrong, how bad, the value that made
            // it, when it started and when it cleared). SQLite cannot change a CHECK, so the table
            // is made again with the wider one and its rows copied; GRDB checks the foreign keys
            // once the migration is done.
            try db.execute(
                sql: """
                    CREATE TABLE history_v3 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        deviceAddress TEXT NOT NULL COLLATE NOCASE
                            REFERENCES pairedDevice(address) ON DELETE CASCADE ON UPDATE CASCADE,
                        recordedAt DATETIME NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('battery', 'rssi', 'clockCorrection', 'alert')),
                        batteryLevel INTEGER,
                        isCharging BOOLEAN,
                        rssi INTEGER,
                        clockOffset REAL,
                        clockDecision TEXT,
                        alertKind TEXT,
                        alertSeverity TEXT,
                        alertValue REAL,
                        clearedAt DATETIME,
                        CHECK (kind <> 'battery'
                            OR (batteryLevel BETWEEN 0 AND 100 AND isCharging IS NOT NULL)),
                        CHECK (kind <> 'rssi' OR rssi BETWEEN -127 AND 20),
                        CHECK (kind <> 'clockCorrection'
                            OR (clockOffset IS NOT NULL AND clockDecision IS NOT NULL)),
                        CHECK (kind <> 'alert' OR (alertKind IS NOT NULL AND alertSeverity IS NOT NULL))
                    );
                    INSERT INTO history_v3
                        (id, deviceAddress, recordedAt, kind, batteryLevel, isCharging, rssi, clockOffset, clockDecision)
                        SELECT id, deviceAddress, recordedAt, kind, batteryLevel, isCharging, rssi, clockOffset, clockDecision
                        FROM history;
                    DROP TABLE history;
                    ALTER TABLE history_v3 RENAME TO history;
                    CREATE INDEX history_device_time ON history(deviceAddress, recordedAt);
                    CREATE INDEX history_time ON history(recordedAt);
                    CREATE INDEX history_open_alerts ON history(kind, clearedAt);
                    """
            )
        }

        migrator.registerMigration("v4-phones") { db in
            // The phones let in by an invitation (docs/security.md): each a name and the SHA-256
            // of its own credential (the credential itself is only in the phone's cookie); a
            // revoked phone is kept (so its next request is told why) with `revokedAt`. An
            // invitation is the SHA-256 of its one-time code, valid until `expiresAt`, used once.
            try db.execute(
                sql: """
                    CREATE TABLE phone (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (name <> ''),
                        secretHash TEXT NOT NULL UNIQUE CHECK (length(secretHash) = 64),
                        addedAt DATETIME NOT NULL,
                        lastSeen DATETIME NOT NULL,
                        revokedAt DATETIME
                    );
                    CREATE TABLE phoneInvitation (
                        codeHash TEXT NOT NULL PRIMARY KEY CHECK (length(codeHash) = 64),
                        name TEXT NOT NULL,
                        createdAt DATETIME NOT NULL,
                        expiresAt DATETIME NOT NULL,
                        usedAt DATETIME,
                        phoneID INTEGER REFERENCES phone(id) ON DELETE SET NULL
                    );
                    """
            )
        }

        return migrator
    }()

    /// The identifiers of every migration this version knows, in order.
    static var migrationIdentifiers: [String] { migrator.migrations }
}
