import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Testing
@testable import Nightlight
@testable import NightlightSimulation

/// The virtual SN's flash: settings survive a restart and separate runs, the device catches up
/// on the time between runs, and a corrupt file is reported and replaced.
@Suite(.timeLimit(.minutes(1)))
struct VirtualNightlightFlashTests {
    static func record(at path: String) throws -> SNFlashRecord {
        try JSONDecoder().decode(SNFlashRecord.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func settingsSurviveARestart() async throws {
        let directory = VirtualNightlightWorld.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = VirtualNightlightWorld.TestWallClock()
        let schedule = VirtualNightlightWorld.longSchedule(name: "Kept", overlapping: false)
        let written: [(BluetoothUUID, [UInt8])] = [
            (SNUUID.childName, Array("Ada".utf8)),
            (SNUUID.onTime, [42, 0]),
            (SNUUID.buttonColor, [0x12, 0x34, 0x56]),
            (SNUUID.deactivationTime, DeactivationWindow(start: 1320, end: 420).encode()),
            (SNUUID.localTimeInformation, [4, 4]),
            (SNUUID.ledLink, [0]),
            (SNUUID.ledColor(4), [0x01, 0x02, 0x03]),
            (SNUUID.temporaryDaySchedule, TemporaryDaySchedule(remainingDays: 5, periods: [Period(start: 60, end: 120, color: .white, fade: 30)]).encode()),
        ]
        try await VirtualNightlightWorld.with([try VirtualNightlight(index: 0, directory: directory, wallClock: wall.clock)]) { sn in
            let peer = try await sn.connect()
            for (uuid, value) in written { try await peer.write(uuid, value) }
            try await peer.writeLong(SNUUID.weekSchedule, schedule.encode())
            try await peer.setClock(VirtualNightlightBehaviourTests.monday(20, 0))
            try await sn.nightlight.restart()
            #expect(try await sn.eventually { !peer.connection.isConnected }, "a restart ends the connection")

            let again = try await sn.connect()
            for (uuid, value) in written { #expect(try await again.read(uuid) == value, "\(uuid)") }
            #expect(try await again.read(SNUUID.weekSchedule) == schedule.encode())
            let time = try SNClockTime(bytes: try await again.read(SNUUID.currentTime))
            #expect(time.isSet && time.weekday == .monday && time.hour == 20, "the clock runs on through a restart: \(time)")
        }
        let record = try Self.record(at: "\(directory)/nightlight-0.json")
        #expect(record.childName == "Ada" && record.onTime == 42 && record.weekSchedule == schedule.encode().hexString)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["nightlight-0.json"], "no temporary file left")
    }

    @Test func betweenRunsTheDeviceCatchesUpAsIfItHadKeptRunning() async throws {
        let directory = VirtualNightlightWorld.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = VirtualNightlightWorld.TestWallClock()
        let battery = SNBatteryModel(litDrain: 0.01, idleDrain: 0, charge: 0)  // 36 % an hour lit
        let computer = MemoryBondStore()  // one computer through every run
        func nightlight() throws -> VirtualNightlight {
            try VirtualNightlight(index: 0, directory: directory, battery: battery, wallClock: wall.clock)
        }
        try await VirtualNightlightWorld.with([try nightlight()], centralBonds: computer) { sn in
            let peer = try await sn.connect()
            try await sn.pause()
            try await peer.write(SNUUID.childName, Array("Ada".utf8))
            try await peer.setClock(VirtualNightlightBehaviourTests.monday(20, 0))
            #expect(try await sn.nightlight.press() == .turnOn, "20:00 is outside 08:00–18:00")
        }
        wall.advance(by: 300)
        try await VirtualNightlightWorld.with([try nightlight()], centralBonds: computer) { sn in
            let status = try await sn.nightlight.status()
            #expect(status.childName == "Ada")
            let seconds = try #require(status.clock.localSeconds) - (try #require(VirtualNightlightBehaviourTests.monday(20, 0).localSeconds))
            #expect((300...330).contains(seconds), "the clock ran on for the 5 minutes off: \(status.clock)")
            #expect(status.button.isLightOn && status.button.usesToday == 1)
            #expect((270...300).contains(status.button.remainingSeconds), "ON time counted down while off: \(status.button)")
            #expect(status.battery.level == 97, "5 minutes lit at 36 %/h")
            try await sn.connect().write(SNUUID.ledPowerEnable, [0])  // dark from now on: no drain
        }
        wall.advance(by: 86_400)
        try await VirtualNightlightWorld.with([try nightlight()], centralBonds: computer) { sn in
            let status = try await sn.nightlight.status()
            #expect(status.clock.weekday == .tuesday && status.clock.hour == 20, "\(status.clock)")
            #expect(status.button == ButtonStatus(isLightOn: false, usesToday: 0, remainingSeconds: 0), "light off, uses reset at midnight")
            #expect(status.battery.level == 97, "LEDs disabled all day")
            try await sn.connect().write(SNUUID.ledPowerEnable, [1])
        }
        wall.advance(by: 10 * 86_400)
        try await VirtualNightlightWorld.with([try nightlight()], centralBonds: computer) { sn in
            let status = try await sn.nightlight.status()
            #expect(status.battery.level == 0)
            #expect(status.clock == .notSet, "the battery ran flat while off")
            #expect(status.advertisement.status.contains(.clockNotSet))
            #expect(status.childName == "Ada", "settings outlive a flat battery")
        }
    }

    @Test func theSecondInstanceStartsConfiguredAndTheFirstAtTheFactory() async throws {
        let wall = VirtualNightlightWorld.TestWallClock()
        let nightlights = [try VirtualNightlight(index: 0, wallClock: wall.clock), try VirtualNightlight(index: 1, wallClock: wall.clock)]
        try await VirtualNightlightWorld.with(nightlights) { sn in
            let factory = try await nightlights[0].status()
            #expect(factory.childName == "" && factory.weekScheduleName == "Default" && factory.clock == .notSet)
            #expect(factory.advertisement.status == [.needsConfiguration, .clockNotSet, .pairingWindowOpen])
            let configured = try await nightlights[1].status()
            #expect(configured.childName == "Mia" && configured.weekScheduleName == "School nights")
            #expect(configured.clock.year == 2025 && configured.clock.month == 3 && configured.clock.day == 14 && configured.clock.hour == 12)
            #expect(configured.advertisement.status == [.pairingWindowOpen], "no bond yet")
            let peer = try await sn.connect(nightlights[1].address)
            #expect(try await peer.read(SNUUID.weekSchedule) == SNDeviceState.schoolNights.encode())
            #expect(try await peer.read(SNUUID.deviceName) == Array("SN-0002".utf8))
        }
    }

    @Test func aCorruptFlashFileIsReportedAndReplacedByFactorySettings() async throws {
        let directory = VirtualNightlightWorld.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/nightlight-0.json"
        var invalid = SNFlashRecord(state: .factory, savedAt: 0)
        invalid.childName = "Ada"
        invalid.weekSchedule = "0100"  // no group
        let contents: [(Data, String)] = [
            (Data("{ \"format\": 1, \"childNa".utf8), "unreadable"),
            (try JSONEncoder().encode(invalid), "invalid value"),
        ]
        for (data, report) in contents {
            try data.write(to: URL(fileURLWithPath: path))
            let capture = CapturingLogHandler()
            let logger = Logger(label: "test.flash", factory: { _ in capture })
            try await VirtualNightlightWorld.with([try VirtualNightlight(index: 0, directory: directory)], logger: logger) { sn in
                let status = try await sn.nightlight.status()
                #expect(status.childName == "" && status.weekScheduleName == "Default", "factory settings")
                try await sn.nightlight.waitUntilIdle()
                #expect(try Self.record(at: path).childName == "", "the file was replaced")
            }
            #expect(capture.messages.contains { $0.hasPrefix("error:") && $0.contains(report) }, "\(capture.messages)")
        }
    }

    @Test func writesReplaceTheFileWhole() throws {
        let directory = VirtualNightlightWorld.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/deeper/nightlight-3.json"
        try SNFlash.writeAtomically(Data("first".utf8), to: path)
        try SNFlash.writeAtomically(Data("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/deeper") == ["nightlight-3.json"])

        let flash = SNFlash(path: path)
        var state = SNDeviceState.factory
        state.childName = "Zoë"
        state.clock = 1_000_000.5
        flash.save(state, savedAt: 42, logger: VirtualNightlightWorld.quiet)
        let loaded = try #require(flash.load(logger: VirtualNightlightWorld.quiet))
        #expect(loaded.state == state && loaded.savedAt == 42, "every field round-trips")
    }
}
