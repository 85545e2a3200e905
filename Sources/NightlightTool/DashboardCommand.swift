import ArgumentParser
import BLEToolKit
import DashboardShell
import Foundation
import NightlightDashboard
import NIOCore
import NIOPosix

/// `nightlight dashboard`: serves the SN dashboard from this hub.
struct DashboardCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Serve the Smart Nightlight dashboard (web page and JSON API) and print its URL with the access token.",
        discussion: "The token is made once and kept in the database; --token, --token-file FILE or NIGHTLIGHT_DASHBOARD_TOKEN sets another (the last two keep it out of the process list). On a terminal it also prints a QR code of a one-time invitation link that adds a phone (never of the token). Ctrl-C stops the server."
    )

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "host")) var host = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp("The port (1…65535).", valueName: "port")) var port = 8080
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The access token to require (at least 16 characters); made once and kept in the database when not given. Other users can read a command line (ps): prefer --token-file or NIGHTLIGHT_DASHBOARD_TOKEN.",
            valueName: "token"
        )
    ) var token: String?
    @Option(
        name: .long,
        help: ArgumentHelp("A file holding the access token (its first line), readable by you only (mode 0600).", valueName: "file")
    ) var tokenFile: String?
    @Flag(
        name: .long,
        help: ArgumentHelp(
            "For tests: serve /api/sim/…, which acts on the virtual devices of the sim world (press a nightlight's button, lose the link to it). Only with the sim transport."
        )
    ) var simControl = false
    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Print a QR code of a one-time invitation link (10 minutes) that adds a phone; by default on a terminal only, never into a log file."
        )
    ) var qr: Bool?
    @OptionGroup var options: NightlightOptions

    /// The environment variable that may hold the access token (out of sight of `ps`).
    static let tokenVariable = "NIGHTLIGHT_DASHBOARD_TOKEN"

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1…65535, not \(port)") }
        if token != nil, tokenFile != nil { throw ValidationError("give --token or --token-file, not both") }
        if let token { try Self.check(token, from: "--token") }
        if simControl, try options.tool.resolvedTransport() != .sim {
            throw ValidationError("--sim-control acts on the virtual devices of the sim transport; leave --transport out (or give sim)")
        }
    }

    /// The access token: `--token`, else the first line of `--token-file`, else
    /// `$NIGHTLIGHT_DASHBOARD_TOKEN`, else nil (the one kept in the database).
    func resolvedToken(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let token { return token }
        if let tokenFile {
            let token = try Self.readTokenFile(tokenFile)
            try Self.check(token, from: tokenFile)
            return token
        }
        if let token = environment[Self.tokenVariable], !token.isEmpty {
            try Self.check(token, from: "$\(Self.tokenVariable)")
            return token
        }
        return nil
    }

    static func check(_ token: String, from source: String) throws {
        if token.count < 16 || token.contains(where: { $0.isWhitespace }) {
            throw ValidationError("the token of \(source) must be at least 16 characters without spaces")
        }
    }

    /// The first line of a token file, which must be a regular file readable by its owner only.
    static func readTokenFile(_ path: String) throws -> String {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw ToolError("cannot read the token file \(path): it does not exist or cannot be reached")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ToolError("the token file \(path) is not a regular file")
        }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            throw ToolError("the token file \(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))); run `chmod 600 \(path)`")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4096,
            let text = String(data: data, encoding: .utf8)
        else {
            throw ToolError("the token file \(path) cannot be read as a short text file")
        }
        return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Whether Swift concurrency's tasks run on NIO's event loops (one per core) rather than on
    /// its own pool: a request is read, answered and written on the event loop of its connection
    /// without waking another thread, and the process has a pool of threads fewer; the wake-ups
    /// of sleeps too (``EventLoopTaskExecutor``), so no libdispatch timer or worker runs them.
    /// Set once per process, before the server starts.
    static let tasksRunOnEventLoops: Bool = {
        guard NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() else { return false }
        EventLoopTaskExecutor.installAsDefault(on: MultiThreadedEventLoopGroup.singleton)
        return true
    }()

    /// Called first thing in `nightlight`'s `main` (``NightlightCommand/prepareProcess(arguments:)``): when `arguments` run the dashboard, its
    /// tasks go to the event loops from the start (``tasksRunOnEventLoops``), before the command
    /// line is parsed, so no task of the server's start wakes libdispatch's worker threads.
    static func prepareProcess(arguments: [String]) {
        if arguments.dropFirst().first(where: { !$0.hasPrefix("-") }) == configuration.commandName {
            guard tasksRunOnEventLoops else { return }
            // SIGINT and SIGTERM read on an event loop too: no libdispatch manager thread.
            Interrupt.useWatcher { handler in EventLoopSignals.watch(on: MultiThreadedEventLoopGroup.singleton, handler) }
        }
    }

    func execute() async throws {
        _ = Self.tasksRunOnEventLoops
        let store = try options.openStore()
        let logger = options.tool.logger("nightlight.dashboard")
        // --sim-control acts on the sim world: then no automatic choice of BlueZ.
        let transport = simControl ? try options.tool.resolvedTransport() : try await options.tool.transport()
        let hook = SimControlHook()
        let sim = ToolEnvironment.simFactory(logger: logger)
        var configuration = DashboardServer.Configuration(
            host: host, port: port, token: try resolvedToken(),
            // The bonds of the `nightlight` commands, in the database: the same computer, the same controller.
            link: .init(
                transport: transport, sim: hook.capturing(sim), bondStore: try await options.bondStore(store),
                clock: ContinuousClock(), logger: logger
            ),
            logger: logger,
            simControl: simControl ? hook.control : nil,
            publicOrigin: Self.networkOrigin(host: host, port: port),
            beanStrips: hook.beanStrips
        )
        // The command cancels its task on SIGINT and SIGTERM (`ToolCommand`), which shuts the
        // server down gracefully.
        configuration.catchesSignals = false
        if case .bluez(let adapter) = transport {
            configuration.link.openBackend = { try await ToolEnvironment.openBlueZ(adapter: adapter) }
        }
        let server = try await DashboardServer.make(configuration, store: store)
        let json = options.json
        var announcement = try json
            ? PresentationJSON.encode(["event": "ready", "url": server.url, "origin": server.origin], layout: .line)
            : "Nightlight dashboard: \(server.url)\nOpen it on this computer (or on a phone on the same network, with --host 0.0.0.0). Ctrl-C stops it."
        let terminal = TerminalOutput.standardOutput()
        if !json, qr ?? terminal.isTerminal {
            announcement += "\n\n" + (try await Self.phoneInvitation(server: server, host: host, asked: qr == true, terminal: terminal))
        }
        let ready = announcement
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
        } catch is SocketAddressError.UnknownHost {
            try? store.close()
            throw ToolError("cannot serve on \(host):\(port): '\(host)' is not an address or a known host name; give an IP address of this computer, such as 127.0.0.1 or 0.0.0.0")
        } catch is SocketAddressError {
            try? store.close()
            throw ToolError("cannot serve on \(host):\(port): '\(host)' is not a usable address; give an IP address of this computer, such as 127.0.0.1 or 0.0.0.0")
        }
        try? store.close()
    }

    /// What is printed at start for a phone: the QR code and link of a one-time invitation (not
    /// the token: a printed QR code may end up where others see it, and an invitation expires in
    /// 10 minutes and works once). On 127.0.0.1 no phone reaches the dashboard: unless `asked`
    /// (`--qr`), it says how instead.
    static func phoneInvitation(server: DashboardServer, host: String, asked: Bool, terminal: TerminalOutput) async throws -> String {
        if !asked, ["127.0.0.1", "::1", "localhost"].contains(host) {
            return "To add a phone, serve the network too (--host 0.0.0.0): a QR code to scan is printed then; or use Add a phone in the dashboard's menu."
        }
        let invitation = try await server.invitePhone(named: "New phone")
        return "Add a phone: " + PhoneAccessCommands.invitationText(invitation, qr: true, terminal: terminal).trimmingCharacters(in: .newlines)
    }

    /// The origin a phone reaches the dashboard on, for invitation links: the first IPv4 address
    /// of this computer's network interfaces (not loopback) when serving every address
    /// (`0.0.0.0`, `::`); nil otherwise (the address the dashboard is opened on is used).
    static func networkOrigin(host: String, port: Int) -> String? {
        guard ["0.0.0.0", "::"].contains(host) else { return nil }
        let addresses = (try? System.enumerateDevices()) ?? []
        for device in addresses {
            guard case .v4 = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127.") else { continue }
            return "http://\(ip):\(port)"
        }
        return nil
    }
}
