import BLETesting
import Foundation
import Testing

/// How ``SeedDevicesBumbleTests`` run a device and a Bumble central, and read their bytes.
extension SeedDevicesBumbleTests {
    // MARK: The run

    /// Runs `ble simulate KIND` on the second of fresh controllers and the central on the first;
    /// `body` gets the central (ready), the device's address, the runner, whose directory holds
    /// the device's flash, and the simulator (which takes actions on its standard input). The
    /// simulator must end cleanly on Ctrl-C.
    static func withDevice(_ kind: String, _ body: (BumbleProcess, String, CLIRunner, CLIRunner.Running) async throws -> Void) async throws {
        _ = try await BumbleHarness.requirePython()
        let centralAddress = try #require(centralAddresses[kind])
        try await BumbleHarness.withControllers { controllers in
            let cli = try CLIRunner()
            let simulator = try cli.start(["simulate", kind, "--transport", controllers.transportSpec(1), "--json"], takesInput: true)
            do {
                let started = try #require(BumbleEvent(line: try await simulator.waitForLine { $0.contains("\"started\"") }))
                let address = try #require(started.string("address"))
                try await BumbleHarness.withScript("bumble_seed_central.py", arguments: [controllers.transportSpec(0), centralAddress, kind]) { central in
                    #expect(try await central.waitForEvent("ready", timeout: .seconds(30)).string("address") == centralAddress)
                    try await body(central, address, cli, simulator)
                }
            } catch {
                _ = try? await simulator.interrupt()
                throw error
            }
            let ended = try await simulator.interrupt()
            #expect(ended.status == 130, "\(ended.stderr)")
        }
    }

    /// What the central discovered.
    struct Discovery: Decodable {
        struct Service: Decodable, Equatable {
            var uuid: String
            var start: Int
            var end: Int
            var characteristics: [Characteristic]
        }

        struct Characteristic: Decodable, Equatable, CustomStringConvertible {
            var uuid: String
            /// The value handle.
            var handle: Int
            var properties: Int

            var description: String { "\(uuid) @\(String(format: "0x%04X", handle)) \(String(format: "0x%02X", properties))" }
        }

        var services: [Service]

        /// The characteristics of the first service `uuid` (none when there is no such service).
        func characteristics(of uuid: String) -> [Characteristic] {
            services.first { $0.uuid == uuid }?.characteristics ?? []
        }
    }

    /// Waits for the device's advertisement (from the address `ble simulate` printed, connectable,
    /// nothing in the scan response), the connection and the discovery.
    static func connect(_ central: BumbleProcess, to address: String) async throws -> (advertisement: BumbleEvent, discovery: Discovery) {
        let advertisement = try await central.waitForEvent("advertisement", timeout: .seconds(20))
        #expect(advertisement.string("address") == address)
        #expect(advertisement.string("address_type") == "random", "Bumble's controllers have no public address")
        #expect(advertisement.bool("connectable") == true)
        #expect(advertisement.string("scan_response_data") == "")
        #expect(try await central.waitForEvent("connected").string("peer") == address)
        _ = try await central.waitForEvent("mtu")
        let discovered = try await central.waitForEvent("discovered", timeout: .seconds(20))
        return (advertisement, try JSONDecoder().decode(Discovery.self, from: Data(discovered.line.utf8)))
    }

    /// The events that answer a command.
    static let answers: Set<String> = ["read", "read_error", "wrote", "write_error", "subscribed", "auth"]

