import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs one of the package's built executables (`ble`, `nightlight`) as a process, as a user
/// would: arguments in, exit status, standard output and standard error out. Every run is bounded
/// by a timeout. Each runner has its own directory for virtual devices' settings and databases,
/// and for the tools' state (`XDG_STATE_HOME` is ``stateDirectory``: the bond file is
/// `state/nightlight/bonds` in it).
public struct CLIRunner: Sendable {
    /// What one run printed and returned.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything printed on standard output.
        public var stdout: String
        /// Everything printed on standard error.
        public var stderr: String

        /// Standard output's lines.
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }

        /// Standard output parsed as JSON.
        public func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }
    }

    /// The `ble` executable next to the test bundle (`swift build --build-tests` builds it).
    /// The executable `name` next to the test bundle (`swift build --build-tests` builds it).
    public static func executable(_ name: String, filePath: String = #filePath) throws -> URL {
        let bundleDirectory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
        let root = URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appending(path: name),
            bundleDirectory.deletingLastPathComponent().appending(path: name),
            root.appending(path: ".build/debug/\(name)"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CLIError("no `\(name)` executable next to the tests (looked in \(candidates.map(\.path))); build it with `swift build --build-tests`")
        }
        return found
    }

    /// The executable run.
    public let executable: URL
    /// A fresh directory for the virtual devices' settings (and anything else a test keeps, such
    /// as the tools' bonds in `state/`, their `XDG_STATE_HOME`), so runs of different tests do not
    /// share state.
    public let deviceDirectory: URL

    /// The runs' `XDG_STATE_HOME`: the bond file is `nightlight/bonds` in it.
    public var stateDirectory: URL { deviceDirectory.appending(path: "state") }

    /// A runner for the executable `name` (`ble`, `nightlight`).
    public init(_ name: String = "ble") throws {
        executable = try Self.executable(name)
        deviceDirectory = FileManager.default.temporaryDirectory.appending(path: "\(name)-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: deviceDirectory, withIntermediateDirectories: true)
    }

    /// A runner for any executable (a test of the runner itself runs `/bin/sh`), with its own
    /// directory as ``init(_:)`` makes.
    public init(executable: URL) throws {
        self.executable = executable
        deviceDirectory = FileManager.default.temporaryDirectory.appending(path: "\(executable.lastPathComponent)-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: deviceDirectory, withIntermediateDirectories: true)
    }

    /// Runs `ble arguments…` and waits for it (at most `timeout`; then it is killed and the test
    /// fails).
    public func run(_ arguments: [String], timeout: Duration = .seconds(30), environment extra: [String: String] = [:]) async throws -> Result {
        let process = try start(arguments, environment: extra)
        return try await process.wait(timeout: timeout)
    }

    /// Starts `ble arguments…` without waiting; see ``Running``. Its standard input is empty,
    /// or with `takesInput` a pipe that ``Running/send(_:)`` writes to.
    public func start(_ arguments: [String], environment extra: [String: String] = [:], takesInput: Bool = false) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NIGHTLIGHT_SIM_DIR"] = deviceDirectory.path
        // The tools' own state (the bond file) stays in the runner's directory too, never the user's.
        environment["XDG_STATE_HOME"] = stateDirectory.path
        environment["NIGHTLIGHT_TRANSPORT"] = nil
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = takesInput ? Pipe() : nil
        process.standardInput = stdin.map { $0 as Any } ?? FileHandle.nullDevice
        let running = Running(process: process, stdin: stdin, stdout: stdout, stderr: stderr)
        try process.run()
        return running
    }

    /// A `ble` process that runs until it ends or is stopped.
    public final class Running: Sendable {
        let process: Process
        private let input: FileHandle?
        private let out: PipeReader
        private let err: PipeReader

        init(process: Process, stdin: Pipe?, stdout: Pipe, stderr: Pipe) {
            self.process = process
            input = stdin?.fileHandleForWriting
            out = PipeReader(stdout.fileHandleForReading)
            err = PipeReader(stderr.fileHandleForReading)
        }

        /// Writes `line` and a newline to its standard input (`ble simulate` takes actions there);
        /// the process must have been started with `takesInput`.
        public func send(_ line: String) throws {
            guard let input else { throw CLIError("`\(process.arguments?.joined(separator: " ") ?? "")` was started without input; start it with takesInput: true") }
            try input.write(contentsOf: Data((line + "\n").utf8))
        }

        /// What it printed on standard output so far.
        public var stdout: String { out.text }

        /// Waits until standard output has a line that satisfies `condition` (at most `timeout`).
        public func waitForLine(timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async throws -> String {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let line = out.text.split(separator: "\n").map(String.init).first(where: condition) { return line }
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw CLIError("no matching line; stdout: \(out.text) stderr: \(err.text)")
        }

        /// Sends SIGINT (Ctrl-C) and waits for the exit.
        public func interrupt(timeout: Duration = .seconds(10)) async throws -> Result {
            if process.isRunning { process.interrupt() }
            return try await wait(timeout: timeout)
        }

        /// Sends SIGTERM (what a service manager sends) and waits for the exit.
        public func terminate(timeout: Duration = .seconds(10)) async throws -> Result {
            if process.isRunning { process.terminate() }
            return try await wait(timeout: timeout)
        }

        /// The names of its threads now (`/proc/PID/task/*/comm`; empty where there is no /proc).
        public var threadNames: [String] {
            let tasks = "/proc/\(process.processIdentifier)/task"
            let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
            return ids.compactMap { id in
                (try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
            }
        }

        /// Waits for the exit (killing the process after `timeout`, which fails the test).
        public func wait(timeout: Duration) async throws -> Result {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            if process.isRunning {
                process.terminate()
                try await Task.sleep(for: .milliseconds(200))
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw CLIError("`ble \(process.arguments?.joined(separator: " ") ?? "")` did not end within \(timeout); stdout: \(out.text) stderr: \(err.text)")
            }
            process.waitUntilExit()
            // The rest of the output: the end of file comes at once, unless a process the child
            // left behind holds the pipe (then what it printed so far, after a bounded wait).
            let drained = ContinuousClock.now + .seconds(5)
            await out.waitForEnd(within: ContinuousClock.now.duration(to: drained))
            await err.waitForEnd(within: ContinuousClock.now.duration(to: drained))
            return Result(status: process.terminationStatus, stdout: out.text, stderr: err.text)
        }
    }
}

/// A run that did not end, or printed nothing that matched.
public struct CLIError: Error, CustomStringConvertible {
    /// What happened, with what the process printed.
    public let description: String
    init(_ description: String) { self.description = description }
}
