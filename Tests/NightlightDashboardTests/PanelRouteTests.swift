import BLE
import BLEProfiles
import BLEProfilesSimulation
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import HummingbirdTesting
import Nightlight
import NightlightSimulation
import NightlightStore
import Synchronization
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

/// A dashboard whose world has one of each seed device besides a nightlight: a Bean, a color
/// bulb, a Mi Band 2 (its wearer taps 0.2 s after a pairing request) and a SensorTag.
struct PanelFixture {
    static let bean = "D0:39:72:BE:A0:01"
    static let bulb = "5C:31:3E:F2:16:13"
    static let band = "C8:0F:10:B2:00:01"
    static let tag = "BC:6A:29:AC:00:01"

    /// The world's Bean and band, once the radio opened it.
    final class Devices: Sendable {
        let bean = Mutex<VirtualBean?>(nil)
        let band = Mutex<VirtualMiBand2?>(nil)

        /// The strip of the world's Bean, as `nightlight dashboard` watches a virtual Bean's.
        var beanStrips: BeanStripWatch {
            { address in
                guard let bean = self.bean.withLock({ $0 }), address == PanelFixture.bean else { return nil }
                return bean.stripUpdates(includingCurrent: true)
            }
        }
    }

    let base: DashboardFixture
    let devices: Devices
    var server: DashboardServer { base.server }

    init() async throws {
        let devices = Devices()
        self.devices = devices
        base = try await DashboardFixture(populate: { world, directory in
            try await world.add(VirtualNightlight(index: 0, directory: directory), distance: 1.5)
            let bean = try VirtualBean(index: 0, directory: directory)
            devices.bean.withLock { $0 = bean }
            try await world.add(bean, distance: 2)
            try await world.add(VirtualColorBulb(index: 0, directory: directory), distance: 2)
            let band = try VirtualMiBand2(index: 0, directory: directory, wearerTapDelay: .milliseconds(200))
            devices.band.withLock { $0 = band }
            try await world.add(band, distance: 2)
            try await world.add(VirtualSensorTag(index: 0), distance: 2)
        }, beanStrips: devices.beanStrips)
    }

    /// Runs `body` against the router, then closes the radio and removes the folder.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await base.test(body)
    }

    /// Runs `body` with panels on the server's radio (no routes), their timers on `clock`, then
    /// cleans up.
    func panels(clock: any Clock<Duration> = ContinuousClock(), _ body: @Sendable (PanelDevices) async throws -> Void) async throws {
        let configuration = PanelDevices.Configuration(clock: clock, beanStrips: devices.beanStrips)
        try await base.cleaningUp { try await body(PanelDevices(link: server.link.radio, configuration: configuration)) }
    }
}

