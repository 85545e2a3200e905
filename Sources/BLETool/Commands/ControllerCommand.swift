import ArgumentParser
import BLECore
import BLESimulation
import BLEToolKit
import BLETransport
import BLEVirtual
import Foundation

/// `ble controller --listen tcp-server:HOST:PORT`: serves a virtual controller over H4/TCP, on
/// a link with the demo devices, so another host stack (Bumble, our tools) can use it.
struct ControllerCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "controller",
        abstract: "Serve a virtual controller over H4/TCP, on a virtual link with the demo devices.",
        discussion: """
            Another host connects to it as to any controller: Bumble with tcp-client:HOST:PORT, \
            our tools with --transport tcp-client:HOST:PORT. It runs until interrupted (Ctrl-C).
            """
    )

    @Option(name: .long, help: ArgumentHelp("Where to listen: tcp-server:HOST:PORT (HOST _ for every interface; PORT 0 for any free port).", valueName: "spec"))
    var listen: String

    @Flag(name: .long, help: "Only the controller: no demo devices on its link.")
    var noDevices = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try listenAddress()
    }

    private func listenAddress() throws -> (host: String, port: Int) {
        let spec: TransportSpec
        do {
            spec = try TransportSpec(parsing: listen)
        } catch {
            throw ValidationError("invalid --listen: \(error)")
        }
        guard case .tcpServer(let host, let port) = spec else {
            throw ValidationError("--listen takes tcp-server:HOST:PORT (e.g. tcp-server:127.0.0.1:9000), not \(spec.kind)")
        }
        return (host, port)
    }

    func execute() async throws {
        let (host, port) = try listenAddress()
        let logger = options.logger()
        let world = SimWorld(logger: logger)
        let devices = noDevices ? [] : try await ToolEnvironment.catalog.populate(world, directory: ToolEnvironment.deviceDirectory)
        let controller = try await world.makeController()
        let server: VirtualHCIServer
        do {
            server = try await VirtualHCIServer.start(controller: controller, host: host, port: port, logger: logger)
        } catch {
            await world.shutDown()
            throw error
        }
        let listening = "\(host == TransportSpec.allInterfaces ? "0.0.0.0" : host):\(server.localPort)"
        if options.json {
            let ready = ControllerReady(
                event: "ready", listen: listening, port: server.localPort, controller: controller.publicAddress.description,
                devices: devices.map { ControllerReady.Device(name: $0.device.name, address: $0.address.description) }
            )
            ToolOutput.print(try PresentationJSON.encode(ready, layout: .line))
        } else {
            ToolOutput.print("Serving virtual controller \(controller.publicAddress) on \(listening) (H4 over TCP).")
            for device in devices {
                ToolOutput.print("  on its link: \(device.device.name) (\(device.address))")
            }
            ToolOutput.print("Connect with --transport tcp-client:\(listening). Ctrl-C stops.")
        }
        do {
            while true { try await Task.sleep(for: .seconds(3600)) }
        } catch {
            await server.close()
            await world.shutDown()
            throw error
        }
    }

    /// The `--json` line printed once listening.
    struct ControllerReady: Codable {
        struct Device: Codable {
            var name: String
            var address: String
        }

        var event: String
        var listen: String
        var port: Int
        var controller: String
        var devices: [Device]
    }
}
