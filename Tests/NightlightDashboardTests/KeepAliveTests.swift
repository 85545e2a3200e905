import BLETesting
import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
@testable import DashboardShell

/// Live sockets are pinged on the event loop (``ConnectionLimits/webSocketPingInterval``): a client
/// that answers stays connected, one that vanished is closed, on the real server, probed with
/// plain sockets.
@Suite("Dashboard: live sockets are pinged")
struct KeepAliveTests {
    static let handshake = "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer \(DashboardFixture.token)\r\n"

    /// A frame the server sent: its opcode and payload.
    struct Frame: Equatable {
        var opcode: UInt8
        var payload: [UInt8]
    }

    /// The whole frames in what the server sent after its `101` head (the server does not mask).
    static func frames(_ connection: RawConnection) -> [Frame] {
        let bytes = connection.bytes
        guard let headEnd = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) else {
            return []
        }
        var frames: [Frame] = []
        var index = headEnd + 4
        while index + 2 <= bytes.count {
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 || length == 127 {
                let size = length == 126 ? 2 : 8
                guard start + size <= bytes.count else { break }
                length = bytes[start..<start + size].reduce(0) { $0 << 8 | Int($1) }
                start += size
            }
            guard start + length <= bytes.count else { break }
            frames.append(Frame(opcode: bytes[index] & 0x0F, payload: Array(bytes[start..<start + length])))
            index = start + length
        }
        return frames
    }

    /// A client's pong answering a ping of `payload` (masked, as a client must).
    static func pong(_ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return [0x8A, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    @Test(.timeLimit(.minutes(1))) func aSocketThatAnswersStaysAndOneThatDoesNotIsClosed() async throws {
        await QuietPool.waitUntilQuiet()  // the pings are timed in real time
        let limits = ConnectionLimits(webSocketPingInterval: .milliseconds(400))
        try await DashboardFixture(port: 0, limits: limits, populate: { _, _ in }).serve { port in
            let silent = try await RawConnection.open(port: port)
            let answering = try await RawConnection.open(port: port)
            for connection in [silent, answering] {
                try await connection.send("GET /api/explorer/live HTTP/1.1\r\n\(Self.handshake)\r\n")
                #expect(await connection.waitForAnswer(within: .seconds(5)))
                #expect(connection.status == 101, "\(connection.text)")
            }
            // The answering client answers every ping for 3 s (7 intervals).
            var answered = 0
            let until = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < until {
                for ping in Self.frames(answering).filter({ $0.opcode == 0x9 }).dropFirst(answered) {
                    #expect(ping.payload.count == 16)
                    try await answering.send(Self.pong(ping.payload))
                    answered += 1
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(answered >= 4, "pinged \(answered) times in 3 s at an interval of 0.4 s")
            #expect(!answering.isClosed, "a client that answers the pings stays connected")
            // The silent one got one ping, then, its ping unanswered an interval later, a close
            // frame 1001 "Ping timeout", and its connection was closed.
            #expect(await silent.waitForClose(within: .seconds(3)))
            let frames = Self.frames(silent).filter { $0.opcode != 0x1 }
            #expect(frames.map(\.opcode) == [0x9, 0x8], "\(frames)")
            #expect(frames.last?.payload == [0x03, 0xE9] + Array("Ping timeout".utf8))
            await answering.close()
        }
    }

    // MARK: - The closing handshake (on an embedded channel, its clock moved by hand)

    static func closeFrame(masked: Bool) -> WebSocketFrame {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: masked ? WebSocketMaskingKey([1, 2, 3, 4]) : nil, data: data)
    }

    /// An active embedded channel with a keep-alive whose pings never come during the test.
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: WebSocketKeepAlive(interval: .hours(1), closeTimeout: .seconds(15)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    /// After this side's close frame, a close waits for the client's close frame, and goes on
    /// as soon as it comes.
    @Test func aCloseWaitsForTheClientsCloseFrame() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.closeFrame(masked: false))
        let closed = channel.close()
        channel.embeddedEventLoop.advanceTime(by: .seconds(14))
        #expect(channel.isActive, "the close waits for the client's close frame")
        try channel.writeInbound(Self.closeFrame(masked: true))
        #expect(!channel.isActive)
        try closed.wait()
        #expect(try channel.readInbound(as: WebSocketFrame.self)?.opcode == .connectionClose, "the client's close frame is passed on")
    }

    /// A client that never answers the close frame is closed after the close timeout.
    @Test func aCloseGoesOnAfterTheTimeout() throws {
        let channel = try Self.channel()
        try channel.writeOutbound(Self.closeFrame(masked: false))
        let closed = channel.close()
        channel.embeddedEventLoop.advanceTime(by: .seconds(14))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
        try closed.wait()
    }

    /// When the client closed first (the usual end of a socket), or before any close frame was
    /// sent, a close is not held.
    @Test func aCloseIsNotHeldOtherwise() throws {
        let clientFirst = try Self.channel()
        try clientFirst.writeInbound(Self.closeFrame(masked: true))
        try clientFirst.writeOutbound(Self.closeFrame(masked: false))
        clientFirst.close(promise: nil)
        #expect(!clientFirst.isActive)

        let noHandshake = try Self.channel()
        noHandshake.close(promise: nil)
        #expect(!noHandshake.isActive)
    }
}
