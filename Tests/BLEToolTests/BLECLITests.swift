import BLETesting
import Foundation
import Testing

/// Every `ble` command end to end on the default `sim` transport, as a process: the demo world,
/// the JSON output, and one clear line with a non-zero exit for bad input.
@Suite(.timeLimit(.minutes(3)))
struct BLECLITests {
    static let demo = "Nightlight Demo"
    static let message = "4E4C0002-6465-6D6F-8000-6E696768746C"

    @Test func scanShowsTheDemoDevicesWithNoSetUp() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["scan", "--duration", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let devices = try #require(try result.json() as? [[String: Any]])
        let demo = try #require(devices.first { $0["name"] as? String == Self.demo })
        #expect(demo["address"] as? String == "00:1B:DC:DE:00:01")
        #expect(demo["addressType"] as? String == "public")
        #expect(demo["connectable"] as? Bool == true)
        #expect(demo["services"] as? [String] == ["180D", "180F"])
        let manufacturer = try #require(demo["manufacturer"] as? [String: Any])
        #expect(manufacturer["companyId"] as? Int == 0xFFFF)
        #expect((manufacturer["data"] as? String)?.isEmpty == false)
        let signal = try #require(demo["signal"] as? [String: Any])
        #expect(signal["quality"] is String && signal["distance"] is String && signal["percent"] is Int)
        #expect((demo["rssi"] as? Int).map { (-90...(-40)).contains($0) } == true)

        let filtered = try await cli.run(["scan", "--duration", "1", "--json", "--name", "no such device"])
        #expect(try #require(try filtered.json() as? [Any]).isEmpty)
        let byService = try await cli.run(["scan", "--duration", "1", "--json", "--service", "180d", "--min-rssi", "-100"])
        #expect(try #require(try byService.json() as? [[String: Any]]).contains { $0["name"] as? String == Self.demo })

        // Plain lines on a pipe: one per new device.
        let plain = try await cli.run(["scan", "--duration", "1"])
        #expect(plain.lines.contains { $0.hasPrefix("new | 00:1B:DC:DE:00:01 | Nightlight Demo | ") }, "\(plain.lines)")
        // Then a `changed` line when a device's signal band or data changes.
        #expect(plain.lines.allSatisfy { $0.hasPrefix("new | ") || $0.hasPrefix("changed | ") }, "\(plain.lines)")
        let new = plain.lines.filter { $0.hasPrefix("new | ") }.map { $0.split(separator: "|")[1] }
        #expect(Set(new).count == new.count, "one new line per device: \(plain.lines)")
    }

