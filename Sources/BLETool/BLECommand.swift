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
        ]
    )

    public init() {}

    /// Parses `arguments` (the process's, when nil), runs the command and exits. Help and
    /// version print as usual; a bad argument prints one line, `ble: error: …`, with the
    /// command's usage hint, and exits 64.
    public static func main(_ arguments: [String]? = nil) async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let cleaned = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            FileHandle.standardError.write(Data("ble: error: \(cleaned) (see `\(["ble", commandPath(arguments)].filter { !$0.isEmpty }.joined(separator: " ")) --help`)\n".utf8))
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
            exit(withError: error)
        }
    }

    /// The subcommand the arguments name (for the help hint), e.g. `read`.
    private static func commandPath(_ arguments: [String]?) -> String {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        let names = Set(configuration.subcommands.compactMap { $0.configuration.commandName })
        return arguments.first(where: names.contains) ?? ""
    }
}
