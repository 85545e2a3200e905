import ArgumentParser
import BLEBlueZ
import BLECore
import BLEHost
import BLESimulation
import BLEToolKit
import BLETransport
import BLEVirtual
import Foundation

/// `ble simulate DEVICE… --transport SPEC…`: runs virtual devices in the peripheral role, each
/// on its own controller, until interrupted.
struct SimulateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run virtual devices in the peripheral role on controllers, until interrupted.",
        discussion: """
            Each device needs its own controller: give one --transport per device, in the same \
            order (e.g. Bumble's virtual controllers: --transport tcp-client:127.0.0.1:9001), or \
            --transport bluez[:hciN] to run it through bluetoothd on an adapter BlueZ keeps. \
            While they run, standard input takes actions, one per line: what a person or the \
            device's own program does to it (`press`, `scratch 2 cafe`, `walk 100`, `keys left`); \
            `help` lists each device's. \
            Devices: \(ToolEnvironment.catalog.kinds.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            """
    )

    @Argument(help: ArgumentHelp("The kinds of device to run (see the list below).", valueName: "device"))
    var devices: [String]

    @OptionGroup var options: ToolOptions

    func validate() throws {
        guard !devices.isEmpty else { throw ValidationError("name at least one device: \(ToolEnvironment.catalog.names.joined(separator: ", "))") }
        for name in devices {
            do {
                _ = try ToolEnvironment.catalog.kind(named: name)
            } catch {
                throw ValidationError(error.message)
            }
        }
        let transports = try transportSpecs()
        guard transports.count == devices.count else {
            throw ValidationError("\(devices.count) devices need \(devices.count) controllers: give one --transport per device (got \(transports.count))")
        }
        if transports.contains(.sim) {
            throw ValidationError("""
                simulate runs devices for another host to reach, which the in-process sim radio cannot offer: \
                give a controller with --transport tcp-client:HOST:PORT (e.g. Bumble's virtual controllers), \
                or serve the demo world with `ble controller --listen tcp-server:127.0.0.1:9000`
                """)
        }
    }

    /// One spec per `--transport` (NIGHTLIGHT_TRANSPORT when none is given).
    private func transportSpecs() throws -> [TransportSpec] {
        if options.transports.isEmpty { return [try options.resolvedTransport()] }
        return try options.transports.map { text in
            do {
                return try TransportSpec(parsing: text)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    func execute() async throws {
        let logger = options.logger()
        let made = try ToolEnvironment.catalog.makeDevices(names: devices, directory: ToolEnvironment.deviceDirectory)
        var hosts: [BLEHost] = []
        var closers: [@Sendable () async -> Void] = []
        var watched: [(BLEHost, String)] = []
        var firmware: [Task<Void, any Error>] = []
        defer { for task in firmware { task.cancel() } }
        do {
            for (device, spec) in zip(made, try transportSpecs()) {
                let host: any PeripheralHost
                let address: String
                if case .bluez(let adapter) = spec {
                    // bluetoothd advertises, serves ATT and pairs; the device's agent decides who may pair.
                    let name = device.name
                    let configuration = device.hostConfiguration
                    let bluez = try await BlueZPeripheralHost.open(
                        adapter: "hci\(adapter)", pairingAgent: configuration.pairingAgent, bondStore: configuration.bondStore
                    ) { line in
                        ToolOutput.note("\(name): bluez: \(line)")
                    }
                    closers.append { await bluez.close() }
                    host = bluez
                    address = bluez.controllerAddress?.description ?? spec.description
                } else {
                    let transport = try await Transports.open(spec, options: TransportOptions(logger: logger))
                    // A device with a static random address (the SN) keeps it on any controller.
                    var configuration = device.hostConfiguration
                    configuration.randomAddress = device.address.isRandom ? device.address : nil
                    let ours = BLEHost(transport: transport, clock: ContinuousClock(), logger: logger, configuration: configuration)
                    hosts.append(ours)
                    watched.append((ours, device.name))
                    address = try await ours.start().address.description
                    host = ours
                }
                var deviceLogger = logger
                deviceLogger[metadataKey: "device"] = "\(device.name)"
                let context = VirtualDeviceContext(host: host, clock: ContinuousClock(), logger: deviceLogger)
                firmware.append(Task { try await device.run(context) })
                if options.json {
                    let line = SimulateStarted(event: "started", device: device.name, transport: spec.description, address: address)
                    ToolOutput.print(try PresentationJSON.encode(line, layout: .line))
                } else {
                    ToolOutput.print("\(device.name): running on \(spec) as \(address)")
                }
            }
            let console = VirtualDeviceConsole(zip(devices, made).map { VirtualDeviceConsole.Device(kind: $0.0, device: $0.1) })
            if !options.json {
                let acting = made.contains { !$0.actions.isEmpty }
                ToolOutput.print(acting ? "Type an action and Enter (help lists them); Ctrl-C stops." : "Ctrl-C stops.")
            }
            // The firmware runs until cancelled; one that fails ends the command with its error, and
            // so does a controller that fails or vanishes (nobody can reach its device any more).
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in firmware {
                    group.addTask { try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() } }
                }
                for (host, name) in watched {
                    group.addTask { try await Self.watch(host, device: name) }
                }
                group.addTask { await Self.performActions(from: Self.standardInputLines(), on: console, json: options.json) }
                for try await _ in group {}
                // Every firmware returned by itself: keep serving until interrupted.
                while true { try await Task.sleep(for: .seconds(3600)) }
            }
        } catch {
            for host in hosts { await host.shutDown() }
            for close in closers { await close() }
            throw error
        }
    }

    /// Returns when `host`'s state updates end; throws when its controller fails (the adapter was
    /// removed, the controller hung up or stopped answering), naming the device.
    static func watch(_ host: BLEHost, device: String) async throws {
        for await state in host.stateUpdates {
            if case .failed(let error) = state, error.code != .notStarted {
                throw ToolError("\(device) stopped: \(error.message)")
            }
        }
    }

    /// Runs each line of `lines` on the devices, printing what happened (or, on standard error,
    /// why not) until the lines end.
    static func performActions(from lines: AsyncStream<String>, on console: VirtualDeviceConsole, json: Bool) async {
        for await line in lines {
            do {
                switch try await console.perform(line) {
                case .nothing:
                    break
                case .help(let lines):
                    if json {
                        ToolOutput.print(try PresentationJSON.encode(ActionHelp(event: "help", lines: lines), layout: .line))
                    } else {
                        for line in lines { ToolOutput.print(line) }
                    }
                case .performed(let device, let action, let result):
                    if json {
                        ToolOutput.print(try PresentationJSON.encode(ActionPerformed(event: "action", device: device, action: action, result: result), layout: .line))
                    } else {
                        ToolOutput.print("\(device): \(action): \(result)")
                    }
                }
            } catch {
                let message = Self.describe(error)
                if json, let line = try? PresentationJSON.encode(ActionRefused(event: "action_error", input: line, message: message), layout: .line) {
                    ToolOutput.print(line)
                } else {
                    ToolOutput.printError(message)
                }
            }
        }
    }

    /// The lines of standard input, read on a thread of their own (reading blocks), until it ends.
    static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            reader.name = "ble simulate: standard input"
            reader.start()
        }
    }

    /// The `--json` line of `help`.
    struct ActionHelp: Codable {
        var event: String
        var lines: [String]
    }

    /// The `--json` line of an action that ran.
    struct ActionPerformed: Codable {
        var event: String
        var device: String
        var action: String
        var result: String
    }

    /// The `--json` line of a line that could not run.
    struct ActionRefused: Codable {
        var event: String
        var input: String
        var message: String
    }

    /// The `--json` line printed for each device started.
    struct SimulateStarted: Codable {
        var event: String
        var device: String
        var transport: String
        var address: String
    }
}
