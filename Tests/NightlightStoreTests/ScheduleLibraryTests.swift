import Foundation
import NightlightStore
import Testing

@Suite("Schedule library")
struct ScheduleLibraryTests {
    @Test func saveFromADeviceAndGetBack() async throws {
        try await withFixture { f in
            let saved = try await f.store.saveSchedule(
                named: " School nights ", data: sampleBlob, sourceDeviceAddress: sampleAddress)
            #expect(saved.name == "School nights")
            #expect(saved.data == sampleBlob)
            #expect(saved.sourceDeviceAddress == sampleAddress)
            #expect(saved.createdAt == TestClock.start)
            #expect(saved.updatedAt == TestClock.start)
            #expect(try await f.store.schedule(named: "SCHOOL NIGHTS") == saved)
            #expect(try await f.store.schedules() == [saved])
        }
    }

    @Test func aTakenNameIsRefusedUnlessReplacing() async throws {
        try await withFixture { f in
            let original = try await f.store.saveSchedule(named: "Holidays", data: sampleBlob)
            await expectStoreError(.scheduleExists, "\"Holidays\"") {
                try await f.store.saveSchedule(named: "holidays", data: [9, 9])
            }
            #expect(try await f.store.schedule(named: "Holidays").data == sampleBlob)

            f.clock.advance(by: 120)
            let replaced = try await f.store.saveSchedule(
                named: "HOLIDAYS", data: [9, 9], sourceDeviceAddress: otherAddress, replacing: true)
            #expect(replaced.id == original.id)
            #expect(replaced.name == "HOLIDAYS")
            #expect(replaced.data == [9, 9])
            #expect(replaced.sourceDeviceAddress == otherAddress)
            #expect(replaced.createdAt == TestClock.start)
            #expect(replaced.updatedAt == TestClock.start + 120)
            #expect(try await f.store.schedules().count == 1)
        }
    }

    @Test func namesCompareCaseInsensitivelyBeyondASCII() async throws {
        try await withFixture { f in
            try await f.store.saveSchedule(named: "Été", data: sampleBlob)
            await expectStoreError(.scheduleExists) { try await f.store.saveSchedule(named: "éTÉ", data: sampleBlob) }
            #expect(try await f.store.schedule(named: "ÉTÉ").name == "Été")
        }
    }

