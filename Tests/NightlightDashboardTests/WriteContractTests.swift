import Foundation
import HTTPTypes
import HummingbirdTesting
import Nightlight
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

/// One write contract: every write to a nightlight goes through ``NightlightOperations``;
/// schedules carry versions (`ETag` / `If-Match`) so a stale write is refused with 409.
@Suite("Dashboard: the write contract (versions, limits, one guard)")
struct WriteContractTests {
    static let address = DashboardFixture.secondSN
    static let week = ##"{"name": "Contract", "groups": [{"name": "All", "days": ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"], "periods": [{"start": 1200, "end": 1320, "color": "#402000", "fade": 5}]}]}"##
    static let otherWeek = ##"{"name": "Other", "groups": [{"name": "All", "days": ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"], "periods": [{"start": 1140, "end": 1380, "color": "#FF8040", "fade": 0}]}]}"##

    static func ifMatch(_ tag: String) -> HTTPFields {
        [.ifMatch: tag]
    }

    @Test func limitsComeFromTheProfile() async throws {
        try await DashboardFixture().test { client in
            let limits = try await client.call(.get, "/api/limits")
            #expect(limits.status == .ok)
            #expect(limits["childName.maximumBytes"] as? Int == SNCharacteristic<String>.maximumChildNameLength)
            #expect(limits["weekSchedule.maximumGroups"] as? Int == WeekSchedule.maximumGroupCount)
            #expect(limits["weekSchedule.maximumPeriods"] as? Int == DayGroup.maximumPeriodCount)
            #expect(limits["weekSchedule.maximumFadeMinutes"] as? Int == Period.maximumFade)
            #expect(limits["weekSchedule.nameMaximumBytes"] as? Int == WeekSchedule.maximumNameLength)
            #expect(limits["weekSchedule.groupNameMaximumBytes"] as? Int == DayGroup.maximumNameLength)
            #expect(limits["libraryName.maximumBytes"] as? Int == SchedulesController.maximumNameLength)
            #expect(limits["firmwareImage.maximumBytes"] as? Int == FirmwareImage.maximumByteCount)
            #expect(try await client.call(.get, "/api/limits", token: nil).status == .unauthorized)
        }
    }

    @Test func aStaleWeekScheduleWriteIsRefusedAndNothingIsWritten() async throws {
        try await DashboardFixture().test { client in
            let paired = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Leo"}"##)
            #expect(paired.status == .created, "\(paired.text)")
            let status = try await client.call(.get, "/api/devices/\(Self.address)/status")
            let statusVersion = try #require(status.string("versions.weekSchedule"))
            #expect(status.string("versions.temporarySchedule") != nil)
            let read = try await client.call(.get, "/api/devices/\(Self.address)/week-schedule")
            let tag = try #require(read.headers[.eTag])
            #expect(tag == "\"\(statusVersion)\"", "the status and the schedule give one version")

            // Page A writes with the version it read: accepted, a new version.
            let first = try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.week, headers: Self.ifMatch(tag))
            #expect(first.status == .ok, "\(first.text)")
            let newTag = try #require(first.headers[.eTag])
            #expect(newTag != tag)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/week-schedule").headers[.eTag] == newTag)

            // Page B still holds the old version: 409 stale, and A's schedule stays.
            let stale = try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.otherWeek, headers: Self.ifMatch(tag))
            #expect(stale.status == .conflict, "\(stale.text)")
            #expect(stale.string("error.code") == "stale")
            #expect(stale.string("error.field") == "weekSchedule")
            #expect(stale.string("error.message")?.contains("nothing was written") == true)
            let kept = try await client.call(.get, "/api/devices/\(Self.address)/week-schedule")
            #expect(kept.string("name") == "Contract")

