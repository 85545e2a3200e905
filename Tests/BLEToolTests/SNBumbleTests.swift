import BLETesting
import Foundation
import Testing

/// The virtual Smart Nightlight (`ble simulate nightlight`) driven through its GATT profile
/// (shared/SN-PROFILE.md) by a Bumble central (Tests/Interop/bumble_sn_central.py), each on one of
/// Bumble's virtual controllers. Runs in CI; a missing Bumble fails there.
@Suite(
    .serialized,
    .enabled("Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)") { await BumbleHarness.shouldRun() },
    .timeLimit(.minutes(3))
)
struct SNBumbleTests {
    static let ledService = "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4"
    static let activeState = "7A5A0020-D04B-48EB-B3FA-32EB4F0FFAC4"
    static let weekSchedule = "7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4"
    static let currentTime = "2A2B"
    static let localTimeInformation = "2A0F"
    static let batteryLevel = "2A19"
    static let centralAddress = "C3:4E:4C:0C:00:05"

    /// §1 status flags: bit3 child name at its factory value, bit4 clock not set, bit5 pairing
    /// window open (§9.1).
    static let needsConfiguration: UInt8 = 0x08
    static let clockNotSet: UInt8 = 0x10
    static let pairingWindowOpen: UInt8 = 0x20
    /// §6.1: the factory schedule's color, and bumble_sn_central.py's PERIOD_COLOR (Monday 20:00–21:00).
    static let factoryColor = "402000"
    static let periodColor = "3090f0"
    /// What the central writes (§3): Monday 2025-01-06 19:59:57, UTC+1, no daylight saving.
    static let clockSecond = 57
    static let localTime = "0400"
    /// ATT errors and opcodes: 0x80 Invalid Schedule (§6), Execute Write Request 0x18.
    static let invalidSchedule = 0x80
    static let executeWriteRequest = 0x18

    /// 13 bytes of Active State (§4): the mode, then one color on LED #1…#4.
    static func activeStateValue(mode: UInt8, color: String) -> String {
        String(format: "%02x", mode) + String(repeating: color, count: 4)
    }

    /// The advertising data of §1 (29 bytes): Flags 0x06, the LED Service UUID (little-endian),
    /// manufacturer data under 0xFFFF: version 1, battery, status flags, active mode.
    static func advertisingData(battery: UInt8, status: UInt8, mode: UInt8) -> String {
        "020106" + "1107" + "c4fa0f4feb32fab3eb484bd000005a7a" + "07ffffff01" + String(format: "%02x%02x%02x", battery, status, mode)
    }

    /// Runs `ble simulate nightlight` on Bumble's second controller and `bumble_sn_central.py`
    /// (with `options`) on the first; `body` gets the central, the simulator and the SN's address.
    static func withNightlightAndCentral(
        _ options: [String] = [],
        _ body: (BumbleProcess, CLIRunner.Running, String) async throws -> Void
    ) async throws {
        _ = try await BumbleHarness.requirePython()
        try await BumbleHarness.withControllers { controllers in
            let cli = try CLIRunner()
            let simulator = try cli.start(["simulate", "nightlight", "--transport", controllers.transportSpec(1), "--json"], takesInput: true)
            do {
                let started = try #require(BumbleEvent(line: try await simulator.waitForLine { $0.contains("\"started\"") }))
                let address = try #require(started.string("address"))
                try await BumbleHarness.withScript(
                    "bumble_sn_central.py", arguments: [controllers.transportSpec(0), Self.centralAddress] + options
                ) { central in
                    try await body(central, simulator, address)
                }
            } catch {
                _ = try? await simulator.interrupt()
                throw error
            }
            let ended = try await simulator.interrupt()
            #expect(ended.status == 130, "\(ended.stderr)")
        }
    }

    @Test func aBumbleCentralSetsTheClockWritesAWeekScheduleAndSeesItTakeEffect() async throws {
        try await Self.withNightlightAndCentral { central, _, address in
            try await Self.drive(central, deviceAddress: address)
        }
    }

    /// §9 against a Bumble central: 0x05 while not bonded, pairing inside the window, 0x0F
    /// bonded but unencrypted, Pairing Failed 0x05 once the window is closed, and pairing again
    /// after the button is held 3 s.
    @Test func aBumbleCentralMeetsThePairingWindowAndTheAccessRules() async throws {
        try await Self.withNightlightAndCentral(["--security-only"]) { central, simulator, _ in
            try await Self.driveSecurity(central, simulator: simulator)
        }
    }

