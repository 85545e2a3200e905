import DashboardShell
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization
import Testing

/// A live socket's request context is freed once the socket ends (``DashboardContext/webSocket``):
/// HummingbirdWebSocket keeps the context of an accepted upgrade inside the context's own
/// reference, so without letting go of it every closed socket's context stayed allocated.
@Suite("Dashboard: a closed live socket's context is freed")
struct LiveSocketReleaseTests {
    /// Stands for what a request context holds (here its `phones`), seen through a weak reference.
    final class Held: PhoneAccessChecking {
        func check(secret: String) async throws -> PhoneAccessCheck { .unknown }
        func waitForRevocation(of id: Int64) async {}
    }

    /// The weak references to what each request's context held.
    final class Registry: Sendable {
        private let held = Mutex<[Weak]>([])
        struct Weak: @unchecked Sendable { weak var value: Held? }
        func add(_ value: Held) { held.withLock { $0.append(Weak(value: value)) } }
        var count: Int { held.withLock { $0.count } }
        var alive: Int { held.withLock { $0.filter { $0.value != nil }.count } }
    }

    struct Holding: RouterMiddleware {
        let registry: Registry
        func handle(_ request: Request, context: DashboardContext, next: (Request, DashboardContext) async throws -> Response) async throws -> Response {
            var context = context
            let held = Held()
            registry.add(held)
            context.phones = held
            return try await next(request, context)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aClosedSocketsContextIsFreed() async throws {
        let registry = Registry()
        let router = Router(context: DashboardContext.self)
        router.add(middleware: Holding(registry: registry))
        router.group("api").liveSocket("live", shouldUpgrade: { _, _ in .upgrade([:]) }) { _, outbound, _ in
            try await outbound.write(.text("hello"))  // then the handler ends: the server closes the socket
        }
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: Router(context: DashboardContext.self),
            server: .guardedHTTP1WebSocketUpgrade(webSocketRouter: router, limits: ConnectionLimits()),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in listening.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "test")
        )
        let serving = Task { try await application.runService() }
        defer { serving.cancel() }
        let port = try #require(await ports.first { _ in true })
        for _ in 0..<5 {
            let connection = try await RawConnection.open(port: port)
            try await connection.send("GET /api/live HTTP/1.1\r\n\(KeepAliveTests.handshake)\r\n")
            #expect(await connection.waitForClose(within: .seconds(10)))
            #expect(connection.status == 101, "\(connection.text)")
        }
        #expect(registry.count == 5)
        // Freed shortly after each socket ended (its tasks finish on the event loop).
        for _ in 0..<200 where registry.alive > 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(registry.alive == 0, "\(registry.alive) of 5 closed sockets' contexts are still allocated")
    }
}
