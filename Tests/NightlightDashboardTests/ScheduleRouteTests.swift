import Foundation
import HummingbirdTesting
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: the schedule library routes")
struct ScheduleRouteTests {
    static let schedule = ##"{"name": "School", "groups": [{"name": "Week", "days": ["monday","tuesday","wednesday","thursday","friday"], "periods": [{"start": 1170, "end": 1440, "color": "#402000", "fade": 10}]}, {"name": "Weekend", "days": ["saturday","sunday"], "periods": []}]}"##

    /// Issue 18, item 2: control characters in a name are a 400 naming the field, and a
    /// failure of the server's own (its database) never shows its internals.
    @Test func controlCharactersInNamesAreRefusedWithTheField() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            for name in [#"\u0000"#, #"nul\u0000one"#, #"a\u001b]0;PWN\u0007"#, #"left\u202eright"#] {
                let answer = try await client.call(.post, "/api/schedules", ##"{"name": "\##(name)", "schedule": \##(Self.schedule)}"##)
                #expect(answer.status == .badRequest, "\(name): \(answer.text)")
                #expect(answer.string("error.field") == "name", "\(name): \(answer.text)")
                #expect(answer.string("error.message")?.contains("control character") == true, "\(answer.text)")
            }
            #expect(try await client.call(.get, "/api/schedules").array().isEmpty)
            let child = try await client.call(.put, "/api/devices/\(DashboardFixture.factorySN)/child-name", #"{"childName": "a\u0000b"}"#)
            #expect(child.status == .badRequest, "\(child.text)")
            #expect(child.string("error.field") == "childName")
            let pair = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(DashboardFixture.factorySN)", "childName": "Le\u0000o"}"##)
            #expect(pair.status == .badRequest, "\(pair.text)")
            #expect(try await client.call(.get, "/api/devices").array().isEmpty, "nothing paired")

            try fixture.store.close()
            let broken = try await client.call(.get, "/api/schedules")
            #expect(broken.status == .internalServerError)
            #expect(broken.string("error.message")?.contains("the dashboard's log") == true, "\(broken.text)")
            #expect(!broken.text.contains("sqlite") && !broken.text.contains("/"), "no internals: \(broken.text)")
        }
    }

