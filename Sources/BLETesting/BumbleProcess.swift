import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the Bumble interop harness, with a message saying what to do.
public struct BumbleHarnessError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for a person.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}

/// One JSON line printed by an interop script, e.g. `{"event": "read", "uuid": "…", "value": "68656c6c6f"}`.
public struct BumbleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The `event` field.
    public let name: String
    /// The whole line as printed.
    public let line: String

    /// Parses `line`; nil when it is not a JSON object with a string `event`.
    public init?(line: String) {
        guard let object = Self.object(line), let name = object["event"] as? String else { return nil }
        self.name = name
        self.line = line
    }

    /// The line.
    public var description: String { line }

    /// A string field.
    public func string(_ key: String) -> String? { Self.object(line)?[key] as? String }

    /// An integer field.
    public func int(_ key: String) -> Int? { (Self.object(line)?[key] as? NSNumber)?.intValue }

    /// A boolean field.
    public func bool(_ key: String) -> Bool? { (Self.object(line)?[key] as? NSNumber)?.boolValue }

    /// A list of strings field.
    public func strings(_ key: String) -> [String]? { Self.object(line)?[key] as? [String] }

    /// A hex string field decoded to bytes (`value` fields are hex).
    public func bytes(_ key: String) -> [UInt8]? {
        string(key).flatMap(BumbleHex.bytes)
    }

    /// A field that is a JSON array of objects or other values, re-encoded as JSON text, for
    /// assertions on nested data (e.g. `discovered` services).
    public func json(_ key: String) -> String? {
        guard let value = Self.object(line)?[key],
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func object(_ line: String) -> [String: Any]? {
        guard let data = line.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// A child process of the interop harness (a Bumble script or app): its stdout lines as they
/// arrive, its stderr kept for diagnostics, its stdin for commands, and a bounded termination.
///
/// Every wait has a timeout. ``terminate(grace:)`` sends SIGTERM, then SIGKILL after `grace`;
/// dropping the last reference kills a process still running. The scripts in `Tests/Interop/` also
/// exit when their stdin reaches end of file, so they do not outlive a crashed test process.
public final class BumbleProcess: Sendable, CustomStringConvertible {
    /// A short name for messages (`controllers`, `bumble_peripheral.py`, …).
    public let name: String
    /// The process identifier.
    public let processIdentifier: Int32

    private let box: Box
    private let shared = Shared()

    /// The state the reader threads and the tasks share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private struct State {
        var lines: [String] = []
        var consumed = 0
        var errorOutput: [UInt8] = []
        var stdoutClosed = false
    }

    /// `Process` and `FileHandle` are not `Sendable`; they are used only through their
    /// thread-safe calls (`isRunning`, `terminate`, `write`, `close`).
    private final class Box: @unchecked Sendable {
        let process: Process
        let input: FileHandle
        init(process: Process, input: FileHandle) {
            self.process = process
            self.input = input
        }
    }

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - name: a short name for messages.
    ///   - executable: the program's path.
    ///   - arguments: its arguments.
    ///   - currentDirectory: its working directory, if not this process's.
    ///   - environment: variables added to this process's environment.
    public init(
        name: String,
        executable: String,
        arguments: [String],
        currentDirectory: String? = nil,
        environment: [String: String] = [:]
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        var variables = ProcessInfo.processInfo.environment
        variables["PYTHONUNBUFFERED"] = "1"
        variables["PYTHONDONTWRITEBYTECODE"] = "1"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        do {
            try process.run()
        } catch {
            throw BumbleHarnessError("cannot start \(name) (\(executable)): \(error)")
        }
        self.name = name
        processIdentifier = process.processIdentifier
        box = Box(process: process, input: stdinPipe.fileHandleForWriting)
        Self.readLines(from: stdoutPipe.fileHandleForReading, into: shared)
        Self.readBytes(from: stderrPipe.fileHandleForReading, into: shared)
    }

    deinit {
        if box.process.isRunning { kill(processIdentifier, SIGKILL) }
    }

    /// `name (pid N)`.
    public var description: String { "\(name) (pid \(processIdentifier))" }

    /// Whether the process is still running.
    public var isRunning: Bool { box.process.isRunning }

    /// Every stdout line so far.
    public var output: [String] { shared.state.withLock { $0.lines } }

    /// The stderr output so far (the last 4 KiB), for failure messages.
    public var errorOutput: String {
        shared.state.withLock { String(decoding: $0.errorOutput.suffix(4096), as: UTF8.self) }
    }

    /// Writes one command line to the process's stdin.
    public func send(_ line: String) throws {
        do {
            try box.input.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw BumbleHarnessError("cannot write \"\(line)\" to \(self): \(error)")
        }
    }

    /// Returns the next stdout line not yet consumed, waiting at most `timeout`.
    public func nextLine(timeout: Duration) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let (line, closed): (String?, Bool) = shared.state.withLock { state in
                guard state.consumed < state.lines.count else { return (nil, state.stdoutClosed) }
                defer { state.consumed += 1 }
                return (state.lines[state.consumed], false)
            }
            if let line { return line }
            if closed { throw failure("ended before printing what was awaited") }
            guard ContinuousClock.now < deadline else { throw failure("printed nothing new within \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Skips stdout lines until a JSON event named `event` (and matching `predicate`) arrives,
    /// waiting at most `timeout` in all. An `error` event from the script fails at once.
    @discardableResult
    public func waitForEvent(
        _ event: String,
        timeout: Duration = .seconds(15),
        where predicate: @Sendable (BumbleEvent) -> Bool = { _ in true }
    ) async throws -> BumbleEvent {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw failure("no \"\(event)\" event within \(timeout)") }
            let line: String
            do {
                line = try await nextLine(timeout: remaining)
            } catch let error as BumbleHarnessError {
                throw BumbleHarnessError("waiting for \"\(event)\": \(error.description)")
            }
            guard let parsed = BumbleEvent(line: line) else { continue }
            if parsed.name == "error" && event != "error" {
                throw failure("reported an error while \"\(event)\" was awaited: \(line)")
            }
            if parsed.name == event && predicate(parsed) { return parsed }
        }
    }

    /// Waits at most `timeout` for the process to exit by itself and returns its exit status;
    /// throws (leaving it running) when it does not.
    @discardableResult
    public func waitForExit(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while box.process.isRunning {
            guard ContinuousClock.now < deadline else { throw failure("did not exit within \(timeout)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        // stdout may still hold the last lines: give the reader a moment to reach end of file.
        let drained = ContinuousClock.now.advanced(by: .seconds(2))
        while !shared.state.withLock({ $0.stdoutClosed }) && ContinuousClock.now < drained {
            try await Task.sleep(for: .milliseconds(10))
        }
        return box.process.terminationStatus
    }

    /// Ends the process: closes its stdin, sends SIGTERM, and SIGKILL if it is still running after
    /// `grace`; returns once it has exited (or after a further 2 s, which only a process stuck in
    /// the kernel would take). Idempotent; never throws, even when cancelled.
    public func terminate(grace: Duration = .seconds(2)) async {
        try? box.input.close()
        guard box.process.isRunning else { return }
        kill(processIdentifier, SIGTERM)
        if await Self.waitUntilExited(box.process, within: grace) { return }
        kill(processIdentifier, SIGKILL)
        _ = await Self.waitUntilExited(box.process, within: .seconds(2))
    }

    /// A harness error naming this process, with its recent stderr.
    public func failure(_ message: String) -> BumbleHarnessError {
        let tail = errorOutput.split(separator: "\n").suffix(15).joined(separator: "\n")
        let lines = output.suffix(10).joined(separator: "\n")
        return BumbleHarnessError(
            "\(self) \(message)\n--- last stdout lines:\n\(lines)\n--- last stderr lines:\n\(tail)"
        )
    }

    private static func waitUntilExited(_ process: Process, within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning && ContinuousClock.now < deadline {
            // Not `Task.sleep`: termination must finish even in a cancelled task.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { continuation.resume() }
            }
        }
        return !process.isRunning
    }

    /// Reads `handle` on its own thread (blocking reads stay off Swift's cooperative pool) and
    /// appends each complete line.
    private static func readLines(from handle: FileHandle, into shared: Shared) {
        let reader = Thread {
            var pending: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending.append(contentsOf: data)
                var lines: [String] = []
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
                if !lines.isEmpty { shared.state.withLock { $0.lines.append(contentsOf: lines) } }
            }
            let last = pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)
            shared.state.withLock { state in
                if let last { state.lines.append(last) }
                state.stdoutClosed = true
            }
            try? handle.close()
        }
        reader.start()
    }

    /// Reads `handle` on its own thread and keeps the last 64 KiB.
    private static func readBytes(from handle: FileHandle, into shared: Shared) {
        let reader = Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                shared.state.withLock { state in
                    state.errorOutput.append(contentsOf: data)
                    if state.errorOutput.count > 65536 { state.errorOutput.removeFirst(state.errorOutput.count - 65536) }
                }
            }
            try? handle.close()
        }
        reader.start()
    }
}

/// Bytes as Bumble's scripts print and take them: two hex digits each, no separators.
public enum BumbleHex {
    /// `0a1b…` (lowercase).
    public static func text(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Hex text as bytes; nil for an odd length or a character that is not a hex digit.
    public static func bytes(_ text: String) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
