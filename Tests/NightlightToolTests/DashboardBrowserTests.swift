import BLETesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The dashboard's page in a real browser: every journey in `Tests/Browser/journeys/` runs through
/// `Tests/Browser/run_journey.py` (Selenium driving headless Chromium) against a fresh
/// `nightlight dashboard` that serves the page from the source tree; one test case per journey.
/// Screenshots land in `.build/browser-screenshots/`.
///
/// Needs `chromium` and `chromedriver` on `PATH` and Selenium in `.venv` (`scripts/test` installs
/// them). In CI (`CI` set) a missing one fails the journeys; elsewhere it is reported as a warning
/// that says how to install them.
@Suite(.serialized)
struct DashboardBrowserTests {
    /// How long one journey (all its sizes) may take before it is killed and fails.
    static let journeyTimeout: Duration = .seconds(180)

    /// The package root (the folder holding `Package.swift`).
    static let root = URL(filePath: BumbleHarness.packageRoot(filePath: #filePath) ?? FileManager.default.currentDirectoryPath)

    /// The journey names (`Tests/Browser/journeys/NAME.py`), sorted.
    static var journeys: [String] {
        let folder = root.appending(path: "Tests/Browser/journeys")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".py") && !$0.hasPrefix("_") }.map { String($0.dropLast(3)) }.sorted()
    }

    @Test func theJourneysAreFound() {
        #expect(!Self.journeys.isEmpty, "no journeys in \(Self.root.path)/Tests/Browser/journeys")
    }

    @Test(.timeLimit(.minutes(4)), arguments: DashboardBrowserTests.journeys)
    func journey(_ name: String) async throws {
        let tools = await Self.browserTools.value
        guard case .success(let python) = tools else {
            if case .failure(let missing) = tools {
                Issue.record("\(missing.description)", severity: Self.isCI ? .error : .warning)
            }
            return
        }
        let nightlight = try CLIRunner.executable("nightlight")
        let arguments = [
            "-u", "Tests/Browser/run_journey.py", "--nightlight", nightlight.path, "--journey", name,
            "--screenshots", Self.root.appending(path: ".build/browser-screenshots").path,
        ]
        let result = try await Self.run(python, arguments, timeout: Self.journeyTimeout)
        if result.timedOut {
            Issue.record("journey \(name) did not end within \(Self.journeyTimeout) and was stopped; its output:\n\(result.output)")
        } else if result.status != 0 {
            Issue.record("journey \(name) failed (run_journey.py exited \(result.status)):\n\(result.output)")
        }
    }

    // MARK: - The browser and Selenium

    /// Whether this is CI (`CI` set, and not to `false` or `0`): missing tools fail there.
    static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return !["", "false", "0"].contains(value)
    }

    /// What the browser tests need and lack, for a person.
    struct MissingTools: Error, CustomStringConvertible {
        let description: String
    }

    /// Found once per test process: the Python with Selenium when chromium and chromedriver are
    /// on `PATH` too, else what is missing and how to install it. A task: the journeys wait for it
    /// without holding a thread of the concurrency pool while Python starts.
    static let browserTools = Task<Result<String, MissingTools>, Never> {
        var missing: [String] = []
        for tool in ["chromium", "chromedriver"] where findOnPath(tool) == nil {
            missing.append("`\(tool)` is not on PATH")
        }
        let python = BumbleHarness.findPython(filePath: #filePath)
        if let python {
            if await !imports(python, "selenium") { missing.append("\(python) cannot import selenium") }
        } else {
            missing.append("there is no .venv/bin/python in \(root.path)")
        }
        guard let python, missing.isEmpty else {
            return .failure(MissingTools(description: """
                the browser tests cannot run: \(missing.joined(separator: "; ")). \
                Run scripts/test: it installs them (apt-get install chromium chromium-driver; \
                .venv/bin/pip install selenium==4.51.0).
                """))
        }
        return .success(python)
    }

    /// The first executable `name` in a folder of `PATH`.
    static func findOnPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `python -c "import module"` succeeds within 60 s.
    static func imports(_ python: String, _ module: String) async -> Bool {
        let outcome = try? await ChildProcess.run(URL(filePath: python), ["-c", "import \(module)"], timeout: .seconds(60))
        return outcome?.succeeded ?? false
    }

    // MARK: - Running run_journey.py

    /// How a run ended: its exit status and everything it printed (standard output and error, in order).
    struct Run: Sendable {
        var status: Int32
        var output: String
        var timedOut: Bool
    }

    /// Runs `python arguments…` in the package root, at most `timeout`; then it gets SIGTERM (it
    /// stops its browser and server), and SIGKILL 15 s later.
    static func run(_ python: String, _ arguments: [String], timeout: Duration) async throws -> Run {
        let process = Process()
        process.executableURL = URL(filePath: python)
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONUNBUFFERED": "1", "NO_COLOR": "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A blocking reader, not `readabilityHandler` (its dispatch source crashed, issue 18 item 9).
        let output = PipeReader(pipe.fileHandleForReading)

        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            let grace = ContinuousClock.now + .seconds(15)
            while process.isRunning, ContinuousClock.now < grace {
                try await Task.sleep(for: .milliseconds(100))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        // What is still in the pipe (bounded: a process it left behind may hold the pipe open).
        await output.waitForEnd(within: .seconds(5))
        return Run(status: process.terminationStatus, output: output.text, timedOut: timedOut)
    }
}
