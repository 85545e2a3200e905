import BLEHCI
import BLETransport
import Logging
import Synchronization

/// Serves one ``VirtualController`` over H4 on a TCP listening socket, so another host stack can
/// use it: Bumble hosts open `tcp-client:127.0.0.1:PORT`, our own tools
/// `--transport tcp-client:127.0.0.1:PORT`.
///
/// One client at a time is the controller's host. When it hangs up, its host transport is
/// closed (the controller keeps its state, as a controller on a UART would) and the server
/// listens again on the same port for the next client, who normally starts with HCI_Reset.
/// Built on `BLETransport`'s `tcp-server` transport on the controller side (its H4 parser
/// accepts commands and ACL data).
public final class VirtualHCIServer: Sendable {
    /// The controller served.
    public let controller: VirtualController
    /// The listening address as asked for (`127.0.0.1`, or `_` for every interface).
    public let host: String
    /// The listening port (the one the system chose when asked for port 0).
    public let localPort: Int
    private let options: TransportOptions
    private let state: Mutex<State>

    private struct State: Sendable {
        var transport: TCPServerTransport?
        var task: Task<Void, Never>?
        var isClosed = false
    }

    private init(controller: VirtualController, host: String, localPort: Int, options: TransportOptions, transport: TCPServerTransport) {
        self.controller = controller
        self.host = host
        self.localPort = localPort
        self.options = options
        state = Mutex(State(transport: transport))
    }

    /// Starts listening on `host:port` (port 0: any free port, see ``localPort``) and serving
    /// `controller` to whoever connects.
    ///
    /// Throws `TransportError` when the socket cannot be bound (port in use, privileged port,
    /// foreign address).
    public static func start(
        controller: VirtualController,
        host: String = "127.0.0.1",
        port: Int = 0,
        logger: Logger? = nil
    ) async throws -> VirtualHCIServer {
        let options = TransportOptions(logger: logger ?? Logger(label: "nightlight.virtual.server"), side: .controller)
        let transport = try await TCPServerTransport.listen(host: host, port: port, options: options)
        let server = VirtualHCIServer(
            controller: controller, host: host, localPort: transport.localPort, options: options, transport: transport
        )
        let task = Task { [server] in await server.run(first: transport) }
        server.state.withLock { $0.task = task }
        return server
    }

    /// Stops serving: the client (if any) is disconnected and the socket closed. Idempotent.
    public func close() async {
        let (transport, task) = state.withLock { state in
            state.isClosed = true
            defer { state.transport = nil }
            return (state.transport, state.task)
        }
        task?.cancel()
        await transport?.close()
        await task?.value
    }

    private var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Serves clients one after the other until closed.
    private func run(first: TCPServerTransport) async {
        var transport = first
        while true {
            await serve(transport)
            await transport.close()
            guard !isClosed, !Task.isCancelled else { return }
            do {
                transport = try await TCPServerTransport.listen(host: host, port: localPort, options: options)
            } catch {
                options.logger.error("virtual HCI server: cannot listen again on \(host):\(localPort): \(error)")
                return
            }
            let stillOpen = state.withLock { state in
                guard !state.isClosed else { return false }
                state.transport = transport
                return true
            }
            guard stillOpen else {
                await transport.close()
                return
            }
        }
    }

    /// Bridges one client to the controller until either side ends.
    private func serve(_ transport: TCPServerTransport) async {
        do {
            try await transport.waitForController()
        } catch {
            return
        }
        let hostSide = controller.hostTransport
        options.logger.info("virtual HCI server: a host connected to \(controller.configuration.name) on port \(localPort)")
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await packet in hostSide.packets { try await transport.send(packet) }
                } catch {}
            }
            group.addTask {
                do {
                    for try await packet in transport.packets { try await hostSide.send(packet) }
                } catch {}
            }
            await group.next()
            group.cancelAll()
            await hostSide.close()
            await transport.close()
        }
        options.logger.info("virtual HCI server: the host of \(controller.configuration.name) left")
    }
}
