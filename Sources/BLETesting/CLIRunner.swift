import Foundation
import Synchronization
import Testing

/// Runs the built `ble` executable as a process, as a user would: arguments in, exit status,
/// standard output and standard error out. Every run is bounded by a timeout.
struct CLIRunner {
    /// What one run printed and returned.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output's lines.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }

        /// Standard output parsed as JSON.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }
    }

    /// The `ble` executable next to the test bundle (`swift build --build-tests` builds it).
    static func executable(_ name: String = "ble") throws -> URL {
        let bundleDirectory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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

    /// A fresh directory for the virtual devices' settings, so runs do not share state.
    let deviceDirectory: URL

    init() throws {
        deviceDirectory = FileManager.default.temporaryDirectory.appending(path: "ble-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: deviceDirectory, withIntermediateDirectories: true)
    }

    /// Runs `ble arguments…` and waits for it (at most `timeout`; then it is killed and the test
    /// fails).
    func run(_ arguments: [String], timeout: Duration = .seconds(30), environment extra: [String: String] = [:]) async throws -> Result {
        let process = try start(arguments, environment: extra)
        return try await process.wait(timeout: timeout)
    }

    /// Starts `ble arguments…` without waiting; see ``Running``.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Running {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NIGHTLIGHT_SIM_DIR"] = deviceDirectory.path
        environment["NIGHTLIGHT_TRANSPORT"] = nil
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let running = Running(process: process, stdout: stdout, stderr: stderr)
        try process.run()
        return running
    }

    /// A `ble` process that runs until it ends or is stopped.
    final class Running: Sendable {
        let process: Process
        private let out: Collector
        private let err: Collector

        init(process: Process, stdout: Pipe, stderr: Pipe) {
            self.process = process
            out = Collector(stdout.fileHandleForReading)
            err = Collector(stderr.fileHandleForReading)
        }

        /// What it printed on standard output so far.
        var stdout: String { out.text }

        /// Waits until standard output has a line that satisfies `condition` (at most `timeout`).
        func waitForLine(timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async throws -> String {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let line = out.text.split(separator: "\n").map(String.init).first(where: condition) { return line }
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw CLIError("no matching line; stdout: \(out.text) stderr: \(err.text)")
        }

        /// Sends SIGINT (Ctrl-C) and waits for the exit.
        func interrupt(timeout: Duration = .seconds(10)) async throws -> Result {
            if process.isRunning { process.interrupt() }
            return try await wait(timeout: timeout)
        }

        /// Waits for the exit (killing the process after `timeout`, which fails the test).
        func wait(timeout: Duration) async throws -> Result {
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
            out.drain()
            err.drain()
            return Result(status: process.terminationStatus, stdout: out.text, stderr: err.text)
        }
    }

    /// Reads a pipe as data arrives.
    final class Collector: Sendable {
        private let handle: FileHandle
        private let buffer = Buffer()

        /// The bytes read so far.
        final class Buffer: Sendable {
            let data = Mutex(Data())
            func append(_ more: Data) { data.withLock { $0.append(more) } }
        }

        init(_ handle: FileHandle) {
            self.handle = handle
            let buffer = buffer
            handle.readabilityHandler = { handle in
                buffer.append(handle.availableData)
            }
        }

        /// Reads what is left once the process ended.
        func drain() {
            handle.readabilityHandler = nil
            buffer.append(handle.readDataToEndOfFile())
        }

        var text: String { buffer.data.withLock { String(decoding: $0, as: UTF8.self) } }
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
