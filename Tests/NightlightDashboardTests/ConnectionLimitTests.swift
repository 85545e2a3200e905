import BLETesting
import DashboardShell
import Foundation
import Testing

/// The real server on a free port, probed with plain sockets (issue 18, item 1: slowloris and
/// malformed HTTP). Limits are short so the tests are quick; every wait has a limit.
@Suite("Dashboard: slow, malformed and too many connections")
struct ConnectionLimitTests {
    static let limits = ConnectionLimits(
        requestHeadTimeout: .seconds(1), requestBodyTimeout: .seconds(1), idleTimeout: .seconds(2), maximumConnectionsPerAddress: 4
    )

    /// Serves the real dashboard (no devices) within `limits`.
    static func serve(limits: ConnectionLimits = limits, _ body: @Sendable (Int) async throws -> Void) async throws {
        await QuietPool.waitUntilQuiet()  // these tests measure the server's timeouts in real time
        try await DashboardFixture(port: 0, limits: limits, populate: { _, _ in }).serve(body)
    }

    @Test func aRequestWhoseHeadersDripIsAnswered408AndClosed() async throws {
        try await Self.serve { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send("GET / HTTP/1.1\r\n")
            // A header line every 200 ms keeps bytes coming, but the head never ends.
            for index in 0..<15 {
                if connection.isClosed { break }
                try? await connection.send("X-Drip-\(index): 1\r\n")
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(await connection.waitForClose(within: .seconds(3)))
            #expect(connection.status == 408, "\(connection.text)")
            #expect(connection.body.contains(#""code":"requestTimeout""#))
        }
    }

    @Test func aRequestWhoseBodyNeverEndsIsAnswered408AndClosed() async throws {
        try await Self.serve { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(
                "POST /api/schedules HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(DashboardFixture.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": "
            )
            #expect(await connection.waitForClose(within: .seconds(4)))
            #expect(connection.status == 408, "\(connection.text)")
        }
    }

    @Test func idleConnectionsAreClosed() async throws {
        try await Self.serve { port in
            let silent = try await RawConnection.open(port: port)
            let keptAlive = try await RawConnection.open(port: port)
            try await keptAlive.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await keptAlive.waitForAnswer(within: .seconds(5)))
            #expect(keptAlive.status == 200)
            #expect(!keptAlive.isClosed)
            #expect(await silent.waitForClose(within: .seconds(5)))
            #expect(silent.text.isEmpty)
            #expect(await keptAlive.waitForClose(within: .seconds(5)))
        }
    }

    /// Requests the HTTP parser refuses, each the first on its connection.
    static let malformed: [(name: String, bytes: [UInt8])] = [
        ("random bytes", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A, 0x0D, 0x0A]),
        ("negative Content-Length", Array("POST /api/schedules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n".utf8)),
        (
            "Content-Length and chunked",
            Array("POST /api/schedules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)
        ),
        ("a space in the method", Array("GE T / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
    ]

    @Test(arguments: malformed.indices) func malformedRequestsAreAnswered400AndClosed(index: Int) async throws {
        let (name, bytes) = Self.malformed[index]
        try await Self.serve { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(bytes)
            #expect(await connection.waitForClose(within: .seconds(3)), "\(name)")
            #expect(connection.status == 400, "\(name): \(connection.text)")
            #expect(connection.body.contains(#""code":"malformedRequest""#), "\(name)")
        }
    }

    @Test func aHeaderOf100KBIsAnswered431AndClosed() async throws {
        try await Self.serve { port in
            let connection = try await RawConnection.open(port: port)
            let header = "X-Big: " + String(repeating: "a", count: 100 * 1024) + "\r\n"
            try? await connection.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n" + header + "\r\n")
            #expect(await connection.waitForClose(within: .seconds(4)))
            #expect(connection.status == 431, "\(connection.text.prefix(300))")
            #expect(connection.body.contains(#""code":"headersTooLarge""#))
        }
    }

    @Test func oneAddressHoldsAtMostTheLimitOfConnections() async throws {
        try await Self.serve(limits: ConnectionLimits(maximumConnectionsPerAddress: 4)) { port in
            var held: [RawConnection] = []
            for _ in 0..<4 {
                // Answered before the next opens: a connect returns once the kernel completed the
                // handshake, before the server accepted it, and the server's two event loops
                // could otherwise count a later connection before an earlier one.
                let connection = try await RawConnection.open(port: port)
                try await connection.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await connection.waitForAnswer(within: .seconds(5)))
                held.append(connection)
            }
            let refused = try await RawConnection.open(port: port)
            #expect(await refused.waitForClose(within: .seconds(10)))  // at once, unless the machine is busy
            #expect(refused.status == 503, "\(refused.text)")
            #expect(refused.body.contains(#""code":"tooManyConnections""#))
            #expect(held.allSatisfy { !$0.isClosed })

            // Once one closes, the address may connect again and is served.
            await held[0].close()
            // (The server counts it closed once it has read its end: try again for a while.)
            var next = try await RawConnection.open(port: port)
            var attempts = 1
            while await next.waitForClose(within: .milliseconds(100)), attempts < 20 {
                next = try await RawConnection.open(port: port)
                attempts += 1
            }
            try await next.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await next.waitForAnswer(within: .seconds(5)))
            #expect(next.status == 200, "\(next.text)")
            for connection in held + [next] { await connection.close() }
        }
    }
}