    @Test func saveListRenameDuplicateDelete() async throws {
        try await DashboardFixture().test { client in
            let saved = try await client.call(.post, "/api/schedules", ##"{"name": " School nights ", "schedule": \##(Self.schedule)}"##)
            #expect(saved.status == .created)
            #expect(saved.string("name") == "School nights")
            #expect(saved.string("schedule.groups.0.periods.0.color") == "#402000")
            let again = try await client.call(.post, "/api/schedules", ##"{"name": "school NIGHTS", "schedule": \##(Self.schedule)}"##)
            #expect(again.status == .conflict)
            #expect(again.string("error.field") == "name")
            let replaced = try await client.call(.post, "/api/schedules", ##"{"name": "School nights", "replace": true, "schedule": \##(Self.schedule)}"##)
            #expect(replaced.status == .created, "\(replaced.text)")

            let copy = try await client.call(.post, "/api/schedules/School%20nights/duplicate", "{}")
            #expect(copy.status == .created)
            #expect(copy.string("name") == "School nights copy")
            let named = try await client.call(.post, "/api/schedules/School%20nights/duplicate", ##"{"name": "Summer"}"##)
            #expect(named.string("name") == "Summer")
            let renamed = try await client.call(.patch, "/api/schedules/Summer", ##"{"name": "Holidays"}"##)
            #expect(renamed.status == .ok)
            #expect(renamed.string("name") == "Holidays")
            let taken = try await client.call(.patch, "/api/schedules/Holidays", ##"{"name": "School nights"}"##)
            #expect(taken.status == .conflict)
            let list = try await client.call(.get, "/api/schedules")
            #expect(list.array().compactMap { ($0 as? [String: Any])?["name"] as? String } == ["Holidays", "School nights", "School nights copy"])

            #expect(try await client.call(.delete, "/api/schedules/Holidays").status == .noContent)
            #expect(try await client.call(.delete, "/api/schedules/Holidays").status == .notFound)
            #expect(try await client.call(.patch, "/api/schedules/Nope", ##"{"name": "X"}"##).status == .notFound)
            #expect(try await client.call(.post, "/api/schedules/Nope/duplicate", "{}").status == .notFound)
            #expect(try await client.call(.get, "/api/schedules").array().count == 2)
        }
    }

    @Test(arguments: [
        ("not json", "invalidJSON", nil),
        ("", "invalidJSON", nil),
        ("[]", "invalidValue", "body"),
        (##"{"name": 5}"##, "invalidValue", "name"),
        (##"{"schedule": {}}"##, "invalidValue", "name"),
        (##"{"name": "  "}"##, "invalidValue", "name"),
        (##"{"name": "X"}"##, "invalidValue", "fromDevice"),
        (##"{"name": "X", "fromDevice": "nope"}"##, "invalidValue", "fromDevice"),
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["funday"], "periods": []}]}}"##, "invalidValue", "schedule.groups[0].days[0]"),
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["monday"], "periods": [{"start": 600, "end": 500, "color": "#FFFFFF", "fade": 0}]}]}}"##, "invalidValue", "schedule.groups[0].periods[0]"),
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["monday"], "periods": [{"start": 600, "end": 700, "color": "red", "fade": 0}]}]}}"##, "invalidValue", "schedule.groups[0].periods[0].color"),
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["monday"], "periods": []}]}}"##, "invalidValue", "schedule.groups"),
        // Issue 18, item 6: numbers of the wrong kind name their field (they said "not valid JSON").
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["monday"], "periods": [{"start": 0.5, "end": 700, "color": "#FFFFFF", "fade": 0}]}]}}"##, "invalidValue", "schedule.groups[0].periods[0].start"),
        (##"{"name": "X", "schedule": {"name": "X", "groups": [{"name": "A", "days": ["monday"], "periods": [{"start": 600, "end": 700, "color": "#FFFFFF", "fade": 9223372036854775808}]}]}}"##, "invalidValue", "schedule.groups[0].periods[0].fade"),
    ] as [(String, String, String?)])
    func junkAndInvalidSchedulesAreRefusedWithTheField(body: String, code: String, field: String?) async throws {
        try await DashboardFixture().test { client in
            let answer = try await client.call(.post, "/api/schedules", body)
            #expect(answer.status == .badRequest, "\(answer.text)")
            #expect(answer.string("error.code") == code)
            #expect(answer.string("error.field") == field, "\(answer.text)")
            #expect(answer.string("error.message")?.isEmpty == false)
            #expect(try await client.call(.get, "/api/schedules").array().isEmpty)
        }
    }

    /// Issue 18, item 6: a raw `%` in a schedule URL, and echoed input cut short.
    @Test func urlsAndEchoedInputGetClearShortErrors() async throws {
        try await DashboardFixture().test { client in
            let percent = try await client.call(.delete, "/api/schedules/50%")
            #expect(percent.status == .badRequest, "\(percent.text)")
            #expect(percent.string("error.message")?.contains("%25") == true, "\(percent.text)")
            let long = String(repeating: "A", count: 4000)
            let address = try await client.call(.get, "/api/devices/\(long)/status")
            #expect(address.status == .badRequest)
            #expect(address.text.count < 400, "\(address.text.count) characters")
            for index in 0..<12 {
                _ = try await client.call(.post, "/api/schedules", ##"{"name": "Schedule \##(index)", "schedule": \##(Self.schedule)}"##)
            }
            let missing = try await client.call(.delete, "/api/schedules/\(String(repeating: "B", count: 300))")
            #expect(missing.status == .notFound)
            #expect(missing.text.count < 400, "\(missing.text)")
            #expect(missing.string("error.message")?.contains("and 7 more") == true, "\(missing.text)")
        }
    }

    /// Issue 19, problem 4: a saved schedule goes onto the nightlight under the library's name
    /// (it kept the name stored in the saved copy, e.g. "Default").
    @Test func applyingWritesTheLibrarysName() async throws {
        try await DashboardFixture().test { client in
            let paired = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(DashboardFixture.secondSN)"}"##)
            #expect(paired.status == .created, "\(paired.text)")
            let copy = Self.schedule.replacingOccurrences(of: #""name": "School""#, with: #""name": "Default""#)
            #expect(try await client.call(.post, "/api/schedules", ##"{"name": "School weeks", "schedule": \##(copy)}"##).status == .created)
            #expect(try await client.call(.post, "/api/schedules", ##"{"name": "A library name far longer than twenty bytes", "schedule": \##(copy)}"##).status == .created)
            let applied = try await client.call(.post, "/api/schedules/School%20weeks/apply", ##"{"address": "\##(DashboardFixture.secondSN)"}"##)
            #expect(applied.status == .ok, "\(applied.text)")
            #expect(applied.string("name") == "School weeks")
            let onDevice = try await client.call(.get, "/api/devices/\(DashboardFixture.secondSN)/week-schedule")
            #expect(onDevice.string("name") == "School weeks", "\(onDevice.text)")
            let long = try await client.call(.post, "/api/schedules/A%20library%20name%20far%20longer%20than%20twenty%20bytes/apply", ##"{"address": "\##(DashboardFixture.secondSN)"}"##)
            #expect(long.string("name") == "A library name far l", "cut to the profile's 20 bytes: \(long.text)")
        }
    }

    @Test func applyingNeedsAKnownScheduleAndAPairedNightlight() async throws {
        try await DashboardFixture().test { client in
            _ = try await client.call(.post, "/api/schedules", ##"{"name": "School", "schedule": \##(Self.schedule)}"##)
            let unknown = try await client.call(.post, "/api/schedules/Nope/apply", ##"{"address": "C4:4E:4C:00:00:01"}"##)
            #expect(unknown.status == .notFound)
            let unpaired = try await client.call(.post, "/api/schedules/School/apply", ##"{"address": "C4:4E:4C:00:00:01"}"##)
            #expect(unpaired.status == .notFound)
            #expect(unpaired.string("error.field") == "address")
            let bad = try await client.call(.post, "/api/schedules/School/apply", ##"{"address": "kitchen"}"##)
            #expect(bad.status == .badRequest)
            #expect(bad.string("error.field") == "address")
            let missing = try await client.call(.post, "/api/schedules/School/apply", "{}")
            #expect(missing.string("error.field") == "address")
        }
    }

    @Test func aDamagedSavedScheduleIsListedWithANullSchedule() async throws {
        let fixture = try await DashboardFixture()
        _ = try await fixture.store.saveSchedule(named: "Broken", data: [0x01, 0x02, 0x03])
        try await fixture.test { client in
            let list = try await client.call(.get, "/api/schedules")
            let entry = try #require(list.array().first as? [String: Any])
            #expect(entry["name"] as? String == "Broken")
            #expect(entry.keys.contains("schedule") && entry["schedule"] is NSNull, "\(list.text)")
        }
    }
}
