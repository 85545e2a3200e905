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
            "Where the controller is: sim, tcp-client:HOST:PORT, tcp-server:HOST:PORT, unix:PATH, serial:PATH[,BAUD], hci-socket:N, bluez[:hciN] (through bluetoothd). Also NIGHTLIGHT_TRANSPORT; the flag wins. Default: bluez when bluetoothd runs with an adapter, else sim (the demo world).",
            valueName: "spec"
        )
    )
    public var transports: [String] = []

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    public var json = false

    @Option(name: .long, help: ArgumentHelp("How much the stack logs on standard error: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    public var logLevel: String = "error"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The bond file: the keys of the devices paired with, readable only by you (mode 0600). Default for ble: $XDG_STATE_HOME/nightlight/bonds, else ~/.local/state/nightlight/bonds; nightlight keeps its bonds in its database unless this is given.",
            valueName: "file"
        )
    )
    public var bonds: String?

    public func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("invalid --log-level '\(logLevel)'; expected one of trace, debug, info, notice, warning, error, critical")
        }
        if transports.count <= 1 { _ = try resolvedTransport() }
        if let bonds, bonds.isEmpty || bonds.hasSuffix("/") {
            throw ValidationError("invalid --bonds '\(bonds)': expected a file path, e.g. ~/.local/state/nightlight/bonds")
        }
    }

    /// The bond file: `--bonds`, else ``ToolEnvironment/defaultBondFile(environment:)``.
    public func bondFile() -> String {
        bonds ?? ToolEnvironment.defaultBondFile()
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

    /// The transport to open: `--transport`, else `NIGHTLIGHT_TRANSPORT`, else `bluez` when
    /// bluetoothd is on the system bus with an adapter, else `sim`
    /// (``ToolEnvironment/automaticTransport()``).
    public func transport(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> TransportSpec {
        let spec = try resolvedTransport()
        let asked = !transports.isEmpty || TransportSpec.chosen(in: environment) != nil
        return asked ? spec : await ToolEnvironment.automaticTransport()
    }

    /// Opens a central on the transport with its bonds in ``bondFile()``; `sim` gets the demo
    /// world of ``ToolEnvironment/catalog``, `bluez` BlueZ's adapter.
    public func openCentral() async throws -> Central {
        let spec = try await transport()
        let logger = logger()
        return try await ToolEnvironment.openCentral(spec) {
            try await Central.open(spec, sim: ToolEnvironment.simFactory(logger: logger), bondFile: bondFile(), logger: logger)
        }
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

    /// Where virtual devices keep their settings between runs: ``ToolPaths/deviceDirectory(environment:)``.
    public static var deviceDirectory: String { ToolPaths.deviceDirectory() }

    /// The bond file of the tools' central: ``ToolPaths/bondFile(environment:)``.
    public static func defaultBondFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ToolPaths.bondFile(environment: environment)
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
