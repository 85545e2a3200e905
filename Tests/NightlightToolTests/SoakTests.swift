import BLETesting
import Foundation
import Testing

/// A short night of `scripts/soak` (docs/testing.md, "The soak test"): `nightlight dashboard` on
/// the sim world with 20 live sockets, both nightlights' schedules firing, button presses,
/// chargers plugged and unplugged, link losses and a firmware update, for
/// ``SoakTests/seconds`` seconds. It passes only when the script's verdict does: memory, file
/// descriptors and threads flat (and back when the sockets close), and every event the
/// nightlights made in the live feed of every socket and in the history. The full night is
/// `scripts/soak --minutes 10`.
@Suite struct SoakTests {
    /// How long the short night lasts (the full one: 600 s).
    static let seconds = 75
    /// The bound of the whole run: setup, the night, closing the sockets, the verdict.
    static let timeout: Duration = .seconds(300)

    @Test(.timeLimit(.minutes(6))) func aShortNight() async throws {
        guard let python = DashboardBrowserTests.findOnPath("python3") else {
            Issue.record("the soak test needs python3 on PATH")
            return
        }
        let nightlight = try CLIRunner.executable("nightlight")
        let out = FileManager.default.temporaryDirectory.appending(path: "soak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = ["-u", "scripts/soak", "--seconds", String(Self.seconds), "--nightlight", nightlight.path, "--out", out.path]
        let run = try await DashboardBrowserTests.run(python, arguments, timeout: Self.timeout)
        if run.timedOut {
            Issue.record("scripts/soak did not end within \(Self.timeout) and was stopped; its output:\n\(run.output)")
            return
        }
        let data = try? Data(contentsOf: out.appending(path: "report.json"))
        let report = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        guard let report, let checks = report["checks"] as? [[String: Any]] else {
            Issue.record("scripts/soak wrote no report (exit \(run.status)):\n\(run.output)")
            return
        }
        for check in checks where check["ok"] as? Bool != true {
            Issue.record("soak check failed: \(check["name"] ?? "?"): \(check["detail"] ?? "")")
        }
        #expect(run.status == 0, "scripts/soak exited \(run.status):\n\(run.output)")
        #expect(!checks.isEmpty)
    }
}
