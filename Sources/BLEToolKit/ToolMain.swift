import ArgumentParser
import BLESimulation
import Foundation

/// The `main` of our command-line tools.
public enum ToolMain {
    /// Parses `arguments` (the process's, when nil) for `root`, runs the command with
    /// `catalog` as ``ToolEnvironment/catalog`` and `name` as ``ToolEnvironment/toolName``, and
    /// exits. Help and version print as usual; a bad argument prints one line,
    /// `<name>: error: … (see `<name> <command> --help`)`, and exits 64.
    public static func run(
        _ root: any AsyncParsableCommand.Type, name: String, catalog: VirtualDeviceCatalog, arguments: [String]? = nil
    ) async {
        await ToolEnvironment.$toolName.withValue(name) {
            await ToolEnvironment.$catalog.withValue(catalog) {
                await parseAndRun(root, name: name, arguments: arguments)
            }
        }
    }

    private static func parseAndRun(_ root: any AsyncParsableCommand.Type, name: String, arguments: [String]?) async {
        let command: any ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            let code = root.exitCode(for: error)
            guard code != .success else { root.exit(withError: error) }
            let message = root.fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let cleaned = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            let help = ([name] + commandPath(root, arguments)).joined(separator: " ")
            FileHandle.standardError.write(Data(TextLayout.terminalSafe("\(name): error: \(cleaned) (see `\(help) --help`)\n").utf8))
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
