import BLEHCI
import NIOCore

/// `tcp-client:HOST:PORT`: HCI H4 over TCP to a controller server, such as Bumble's virtual
/// controllers (`python -m bumble.apps.controllers tcp-server:_:PORT`).
///
/// The connection is made (within ``TransportOptions/connectTimeout``) before ``connect(host:port:options:)``
/// returns. Received bytes are split into packets whatever the TCP segmentation; garbage is logged
/// and skipped. The controller hanging up finishes ``packets`` with ``TransportError/Code/peerClosed``.
public final class TCPClientTransport: HCITransport {
    /// The canonical spec of this transport.
    public let spec: TransportSpec
    /// The packets received from the controller; finishes on ``close()`` and throws when the link fails.
    public let packets: AsyncThrowingStream<HCIPacket, any Error>
    private let connection: ChannelConnection

    private init(spec: TransportSpec, connected: StreamConnector.Connected) {
        self.spec = spec
        self.packets = connected.packets
        self.connection = connected.connection
    }

    /// Connects to the controller server at `host:port`.
    ///
    /// Throws ``TransportError`` (`connectionFailed`, `timedOut`) with a message that names the address.
    public static func connect(host: String, port: Int, options: TransportOptions) async throws -> TCPClientTransport {
        let spec = TransportSpec.tcpClient(host: host, port: port)
        guard (1...65535).contains(port) else {
            throw TransportError(.invalidSpec, spec: spec.description, "port \(port) is out of range 1…65535")
        }
        let connected = try await StreamConnector.connect(.tcp(host: host, port: port), spec: spec, options: options)
        return TCPClientTransport(spec: spec, connected: connected)
    }

    /// The controller server's address as connected, e.g. `127.0.0.1:9000`.
    public var remoteAddress: String? {
        connection.channel.remoteAddress.map(SocketAddressFormat.hostPort)
    }

    /// Sends one packet and waits until it is written to the socket.
    public func send(_ packet: HCIPacket) async throws {
        try await connection.send(packet)
    }

    /// Closes the connection; ``packets`` finishes and later sends throw. Idempotent.
    public func close() async {
        await connection.close()
    }
}

/// Formatting of NIO socket addresses for messages.
enum SocketAddressFormat {
    /// `127.0.0.1:9000`, `[::1]:9000`, or the Unix path.
    static func hostPort(_ address: SocketAddress) -> String {
        switch address {
        case .v4: "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
        case .v6: "[\(address.ipAddress ?? "?")]:\(address.port ?? 0)"
        case .unixDomainSocket: address.pathname ?? "?"
        }
    }
}
