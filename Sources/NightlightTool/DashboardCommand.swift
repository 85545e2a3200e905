import ArgumentParser
import BLEToolKit
import Foundation
import NightlightDashboard
import NIOCore

/// `nightlight dashboard`: serves the SN dashboard from this hub.
struct DashboardCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Serve the Smart Nightlight dashboard (web page and JSON API) and print its URL with the access token.",
        discussion: "The token is made once and kept in the database; --token sets another. Ctrl-C stops the server."
    )

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "host")) var host = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp("The port (1…65535).", valueName: "port")) var port = 8080
    @Option(name: .long, help: ArgumentHelp("The access token to require (at least 16 characters); made once and kept when not given.", valueName: "token")) var token: String?
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1…65535, not \(port)") }
        if let token, token.count < 16 || token.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--token must be at least 16 characters without spaces")
        }
    }

    func execute() async throws {
        let store = try options.openStore()
        let logger = options.tool.logger("nightlight.dashboard")
        let transport = try options.tool.resolvedTransport()
        let configuration = DashboardServer.Configuration(
            host: host, port: port, token: token,
            // The bonds of the `nightlight` commands, in the database: the same computer, the same controller.
            link: .init(
                transport: transport, sim: ToolEnvironment.simFactory(logger: logger), bondStore: try await options.bondStore(store),
                clock: ContinuousClock(), logger: logger
            ),
            logger: logger
        )
        let server = try await DashboardServer.make(configuration, store: store)
        let json = options.json
        let ready = try json
            ? PresentationJSON.encode(["event": "ready", "url": server.url, "origin": server.origin], layout: .line)
            : "Nightlight dashboard: \(server.url)\nOpen it on this computer (or on a phone on the same network, with --host 0.0.0.0). Ctrl-C stops it."
        do {
            // Printed once the socket listens, so the URL works as soon as it is shown.
            try await server.run { _ in ToolOutput.print(ready) }
        } catch is CancellationError {
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            try? store.close()
            throw ToolError("port \(port) on \(host) is already in use (another dashboard?); stop it or choose another with --port")
        } catch let error as IOError {
            try? store.close()
            throw ToolError("cannot serve on \(host):\(port): \(error.description)")
        }
        try? store.close()
    }
}
