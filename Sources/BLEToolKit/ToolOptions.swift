import ArgumentParser
import BLE
import BLERuntime
import BLESimulation
import BLETransport
import Foundation
import Logging

/// The options every `ble` command takes.
public struct ToolOptions: ParsableArguments, Sendable {
    /// Options as parsed (ArgumentParser fills them in).
    public init() {}

    @Option(
        name: .customLong("transport"),
        help: ArgumentHelp(
            "Where the controller is: sim (default), tcp-client:HOST:PORT, tcp-server:HOST:PORT, unix:PATH, serial:PATH[,BAUD], hci-socket:N. Also NIGHTLIGHT_TRANSPORT; the flag wins.",
            valueName: "spec"
        )
    )
    public var transports: [String] = []

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    public var json = false

    @Option(name: .long, help: ArgumentHelp("How much the stack logs on standard error: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    public var logLevel: String = "error"

    public func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("invalid --log-level '\(logLevel)'; expected one of trace, debug, info, notice, warning, error, critical")
        }
        if transports.count <= 1 { _ = try resolvedTransport() }
    }

    /// The transport spec: the flag, else NIGHTLIGHT_TRANSPORT, else `sim`.
    public func resolvedTransport() throws -> TransportSpec {
        guard transports.count <= 1 else {
            throw ValidationError("give --transport once (only `ble simulate` takes one per device)")
        }
        do {
            return try TransportSpec.resolve(flag: transports.first, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// A logger on standard error at `--log-level`.
    public func logger(_ label: String = "ble") -> Logger {
        var logger = Logger(label: label) { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .error
        return logger
    }

    /// Opens a central on the transport; `sim` gets the demo world of ``ToolEnvironment/catalog``.
    /// Its bonds are kept in the tools' bond file (``ToolPaths/bondFile(environment:)``), so a
    /// device paired once is encrypted with the same keys by every later command (and the
    /// devices, which keep their bonds, recognise it).
    public func openCentral() async throws -> Central {
        let spec = try resolvedTransport()
        let logger = logger()
        return try await Central.open(spec, sim: ToolEnvironment.simFactory(logger: logger), bondFile: ToolPaths.bondFile(), logger: logger)
    }
}

/// What a tool runs with, shared by its commands: set for the whole run by
/// ``ToolMain/run(_:name:catalog:arguments:)`` (task-local values, not globals a command could
/// change under another).
public enum ToolEnvironment {
    /// The virtual devices `ble simulate` knows, and the demo world of the `sim` transport. The
    /// executables give theirs (the `DemoWorld` catalog: the demo peripheral, Smart Nightlights
    /// and the seed devices); without one, only the generic demo peripheral.
    @TaskLocal public static var catalog: VirtualDeviceCatalog = .standard

    /// The tool's name in error lines (`ble: error: …`, `nightlight: error: …`).
    @TaskLocal public static var toolName = "ble"

    /// Where virtual devices keep their settings between runs (their "flash"):
    /// `$NIGHTLIGHT_SIM_DIR`, else `$XDG_STATE_HOME/nightlight/sim`, else
    /// `~/.local/state/nightlight/sim`.
    public static var deviceDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["NIGHTLIGHT_SIM_DIR"], !explicit.isEmpty { return explicit }
        return (ToolPaths.stateDirectory(environment: environment) as NSString).appendingPathComponent("sim")
    }

    /// The `sim` transport: a world with the catalog's demo devices.
    public static func simFactory(logger: Logger) -> Transports.SimFactory {
        let catalog = catalog
        let directory = deviceDirectory
        return SimWorld.transportFactory { world in
            _ = try await catalog.populate(world, directory: directory)
        }
    }
}

extension ToolOptions {
    /// Prints a command's result: `value` as JSON with `--json` (one line with `layout`
    /// ``PresentationJSON/Layout/line``), else `text`.
    public func report(_ value: some Encodable, layout: PresentationJSON.Layout = .pretty, _ text: @autoclosure () -> String) throws {
        ToolOutput.print(json ? try PresentationJSON.encode(value, layout: layout) : text())
    }
}
