import BLEHCI
import BLETransport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1))) struct UnixSocketTransportTests {
    @Test func exchangesPacketsBothWays() async throws {
        let log = LogRecorder()
        let path = temporarySocketPath()
        defer { unlink(path) }
        let peer = try await RawServer.listen(unixPath: path)
        let transport = try await UnixSocketTransport.connect(path: path, options: log.options())
        #expect(transport.spec == .unix(path: path))
        let controller = try await peer.firstPeer()

        try await controller.writeInChunks(Sample.bytes(Sample.toHost), chunkSize: 5)
        #expect(try await receive(Sample.toHost.count, from: transport) == Sample.toHost)

        for packet in Sample.toController { try await transport.send(packet) }
        let expected = Sample.bytes(Sample.toController)
        #expect(try await controller.read(expected.count) == expected)

        await controller.close()
        #expect((try await streamEnd(of: transport) as? TransportError)?.code == .peerClosed)
        await transport.close()
        await peer.close()
    }

    @Test func missingSocketIsClear() async {
        let path = temporarySocketPath()
        await #expect {
            _ = try await withTimeout("connect") {
                try await UnixSocketTransport.connect(path: path, options: LogRecorder().options())
            }
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .notFound
                && error.description == "unix:\(path): no socket at \(path): is a controller server listening on that socket?"
        }
    }

    @Test func openFromSpec() async throws {
        let path = temporarySocketPath()
        defer { unlink(path) }
        let peer = try await RawServer.listen(unixPath: path)
        let transport = try await Transports.open("unix:\(path)", options: LogRecorder().options())
        let controller = try await peer.firstPeer()
        try await transport.send(Sample.reset)
        #expect(try await controller.read(4) == Sample.reset.encodeH4())
        await transport.close()
        await peer.close()
    }
}