    static func driveSecurity(_ central: BumbleProcess, simulator: CLIRunner.Running) async throws {
        try await central.waitForEvent("connected", timeout: .seconds(30))
        func probe(_ uuid: String) async throws -> Int? {
            try central.send("probe \(uuid)")
            return try await central.waitForEvent("probe") { $0.string("uuid") == uuid }.int("error")
        }
        // §9.2: open to everyone; protected: 0x05 Insufficient Authentication without a bond.
        #expect(try await probe(batteryLevel) == nil)
        #expect(try await probe(currentTime) == nil)
        #expect(try await probe(activeState) == 0x05)
        #expect(try await probe(weekSchedule) == 0x05)
        // §9.1: a new SN's window is open.
        try central.send("pair")
        #expect(try await central.waitForEvent("paired", timeout: .seconds(20)).bool("encrypted") == true)
        #expect(try await probe(activeState) == nil)
        // Bonded but not encrypted: 0x0F Insufficient Encryption; encrypting with the bond's key opens it.
        try central.send("reconnect")
        try await central.waitForEvent("mtu", timeout: .seconds(20))
        #expect(try await probe(activeState) == 0x0F)
        try central.send("encrypt")
        try await central.waitForEvent("encrypted", timeout: .seconds(20))
        #expect(try await probe(activeState) == nil)
        // The window closed with the first bond: a new pairing gets Pairing Failed 0x05.
        try central.send("pair")
        #expect(try await central.waitForEvent("pairing_failed", timeout: .seconds(20)).int("reason") == 0x05)
        // Holding the button 3 s opens it again.
        try simulator.send("hold 3")
        _ = try await simulator.waitForLine { $0.contains("pairing window is open") }
        try central.send("pair")
        #expect(try await central.waitForEvent("paired", timeout: .seconds(20)).bool("encrypted") == true)
        try central.send("disconnect")
        try await central.waitForEvent("disconnected")
        _ = try await central.waitForExit(timeout: .seconds(10))
    }

