import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a short-lived helper program (`python -c "import bumble"`, `zbarimg`, a generator's
/// `--check`) from async code without blocking a thread of Swift's concurrency pool.
///
/// The pool has one thread per core (two on the CI machine): a test that calls
/// `Process.waitUntilExit()` or polls with `usleep` holds one of them for as long as the child
/// runs, and every timer of every other test running beside it stretches by that much. Here the
/// exit is awaited through the process's termination handler, and what it prints goes to a file,
/// so a full pipe never stalls the child either.
public enum ChildProcess {
    /// How a run ended.
    public struct Outcome: Sendable {
        /// The exit status, or the signal number when it was killed.
        public var status: Int32
        /// Whether it exited normally with status 0.
        public var succeeded: Bool
        /// What it printed on standard output and standard error, in order.
        public var output: String
        /// Whether it outlived its timeout and was killed.
        public var timedOut: Bool
    }

    /// Runs `executable arguments…` to its end or at most `timeout` (then SIGTERM, and SIGKILL a
    /// second later); throws only when it cannot be started.
    public static func run(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let outputFile = FileManager.default.temporaryDirectory
            .appending(path: "nightlight-child-\(UUID().uuidString.prefix(8)).out")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw BumbleHarnessError("cannot create \(outputFile.path) for the output of \(executable.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice

        let timedOut = Mutex(false)
        let watchdog = Task { [process] in
            guard (try? await Task.sleep(for: timeout)) != nil, process.isRunning else { return }
            timedOut.withLock { $0 = true }
            process.terminate()
            try? await Task.sleep(for: .seconds(1))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let (status, reason): (Int32, Process.TerminationReason) = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: ($0.terminationStatus, $0.terminationReason)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: BumbleHarnessError("cannot start \(executable.path): \(error)"))
            }
        }
        watchdog.cancel()
        let text = String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
        return Outcome(status: status, succeeded: reason == .exit && status == 0, output: text, timedOut: timedOut.withLock { $0 })
    }
}
