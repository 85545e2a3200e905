import BLETesting
import Foundation
import Testing

/// Our stack through a real Linux kernel (issue 15): guest tests in the VM of `scripts/vm/`
/// (Debian's kernel, `/dev/vhci`, BlueZ's emulated controllers), where the tools reach the
/// controllers through the kernel's HCI user channel (`hci-socket:N`). Skipped with a reason where
/// the harness cannot run (no qemu and no apt-get); in CI (`CI=true`) that fails instead.
@Suite(
    .serialized,
    .enabled(if: LinuxVM.shouldRun, "the Linux VM harness cannot run here: no qemu-system-x86_64 and no apt-get to install it"),
    .timeLimit(.minutes(10))
)
struct LinuxKernelTests {
    /// The BTSnoop file header (RFC 1761): "btsnoop\0", version 1.
    static let btsnoopMagic = Data("btsnoop\0".utf8) + Data([0, 0, 0, 1])

    @Test func bleScansInspectsAndReadsTheSimulatedNightlightThroughTheKernelsUserChannel() async throws {
        let tools = try CLIRunner.executable("ble").deletingLastPathComponent()
        let result = try await LinuxVM.run("ble-user-channel", tools: tools)
        let log = result.testLog
        #expect(result.status == 0, "\(result.summary)\n\(log)")

        // The simulator on hci1 started and advertised; the scan on hci0 saw it.
        #expect(log.contains(#""device":"SN-0001""#), "\(log)")
        #expect(log.contains(#""transport":"hci-socket:1""#), "\(log)")
        #expect(log.split(separator: "\n").contains { $0.hasPrefix("new | ") && $0.contains("| SN-0001 |") }, "\(log)")
        // inspect listed the Device Information service and read its values; read returned one.
        #expect(log.contains("├── Device Information (180A)"), "\(log)")
        #expect(log.contains(#"│   ├── Serial Number String (2A25) [read]"#), "\(log)")
        #expect(log.contains(#"Manufacturer Name String (2A29): hex: 4E 69 67 68 74 6C 69 67 68 74 20 4C 61 62 73 | string: "Nightlight Labs""#), "\(log)")
        #expect(log.contains("simulator exit status 130"), "\(log)")

        // btmon recorded HCI traffic on both controllers: more than its header and index notes.
        let capture = result.btmonCapture
        #expect(capture.starts(with: Self.btsnoopMagic), "btmon.snoop in \(result.resultsDirectory.path) is not a BTSnoop file")
        #expect(capture.count > 10_000, "btmon.snoop has only \(capture.count) bytes")
        // btmon's decoded log: commands by opcode (btmon shortens their names), index on the line.
        let decoded = result.text("btmon.log").split(separator: "\n")
        func sent(_ opcode: String, on index: String) -> Bool {
            decoded.contains { $0.hasPrefix("< HCI Command:") && $0.contains(opcode) && $0.contains("[\(index)]") }
        }
        #expect(sent("(0x08|0x0008)", on: "hci1"), "no LE Set Advertising Data on hci1 in btmon.log")
        #expect(sent("(0x08|0x000d)", on: "hci0"), "no LE Create Connection on hci0 in btmon.log")
        #expect(sent("(0x08|0x0019)", on: "hci0"), "no LE Start Encryption on hci0 in btmon.log")
        Self.report(result, "ble-user-channel")
    }

    /// The same on Bumble's LE-only controllers, which the kernel sets up differently, with `ble
    /// simulate demo`. Needs Bumble as the interop tests do (skipped locally without it, failing in CI).
    @Test(.enabled(if: BumbleHarness.shouldRun, "Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)"))
    func theSameThroughBumblesLEOnlyControllers() async throws {
        let tools = try CLIRunner.executable("ble").deletingLastPathComponent()
        let result = try await LinuxVM.run("ble-user-channel-bumble", tools: tools, python: try BumbleHarness.requirePython())
        let log = result.testLog
        #expect(result.status == 0, "\(result.summary)\n\(log)")
        #expect(log.contains(#""device":"Nightlight Demo""#), "\(log)")
        #expect(log.split(separator: "\n").contains { $0.hasPrefix("new | ") && $0.contains("| Nightlight Demo |") }, "\(log)")
        #expect(log.contains("├── Device Information (180A)"), "\(log)")
        #expect(log.contains(#"Manufacturer Name String (2A29): hex: 4E 69 67 68 74 6C 69 67 68 74 | string: "Nightlight""#), "\(log)")
        #expect(log.contains("simulator exit status 130"), "\(log)")
        // Bumble's controllers have no public address (00:00:00:00:00:00): the simulator's host
        // chose a static random one (the two top bits set).
        let address = log.split(separator: "\n").first { $0.contains(#""event":"started""#) }
            .flatMap { $0.split(separator: "\"").drop { $0 != "address" }.dropFirst(2).first }
        let top = address.flatMap { UInt8($0.prefix(2), radix: 16) }
        #expect(top.map { $0 >= 0xC0 } == true, "the simulator's address \(String(describing: address)) is not static random")
        Self.report(result, "ble-user-channel-bumble")
    }

    /// The kernel's refusals of the user channel and a controller vanishing mid-connection, each
    /// ending in our tools' clear error (scripts/vm/tests/ble-user-channel-errors checks them).
    @Test func theKernelsRefusalsAndAVanishingAdapterEndInClearErrors() async throws {
        let tools = try CLIRunner.executable("ble").deletingLastPathComponent()
        let result = try await LinuxVM.run("ble-user-channel-errors", tools: tools)
        let log = result.testLog
        #expect(result.status == 0, "\(result.summary)\n\(log)")
        #expect(log.contains("== 0 failures"), "\(log)")
        let expected = [
            "scan on a powered index: status 1: ble: error: hci-socket:0: adapter hci0 is in use (EBUSY): BlueZ has it powered on",
            "scan on a missing index: status 1: ble: error: hci-socket:7: there is no adapter hci7 (ENODEV)",
            "scan on a blocked index: status 1: ble: error: hci-socket:0: adapter hci0 is blocked by rfkill (ERFKILL)",
            "scan on a held index: status 1: ble: error: hci-socket:1: adapter hci1 is in use (EBUSY)",
            "ble: error: Bluetooth host: transportClosed on connection",
            "ble: error: SN-0001 stopped: the HCI transport failed: hci-socket:1: the adapter hung up (EPIPE)",
        ]
        for line in expected {
            #expect(log.contains(line), "missing: \(line)\n\(log)")
        }
        Self.report(result, "ble-user-channel-errors")
    }

    /// Prints the run's timings and where its results are.
    static func report(_ result: LinuxVM.Result, _ name: String) {
        let timings = result.timings
        print("guest test \(name): VM \(timings["vm"] ?? -1) s, test \(timings["test"] ?? -1) s (results in \(result.resultsDirectory.path))")
    }
}