@Suite("Device panel routes")
struct PanelRouteTests {
    @Test("the list has each seed device heard, with its kind, and no nightlight")
    func list() async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.get, "/api/panels/devices?seconds=2")
            #expect(answer.status == .ok, "\(answer.text)")
            let devices = answer.array("devices").compactMap { $0 as? [String: Any] }
            let kinds = Dictionary(uniqueKeysWithValues: devices.compactMap { device in
                (device["address"] as? String).map { ($0, device["kind"] as? String ?? "?") }
            })
            #expect(kinds[PanelFixture.bean] == "bean")
            #expect(kinds[PanelFixture.bulb] == "bulb")
            #expect(kinds[PanelFixture.band] == "miband")
            #expect(kinds[PanelFixture.tag] == "sensortag")
            #expect(kinds[DashboardFixture.factorySN] == nil)
            #expect(devices.allSatisfy { $0["rssi"] is Int && $0["name"] is String })

            let wrong = try await client.call(.get, "/api/panels/devices?seconds=60")
            #expect(wrong.status == .badRequest)
            #expect(wrong.string("error.field") == "seconds")
        }
    }

    @Test("a Bean's light is written to bank 1 and reads back")
    func bean() async throws {
        try await PanelFixture().test { client in
            let path = "/api/panels/bean/\(PanelFixture.bean.lowercased())"
            let first = try await client.call(.get, path)
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.string("address") == PanelFixture.bean)

            let set = try await client.call(.put, path, ##"{"isOn": true, "color": "#ff8000"}"##)
            #expect(set.status == .ok, "\(set.text)")
            #expect(set["isOn"] as? Bool == true)
            #expect(set.string("color") == "#FF8000")
            #expect(set["red"] as? Int == 255 && set["green"] as? Int == 128 && set["blue"] as? Int == 0)
            #expect(set["isSet"] as? Bool == true)

            let off = try await client.call(.put, path, ##"{"isOn": false, "color": "#102030"}"##)
            #expect(off.status == .ok)
            let again = try await client.call(.get, path)
            #expect(again["isOn"] as? Bool == false)
            #expect(again.string("color") == "#102030")
        }
    }

    @Test("the Bean routes check what they are sent", arguments: [
        (##"{"isOn": true, "color": "orange"}"##, "color"),
        (##"{"isOn": true, "color": "#12345"}"##, "color"),
        (##"{"color": "#123456"}"##, "isOn"),
        (##"{"isOn": "yes", "color": "#123456"}"##, "isOn"),
    ])
    func beanValidation(body: String, field: String) async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.put, "/api/panels/bean/\(PanelFixture.bean)", body)
            #expect(answer.status == .badRequest)
            #expect(answer.string("error.field") == field, "\(answer.text)")
        }
    }

    @Test("an address that is not one is refused, naming the field")
    func badAddress() async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.get, "/api/panels/bean/not-an-address")
            #expect(answer.status == .badRequest)
            #expect(answer.string("error.field") == "address")
        }
    }

    @Test("a panel of the wrong kind says the device is not of that kind")
    func wrongKind() async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.get, "/api/panels/bean/\(PanelFixture.bulb)")
            #expect(answer.status == .badGateway)
            #expect(answer.string("error.code") == "wrongDevice", "\(answer.text)")
        }
    }

    @Test("a bulb takes a color, and its hue cycle starts, reports progress and stops")
    func bulb() async throws {
        try await PanelFixture().test { client in
            let base = "/api/panels/bulb/\(PanelFixture.bulb)"
            let color = try await client.call(.put, base + "/color", ##"{"color": "#00FF80"}"##)
            #expect(color.status == .ok, "\(color.text)")
            #expect(color.string("color") == "#00FF80")

            let idle = try await client.call(.get, base + "/cycle")
            #expect(idle.string("state") == "idle")

            let started = try await client.call(.post, base + "/cycle", ##"{"periodSeconds": 1, "steps": 20}"##)
            #expect(started.status == .accepted, "\(started.text)")
            #expect(started.string("state") == "running")
            #expect(started["steps"] as? Int == 20)

            var record = started
            for _ in 0..<100 where (record["sent"] as? Int ?? 0) < 3 {
                try await Task.sleep(for: .milliseconds(100))
                record = try await client.call(.get, base + "/cycle")
            }
            #expect(record.string("state") == "running")
            #expect((record["sent"] as? Int ?? 0) >= 3, "\(record.text)")
            #expect(record.string("color")?.hasPrefix("#") == true)

            let stopped = try await client.call(.delete, base + "/cycle")
            #expect(stopped.status == .ok)
            #expect(stopped.string("state") == "stopped", "\(stopped.text)")
            #expect(stopped.string("message") == "stopped on request")
            #expect(stopped["finishedAt"] is String)
        }
    }

    @Test("two cycles started at once leave one running, and stopping them all releases the bulb")
    func concurrentCyclesLeaveOne() async throws {
        // The second start used to replace the first cycle while that one connected, leaving it
        // running unseen (holding the bulb, sending colors) until its lease ran out.
        try await PanelFixture().panels { panels in
            async let first = panels.startCycle(PanelFixture.bulb, period: .seconds(5), steps: 100)
            async let second = panels.startCycle(PanelFixture.bulb, period: .seconds(5), steps: 100)
            let records = try await [first, second]
            #expect(records.allSatisfy { $0.state == "running" })
            await panels.stopAll()
            #expect(await panels.users[PanelFixture.bulb] == nil, "a cycle still holds the bulb")
            #expect(await panels.cycleRecord(PanelFixture.bulb).state == "stopped")
        }
    }

    @Test("a hue cycle stops when nobody asked for its progress for the lease, on the panels' clock")
    func cycleLeaseRunsOnTheInjectedClock() async throws {
        // The lease used to be measured on the wall clock, whatever clock the panels were given.
        let clock = ManualClock()
        try await PanelFixture().panels(clock: clock) { panels in
            // Finding the bulb listens on the panels' clock: let it run while the cycle starts.
            let ticker = Task {
                while !Task.isCancelled {
                    _ = await clock.waitForSleepers(count: 1, limit: 1_000)
                    clock.advance(by: .milliseconds(100))
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let started = try await panels.startCycle(PanelFixture.bulb, period: .seconds(5), steps: 100)
            ticker.cancel()
            await ticker.value
            #expect(started.state == "running")
            var seconds = 0
            // Looks without renewing the lease (asking for the progress renews it).
            while await panels.cycles[PanelFixture.bulb]?.isRunning == true, seconds < 60 {
                _ = await clock.waitForSleepers(count: 1)
                clock.advance(by: .seconds(1))
                seconds += 1
                try await Task.sleep(for: .milliseconds(10))
            }
            let record = try #require(await panels.cycles[PanelFixture.bulb]?.snapshot())
            #expect(record.state == "stopped", "still running after \(seconds) s on the panels' clock")
            #expect(record.message == "stopped: the page went away")
            #expect(seconds >= 14, "the 15 s lease ended after \(seconds) s")
        }
    }

    @Test("setting a color stops the hue cycle")
    func colorStopsCycle() async throws {
        try await PanelFixture().test { client in
            let base = "/api/panels/bulb/\(PanelFixture.bulb)"
            let started = try await client.call(.post, base + "/cycle", "{}")
            #expect(started.status == .accepted, "\(started.text)")
            #expect(started["periodSeconds"] as? Double == 5)
            _ = try await client.call(.put, base + "/color", ##"{"color": "white"}"##)
            let record = try await client.call(.get, base + "/cycle")
            #expect(record.string("state") == "stopped")
            #expect(record.string("message") == "stopped: a color was set")
        }
    }

    @Test("the cycle routes check what they are sent", arguments: [
        (##"{"periodSeconds": 0}"##, "periodSeconds"),
        (##"{"periodSeconds": 61}"##, "periodSeconds"),
        (##"{"steps": 1}"##, "steps"),
        (##"{"steps": "many"}"##, "steps"),
    ])
    func cycleValidation(body: String, field: String) async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.post, "/api/panels/bulb/\(PanelFixture.bulb)/cycle", body)
            #expect(answer.status == .badRequest)
            #expect(answer.string("error.field") == field, "\(answer.text)")
        }
    }

    @Test("a Mi Band pairs on first authentication, then gives its activity, battery and a heart rate")
    func band() async throws {
        try await PanelFixture().test { client in
            let base = "/api/panels/miband/\(PanelFixture.band)"
            let early = try await client.call(.get, base + "/activity")
            #expect(early.status == .conflict)
            #expect(early.string("error.code") == "notAuthenticated")

            let badKey = try await client.call(.post, base + "/auth", ##"{"key": "abc"}"##)
            #expect(badKey.status == .badRequest)
            #expect(badKey.string("error.field") == "key")

            let paired = try await client.call(.post, base + "/auth", "{}")
            #expect(paired.status == .ok, "\(paired.text)")
            #expect(paired["paired"] as? Bool == true)
            #expect(paired["authenticated"] as? Bool == true)
            let again = try await client.call(.post, base + "/auth", "{}")
            #expect(again["paired"] as? Bool == false, "\(again.text)")

            let activity = try await client.call(.get, base + "/activity")
            #expect(activity.status == .ok, "\(activity.text)")
            #expect(activity["steps"] is Int && activity["meters"] is Int && activity["kilocalories"] is Int)

            let battery = try await client.call(.get, base + "/battery")
            #expect(battery.status == .ok, "\(battery.text)")
            #expect((0...100).contains(battery["level"] as? Int ?? -1))

            let heart = try await client.call(.post, base + "/heart-rate", "{}")
            #expect(heart.status == .ok, "\(heart.text)")
            #expect((30...220).contains(heart["bpm"] as? Int ?? 0))
        }
    }

    @Test("the SensorTag feed sends readings of every sensor in physical units")
    func sensorTagFeed() async throws {
        try await PanelFixture().panels { panels in
            let wanted: Set<SensorTagSensor> = [.irTemperature, .accelerometer, .humidity, .magnetometer, .barometer, .gyroscope]
            // The deadline only keeps a broken feed from hanging the suite.
            let (connected, seen) = try await untilDeadline(.seconds(60), otherwise: (false, [SensorTagSensor: [SensorTagQuantity]]())) {
                var seen: [SensorTagSensor: [SensorTagQuantity]] = [:]
                var connected = false
                for await message in panels.tagReadings(PanelFixture.tag, period: .milliseconds(300)) {
                    if message.type == "connection" { connected = true }
                    if message.type == "error" { Issue.record("feed error: \(message.message ?? "")") }
                    if message.type == "reading", let sensor = message.sensor { seen[sensor] = message.values }
                    if wanted.isSubset(of: Set(seen.keys)) { break }
                }
                return (connected, seen)
            }
            #expect(connected)
            #expect(Set(seen.keys).isSuperset(of: wanted), "\(seen.keys)")
            #expect(seen[.humidity]?.contains { $0.unit == "%RH" } == true, "\(seen[.humidity] ?? [])")
            #expect(seen[.barometer]?.contains { $0.unit == "hPa" } == true)
            #expect(seen[.accelerometer]?.map(\.unit) == ["g", "g", "g"])
        }
    }

    @Test("the SensorTag socket refuses a missing address")
    func sensorTagSocketAddress() async throws {
        try await PanelFixture().test { client in
            let answer = try await client.call(.get, "/api/panels/sensortag/live")
            #expect(answer.status == .badRequest)
            #expect(answer.string("error.field") == "address")
        }
    }
}