            // A weak tag, a list, and `*` follow RFC 9110; no header writes unconditionally (scripts).
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.week, headers: Self.ifMatch("W/\(newTag)")).status == .ok)
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.week, headers: Self.ifMatch("\"x\", \(newTag)")).status == .ok)
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.otherWeek, headers: Self.ifMatch("*")).status == .ok)
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.week).status == .ok)

            // A header that is not an entity tag is a 400 naming it, before anything is read.
            let junk = try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.otherWeek, headers: Self.ifMatch("no-quotes"))
            #expect(junk.status == .badRequest)
            #expect(junk.string("error.field") == "If-Match")
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/week-schedule").string("name") == "Contract")
        }
    }

    @Test func temporarySchedulesAndLibraryAppliesAreConditionalToo() async throws {
        try await DashboardFixture().test { client in
            #expect(try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Leo"}"##).status == .created)
            let temporary = try await client.call(.get, "/api/devices/\(Self.address)/temporary-schedule")
            let tag = try #require(temporary.headers[.eTag])
            let body = ##"{"remainingDays": 2, "periods": [{"start": 1260, "end": 1380, "color": "#FFFFFF", "fade": 0}]}"##
            let set = try await client.call(.put, "/api/devices/\(Self.address)/temporary-schedule", body, headers: Self.ifMatch(tag))
            #expect(set.status == .ok, "\(set.text)")
            let setTag = try #require(set.headers[.eTag])
            let stale = try await client.call(.delete, "/api/devices/\(Self.address)/temporary-schedule", headers: Self.ifMatch(tag))
            #expect(stale.status == .conflict)
            #expect(stale.string("error.field") == "temporarySchedule")
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/temporary-schedule")["remainingDays"] as? Int == 2)
            let cleared = try await client.call(.delete, "/api/devices/\(Self.address)/temporary-schedule", headers: Self.ifMatch(setTag))
            #expect(cleared.status == .ok)
            #expect(cleared["remainingDays"] as? Int == 0)

            let saved = try await client.call(.post, "/api/schedules", ##"{"name": "Library", "schedule": \##(Self.otherWeek)}"##)
            #expect(saved.status == .created)
            let weekTag = try #require(try await client.call(.get, "/api/devices/\(Self.address)/week-schedule").headers[.eTag])
            #expect(try await client.call(.put, "/api/devices/\(Self.address)/week-schedule", Self.week).status == .ok)
            let staleApply = try await client.call(.post, "/api/schedules/Library/apply", ##"{"address": "\##(Self.address)"}"##, headers: Self.ifMatch(weekTag))
            #expect(staleApply.status == .conflict)
            #expect(staleApply.string("error.code") == "stale")
            let freshTag = try #require(try await client.call(.get, "/api/devices/\(Self.address)/week-schedule").headers[.eTag])
            let apply = try await client.call(.post, "/api/schedules/Library/apply", ##"{"address": "\##(Self.address)"}"##, headers: Self.ifMatch(freshTag))
            #expect(apply.status == .ok, "\(apply.text)")
            #expect(apply.headers[.eTag] != freshTag)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/week-schedule").string("name") == "Library", "applied under the library's name")
        }
    }

    @Test func versionsAreDigestsOfTheValue() throws {
        let a = try WeekSchedule(bytes: WeekSchedule.factory.encode())
        #expect(ScheduleVersion(a) == ScheduleVersion(WeekSchedule.factory))
        #expect(ScheduleVersion(WeekSchedule.factory) != ScheduleVersion(TemporaryDaySchedule.inactive))
        #expect(try ScheduleVersion.expected(by: nil) == nil)
        #expect(try ScheduleVersion.expected(by: " * ") == nil)
        #expect(try ScheduleVersion.expected(by: #"W/"a", "b""#) == [ScheduleVersion(rawValue: "a"), ScheduleVersion(rawValue: "b")])
        for junk in [#"a"#, #""a"#, #"""#, #""a", b"#] {
            #expect(throws: DashboardError.self, "\(junk)") { try ScheduleVersion.expected(by: junk) }
        }
    }
}