    @Test func emptyNamesAndBlobsAreRefused() async throws {
        try await withFixture { f in
            await expectStoreError(.invalidValue, "schedule name") {
                try await f.store.saveSchedule(named: "  ", data: sampleBlob)
            }
            await expectStoreError(.invalidValue, "week schedule") {
                try await f.store.saveSchedule(named: "Empty", data: [])
            }
            try await f.store.saveSchedule(named: "Holidays", data: sampleBlob)
            await expectStoreError(.invalidValue) { try await f.store.renameSchedule("Holidays", to: "\n") }
            await expectStoreError(.invalidValue) { try await f.store.duplicateSchedule("Holidays", as: "") }
            // Issue 18, item 2: a NUL was kept by SQLite and cut the name short when read back.
            await expectStoreError(.invalidValue, "control character U+0000") {
                try await f.store.saveSchedule(named: "nul\u{0}one", data: sampleBlob)
            }
            await expectStoreError(.invalidValue, "U+001B") { try await f.store.renameSchedule("Holidays", to: "a\u{1B}[2J") }
            await expectStoreError(.invalidValue, "U+0000") {
                try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "a\u{0}b")
            }
            #expect(try await f.store.schedules().map(\.name) == ["Holidays"])
        }
    }

    @Test func listIsSortedByName() async throws {
        try await withFixture { f in
            for name in ["weekend", "Holidays", "school"] {
                try await f.store.saveSchedule(named: name, data: sampleBlob)
            }
            #expect(try await f.store.schedules().map(\.name) == ["Holidays", "school", "weekend"])
        }
    }

    @Test func rename() async throws {
        try await withFixture { f in
            let original = try await f.store.saveSchedule(named: "Holidays", data: sampleBlob)
            try await f.store.saveSchedule(named: "School", data: sampleBlob)
            f.clock.advance(by: 10)
            let renamed = try await f.store.renameSchedule("holidays", to: "Summer")
            #expect(renamed.id == original.id)
            #expect(renamed.name == "Summer")
            #expect(renamed.data == sampleBlob)
            #expect(renamed.createdAt == TestClock.start)
            #expect(renamed.updatedAt == TestClock.start + 10)
            // Only the case may change.
            #expect(try await f.store.renameSchedule("Summer", to: "SUMMER").name == "SUMMER")
            await expectStoreError(.scheduleExists, "\"School\"") {
                try await f.store.renameSchedule("SUMMER", to: "school")
            }
            await expectStoreError(.scheduleNotFound, "\"Holidays\"", "\"School\", \"SUMMER\"") {
                try await f.store.renameSchedule("Holidays", to: "Winter")
            }
            #expect(try await f.store.schedules().map(\.name) == ["School", "SUMMER"])
        }
    }

    @Test func duplicateNamesCopies() async throws {
        try await withFixture { f in
            let original = try await f.store.saveSchedule(
                named: "Holidays", data: sampleBlob, sourceDeviceAddress: sampleAddress)
            f.clock.advance(by: 5)
            let copy = try await f.store.duplicateSchedule("holidays")
            #expect(copy.name == "Holidays copy")
            #expect(copy.id != original.id)
            #expect(copy.data == sampleBlob)
            #expect(copy.sourceDeviceAddress == sampleAddress)
            #expect(copy.createdAt == TestClock.start + 5)
            #expect(try await f.store.duplicateSchedule("Holidays").name == "Holidays copy 2")
            #expect(try await f.store.duplicateSchedule("Holidays copy").name == "Holidays copy 3")
            try await f.store.deleteSchedule(named: "Holidays copy")
            #expect(try await f.store.duplicateSchedule("Holidays copy 2").name == "Holidays copy")
            #expect(try await f.store.duplicateSchedule("Holidays", as: "Summer").name == "Summer")
            await expectStoreError(.scheduleExists, "\"Summer\"") {
                try await f.store.duplicateSchedule("Holidays", as: "SUMMER")
            }
            await expectStoreError(.scheduleNotFound, "\"Winter\"") { try await f.store.duplicateSchedule("Winter") }
            #expect(try await f.store.schedules().count == 5)
        }
    }

    @Test(arguments: [
        ("X", [String](), "X copy"),
        ("X", ["X copy"], "X copy 2"),
        ("X", ["x COPY", "X copy 2"], "X copy 3"),
        ("X copy", [], "X copy 2"),
        ("X copy 7", [], "X copy"),
        ("X copy 7", ["X copy"], "X copy 2"),
        ("X copy 0x2", [], "X copy 0x2 copy"),
        ("X copy -2", [], "X copy -2 copy"),
        ("copy", [], "copy copy"),
        ("copy 3", [], "copy 3 copy"),
    ])
    func copyNames(original: String, taken: [String], expected: String) async throws {
        try await withFixture { f in
            try await f.store.saveSchedule(named: original, data: sampleBlob)
            for name in taken {
                try await f.store.saveSchedule(named: name, data: sampleBlob)
            }
            #expect(try await f.store.duplicateSchedule(original).name == expected)
        }
    }

    @Test func delete() async throws {
        try await withFixture { f in
            try await f.store.saveSchedule(named: "Holidays", data: sampleBlob)
            try await f.store.deleteSchedule(named: "HOLIDAYS")
            #expect(try await f.store.schedules().isEmpty)
            await expectStoreError(.scheduleNotFound, "\"Holidays\"", "the library is empty") {
                try await f.store.deleteSchedule(named: "Holidays")
            }
            await expectStoreError(.scheduleNotFound) { try await f.store.schedule(named: "Holidays") }
            // The name is free again.
            #expect(try await f.store.saveSchedule(named: "Holidays", data: [1]).data == [1])
        }
    }

    @Test func largeBlobsRoundTrip() async throws {
        try await withFixture { f in
            let blob = (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try await f.store.saveSchedule(named: "Big", data: blob)
            #expect(try await f.store.schedule(named: "big").data == blob)
        }
    }
}