    /// The whole scenario, from the central's events.
    static func drive(_ central: BumbleProcess, deviceAddress address: String) async throws {
        try await central.waitForEvent("ready", timeout: .seconds(30))

        // §1: recognised by the LED Service UUID; the factory name in the scan response; the
        // manufacturer data of a SN at factory settings (battery full, clock not set, idle).
        let advertised = try await central.waitForEvent("advertisement", timeout: .seconds(20))
        let name = "SN-" + address.replacingOccurrences(of: ":", with: "").suffix(4)
        #expect(advertised.string("address") == address)
        #expect(advertised.string("name") == name)
        #expect(advertised.bool("connectable") == true)
        #expect(advertised.strings("services") == [ledService])
        #expect(advertised.int("company") == 0xFFFF)
        #expect(advertised.int("version") == 1)
        #expect(advertised.int("battery") == 100)
        #expect(advertised.int("status") == Int(needsConfiguration | clockNotSet | pairingWindowOpen), "a new SN: no bond, window open")
        #expect(advertised.int("mode") == 0)
        #expect(advertised.string("advertising_data") == advertisingData(battery: 100, status: needsConfiguration | clockNotSet | pairingWindowOpen, mode: 0))
        #expect(advertised.string("scan_response_data") == String(format: "%02x09", name.utf8.count + 1) + hex(Array(name.utf8)))

        #expect(try await central.waitForEvent("connected").string("peer") == address)
        #expect(try await central.waitForEvent("mtu").int("mtu") == 23)
        // §9.1: LE Secure Connections, Just Works, bonding, while the window is open.
        #expect(try await central.waitForEvent("paired", timeout: .seconds(20)).bool("encrypted") == true)
        #expect(try await read(batteryLevel, central) == [100])
        let unset = try await read(currentTime, central)
        #expect(unset.count == 10 && unset.prefix(4).allSatisfy { $0 == 0 }, "§3: year 0, month 0, day 0 while not set; got \(hex(unset))")
        #expect(try await read(activeState, central) == bytes(activeStateValue(mode: 0, color: "000000")), "idle while the clock is not set")
        try await central.waitForEvent("subscribed") { $0.string("uuid") == activeState }

        // §3: the clock written (Monday 19:59:57) and read back.
        #expect(try await central.waitForEvent("wrote") { $0.string("uuid") == localTimeInformation }.string("value") == localTime)
        let clock = try await central.waitForEvent("wrote") { $0.string("uuid") == currentTime }
        let written = try #require(clock.bytes("value"))
        #expect(written == [0xE9, 0x07, 1, 6, 19, 59, UInt8(clockSecond), 1, 0, 1])
        #expect(try await central.waitForEvent("clock").int("second") == clockSecond)
        #expect(try await read(localTimeInformation, central) == bytes(localTime))
        let time = try await read(currentTime, central)
        #expect(time.count == 10 && time.prefix(6) == written.prefix(6) && time[7] == 1, "read back \(hex(time)), wrote \(hex(written))")
        #expect(time.count == 10 && (clockSecond...clockSecond + 1).contains(Int(time[6])), "the clock runs from what was written: \(hex(time))")

        // §6: the week schedule, longer than ATT_MTU − 3, goes as Prepare Write Requests of
        // ATT_MTU − 5 bytes and an Execute Write, and reads back whole (Read Blob).
        let prepared = try await central.waitForEvent("prepared_write") { $0.string("uuid") == weekSchedule }
        let schedule = try #require(prepared.bytes("value"))
        let parts = try #require(field("parts", of: prepared) as? [[String: NSNumber]]).map { $0.mapValues(\.intValue) }
        #expect(schedule.count > 20 && parts.count >= 2, "\(prepared)")
        #expect(parts.map { $0["offset"] ?? -1 } == Array(stride(from: 0, to: schedule.count, by: 18)), "\(parts)")
        #expect(parts.map { $0["length"] ?? 0 }.reduce(0, +) == schedule.count)
        #expect(prepared.bool("executed") == true)
        #expect(try await read(weekSchedule, central) == schedule)

        // §4.5: the new schedule takes effect once the device clock passes 20:00 (3 s after the
        // write; the device evaluates at least every second).
        let lit = try await central.waitForEvent("notification", timeout: .seconds(10)) {
            $0.string("uuid") == activeState && $0.string("value") == activeStateValue(mode: 1, color: periodColor)
        }
        let elapsed = try #require(lit.int("elapsed_ms"))
        #expect(elapsed >= (60 - clockSecond) * 1000 - 100, "lit \(elapsed) ms after the clock write, before 20:00")
        #expect(elapsed <= (60 - clockSecond) * 1000 + 3000, "lit \(elapsed) ms after the clock write: not evaluated every second")

        // §6: an invalid schedule (overlapping periods) is refused at execution with 0x80 and the
        // previous one stays in force.
        try central.send("invalid-schedule")
        let refused = try await central.waitForEvent("write_error") { $0.string("uuid") == weekSchedule }
        #expect(refused.int("error") == invalidSchedule)
        #expect(refused.int("request") == executeWriteRequest, "the device validates the whole value when it is executed")
        #expect(try await read(weekSchedule, central) == schedule)
        #expect(try await read(activeState, central) == bytes(activeStateValue(mode: 1, color: periodColor)))

        // §1: the advertisement follows: clock set, week schedule active, the window closed (bonded).
        try central.send("scan")
        let again = try await central.waitForEvent("advertisement", timeout: .seconds(20))
        #expect(again.string("address") == address)
        #expect(again.string("advertising_data") == advertisingData(battery: 100, status: needsConfiguration, mode: 1))

        // Every Active State notification, in order: the factory schedule (Mon 19:30–24:00) once
        // the clock is set, idle once the new schedule replaces it, its period at 20:00; nothing
        // for the refused schedule.
        let notified = central.output.compactMap(BumbleEvent.init(line:)).filter { $0.name == "notification" }
        #expect(notified.map { $0.string("value") ?? "" } == [
            activeStateValue(mode: 1, color: factoryColor),
            activeStateValue(mode: 0, color: "000000"),
            activeStateValue(mode: 1, color: periodColor),
        ])

        try central.send("disconnect")
        try await central.waitForEvent("disconnected")
        _ = try await central.waitForExit(timeout: .seconds(10))
    }

    /// The value of the central's next `read` event for `uuid`.
    static func read(_ uuid: String, _ central: BumbleProcess) async throws -> [UInt8] {
        let event = try await central.waitForEvent("read") { $0.string("uuid") == uuid }
        return try #require(event.bytes("value"))
    }

    /// A field of an event's JSON object, as JSONSerialization decodes it.
    static func field(_ key: String, of event: BumbleEvent) -> Any? {
        ((try? JSONSerialization.jsonObject(with: Data(event.line.utf8))) as? [String: Any])?[key]
    }

    static func hex(_ bytes: [UInt8]) -> String { BumbleHex.text(bytes) }

    static func bytes(_ hex: String) -> [UInt8] { BumbleHex.bytes(hex) ?? [] }
}
