import BLEHCI
@testable import BLETransport
import Testing

@Suite(.timeLimit(.minutes(1))) struct TCPTransportTests {
    @Test func serverAndClientExchangePacketsBothWays() async throws {
        let log = LogRecorder()
        // The controller side listens (it receives commands); the host side connects.
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options(side: .controller))
        #expect(server.localPort > 0)
        #expect(server.localAddress == "127.0.0.1:\(server.localPort)")
        #expect(!server.hasController)
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: server.localPort, options: log.options())
        #expect(client.remoteAddress == "127.0.0.1:\(server.localPort)")
        try await withTimeout("the controller to connect") { try await server.waitForController() }
        #expect(server.hasController)

        for packet in Sample.toController { try await client.send(packet) }
        #expect(try await receive(Sample.toController.count, from: server) == Sample.toController)

        for packet in Sample.toHost { try await server.send(packet) }
        #expect(try await receive(Sample.toHost.count, from: client) == Sample.toHost)

        await client.close()
        await server.close()
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func clientParsesSplitWrites(chunkSize: Int) async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        try await controller.writeInChunks(Sample.bytes(Sample.toHost), chunkSize: chunkSize)
        #expect(try await receive(Sample.toHost.count, from: client) == Sample.toHost)

        await client.close()
        await peer.close()
    }

    @Test func clientParsesMergedWrites() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        // Three and a half packets in one write, the rest of the fourth in the next.
        let bytes = Sample.bytes(Sample.toHost + Sample.toHost)
        let cut = Sample.bytes(Sample.toHost).count + 10
        try await controller.write(Array(bytes[..<cut]))
        try await controller.write(Array(bytes[cut...]))
        #expect(try await receive(8, from: client) == Sample.toHost + Sample.toHost)

        await client.close()
        await peer.close()
    }

    @Test func hostSendsExactH4Frames() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        try await client.send(Sample.reset)
        #expect(try await controller.read(4) == [0x01, 0x03, 0x0C, 0x00])
        try await client.send(Sample.smallACL)
        #expect(try await controller.read(12) == Sample.smallACL.encodeH4())

        await client.close()
        await peer.close()
    }

    @Test func garbageIsLoggedAndTheStreamContinues() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        // 0xFF and 0x07 are no packet indicator; 0x01 (a command) is not accepted by a host.
        try await controller.write([0xFF, 0x07, 0x01, 0x00] + Sample.resetComplete.encodeH4())
        #expect(try await receive(1, from: client) == [Sample.resetComplete])
        try await log.waitFor("garbage on the wire: dropped 4 bytes: unexpected packet indicator 0xFF")

        // And later packets still arrive.
        try await controller.write(Sample.smallACL.encodeH4())
        #expect(try await receive(1, from: client) == [Sample.smallACL])

        await client.close()
        await peer.close()
    }

    @Test func peerHangingUpMidPacketEndsTheStream() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        let frame = Sample.bigACL.encodeH4()
        try await controller.write(Sample.resetComplete.encodeH4() + Array(frame.prefix(100)))
        await controller.close()

        let packets = client.packets
        let (received, end) = try await withTimeout("the stream to end") {
            var received: [HCIPacket] = []
            do {
                for try await packet in packets { received.append(packet) }
                return (received, nil as TransportError?)
            } catch {
                return (received, error as? TransportError)
            }
        }
        #expect(received == [Sample.resetComplete])
        #expect(end?.code == .peerClosed)
        #expect(end?.description == "tcp-client:127.0.0.1:\(peer.port): the controller hung up in the middle of a packet (100 bytes of it dropped)")

        // Sending now fails clearly.
        await #expect {
            try await withTimeout("send") { try await client.send(Sample.reset) }
        } throws: { error in
            (error as? TransportError)?.code == .peerClosed
        }
        await client.close()
        await peer.close()
    }

    @Test func peerHangingUpBetweenPacketsEndsTheStreamWithAnError() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()
        await controller.close()

        let end = try await streamEnd(of: client) as? TransportError
        #expect(end?.code == .peerClosed)
        #expect(end?.message == "the controller hung up")
        await client.close()
        await peer.close()
    }

    @Test func closeIsIdempotentFinishesTheStreamAndLaterSendsThrow() async throws {
        let log = LogRecorder()
        let peer = try await RawServer.listen()
        let client = try await TCPClientTransport.connect(host: "127.0.0.1", port: peer.port, options: log.options())
        let controller = try await peer.firstPeer()

        await client.close()
        await client.close()
        #expect(try await streamEnd(of: client) == nil, "our own close finishes the stream without an error")
        await #expect {
            try await client.send(Sample.reset)
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .closed
                && error.description == "tcp-client:127.0.0.1:\(peer.port): the transport is closed; open it again to send"
        }
        try await controller.waitUntilClosed()
        await peer.close()
    }

    @Test func serverRefusesASecondController() async throws {
        let log = LogRecorder()
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        let first = try await RawPeer.connect(port: server.localPort)
        try await withTimeout("the controller to connect") { try await server.waitForController() }

        let second = try await RawPeer.connect(port: server.localPort)
        try await second.waitUntilClosed()
        try await log.waitFor("refused a connection from 127.0.0.1:")

        // The first controller still works both ways.
        try await first.write(Sample.resetComplete.encodeH4())
        #expect(try await receive(1, from: server) == [Sample.resetComplete])
        try await server.send(Sample.reset)
        #expect(try await first.read(4) == Sample.reset.encodeH4())

        await server.close()
        try await first.waitUntilClosed()
    }

    @Test func serverSendWaitsForTheController() async throws {
        let log = LogRecorder()
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        let sending = Task { try await server.send(Sample.reset) }
        try await Task.sleep(for: .milliseconds(20))
        let controller = try await RawPeer.connect(port: server.localPort)
        try await withTimeout("the send") { try await sending.value }
        #expect(try await controller.read(4) == Sample.reset.encodeH4())
        #expect(log.contains("listening on 127.0.0.1:\(server.localPort); waiting for a controller to connect"))
        await server.close()
        await controller.close()
    }

    @Test func closingTheServerReleasesWaitersAndFinishesTheStream() async throws {
        let log = LogRecorder()
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        let waiting = Task { try await server.waitForController() }
        try await Task.sleep(for: .milliseconds(20))
        await server.close()
        await server.close()
        await #expect {
            try await withTimeout("the waiter") { try await waiting.value }
        } throws: { error in
            (error as? TransportError)?.code == .closed
        }
        #expect(try await streamEnd(of: server) == nil)
        await #expect { try await server.send(Sample.reset) } throws: { ($0 as? TransportError)?.code == .closed }
    }

    @Test func cancellingAWaiterThrowsCancellation() async throws {
        let log = LogRecorder()
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        let waiting = Task { try await server.waitForController() }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) {
            try await withTimeout("the cancelled waiter") { try await waiting.value }
        }
        await server.close()
    }

    @Test func serverControllerHangingUpEndsTheStream() async throws {
        let log = LogRecorder()
        let server = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        let controller = try await RawPeer.connect(port: server.localPort)
        try await withTimeout("the controller to connect") { try await server.waitForController() }
        try await controller.write([0x04, 0x0E])
        await controller.close()
        let end = try await streamEnd(of: server) as? TransportError
        #expect(end?.code == .peerClosed)
        #expect(end?.message == "the controller hung up in the middle of a packet (2 bytes of it dropped)")
        await server.close()
    }

    @Test func connectionRefusedIsClear() async throws {
        let log = LogRecorder()
        let port = try await unusedPort()
        await #expect {
            try await withTimeout("connect") {
                _ = try await TCPClientTransport.connect(host: "127.0.0.1", port: port, options: log.options())
            }
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .connectionFailed
                && error.description.hasPrefix("tcp-client:127.0.0.1:\(port): connection to 127.0.0.1:\(port) refused: is a controller server listening there")
        }
    }

    @Test func portInUseIsClear() async throws {
        let log = LogRecorder()
        let first = try await TCPServerTransport.listen(host: "127.0.0.1", port: 0, options: log.options())
        await #expect {
            _ = try await TCPServerTransport.listen(host: "127.0.0.1", port: first.localPort, options: log.options())
        } throws: { error in
            (error as? TransportError)?.code == .busy
        }
        await first.close()
    }

    @Test func openFromSpecText() async throws {
        let log = LogRecorder()
        let server = try await Transports.open("tcp-server:127.0.0.1:0", options: log.options(side: .controller))
        let port = try #require(server as? TCPServerTransport).localPort
        let client = try await Transports.open("tcp-client:127.0.0.1:\(port)", options: log.options())
        try await client.send(Sample.reset)
        #expect(try await receive(1, from: server) == [Sample.reset])
        await client.close()
        await server.close()
    }
}

@Suite struct TransportsOpenTests {
    @Test func simWithoutAFactoryIsAClearError() async {
        await #expect {
            _ = try await Transports.open(.sim, options: LogRecorder().options())
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            return error.code == .unsupported
                && error.description == "sim: the sim transport is provided by BLEVirtual: pass its factory to Transports.open(_:options:sim:)"
        }
    }

    @Test func simUsesTheFactory() async throws {
        let made = try await Transports.open("sim", options: LogRecorder().options()) { _ in
            FakeTransport()
        }
        #expect(made is FakeTransport)
    }

    @Test func badTextThrowsTheParseError() async {
        await #expect {
            _ = try await Transports.open("tcp-client:localhost", options: LogRecorder().options())
        } throws: { error in
            (error as? TransportError)?.description == "invalid transport 'tcp-client:localhost': expected tcp-client:HOST:PORT"
        }
    }
}

/// A do-nothing transport standing in for BLEVirtual's.
final class FakeTransport: HCITransport {
    let packets = AsyncThrowingStream<HCIPacket, any Error> { $0.finish() }
    func send(_ packet: HCIPacket) async throws {}
    func close() async {}
}
