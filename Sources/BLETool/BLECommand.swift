import ArgumentParser
import Foundation

/// The `ble` command: scan, inspect, read, write, subscribe, watch RSSI, simulate devices, serve a
/// virtual controller.
public struct BLECommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ble",
        abstract: "Scan, inspect, read, write and simulate Bluetooth Low Energy devices.",
        discussion: """
            Every command takes --transport SPEC (default sim: the in-process virtual radio with \
            the demo devices) and --json. TARGET is a device address or its advertised name.
            """,
        subcommands: [
            ScanCommand.self, InspectCommand.self, ReadCommand.self, WriteCommand.self, WriteHandleCommand.self,
            SubscribeCommand.self, RSSICommand.self, SimulateCommand.self, ControllerCommand.self,
            BulbCommand.self, BeanCommand.self,
            MiBandCommand.self, SensorTagCommand.self,
        ]
    )

    public init() {}

    /// Parses `arguments` (the process's, when nil), runs the command and exits; see
    /// ``ToolMain/run(_:name:arguments:)``.
    public static func main(_ arguments: [String]? = nil) async {
        await ToolMain.run(Self.self, name: "ble", arguments: arguments)
    }
}

/// The `main` of our command-line tools.
public enum ToolMain {
    /// Parses `arguments` (the process's, when nil) for `root`, runs the command and exits.
    /// Help and version print as usual; a bad argument prints one line,
    /// `<name>: error: … (see `<name> <command> --help`)`, and exits 64.
    public static func run(_ root: any AsyncParsableCommand.Type, name: String, arguments: [String]? = nil) async {
        ToolEnvironment.toolName = name
        let command: any ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            let code = root.exitCode(for: error)
            guard code != .success else { root.exit(withError: error) }
            let message = root.fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let cleaned = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            let help = ([name] + commandPath(root, arguments)).joined(separator: " ")
            FileHandle.standardError.write(Data("\(name): error: \(cleaned) (see `\(help) --help`)\n".utf8))
            Foundation.exit(code.rawValue)
        }
        do {
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            root.exit(withError: error)
        }
    }

    /// The subcommands the arguments name (for the help hint), e.g. `["schedule", "set"]`.
    private static func commandPath(_ root: any ParsableCommand.Type, _ arguments: [String]?) -> [String] {
        var arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        var path: [String] = []
        var current: any ParsableCommand.Type = root
        while let first = arguments.first,
            let next = current.configuration.subcommands.first(where: { $0.configuration.commandName == first })
        {
            path.append(first)
            current = next
            arguments.removeFirst()
        }
        return path
    }
}
