import Foundation
import GRDB
@testable import NightlightStore
import Testing

/// The store's own date text (``StoredDate``): the same text GRDB's `DateFormatter` wrote, so
/// that files written before read back the same, without loading ICU.
@Suite("Stored dates")
struct StoredDateTests {
    /// Dates from 1970 to 2100 with sub-millisecond parts, from a fixed seed.
    static func sampleDates(count: Int) -> [Date] {
        var dates = [
            Date(timeIntervalSince1970: 0), TestClock.start, Date(timeIntervalSince1970: 951_782_400.25),  // 2000-02-29
            Date(timeIntervalSince1970: 1_709_164_799.9996), Date(timeIntervalSince1970: 4_102_444_799.999),
            Date(timeIntervalSinceReferenceDate: 0.0004), Date(timeIntervalSinceReferenceDate: -0.0006),
        ]
        // Spread over the years and over the fraction of a second by two coprime strides.
        for index in 0..<count {
            let seconds = Double(index * 820_488_961 % 4_102_444_800)
            let fraction = Double(index * 7_919 % 1_000_000) / 1_000_000
            dates.append(Date(timeIntervalSince1970: seconds + fraction))
        }
        return dates
    }

    @Test func theTextIsTheOneGRDBWrites() {
        for date in Self.sampleDates(count: 5000) {
            #expect(StoredDate(date).text == String.fromDatabaseValue(date.databaseValue), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func textWrittenByGRDBReadsBackAsGRDBReadsIt() throws {
        for date in Self.sampleDates(count: 5000) {
            let old = date.databaseValue  // the text an earlier version stored
            let grdb = try #require(Date.fromDatabaseValue(old))
            let ours = try #require(try StoredDate.read(old, "test"))
            #expect(abs(ours.timeIntervalSince(grdb)) < 1e-6, "\(old)")
            // And written again it is the same text: a round trip changes nothing.
            #expect(StoredDate(ours).databaseValue == old)
        }
    }

    @Test func everyFormGRDBReadsIsRead() throws {
        let base = try #require(StoredDate(text: "2026-11-29 16:02:03.045")).date
        let cases: [(String, TimeInterval)] = [
            ("2026-11-29", -(16 * 3600 + 2 * 60 + 3.045)),
            ("2026-11-29 16:02", -3.045),
            ("2026-11-29T16:02:03", -0.045),
            ("2026-11-29 16:02:03.0459999", 0),
            ("2026-11-29 16:02:03.4", 0.355),
            ("2026-11-29 16:02:03.045Z", 0),
            ("2026-11-29 17:32:03.045+01:30", 0),
            ("2026-11-29 14:02:03.045-02:00", 0),
        ]
        for (text, offset) in cases {
            let date = try #require(StoredDate(text: text), "\(text)").date
            #expect(abs(date.timeIntervalSince(base) - offset) < 1e-6, "\(text)")
            let grdb = try #require(Date.fromDatabaseValue(text.databaseValue), "\(text)")
            #expect(abs(date.timeIntervalSince(grdb)) < 1e-6, "\(text)")
        }
        // Numbers are seconds since 1970, as GRDB reads them.
        #expect(try StoredDate.read(1_750_000_000.databaseValue, "test") == TestClock.start)
        #expect(try StoredDate.read(1_750_000_000.5.databaseValue, "test") == TestClock.start + 0.5)
        #expect(try StoredDate.read(.null, "test") == nil)
    }

    @Test func textThatIsNoDateIsRefused() {
        for text in [
            "", "garbage", "2026-11-29 ", "2026-13-01", "2026-02-29", "2026-11-31", "2026-11-29 24:00",
            "2026-11-29 16:60", "2026-11-29 16:02:60", "2026-11-29 16:02:03.", "2026-11-29 16:02:03.045 ",
            "2026-11-29 16:02:03.045+1:00", "26-11-29", "2026/11/29", "16:02:03", "２０２６-11-29",
        ] {
            #expect(StoredDate(text: text) == nil, "\(text)")
        }
        #expect(StoredDate(text: "2024-02-29") != nil)
        #expect(StoredDate(text: "2000-02-29 23:59:59.999") != nil)
        #expect(StoredDate(text: "1900-02-29") == nil)
    }

    @Test func datesOutsideYearsOneToNineThousandAreWrittenAtTheBounds() {
        #expect(StoredDate(Date(timeIntervalSince1970: -1e15)).text == "0001-01-01 00:00:00.000")
        #expect(StoredDate(Date(timeIntervalSince1970: 1e15)).text == "9999-12-31 23:59:59.999")
        #expect(StoredDate(Date(timeIntervalSince1970: .infinity)).text == "9999-12-31 23:59:59.999")
        #expect(StoredDate(Date(timeIntervalSince1970: -.infinity)).text == "0001-01-01 00:00:00.000")
        #expect(StoredDate(Date(timeIntervalSince1970: .nan)).text == "1970-01-01 00:00:00.000")
        // The bounds themselves read back.
        #expect(StoredDate(text: "0001-01-01 00:00:00.000")?.text == "0001-01-01 00:00:00.000")
        #expect(StoredDate(text: "9999-12-31 23:59:59.999")?.text == "9999-12-31 23:59:59.999")
    }

    // MARK: - In the store

    /// A database written by an earlier version (GRDB's `DateFormatter` text) reads the same.
    @Test func aDatabaseWrittenByGRDBReadsTheSame() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            let written = Date(timeIntervalSince1970: 1_700_000_000.123)
            let queue = try DatabaseQueue(path: f.path)
            try await queue.write { db in
                try db.execute(
                    sql: "UPDATE pairedDevice SET pairedAt = ?, lastSeen = ?", arguments: [written, written + 60])
                try db.execute(
                    sql: "INSERT INTO bond (peer, record, lastUsed) VALUES ('peer', 'record', ?)", arguments: [written])
                try db.execute(
                    sql: "INSERT INTO savedSchedule (name, data, createdAt, updatedAt) VALUES ('Old', x'01', ?, ?)",
                    arguments: [written, written])
            }
            try queue.close()
            let device = try #require(try await f.store.devices().first)
            #expect(device.pairedAt == StoredDate(text: "2023-11-14 22:13:20.123")?.date)
            #expect(abs(device.pairedAt.timeIntervalSince(written)) < 1e-6)
            #expect(abs(device.lastSeen.timeIntervalSince(written + 60)) < 1e-6)
            #expect(abs(try await f.store.bonds()[0].lastUsed.timeIntervalSince(written)) < 1e-6)
            #expect(abs(try await f.store.schedules()[0].createdAt.timeIntervalSince(written)) < 1e-6)
        }
    }

    /// What the store writes is GRDB's text, so an earlier version (or any GRDB reader) reads it.
    @Test func whatTheStoreWritesIsGRDBText() async throws {
        try await withFixture { f in
            f.clock.advance(by: 0.0456)
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.setSetting("x", for: .selectedDevice)
            try await f.store.appendHistory(.battery(level: 50, isCharging: false), for: sampleAddress)
            let queue = try DatabaseQueue(path: f.path)
            defer { try? queue.close() }
            let texts = try await queue.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT pairedAt FROM pairedDevice UNION ALL SELECT lastSeen FROM pairedDevice
                        UNION ALL SELECT updatedAt FROM setting UNION ALL SELECT recordedAt FROM history
                        """)
            }
            #expect(texts == Array(repeating: "2025-06-15 15:06:40.046", count: 4))
            #expect(String.fromDatabaseValue(f.clock.now.databaseValue) == texts.first)
        }
    }

    /// Damaged date text gives a clear error, not a crash, wherever a date is read.
    @Test func aDamagedDateIsAClearError() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.appendHistory(.battery(level: 50, isCharging: false), for: sampleAddress)
            try await f.store.saveSchedule(named: "Kept", data: sampleBlob)
            try await f.store.saveBond("record", for: "peer")
            let queue = try DatabaseQueue(path: f.path)
            try await queue.write { db in
                try db.execute(sql: "UPDATE history SET recordedAt = '2026-11-29 yesterday'")
                try db.execute(sql: "UPDATE savedSchedule SET updatedAt = '2026-02-30 10:00:00.000'")
                try db.execute(sql: "UPDATE bond SET lastUsed = x'00'")
            }
            try queue.close()
            await expectStoreError(.notADatabase, "history.recordedAt", "2026-11-29 yesterday", "damaged") {
                try await f.store.history(for: sampleAddress, in: Date.distantPast...Date.distantFuture)
            }
            await expectStoreError(.notADatabase, "savedSchedule.updatedAt", "2026-02-30") {
                try await f.store.schedules()
            }
            await expectStoreError(.notADatabase, "bond.lastUsed") { try await f.store.bonds() }

            let writer = try DatabaseQueue(path: f.path)
            try await writer.write { db in try db.execute(sql: "UPDATE pairedDevice SET lastSeen = 'soon'") }
            try writer.close()
            let other = try f.reopen()  // the device list of `f.store` may be kept in memory
            defer { try? other.close() }
            await expectStoreError(.notADatabase, "pairedDevice.lastSeen", "soon") { try await other.devices() }
        }
    }
}
