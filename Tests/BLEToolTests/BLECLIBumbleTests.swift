import BLETesting
import Foundation
import Testing

/// `ble` against Bumble over Bumble's virtual controllers (runs in CI; a missing Bumble fails
/// there): every command on a Bumble peripheral (Tests/Interop/bumble_peripheral.py), and
/// `ble simulate` running the demo on one controller for `ble` on the other.
@Suite(
    .serialized,
    .enabled("Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)") { await BumbleHarness.shouldRun() },
    .timeLimit(.minutes(3))
)
struct BLECLIBumbleTests {
    static let service = "4E4C0001-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let read = "4E4C0002-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let long = "4E4C0003-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let writeCommand = "4E4C0004-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let notify = "4E4C0005-7A5A-4B3C-9D1E-0F1A2B3C4D5E"
    static let peripheralAddress = "C2:4E:4C:0C:00:02"

    @Test func everyCommandAgainstABumblePeripheral() async throws {
        _ = try await BumbleHarness.requirePython()
        try await BumbleHarness.withControllers { controllers in
            try await BumbleHarness.withScript(
                "bumble_peripheral.py", arguments: [controllers.transportSpec(1), Self.peripheralAddress, "BumblePeripheral"]
            ) { peripheral in
                try await peripheral.waitForEvent("ready", timeout: .seconds(30))
                let cli = try CLIRunner()
                let transport = ["--transport", controllers.transportSpec(0)]

                let scan = try await cli.run(["scan", "--duration", "1.5", "--json"] + transport)
                #expect(scan.status == 0, "\(scan.stderr)")
                let devices = try #require(try scan.json() as? [[String: Any]])
                let bumble = try #require(devices.first { $0["name"] as? String == "BumblePeripheral" }, "\(scan.stdout)")
                #expect(bumble["address"] as? String == Self.peripheralAddress)
                #expect(bumble["addressType"] as? String == "randomStatic")
                #expect(bumble["services"] as? [String] == [Self.service], "from the scan response")

                let inspect = try await cli.run(["inspect", "BumblePeripheral", "--json"] + transport)
                #expect(inspect.status == 0, "\(inspect.stderr)")
                let tree = try #require(try inspect.json() as? [String: Any])
                let services = try #require(tree["services"] as? [[String: Any]])
                #expect(services.contains { $0["uuid"] as? String == Self.service })

                let read = try await cli.run(["read", Self.peripheralAddress, Self.read, "--json"] + transport)
                #expect(read.status == 0, "\(read.stderr)")
                #expect((try read.json() as? [String: Any])?["string"] as? String == "hello from bumble")

                let longRead = try await cli.run(["read", "BumblePeripheral", Self.long, "--json"] + transport)
                #expect(((try longRead.json() as? [String: Any])?["hex"] as? String)?.count == 600, "300 bytes, read long")

                let value = (0..<300).map { String(format: "%02x", (3 * $0) % 256) }.joined()
                let write = try await cli.run(["write", "BumblePeripheral", Self.long, value] + transport)
                #expect(write.status == 0, "\(write.stderr)")
                let written = try await peripheral.waitForEvent("written", timeout: .seconds(10), where: { $0.string("uuid")?.uppercased() == Self.long })
                #expect(written.string("value") == value)

                let command = try await cli.run(["write", "BumblePeripheral", Self.writeCommand, "0102", "--without-response"] + transport)
                #expect(command.status == 0, "\(command.stderr)")
                let commanded = try await peripheral.waitForEvent("written", timeout: .seconds(10), where: { $0.string("uuid")?.uppercased() == Self.writeCommand })
                #expect(commanded.string("value") == "0102")

                // The write-command characteristic's value handle, from the inspected tree.
                let vendor = try #require(services.first { $0["uuid"] as? String == Self.service })
                let sink = try #require((vendor["characteristics"] as? [[String: Any]])?.first { $0["uuid"] as? String == Self.writeCommand })
                let handle = try #require(sink["valueHandle"] as? Int)
                let raw = try await cli.run(["write-handle", "BumblePeripheral", String(format: "0x%04X", handle), "a1b2"] + transport)
                #expect(raw.status == 0, "\(raw.stderr)")
                let rawWritten = try await peripheral.waitForEvent("written", timeout: .seconds(10), where: { $0.string("uuid")?.uppercased() == Self.writeCommand })
                #expect(rawWritten.string("value") == "a1b2")

                let subscriber = try cli.start(["subscribe", "BumblePeripheral", Self.notify, "--count", "2", "--json"] + transport)
                _ = try await peripheral.waitForEvent("subscription", timeout: .seconds(20), where: { $0.bool("notify") == true })
                try peripheral.send("notify 0a0b")
                try peripheral.send("notify 0c0d")
                let subscribed = try await subscriber.wait(timeout: .seconds(20))
                #expect(subscribed.status == 0, "\(subscribed.stderr)")
                let hexes = subscribed.lines.compactMap { line in
                    ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]).flatMap { ($0["value"] as? [String: Any])?["hex"] as? String }
                }
                #expect(hexes == ["0a0b", "0c0d"])

                let rssi = try await cli.run(["rssi", "BumblePeripheral", "--count", "1", "--interval", "0.1", "--json"] + transport)
                #expect(rssi.status == 0, "\(rssi.stderr)")
                #expect(rssi.lines.count == 1)
            }
        }
    }

    @Test func simulateRunsTheDemoOnABumbleController() async throws {
        _ = try await BumbleHarness.requirePython()
        try await BumbleHarness.withControllers { controllers in
            let cli = try CLIRunner()
            let simulator = try cli.start(["simulate", "demo", "--transport", controllers.transportSpec(1), "--json"])
            let started = try await simulator.waitForLine { $0.contains("\"started\"") }
            #expect(started.contains("\"device\":\"Nightlight Demo\""))
            let read = try await cli.run(["read", "Nightlight Demo", "2A29", "--transport", controllers.transportSpec(0)])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.contains("string: \"Nightlight\""))
            let ended = try await simulator.interrupt()
            #expect(ended.status == 130)
        }
    }
}
