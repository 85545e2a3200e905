import Foundation
import NightlightStore
import Testing

@Suite("Settings")
struct SettingsTests {
    static let volume = SettingKey(rawValue: "test.volume")
    static let enabled = SettingKey(rawValue: "test.enabled")

    @Test func stringsAreStoredReplacedAndRemoved() async throws {
        try await withFixture { f in
            #expect(try await f.store.string(for: .dashboardToken) == nil)
            try await f.store.setSetting("abc123", for: .dashboardToken)
            #expect(try await f.store.string(for: .dashboardToken) == "abc123")
            try await f.store.setSetting("def456", for: .dashboardToken)
            #expect(try await f.store.string(for: .dashboardToken) == "def456")
            try await f.store.setSetting(sampleAddress, for: .selectedDevice)
            #expect(try await f.store.settings() == [.dashboardToken: "def456", .selectedDevice: sampleAddress])
            try await f.store.removeSetting(.dashboardToken)
            #expect(try await f.store.string(for: .dashboardToken) == nil)
            try await f.store.setSetting(nil, for: .selectedDevice)
            #expect(try await f.store.settings().isEmpty)
            // Removing what is not set is fine.
            try await f.store.removeSetting(.selectedDevice)
        }
    }

    @Test func integersAndBooleans() async throws {
        try await withFixture { f in
            try await f.store.setSetting(-42, for: Self.volume)
            #expect(try await f.store.int(for: Self.volume) == -42)
            #expect(try await f.store.string(for: Self.volume) == "-42")
            try await f.store.setSetting(true, for: Self.enabled)
            #expect(try await f.store.bool(for: Self.enabled) == true)
            #expect(try await f.store.string(for: Self.enabled) == "true")
            try await f.store.setSetting(false, for: Self.enabled)
            #expect(try await f.store.bool(for: Self.enabled) == false)
            #expect(try await f.store.int(for: SettingKey(rawValue: "unset")) == nil)
            #expect(try await f.store.bool(for: SettingKey(rawValue: "unset")) == nil)
        }
    }

    @Test(arguments: [("1", true), ("YES", true), ("True", true), ("0", false), ("no", false), ("FALSE", false)])
    func booleanSpellings(text: String, value: Bool) async throws {
        try await withFixture { f in
            try await f.store.setSetting(text, for: Self.enabled)
            #expect(try await f.store.bool(for: Self.enabled) == value)
        }
    }

    @Test func wrongTypesAreReported() async throws {
        try await withFixture { f in
            try await f.store.setSetting("loud", for: Self.volume)
            await expectStoreError(.invalidValue, "test.volume", "\"loud\"", "not an integer") {
                try await f.store.int(for: Self.volume)
            }
            await expectStoreError(.invalidValue, "\"loud\"", "not true or false") {
                try await f.store.bool(for: Self.volume)
            }
            await expectStoreError(.invalidValue, "setting key") {
                try await f.store.setSetting("x", for: SettingKey(rawValue: ""))
            }
        }
    }

    @Test func keysAreCaseSensitive() async throws {
        try await withFixture { f in
            try await f.store.setSetting("a", for: SettingKey(rawValue: "Key"))
            try await f.store.setSetting("b", for: SettingKey(rawValue: "key"))
            #expect(try await f.store.string(for: SettingKey(rawValue: "Key")) == "a")
            #expect(try await f.store.settings().count == 2)
        }
    }
}
