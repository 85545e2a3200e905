import Foundation
import NightlightStore
import Testing

@Suite("History")
struct HistoryTests {
    static let day: TimeInterval = 86_400

    /// A fixture with one paired device.
    static func withDevice(_ body: (Fixture) async throws -> Void) async throws {
        try await withFixture { f in
            try await f.store.pair(address: sampleAddress, deviceName: "SN-16F3", childName: "Emma")
            try await body(f)
        }
    }

    @Test func appendStampsWithTheClockOrTheGivenDate() async throws {
        try await Self.withDevice { f in
            let battery = try await f.store.appendHistory(
                .battery(level: 80, isCharging: true), for: sampleAddress.lowercased())
            #expect(battery.deviceAddress == sampleAddress)
            #expect(battery.date == TestClock.start)
            #expect(battery.event == .battery(level: 80, isCharging: true))
            #expect(battery.event.kind == .battery)
            let earlier = TestClock.start - 3600
            let rssi = try await f.store.appendHistory(.rssi(dBm: -67), for: sampleAddress, at: earlier)
            #expect(rssi.date == earlier)
            #expect(rssi.id > battery.id)
            let clock = try await f.store.appendHistory(
                .clockCorrection(offsetSeconds: -12.5, decision: "updateSilently"), for: sampleAddress)
            #expect(clock.event == .clockCorrection(offsetSeconds: -12.5, decision: "updateSilently"))

            let all = try await f.store.history(for: sampleAddress, in: earlier...TestClock.start)
            #expect(all == [rssi, battery, clock])
        }
    }

    @Test func queryFiltersByDeviceRangeAndKind() async throws {
        try await Self.withDevice { f in
            try await f.store.pair(address: otherAddress, deviceName: "SN-2A01", childName: "Noah")
            for hour in 0..<5 {
                try await f.store.appendHistory(.battery(level: 100 - hour, isCharging: false), for: sampleAddress)
                try await f.store.appendHistory(.rssi(dBm: -50 - hour), for: sampleAddress)
                try await f.store.appendHistory(.rssi(dBm: -90), for: otherAddress)
                f.clock.advance(by: 3600)
            }
            let start = TestClock.start
            let middle = try await f.store.history(for: sampleAddress, in: (start + 3600)...(start + 3 * 3600))
            #expect(middle.count == 6)
            #expect(middle.first?.date == start + 3600)
            #expect(middle.last?.date == start + 3 * 3600)
            #expect(middle.allSatisfy { $0.deviceAddress == sampleAddress })

            let battery = try await f.store.history(
                for: sampleAddress, in: start...(start + 10 * 3600), kinds: [.battery])
            #expect(battery.map(\.event) == (0..<5).map { .battery(level: 100 - $0, isCharging: false) })
            #expect(try await f.store.history(for: sampleAddress, in: start...(start + 10 * 3600), kinds: []).isEmpty)
            #expect(try await f.store.history(for: otherAddress, in: start...(start + 10 * 3600)).count == 5)
            #expect(try await f.store.history(for: sampleAddress, in: (start - 10)...(start - 1)).isEmpty)
        }
    }

    @Test func pruneDeletesOlderEntriesOfEveryDevice() async throws {
        try await Self.withDevice { f in
            try await f.store.pair(address: otherAddress, deviceName: "SN-2A01", childName: "Noah")
            let start = TestClock.start
            for day in 0..<10 {
                try await f.store.appendHistory(.rssi(dBm: -60), for: sampleAddress, at: start + Double(day) * Self.day)
                try await f.store.appendHistory(.rssi(dBm: -70), for: otherAddress, at: start + Double(day) * Self.day)
            }
            f.clock.advance(by: 9 * Self.day)
            // Keeps days 7, 8 and 9 (the entry exactly 2 days old stays).
            #expect(try await f.store.pruneHistory(olderThanDays: 2) == 14)
            let left = try await f.store.history(for: sampleAddress, in: start...(start + 20 * Self.day))
            #expect(left.map(\.date) == [7, 8, 9].map { start + $0 * Self.day })
            #expect(try await f.store.pruneHistory(olderThanDays: 2) == 0)
            #expect(try await f.store.pruneHistory(olderThanDays: 0) == 4)
            await expectStoreError(.invalidValue, "negative") { try await f.store.pruneHistory(olderThanDays: -1) }
        }
    }

    @Test(arguments: [
        HistoryEvent.battery(level: 101, isCharging: false), .battery(level: -1, isCharging: true),
        .rssi(dBm: 21), .rssi(dBm: -128), .clockCorrection(offsetSeconds: .nan, decision: "ask"),
        .clockCorrection(offsetSeconds: .infinity, decision: "ask"), .clockCorrection(offsetSeconds: 3, decision: " "),
    ])
    func outOfRangeEventsAreRefused(event: HistoryEvent) async throws {
        try await Self.withDevice { f in
            await expectStoreError(.invalidValue) { try await f.store.appendHistory(event, for: sampleAddress) }
            let history = try await f.store.history(for: sampleAddress, in: .distantPast ... .distantFuture)
            #expect(history.isEmpty)
        }
    }

    @Test(arguments: [
        HistoryEvent.battery(level: 0, isCharging: false), .battery(level: 100, isCharging: true),
        .rssi(dBm: 20), .rssi(dBm: -127), .clockCorrection(offsetSeconds: 0, decision: "inSync"),
    ])
    func edgeValuesAreKept(event: HistoryEvent) async throws {
        try await Self.withDevice { f in
            try await f.store.appendHistory(event, for: sampleAddress)
            let history = try await f.store.history(for: sampleAddress, in: .distantPast ... .distantFuture)
            #expect(history.map(\.event) == [event])
        }
    }

    @Test func unpairedDevicesHaveNoHistory() async throws {
        try await withFixture { f in
            await expectStoreError(.deviceNotFound, otherAddress) {
                try await f.store.appendHistory(.rssi(dBm: -60), for: otherAddress)
            }
            await expectStoreError(.deviceNotFound, otherAddress) {
                try await f.store.history(for: otherAddress, in: .distantPast ... .distantFuture)
            }
        }
    }

    @Test func entriesAreCodable() async throws {
        try await Self.withDevice { f in
            let entry = try await f.store.appendHistory(
                .clockCorrection(offsetSeconds: 95, decision: "askUser"), for: sampleAddress)
            let json = try JSONEncoder().encode(entry)
            #expect(try JSONDecoder().decode(HistoryEntry.self, from: json) == entry)
        }
    }
}
