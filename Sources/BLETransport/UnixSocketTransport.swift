import BLEHCI
import NIOCore

/// `unix:PATH`: HCI H4 over a Unix domain stream socket, as a client.
///
/// For controller servers that listen on a socket file (an emulator, a virtual controller in
/// another process). Framing, garbage handling and hang-up behave as for ``TCPClientTransport``.
public final class UnixSocketTransport: HCITransport {
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

    /// Connects to the Unix domain stream socket at `path`.
    ///
    /// Throws ``TransportError`` (`notFound` when nothing is at the path, `connectionFailed` when
    /// nothing listens there).
    public static func connect(path: String, options: TransportOptions) async throws -> UnixSocketTransport {
        let spec = TransportSpec.unix(path: path)
        guard !path.isEmpty, path.utf8.count <= TransportSpec.maximumUnixPathLength else {
            throw TransportError(
                .invalidSpec, spec: spec.description,
                "a Unix socket path has 1…\(TransportSpec.maximumUnixPathLength) bytes; this one has \(path.utf8.count)"
            )
        }
        let connected = try await StreamConnector.connect(.unix(path: path), spec: spec, options: options)
        return UnixSocketTransport(spec: spec, connected: connected)
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
