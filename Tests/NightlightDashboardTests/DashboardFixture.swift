import BLE
import BLESimulation
import BLEVirtual
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Nightlight
import NightlightSimulation
import NightlightStore
import NIOCore
import Synchronization
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

/// A dashboard server on an in-memory store and a world of virtual nightlights in a temp folder.
struct DashboardFixture {
    static let token = "test-token-0123456789abcdef"
    /// The first virtual SN (factory settings: no child name, clock not set).
    static let factorySN = "C4:4E:4C:00:00:01"
    /// The second virtual SN.
    static let secondSN = "C4:4E:4C:00:00:02"

    let server: DashboardServer
    let store: NightlightStore
    let folder: URL
    /// Added to the server's clock (to put a SN's clock off).
    let clockShift = ClockShift()

    /// Seconds added to the server's clock.
    final class ClockShift: Sendable {
        let seconds = Mutex<TimeInterval>(0)
    }

    /// A logger that keeps test output to errors.
    static var quietLogger: Logger {
        var logger = Logger(label: "dashboard-tests")
        logger.logLevel = .error
        return logger
    }

    /// The default world: the two virtual nightlights, their flash in `directory`.
    static func nightlights(_ world: SimWorld, directory: String) async throws {
        try await world.add(VirtualNightlight(index: 0, directory: directory), distance: 1.5)
        try await world.add(VirtualNightlight(index: 1, directory: directory), distance: 3)
    }

    /// A server whose `sim` world `populate` fills (devices keep their files in the given folder),
    /// on `port` (0: a free one, for ``serve(_:)``) within `limits`, reconnecting lost links by
    /// `reconnectPolicy`; a Bean's strip watched through `beanStrips`.
    init(
        port: Int = 8080, limits: ConnectionLimits = ConnectionLimits(),
        reconnectPolicy: ReconnectPolicy = ReconnectPolicy(maximumAttempts: 2),
        populate: @escaping @Sendable (SimWorld, String) async throws -> Void = DashboardFixture.nightlights,
        beanStrips: BeanStripWatch? = nil
    ) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try NightlightStore.inMemory()
        let directory = folder.path
        let link = DeviceLink.Configuration(
            sim: SimWorld.transportFactory { world in try await populate(world, directory) },
            reconnectPolicy: reconnectPolicy,
            idleTimeout: .seconds(5), searchTime: .seconds(2), clock: ContinuousClock(), logger: Self.quietLogger
        )
        let shift = clockShift
        server = try await DashboardServer.make(
            DashboardServer.Configuration(
                port: port, token: Self.token, link: link, now: { Date().addingTimeInterval(shift.seconds.withLock { $0 }) },
                logger: Self.quietLogger, limits: limits, beanStrips: beanStrips
            ),
            store: store
        )
    }

    /// Runs `body` against the router, then closes the radio and removes the folder.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await cleaningUp { try await server.buildApplication().test(.router) { client in try await body(client) } }
    }

    /// Runs the real server (``DashboardServer/run(onListening:)``) on 127.0.0.1, calls `body` with
    /// its port, then shuts it down; fails when the server does not listen within 10 s.
    func serve(_ body: @Sendable (Int) async throws -> Void) async throws {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let server = server
        let serving = Task { try await server.run(onListening: { port in listening.yield(port) }) }
        defer { serving.cancel() }
        let port = try await untilDeadline(.seconds(10), otherwise: nil) { await ports.first { _ in true } }
        try await cleaningUp { try await body(try #require(port, "the server did not start listening")) }
        serving.cancel()
        _ = try? await serving.value
    }

    /// Runs `body`, then (also when it throws) closes the radio and removes the folder.
    func cleaningUp(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            await cleanUp()
            throw error
        }
        await cleanUp()
    }

    private func cleanUp() async {
        await server.link.close()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A decoded JSON answer.
struct Answer: @unchecked Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let text: String
    let json: Any?

    init(_ response: TestResponse) {
        status = response.status
        headers = response.headers
        text = String(buffer: response.body)
        json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// The value at a key path (`error.field`, `identity.childName`, `0.name`).
    subscript(_ path: String) -> Any? {
        var value: Any? = json
        for part in path.split(separator: ".") {
            if let index = Int(part), let array = value as? [Any] {
                value = index < array.count ? array[index] : nil
            } else {
                value = (value as? [String: Any])?[String(part)]
            }
        }
        return value
    }

    /// The string at `path`.
    func string(_ path: String) -> String? { self[path] as? String }
    /// The array at `path` (the top level for "").
    func array(_ path: String = "") -> [Any] { (path.isEmpty ? json : self[path]) as? [Any] ?? [] }
}

extension TestClientProtocol {
    /// Sends an API request with the bearer token (unless `token` is nil) and, with a body,
    /// `Content-Type: application/json`.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil,
        token: String? = DashboardFixture.token, headers: HTTPFields = [:]
    ) async throws -> Answer {
        var fields = headers
        if let token, fields[.authorization] == nil, fields[.cookie] == nil { fields[.authorization] = "Bearer \(token)" }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) }) { Answer($0) }
    }
}

/// The result of `body`, or `otherwise` when it has not finished within `limit` (it is then
/// cancelled).
func untilDeadline<T: Sendable>(_ limit: Duration, otherwise: T, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return otherwise
        }
        let first = try await group.next() ?? otherwise
        group.cancelAll()
        return first
    }
}
