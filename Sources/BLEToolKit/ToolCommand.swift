import ArgumentParser
import BLE
import BLESimulation
import BLETransport
import BLEVirtual
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `ble` command: its work in ``execute()``; failures become one line on standard error
/// (`ble: error: …`) and exit status 1.
public protocol ToolCommand: AsyncParsableCommand, Sendable {
    /// The work; throw to fail.
    func execute() async throws
}

extension ToolCommand {
    public mutating func run() async throws {
        let command = self
        let work = Task { try await command.execute() }
        let interrupt = Interrupt.cancelOnSignal(work)
        defer { interrupt.stop() }
        do {
            try await work.value
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if work.isCancelled, Interrupt.wasInterrupted { throw ExitCode(130) }
            ToolOutput.printError(Self.describe(error))
            throw ExitCode.failure
        }
    }

    /// One line for a failure: the message of our errors, without their type names.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as BLEError: error.message
        case let error as TransportError: error.description
        case let error as VirtualError: error.message
        case let error as ToolError: error.description
        case is CancellationError: "interrupted"
        default: "\(error)"
        }
    }
}

/// Writing to standard output and standard error, unbuffered.
public enum ToolOutput {
    /// Prints `line` and a newline on standard output.
    public static func print(_ line: String) {
        write(line + "\n", to: FileHandle.standardOutput)
    }

    /// Prints `text` as is on standard output.
    public static func write(_ text: String) {
        write(text, to: FileHandle.standardOutput)
    }

    /// Prints `ble: error: <message>` on standard error.
    public static func printError(_ message: String) {
        write("\(ToolEnvironment.toolName): error: \(message)\n", to: FileHandle.standardError)
    }

    /// Writes `text` as is on standard error (a progress line that redraws itself).
    public static func writeError(_ text: String) {
        write(text, to: FileHandle.standardError)
    }

    /// Prints `message` on standard error (progress and notes that scripts must not parse).
    public static func note(_ message: String) {
        write(message + "\n", to: FileHandle.standardError)
    }

    /// Every line the tools print passes here: what came from a device, the database or the
    /// command line cannot drive the terminal (``TextLayout/terminalSafe(_:)``).
    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(TextLayout.terminalSafe(text).utf8))
    }
}

/// Ctrl-C (SIGINT) and SIGTERM cancel the running command instead of killing the process, so it
/// disconnects and stops its devices before exiting.
public enum Interrupt {
    private static let flag = Mutex(false)

    /// Whether a signal arrived.
    static var wasInterrupted: Bool { flag.withLock { $0 } }

    /// Watches SIGINT and SIGTERM some other way than with libdispatch's signal sources (which
    /// take libdispatch's manager thread): `watch` calls its handler with each signal's number
    /// and gives what stops watching (nil: it cannot, and the signal sources watch). Set once,
    /// before the command runs (the dashboard reads them on an event loop).
    public static func useWatcher(_ watch: @escaping @Sendable (_ handler: @escaping @Sendable (Int32) -> Void) -> (any SignalStopping)?) {
        watcher.withLock { $0 = watch }
    }

    /// What stops a watch of signals.
    public protocol SignalStopping: Sendable {
        /// Stops watching and restores the signals' default actions.
        func stop()
    }

    private static let watcher = Mutex<(@Sendable (@escaping @Sendable (Int32) -> Void) -> (any SignalStopping)?)?>(nil)

    /// Restores the default actions of SIGINT and SIGTERM (what a watch does when it stops).
    public static func restoreDefaultActions() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// Cancels `task` on SIGINT or SIGTERM until the returned watch is stopped.
    static func cancelOnSignal<T>(_ task: Task<T, any Error>) -> any SignalStopping {
        let interrupted: @Sendable (Int32) -> Void = { _ in
            flag.withLock { $0 = true }
            task.cancel()
        }
        if let watch = watcher.withLock({ $0 }), let stopping = watch(interrupted) {
            return stopping
        }
        return DispatchSignalSources(interrupted)
    }

    /// The watch by libdispatch's signal sources, the default. (Unchecked: a dispatch source
    /// may be cancelled from any thread.)
    private struct DispatchSignalSources: SignalStopping, @unchecked Sendable {
        let sources: [any DispatchSourceSignal]

        init(_ handler: @escaping @Sendable (Int32) -> Void) {
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            sources = [SIGINT, SIGTERM].map { number in
                let source = DispatchSource.makeSignalSource(signal: number)
                source.setEventHandler { handler(number) }
                source.resume()
                return source
            }
        }

        func stop() {
            for source in sources { source.cancel() }
            Interrupt.restoreDefaultActions()
        }
    }
}