    /// Sends `command` and returns the central's answer (at most `timeout`); an `error` event fails.
    static func ask(_ central: BumbleProcess, _ command: String, timeout: Duration = .seconds(15)) async throws -> BumbleEvent {
        try central.send(command)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw central.failure("did not answer \"\(command)\" within \(timeout)") }
            let line = try await central.nextLine(timeout: remaining)
            guard let event = BumbleEvent(line: line) else { continue }
            if event.name == "error" { throw central.failure("reported an error after \"\(command)\": \(line)") }
            if answers.contains(event.name) { return event }
        }
    }

    /// Reads `target` (a UUID, `SERVICE/UUID` or a handle `0x0028`).
    static func read(_ target: String, _ central: BumbleProcess) async throws -> [UInt8] {
        let answer = try await ask(central, "read \(target)")
        try #require(answer.name == "read", "read \(target): \(answer)")
        return try #require(answer.bytes("value"))
    }

    /// The ATT error a read of `target` gets; nil when it succeeds.
    static func readError(_ target: String, _ central: BumbleProcess) async throws -> Int? {
        let answer = try await ask(central, "read \(target)")
        return answer.name == "read_error" ? answer.int("error") : nil
    }

    /// Writes `hex` to `target` with a Write Request, or a Write Command.
    static func write(_ target: String, _ hex: String, _ central: BumbleProcess, withResponse: Bool = true) async throws {
        let answer = try await ask(central, "\(withResponse ? "write" : "write-cmd") \(target) \(hex)")
        try #require(answer.name == "wrote", "write \(target) \(hex): \(answer)")
        #expect(answer.string("value") == hex && answer.bool("with_response") == withResponse)
    }

    /// The ATT error a Write Request of `hex` to `target` gets; nil when it succeeds.
    static func writeError(_ target: String, _ hex: String, _ central: BumbleProcess) async throws -> Int? {
        let answer = try await ask(central, "write \(target) \(hex)")
        return answer.name == "write_error" ? answer.int("error") : nil
    }

    /// Subscribes to `target`'s notifications (or indications).
    static func subscribe(_ target: String, _ central: BumbleProcess) async throws -> BumbleEvent {
        let answer = try await ask(central, "subscribe \(target)")
        try #require(answer.name == "subscribed", "subscribe \(target): \(answer)")
        #expect(answer.int("cccd") != nil, "\(target) has a Client Characteristic Configuration descriptor")
        return answer
    }

    /// The central disconnects, reports it, and exits.
    static func disconnect(_ central: BumbleProcess) async throws {
        try central.send("disconnect")
        try await central.waitForEvent("disconnected")
        _ = try await central.waitForExit(timeout: .seconds(10))
    }

    /// The notifications of `uuid` the central printed, from its output line `start` on.
    static func notifications(_ uuid: String, _ central: BumbleProcess, since start: Int = 0) -> [BumbleEvent] {
        central.output.dropFirst(start).compactMap(BumbleEvent.init(line:)).filter { $0.name == "notification" && $0.string("uuid") == uuid }
    }

    /// The first notification of `uuid` from output line `start` on that satisfies `predicate`,
    /// waiting at most `timeout`; an `error` event from the central fails at once.
    static func notification(
        _ uuid: String, _ central: BumbleProcess, since start: Int = 0, timeout: Duration, where predicate: (BumbleEvent) -> Bool = { _ in true }
    ) async throws -> BumbleEvent {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let found = notifications(uuid, central, since: start).first(where: predicate) { return found }
            if let error = central.output.dropFirst(start).compactMap(BumbleEvent.init(line:)).first(where: { $0.name == "error" }) {
                throw central.failure("reported an error while a notification of \(uuid) was awaited: \(error)")
            }
            guard ContinuousClock.now < deadline, central.isRunning else {
                throw central.failure("sent no matching notification of \(uuid) within \(timeout): \(notifications(uuid, central, since: start))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The device's flash file `name` in the runner's directory, decoded; nil while there is none.
    static func flash(_ name: String, _ cli: CLIRunner) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: cli.deviceDirectory.appending(path: name).path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The flash file's text, for messages.
    static func flashText(_ name: String, _ cli: CLIRunner) -> String {
        FileManager.default.contents(atPath: cli.deviceDirectory.appending(path: name).path).map { String(decoding: $0, as: UTF8.self) } ?? "(no \(name))"
    }

    /// Whether the flash file `name` comes to satisfy `check` within `timeout`.
    static func waitForFlash(_ name: String, _ cli: CLIRunner, timeout: Duration = .seconds(5), _ check: ([String: Any]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let record = flash(name, cli), check(record) { return true }
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    // MARK: Bytes

    /// The Complete Local Name AD element.
    static func nameElement(_ name: String) -> String {
        String(format: "%02x09", name.utf8.count + 1) + hex(Array(name.utf8))
    }

    /// A 128-bit UUID as it goes over the air: its 16 bytes, least significant first.
    static func littleEndian(_ uuid: String) -> String {
        hex(Array(bytes(uuid.replacingOccurrences(of: "-", with: "")).reversed()))
    }

    /// `0x0028`.
    static func handle(_ value: Int) -> String { String(format: "0x%04X", value) }

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func int16(_ bytes: [UInt8], _ offset: Int) -> Int16 {
        Int16(bitPattern: uint16(bytes, offset))
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func hex(_ bytes: [UInt8]) -> String { BumbleHex.text(bytes) }

    static func bytes(_ hex: String) -> [UInt8] { BumbleHex.bytes(hex) ?? [] }
}
