import BLEProfiles
import BLEProfilesSimulation
import Foundation
import HummingbirdTesting
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

/// The panels' live views: a Mi Band's steps as notified, a Bean's strip as its sketch lights it,
/// and a SensorTag's sensors switched and timed one by one.
@Suite("Device panels: live views and sensor settings")
struct PanelLiveTests {
    // MARK: Mi Band

    @Test("the band's live steps need authentication, then follow the band's notifications")
    func bandSteps() async throws {
        try await PanelFixture().test { client in
            let early = try await client.call(.get, "/api/panels/miband/live?address=\(PanelFixture.band)")
            #expect(early.status == .conflict)
            #expect(early.string("error.code") == "notAuthenticated", "\(early.text)")
            let bad = try await client.call(.get, "/api/panels/miband/live?address=band")
            #expect(bad.status == .badRequest)
            #expect(bad.string("error.field") == "address")
        }
        let fixture = try await PanelFixture()
        try await fixture.panels { panels in
            _ = try await panels.authenticateBand(PanelFixture.band, key: .standard)
            let band = try #require(fixture.devices.band.withLock { $0 })
            // The deadline only keeps a broken feed from hanging the suite.
            let (first, walked) = try await untilDeadline(.seconds(60), otherwise: (Int?.none, Int?.none)) {
                var first: Int?
                for await message in try await panels.bandActivity(PanelFixture.band) {
                    if message.type == "error" { Issue.record("feed error: \(message.message ?? "")") }
                    guard message.type == "activity", let steps = message.steps else { continue }
                    #expect(message.meters != nil && message.kilocalories != nil)
                    guard let start = first else {
                        first = steps
                        try await band.walk(steps: 500)
                        continue
                    }
                    // The virtual wearer may walk meanwhile too: at least the 500 steps.
                    if steps >= start + 500 { return (first, Optional(steps)) }
                }
                return (first, nil)
            }
            #expect((first ?? 0) >= 3000, "the current count comes first: \(String(describing: first))")
            #expect(walked != nil, "the walk was not notified after \(String(describing: first))")
        }
    }

    // MARK: Bean

    @Test("the Bean's strip is sent as its sketch wipes it to the light written")
    func beanStrip() async throws {
        try await PanelFixture().panels { panels in
            _ = try await panels.setBean(PanelFixture.bean, BeanLight(isOn: true, color: RGB(red: 0, green: 0xC0, blue: 0x40)))
            // The deadline only keeps a broken feed from hanging the suite.
            let (messages, last) = try await untilDeadline(.seconds(30), otherwise: (0, [String]())) {
                var (count, last) = (0, [String]())
                for await message in try await panels.beanStrip(PanelFixture.bean) {
                    count += 1
                    last = message.pixels
                    if message.pixels.count == 30, message.pixels.allSatisfy({ $0 == "#00C040" }) { break }
                }
                return (count, last)
            }
            #expect(last == Array(repeating: "#00C040", count: 30), "the strip after \(messages) messages: \(last)")
        }
    }

    @Test("a strip that cannot be seen is a 404 before the upgrade")
    func beanStripUnavailable() async throws {
        try await PanelFixture().test { client in
            let bulb = try await client.call(.get, "/api/panels/bean/live?address=\(PanelFixture.bulb)")
            #expect(bulb.status == .notFound)
            #expect(bulb.string("error.code") == "stripUnavailable", "\(bulb.text)")
            let missing = try await client.call(.get, "/api/panels/bean/live")
            #expect(missing.status == .badRequest)
            #expect(missing.string("error.field") == "address")
        }
        // A dashboard without a way to watch strips (a real radio) says so the same way.
        try await DashboardFixture().test { client in
            let answer = try await client.call(.get, "/api/panels/bean/live?address=\(PanelFixture.bean)")
            #expect(answer.status == .notFound)
            #expect(answer.string("error.code") == "stripUnavailable")
        }
    }

    // MARK: SensorTag

    @Test("each SensorTag sensor is switched and timed on its own, and read back")
    func tagSensors() async throws {
        try await PanelFixture().test { client in
            let base = "/api/panels/sensortag/\(PanelFixture.tag)/sensors"
            let first = try await client.call(.get, base)
            #expect(first.status == .ok, "\(first.text)")
            let sensors = first.array("sensors").compactMap { $0 as? [String: Any] }
            #expect(sensors.map { $0["sensor"] as? String ?? "" } == ["ir-temperature", "accelerometer", "humidity", "magnetometer", "barometer", "gyroscope"])
            #expect(sensors.allSatisfy { $0["isEnabled"] as? Bool == false }, "a fresh tag has every sensor off: \(sensors)")
            #expect(sensors.first { $0["sensor"] as? String == "magnetometer" }?["periodMs"] as? Int == 2000)

            let on = try await client.call(.put, base + "/humidity", ##"{"isEnabled": true, "periodMs": 500}"##)
            #expect(on.status == .ok, "\(on.text)")
            #expect(on["isEnabled"] as? Bool == true && on["periodMs"] as? Int == 500 && on.string("sensor") == "humidity")
            let slower = try await client.call(.put, base + "/gyroscope", ##"{"periodMs": 2550}"##)
            #expect(slower["isEnabled"] as? Bool == false && slower["periodMs"] as? Int == 2550, "\(slower.text)")

            let again = try await client.call(.get, base)
            let byName = Dictionary(uniqueKeysWithValues: again.array("sensors").compactMap { $0 as? [String: Any] }.map { ($0["sensor"] as? String ?? "", $0) })
            #expect(byName["humidity"]?["isEnabled"] as? Bool == true && byName["humidity"]?["periodMs"] as? Int == 500)
            #expect(byName["gyroscope"]?["periodMs"] as? Int == 2550)
            #expect(byName["barometer"]?["isEnabled"] as? Bool == false, "the other sensors are left as they were")

            let off = try await client.call(.put, base + "/humidity", ##"{"isEnabled": false}"##)
            #expect(off["isEnabled"] as? Bool == false && off["periodMs"] as? Int == 500, "\(off.text)")
        }
    }

    @Test("the sensor routes check what they are sent", arguments: [
        ("humidity", ##"{"periodMs": 50}"##, 400, "periodMs"),
        ("ir-temperature", ##"{"periodMs": 200}"##, 400, "periodMs"),
        ("humidity", ##"{"periodMs": 505}"##, 400, "periodMs"),
        ("humidity", ##"{"periodMs": 2560}"##, 400, "periodMs"),
        ("humidity", "{}", 400, "isEnabled"),
        ("humidity", ##"{"isEnabled": "yes"}"##, 400, "isEnabled"),
        ("keys", ##"{"isEnabled": true}"##, 404, nil),
        ("thermometer", ##"{"isEnabled": true}"##, 404, nil),
    ] as [(String, String, Int, String?)])
    func tagSensorValidation(sensor: String, body: String, status: Int, field: String?) async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.put, "/api/panels/sensortag/\(PanelFixture.tag)/sensors/\(sensor)", body)
            #expect(answer.status.code == status, "\(answer.text)")
            if let field {
                #expect(answer.string("error.field") == field, "\(answer.text)")
            } else {
                #expect(answer.string("error.code") == "sensorNotFound", "\(answer.text)")
            }
        }
    }
}