    @Test func inspectReadsEveryValue() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["inspect", Self.demo, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try #require(try result.json() as? [String: Any])
        #expect(tree["name"] as? String == Self.demo)
        let services = try #require(tree["services"] as? [[String: Any]])
        let battery = try #require(services.first { $0["uuid"] as? String == "180F" })
        #expect(battery["category"] as? String == "battery")
        let level = try #require((battery["characteristics"] as? [[String: Any]])?.first)
        #expect(level["properties"] as? [String] == ["read", "notify"])
        let value = try #require(level["value"] as? [String: Any])
        #expect((value["number"] as? Int).map { (0...100).contains($0) } == true)
        let vendor = try #require(services.first { $0["uuid"] as? String == "4E4C0001-6465-6D6F-8000-6E696768746C" })
        #expect(vendor["category"] as? String == "vendor")

        let text = try await cli.run(["inspect", "00:1B:DC:DE:00:01"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Battery Level (2A19) [read] [notify]"))
        #expect(text.stdout.contains("string: \"Hello from Nightlight\""))
    }

    @Test func readWriteAndWriteHandle() async throws {
        let cli = try CLIRunner()
        let read = try await cli.run(["read", "nightlight demo", "2A29", "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        let value = try #require(try read.json() as? [String: Any])
        #expect(value["string"] as? String == "Nightlight")
        #expect(value["name"] as? String == "Manufacturer Name String")

        let plain = try await cli.run(["read", Self.demo, "2a29"])
        #expect(plain.stdout == "Manufacturer Name String (2A29): hex: 4E 69 67 68 74 6C 69 67 68 74 | string: \"Nightlight\"\n")

        let write = try await cli.run(["write", Self.demo, Self.message, "48 69 21", "--json"])
        #expect(write.status == 0, "\(write.stderr)")
        let written = try #require(try write.json() as? [String: Any])
        #expect((written["written"] as? [String: Any])?["string"] as? String == "Hi!")

        let long = String(repeating: "ab", count: 300)
        let longWrite = try await cli.run(["write", Self.demo, Self.message, long])
        #expect(longWrite.status == 0, "\(longWrite.stderr)")
        #expect(longWrite.stdout.hasPrefix("wrote 300 bytes to "))

        let handle = try await cli.run(["write-handle", Self.demo, "0x0027", "4869"])
        #expect(handle.status == 0, "\(handle.stderr)")
        #expect(handle.stdout == "wrote 2 bytes to handle 0x0027 (without response)\n")
    }

    @Test func subscribeAndRSSIPrintAsValuesArrive() async throws {
        let cli = try CLIRunner()
        let subscribe = try await cli.run(["subscribe", Self.demo, "2A37", "--count", "2", "--json"])
        #expect(subscribe.status == 0, "\(subscribe.stderr)")
        #expect(subscribe.lines.count == 2)
        for line in subscribe.lines {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((event["timestamp"] as? String)?.hasSuffix("Z") == true)
            #expect(((event["value"] as? [String: Any])?["meaning"] as? String)?.contains("bpm") == true)
        }
        let plain = try await cli.run(["subscribe", Self.demo, "2A37", "--count", "1"])
        #expect(plain.stdout.contains("Heart Rate Measurement: "))

        let rssi = try await cli.run(["rssi", Self.demo, "--count", "3", "--interval", "0.1", "--json"])
        #expect(rssi.status == 0, "\(rssi.stderr)")
        #expect(rssi.lines.count == 3)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(rssi.lines[0].utf8)) as? [String: Any])
        #expect((first["rssi"] as? Int).map { (-90...(-40)).contains($0) } == true)
        #expect(first["signal"] is [String: Any])
    }

    @Test(arguments: [
        (["scan", "--transport", "usb:0"], "unknown transport 'usb'"),
        (["read", "X", "not-a-uuid"], "invalid characteristic 'not-a-uuid'"),
        (["write", "X", "2A19", "zz"], "invalid hex value 'zz'"),
        (["write-handle", "X", "0x0000", "00"], "invalid handle '0x0000'"),
        (["scan", "--service", "12345"], "invalid --service '12345'"),
        (["scan", "--duration", "100000"], "--duration must be between"),
        (["subscribe", "X", "2A37", "--count", "0"], "--count must be at least 1"),
        (["simulate", "toaster", "--transport", "tcp-client:127.0.0.1:9"], "unknown virtual device 'toaster'"),
        (["simulate", "demo"], "simulate runs devices for another host"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
    ])
    func badArgumentsGiveOneLine(arguments: [String], expected: String) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("ble: error: "))
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test func runtimeFailuresGiveOneLineAndStatusOne() async throws {
        let cli = try CLIRunner()
        let missing = try await cli.run(["read", "Nobody Here", "2A19"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "ble: error: no device named 'Nobody Here' was heard within 5.0 seconds; `ble scan` lists the devices around (names are matched whole, ignoring case)\n")

        let noSuchCharacteristic = try await cli.run(["read", Self.demo, "2A6E"])
        #expect(noSuchCharacteristic.status == 1)
        #expect(noSuchCharacteristic.stderr.contains("has no characteristic 2A6E"))

        let refused = try await cli.run(["read", Self.demo, "2A39"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Read Not Permitted"), "\(refused.stderr)")

        // A target that would retitle the window and clear the screen is echoed inert.
        let hostile = try await cli.run(["read", "\u{1B}]0;PWN\u{7}\u{1B}[2JX", "2A19"])
        #expect(hostile.status == 1)
        #expect(!hostile.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(hostile.stderr.debugDescription)")
        #expect(hostile.stderr.contains("\u{FFFD}]0;PWN\u{FFFD}\u{FFFD}[2JX"), "\(hostile.stderr.debugDescription)")

        let noController = try await cli.run(["scan", "--transport", "tcp-client:127.0.0.1:9"])
        #expect(noController.status == 1)
        #expect(noController.stderr.hasPrefix("ble: error: tcp-client:127.0.0.1:9: connection to 127.0.0.1:9 refused"))
    }

    /// `ble controller` on a free TCP port: the running process, its port and its ready event.
    static func startController(_ cli: CLIRunner, _ extra: String...) async throws -> (CLIRunner.Running, Int, [String: Any]) {
        let server = try cli.start(["controller", "--listen", "tcp-server:127.0.0.1:0", "--json"] + extra)
        let ready = try await server.waitForLine { $0.contains("\"ready\"") }
        let event = try #require(try JSONSerialization.jsonObject(with: Data(ready.utf8)) as? [String: Any])
        return (server, try #require(event["port"] as? Int), event)
    }

    /// `ble controller` serves a virtual controller with the demo devices; our own tool, as
    /// another host, scans and reads through it over TCP.
    @Test func controllerServesTheDemoWorldOverTCP() async throws {
        let cli = try CLIRunner()
        let (server, port, event) = try await Self.startController(cli)
        #expect((event["devices"] as? [[String: Any]])?.first?["name"] as? String == Self.demo)
        let transport = "tcp-client:127.0.0.1:\(port)"
        let read = try await cli.run(["read", Self.demo, "2A29", "--transport", transport])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("string: \"Nightlight\""))
        let ended = try await server.interrupt()
        #expect(ended.status == 130, "Ctrl-C ends it cleanly")
    }

    /// Issue 18, item 6: a scan whose controller goes away fails (it exited 0 after logging it).
    @Test func aScanWhoseControllerGoesAwayFails() async throws {
        let cli = try CLIRunner()
        let (server, port, _) = try await Self.startController(cli)
        let scan = try cli.start(["scan", "--duration", "60", "--transport", "tcp-client:127.0.0.1:\(port)"])
        _ = try await scan.waitForLine { $0.contains(Self.demo) }
        _ = try await server.interrupt()
        let ended = try await scan.wait(timeout: .seconds(30))
        #expect(ended.status == 1, "\(ended.stdout) \(ended.stderr)")
        #expect(ended.stderr.contains("ble: error: "), "\(ended.stderr)")
    }

    /// Issue 18, item 6: a negative duration is refused with the rule, not "Missing value".
    @Test func aNegativeDurationIsRefusedWithTheRule() async throws {
        let cli = try CLIRunner()
        let negative = try await cli.run(["scan", "--duration", "-1"])
        #expect(negative.status != 0)
        #expect(negative.stderr.contains("--duration must be between 0 and 86400 seconds"), "\(negative.stderr)")
    }

    /// A simulator whose controller goes away (here the controller server stops; in the Linux VM
    /// the kernel removes the adapter under the HCI user channel) ends with an error that names
    /// the device, instead of serving on with no radio.
    @Test func simulateEndsWhenItsControllerGoesAway() async throws {
        let cli = try CLIRunner()
        let (server, port, _) = try await Self.startController(cli, "--no-devices")
        let simulator = try cli.start(["simulate", "demo", "--transport", "tcp-client:127.0.0.1:\(port)", "--json"])
        _ = try await simulator.waitForLine { $0.contains("\"started\"") }
        let stopped = try await server.interrupt()
        #expect(stopped.status == 130)
        let ended = try await simulator.wait(timeout: .seconds(20))
        #expect(ended.status == 1, "\(ended.stderr)")
        #expect(ended.stderr.contains("ble: error: \(Self.demo) stopped: the HCI transport"), "\(ended.stderr)")
    }
}
