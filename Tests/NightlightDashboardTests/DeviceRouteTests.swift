import Foundation
import HummingbirdTesting
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: device routes on virtual nightlights")
struct DeviceRouteTests {
    static let address = DashboardFixture.factorySN

    @Test func badAddressesAndUnpairedDevicesAreRefusedBeforeTheRadio() async throws {
        try await DashboardFixture().test { client in
            #expect(try await client.call(.get, "/api/devices").array().isEmpty)
            for route in ["status", "week-schedule", "button", "clock"] {
                let unpaired = try await client.call(.get, "/api/devices/\(Self.address)/\(route)")
                #expect(unpaired.status == .notFound, "\(route)")
                #expect(unpaired.string("error.code") == "deviceNotFound")
                let bad = try await client.call(.get, "/api/devices/kitchen/\(route)")
                #expect(bad.status == .badRequest)
                #expect(bad.string("error.field") == "address")
            }
            #expect(try await client.call(.delete, "/api/devices/\(Self.address)").status == .notFound)
            #expect(try await client.call(.delete, "/api/devices/zz").status == .badRequest)
            #expect(try await client.call(.get, "/api/devices/\(Self.address)/history").status == .notFound)
            let kind = try await client.call(.get, "/api/devices/\(Self.address)/history?kind=mood")
            #expect(kind.status == .badRequest)
            #expect(kind.string("error.field") == "kind")
            let days = try await client.call(.get, "/api/devices/\(Self.address)/history?days=0")
            #expect(days.string("error.field") == "days")
            let seconds = try await client.call(.get, "/api/scan?seconds=100")
            #expect(seconds.string("error.field") == "seconds")
            let pair = try await client.call(.post, "/api/devices/pair", ##"{"address": "C4:4E:4C:00:00:01", "childName": "A name far too long for a nightlight"}"##)
            #expect(pair.string("error.field") == "childName")
            let junk = try await client.call(.put, "/api/devices/\(Self.address)/child-name", ##"{"childName": false}"##)
            #expect(junk.string("error.field") == "childName")
        }
    }

    @Test func scanPairAndUnpair() async throws {
        try await DashboardFixture().test { client in
            let scan = try await client.call(.get, "/api/scan?seconds=1.5")
            #expect(scan.status == .ok, "\(scan.text)")
            let addresses = scan.array().compactMap { ($0 as? [String: Any])?["address"] as? String }
            #expect(Set(addresses) == [DashboardFixture.factorySN, DashboardFixture.secondSN])
            let first = try #require(scan.array().first { ($0 as? [String: Any])?["address"] as? String == Self.address } as? [String: Any])
            #expect(first["batteryLevel"] as? Int != nil)
            #expect(first["needsConfiguration"] as? Bool == true)

            let nameless = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)"}"##)
            #expect(nameless.status == .badRequest)
            #expect(nameless.string("error.code") == "childNameRequired")
            #expect(nameless.string("error.field") == "childName")
            #expect(try await client.call(.get, "/api/devices").array().isEmpty)

            let paired = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address.lowercased())", "childName": "Mia"}"##)
            #expect(paired.status == .created, "\(paired.text)")
            #expect(paired.string("device.childName") == "Mia")
            #expect(paired.string("clock.decision") == "clockNotSet")
            #expect(paired["clock.written"] as? Bool == true)
            let again = try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)"}"##)
            #expect(again.status == .ok)
            #expect(try await client.call(.get, "/api/devices").array().count == 1)

            let unpaired = try await client.call(.delete, "/api/devices/\(Self.address)")
            #expect(unpaired.status == .ok)
            #expect(try await client.call(.get, "/api/devices").array().isEmpty)
        }
    }

    @Test func anAbsentNightlightIsAGatewayTimeout() async throws {
        try await DashboardFixture().test { client in
            let answer = try await client.call(.post, "/api/devices/pair", ##"{"address": "C4:4E:4C:00:00:09", "childName": "Leo"}"##)
            #expect(answer.status == .gatewayTimeout, "\(answer.text)")
            #expect(answer.string("error.code") == "notHeard")
        }
    }

    @Test func statusSettingsAndHistoryOfAPairedNightlight() async throws {
        try await DashboardFixture().test { client in
            let base = "/api/devices/\(Self.address)"
            #expect(try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##).status == .created)

            let status = try await client.call(.get, "\(base)/status")
            #expect(status.status == .ok, "\(status.text)")
            #expect(status.string("identity.childName") == "Mia")
            #expect(status["batteryLevel"] as? Int != nil)
            // Pairing set the clock: in sync, or (on a machine so loaded that seconds passed
            // between the write and this read) off by less than the silent-correction bound.
            #expect(["inSync", "updateSilently"].contains(status.string("clock.decision") ?? ""), "\(status.text)")
            #expect(!status.array("timeline").isEmpty)
            #expect(status["button.settings.onTime"] as? Int != nil)

            let renamed = try await client.call(.put, "\(base)/child-name", ##"{"childName": "Leo"}"##)
            #expect(renamed.string("childName") == "Leo")

            let week = try await client.call(.put, "\(base)/week-schedule", ScheduleRouteTests.schedule)
            #expect(week.status == .ok, "\(week.text)")
            #expect(try await client.call(.get, "\(base)/week-schedule").string("name") == "School")
            let overlapping = ##"{"name": "X", "groups": [{"name": "All", "days": ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"], "periods": [{"start": 60, "end": 300, "color": "#FFFFFF", "fade": 0}, {"start": 120, "end": 400, "color": "#FFFFFF", "fade": 0}]}]}"##
            let refused = try await client.call(.put, "\(base)/week-schedule", overlapping)
            #expect(refused.status == .badRequest)
            #expect(refused.string("error.field") == "groups[0].periods[1]")
            #expect(try await client.call(.get, "\(base)/week-schedule").string("name") == "School")

            let temporary = try await client.call(.put, "\(base)/temporary-schedule", ##"{"remainingDays": 2, "periods": [{"start": 1200, "end": 1380, "color": "#FF8040", "fade": 0}]}"##)
            #expect(temporary["remainingDays"] as? Int == 2)
            let tooLong = try await client.call(.put, "\(base)/temporary-schedule", ##"{"remainingDays": 31, "periods": []}"##)
            #expect(tooLong.string("error.field") == "remainingDays")
            #expect(try await client.call(.delete, "\(base)/temporary-schedule")["remainingDays"] as? Int == 0)

            let button = try await client.call(.get, "\(base)/button")
            let settings = try #require(button["settings"] as? [String: Any])
            var changed = settings
            changed["onTime"] = 90
            let written = try await client.call(.put, "\(base)/button", String(decoding: try JSONSerialization.data(withJSONObject: changed), as: UTF8.self))
            #expect(written["settings.onTime"] as? Int == 90, "\(written.text)")
            changed["onTime"] = 0
            let badButton = try await client.call(.put, "\(base)/button", String(decoding: try JSONSerialization.data(withJSONObject: changed), as: UTF8.self))
            #expect(badButton.string("error.field") == "onTime")

            #expect(try await client.call(.put, "\(base)/led-color", ##"{"led": 5, "color": "#FF0000"}"##).string("error.field") == "led")
            let color = try await client.call(.put, "\(base)/led-color", ##"{"led": 2, "color": "#FF0000"}"##)
            #expect(color.status == .ok, "\(color.text)")
            let proof = try await client.call(.put, "\(base)/proof", ##"{"on": true}"##)
            #expect(proof.status == .ok, "\(proof.text)")
            #expect(try await client.call(.put, "\(base)/proof", ##"{"on": "yes"}"##).string("error.field") == "on")

            // The LED Service's switches: lights off now, back on; LED Link.
            let leds = try await client.call(.get, "\(base)/leds")
            #expect(leds.status == .ok && leds.text.contains(##""isPowerEnabled":true"##), "\(leds.text)")
            let dark = try await client.call(.put, "\(base)/leds", ##"{"isPowerEnabled": false, "isLinked": false}"##)
            #expect(dark.text.contains(##""isPowerEnabled":false"##) && dark.text.contains(##""isLinked":false"##), "\(dark.text)")
            #expect(try await client.call(.put, "\(base)/proof", ##"{"on": false}"##).text.contains(##""mode":5"##), "LEDs disabled is the active mode (§4.5)")
            #expect(try await client.call(.put, "\(base)/leds", ##"{"isPowerEnabled": true}"##).text.contains(##""isPowerEnabled":true"##))
            #expect(try await client.call(.put, "\(base)/leds", "{}").status == .badRequest, "nothing to change")
            #expect(try await client.call(.put, "\(base)/leds", ##"{"isLinked": 1}"##).string("error.field") == "isLinked")

            let saved = try await client.call(.post, "/api/schedules", ##"{"name": "From Mia", "fromDevice": "\##(Self.address)"}"##)
            #expect(saved.status == .created)
            #expect(saved.string("schedule.name") == "School")
            #expect(saved.string("sourceDeviceAddress") == Self.address)
            let applied = try await client.call(.post, "/api/schedules/From%20Mia/apply", ##"{"address": "\##(Self.address)"}"##)
            #expect(applied.status == .ok)

            let history = try await client.call(.get, "\(base)/history?kind=battery&days=7")
            #expect(history.status == .ok)
            #expect(history.array("entries").count == 1)
        }
    }

    @Test func theClockAsksBeforeAJumpOfMoreThan30Minutes() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let base = "/api/devices/\(Self.address)"
            #expect(try await client.call(.post, "/api/devices/pair", ##"{"address": "\##(Self.address)", "childName": "Mia"}"##).status == .created)
            #expect(try await client.call(.get, "\(base)/clock").string("decision") == "inSync")
            fixture.clockShift.seconds.withLock { $0 = 2 * 3600 }
            let asked = try await client.call(.post, "\(base)/clock/sync", "{}")
            #expect(asked.string("decision") == "askUser", "\(asked.text)")
            #expect(asked["written"] as? Bool == false)
            #expect(asked["needsConfirmation"] as? Bool == true)
            let accepted = try await client.call(.post, "\(base)/clock/sync", ##"{"accept": true}"##)
            #expect(accepted["written"] as? Bool == true)
            #expect(try await client.call(.get, "\(base)/clock").string("decision") == "inSync")
            let forced = try await client.call(.post, "\(base)/clock/sync", ##"{"force": true}"##)
            #expect(forced.string("decision") == "forcedUpdate")
            #expect(try await client.call(.post, "\(base)/clock/sync", ##"{"force": 1}"##).string("error.field") == "force")
            let history = try await client.call(.get, "\(base)/history?kind=clockCorrection")
            #expect(history.array("entries").count >= 2)
        }
    }
}
