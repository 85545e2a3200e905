import Foundation
import GRDB
import NightlightStore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Durability and concurrency")
struct DurabilityTests {
    /// What is on disk while a transaction is open is exactly what a process killed at that
    /// moment leaves: a copy of the files taken then must open, pass the integrity check, and
    /// hold the committed data only.
    @Test func aTransactionInterruptedByAKillLeavesTheLastCommittedState() async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.saveSchedule(named: "Kept", data: sampleBlob)
            let walBefore = Self.size(f.path + "-wal")
            let snapshot = f.directory.appendingPathComponent("snapshot", isDirectory: true)
            try FileManager.default.createDirectory(at: snapshot, withIntermediateDirectories: true)
            let copy = snapshot.appendingPathComponent("nightlight.sqlite").path

            // A second connection, as another process would have, opens a transaction, writes
            // more than its cache holds (so SQLite spills uncommitted pages into the WAL), and
            // is "killed": the files are copied before it ends.
            let other = try DatabaseQueue(path: f.path)
            let walDuring = try await other.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA cache_size = 2")
                try db.execute(sql: "BEGIN IMMEDIATE")
                for index in 0..<200 {
                    try db.execute(
                        sql: """
                            INSERT INTO savedSchedule (name, data, createdAt, updatedAt)
                            VALUES (?, randomblob(2000), '2025-01-01 00:00:00.000', '2025-01-01 00:00:00.000')
                            """,
                        arguments: ["Uncommitted \(index)"])
                }
                try db.execute(sql: "DELETE FROM pairedDevice")
                let walSize = Self.size(f.path + "-wal")
                try FileManager.default.copyItem(atPath: f.path, toPath: copy)
                try FileManager.default.copyItem(atPath: f.path + "-wal", toPath: copy + "-wal")
                try db.execute(sql: "ROLLBACK")
                return walSize
            }
            try other.close()
            #expect(walDuring > walBefore + 100 * 1024, "uncommitted pages reached the WAL")

            let survivor = try NightlightStore(path: copy)
            defer { try? survivor.close() }
            #expect(try await survivor.integrityProblems().isEmpty)
            #expect(try await survivor.schedules().map(\.name) == ["Kept"])
            #expect(try await survivor.devices().map(\.address) == [sampleAddress])
            // And it takes new writes.
            try await survivor.saveSchedule(named: "After", data: sampleBlob)
            #expect(try await survivor.schedules().count == 2)
            // The original is untouched by the abandoned transaction too.
            #expect(try await f.store.schedules().map(\.name) == ["Kept"])
            #expect(try await f.store.integrityProblems().isEmpty)
        }
    }

    /// Two stores on one file (as the CLI and the dashboard would be) and several tasks on each
    /// write at once: nothing is lost, and a name taken by one writer is refused to the other.
    @Test func concurrentWritersDoNotLoseOrDuplicate() async throws {
        try await withFixture { f in
            let second = try f.reopen()
            defer { try? second.close() }
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await f.store.saveSchedule(named: "Base", data: sampleBlob)
            let stores = [f.store, second]

            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    let store = stores[writer % 2]
                    group.addTask {
                        for index in 0..<25 {
                            try await store.appendHistory(.rssi(dBm: -writer - index), for: sampleAddress)
                            try await store.duplicateSchedule("Base")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await second.history(for: sampleAddress, in: .distantPast ... .distantFuture).count == 100)
            let names = try await f.store.schedules().map(\.name)
            #expect(names.count == 101)
            #expect(Set(names) == Set(["Base", "Base copy"] + (2...100).map { "Base copy \($0)" }))

            // Both writers race to save the same new name: exactly one wins.
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for store in stores {
                    group.addTask {
                        do {
                            try await store.saveSchedule(named: "Race", data: sampleBlob)
                            return true
                        } catch let error as StoreError where error.code == .scheduleExists {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.count == 2)
            #expect(outcomes.filter { $0 }.count == 1)
            #expect(try await f.store.integrityProblems().isEmpty)
        }
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    #if os(Linux)
    static let childEnvironmentKey = "NIGHTLIGHT_STORE_TEST_WRITER_DB"

    /// Kills a real process with SIGKILL while it writes, at a different moment in each round,
    /// then checks that the file is intact and holds exactly the changes committed before it.
    @Test func aWriterKilledAtAnyMomentLeavesAnIntactDatabase() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for round in 0..<4 {
            let path = directory.appendingPathComponent("round-\(round).sqlite").path
            let observer = try NightlightStore(path: path)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "childWriterForKillTest"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childEnvironmentKey] = path
            child.environment = environment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()

            // Let it commit a few iterations, then kill it a few milliseconds later.
            let deadline = Date() + 60
            while try await observer.schedules().count < 3 + round * 2, Date() < deadline, child.isRunning {
                try await Task.sleep(for: .milliseconds(5))
            }
            try await Task.sleep(for: .milliseconds(1 + 3 * round))
            let wasRunning = child.isRunning
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            try observer.close()
            #expect(wasRunning, "the child writer ended early")
            #expect(child.terminationReason == .uncaughtSignal)

            try await Self.expectCommittedPrefix(path, round: round)
        }
    }

    /// Checks the invariants of the child writer's database: sound, no orphan rows, and the
    /// state after some whole number of its operations.
    static func expectCommittedPrefix(_ path: String, round: Int) async throws {
        let store = try NightlightStore(path: path)
        #expect(try await store.integrityProblems().isEmpty)
        let schedules = try await store.schedules()
        let devices = try await store.devices()
        let scheduleIndices = schedules.compactMap { Int($0.name.dropFirst("Schedule ".count)) }.sorted()
        let deviceIndices = devices.compactMap { Int($0.childName.dropFirst("Child ".count)) }.sorted()
        #expect(scheduleIndices.count >= 3 + round * 2, "round \(round) committed too little")
        #expect(scheduleIndices == Array(0..<schedules.count))
        #expect(deviceIndices == Array(0..<devices.count))
        #expect(devices.count == schedules.count || devices.count == schedules.count - 1)
        for schedule in schedules {
            let index = try #require(Int(schedule.name.dropFirst("Schedule ".count)))
            #expect(schedule.data == childBlob(index), "\(schedule.name) is torn")
        }
        for device in devices {
            let index = try #require(Int(device.childName.dropFirst("Child ".count)))
            let history = try await store.history(for: device.address, in: .distantPast ... .distantFuture)
            if index < devices.count - 1 || schedules.count > devices.count {
                #expect(history.count == 3, "\(device.childName)")
            } else {
                #expect(history.count <= 3, "\(device.childName)")
            }
        }
        try store.close()
        let queue = try DatabaseQueue(path: path)
        let orphans = try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(orphans.isEmpty)
        try queue.close()
    }

    /// The schedule blob the child writer saves in iteration `index`.
    static func childBlob(_ index: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 3000)
    }

    /// The writer that ``aWriterKilledAtAnyMomentLeavesAnIntactDatabase()`` runs in a child
    /// process and kills; it does nothing in a normal test run.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childEnvironmentKey] != nil))
    func childWriterForKillTest() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.childEnvironmentKey])
        let store = try NightlightStore(path: path)
        let parent = getppid()
        let stop = Date() + 60
        var index = 0
        // Iteration i: save "Schedule i", pair "Child i", then append 3 history entries.
        while Date() < stop, getppid() == parent {
            let address = String(format: "D0:00:00:00:%02X:%02X", (index >> 8) & 0xFF, index & 0xFF)
            try await store.saveSchedule(named: "Schedule \(index)", data: Self.childBlob(index))
            try await store.pair(address: address, deviceName: "SN-\(index)", childName: "Child \(index)")
            for entry in 0..<3 {
                try await store.appendHistory(.rssi(dBm: -entry), for: address)
            }
            index += 1
        }
    }
    #endif
}
