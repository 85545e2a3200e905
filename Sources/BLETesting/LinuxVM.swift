import Foundation

/// Runs guest tests in the Linux Bluetooth VM: Debian's kernel with `/dev/vhci` and BlueZ under
/// qemu, booted by `scripts/vm/run-guest-test` (see docs/testing.md). A guest test is a script in
/// `scripts/vm/tests/`; the VM sees the host's files read-only, so it runs the tools just built.
///
/// ```swift
/// let result = try await LinuxVM.run("ble-user-channel", tools: try CLIRunner.executable("ble").deletingLastPathComponent())
/// #expect(result.status == 0, "\(result.summary)")
/// ```
///
/// Skip a suite with `.enabled(if: LinuxVM.shouldRun, …)`: it runs where the harness can (qemu is
/// installed, or apt-get can install it) and always in CI (`CI=true`), where a missing harness
/// then fails through ``requireAvailable()``.
public enum LinuxVM {
    /// What one guest test run brought back.
    public struct Result: Sendable {
        /// The harness's exit status: the guest test's, 3 when the VM could not run, 124 when the
        /// hard time bound ended it.
        public var status: Int32
        /// What the harness printed (its one-line summary, or an `error:` line).
        public var summary: String
        /// The folder with `test.log`, `status`, `btmon.snoop`, `guest.log`, `console.log`, `timings`.
        public var resultsDirectory: URL

        /// What the guest test printed (empty when the VM did not get that far).
        public var testLog: String { text("test.log") }

        /// btmon's capture of the guest's HCI traffic (BTSnoop format), empty when there is none.
        public var btmonCapture: Data { (try? Data(contentsOf: resultsDirectory.appending(path: "btmon.snoop"))) ?? Data() }

        /// The timings the harness wrote, in seconds: `setup`, `vm` (boot to power-off), `test`.
        public var timings: [String: Double] {
            var timings: [String: Double] = [:]
            for line in text("timings").split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count == 2, let seconds = Double(fields[1]) { timings[String(fields[0])] = seconds }
            }
            return timings
        }

        /// A results file's text, empty when it is missing.
        public func text(_ file: String) -> String {
            (try? String(contentsOf: resultsDirectory.appending(path: file), encoding: .utf8)) ?? ""
        }
    }

    /// Whether VM tests should run: the harness can, or this is CI (where they then fail).
    public static var shouldRun: Bool { BumbleHarness.isCI || unavailableReason == nil }

    /// Why the harness cannot run here, or nil when it can.
    public static var unavailableReason: String? { availability }

    /// Throws with ``unavailableReason`` when the harness cannot run.
    public static func requireAvailable() throws {
        if let reason = unavailableReason {
            throw BumbleHarnessError("the Linux VM harness cannot run: \(reason)")
        }
    }

    /// Runs guest test `name` (`scripts/vm/tests/NAME`) with the built tools in `tools`, the guest
    /// test bounded by `timeout`, and returns what came back. `python` is the Python with Bumble
    /// the guest uses for Bumble's controllers (default: `NIGHTLIGHT_PYTHON`, else `.venv`). The
    /// harness's first-time setup (packages, kernel) happens here when `scripts/test` has not done it.
    public static func run(
        _ name: String,
        tools: URL,
        python: String? = nil,
        timeout: Duration = .seconds(240),
        filePath: String = #filePath
    ) async throws -> Result {
        try requireAvailable()
        guard let root = BumbleHarness.packageRoot(filePath: filePath) else {
            throw BumbleHarnessError("cannot find Package.swift above \(filePath)")
        }
        let results = FileManager.default.temporaryDirectory.appending(path: "nightlight-vm-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        let environment = python.map { ProcessInfo.processInfo.environment.merging(["NIGHTLIGHT_PYTHON": $0]) { $1 } }
        // The harness bounds the VM itself (the test's bound + 60 s, after its setup): this one
        // only catches a harness that hangs.
        let outcome = try await ChildProcess.run(
            URL(filePath: root).appending(path: "scripts/vm/run-guest-test"),
            [name, "--bin", tools.path, "--results", results.appending(path: "results").path, "--timeout", String(max(1, timeout.components.seconds))],
            environment: environment,
            timeout: timeout + .seconds(900)
        )
        let status = outcome.status
        let summary = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return Result(status: status, summary: summary, resultsDirectory: results.appending(path: "results"))
    }

    /// Found once per test process.
    private static let availability: String? = {
        guard let root = BumbleHarness.packageRoot() else { return "cannot find Package.swift above \(#filePath)" }
        guard FileManager.default.isExecutableFile(atPath: root + "/scripts/vm/run-guest-test") else {
            return "\(root)/scripts/vm/run-guest-test is missing or not executable"
        }
        #if !os(Linux) || !arch(x86_64)
        return "the VM harness runs on x86_64 Linux only (the guest runs the host's binaries on Debian's amd64 kernel)"
        #else
        if onPath("qemu-system-x86_64") != nil { return nil }
        if onPath("apt-get") != nil { return nil }
        return "no qemu-system-x86_64 on PATH and no apt-get to install qemu-system-x86 (Debian)"
        #endif
    }()

    /// The first executable `name` in `PATH`.
    private static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
