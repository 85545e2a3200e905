import BLE
import DashboardShell
import DeviceExplorer
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Nightlight
import NightlightStore
import ServiceLifecycle

/// The SN dashboard's web server: the JSON API under `/api/`, the live updates, and the pages,
/// behind an access token (docs/dashboard-api.md).
///
/// ```swift
/// let server = try await DashboardServer.make(DashboardServer.Configuration(clock: ContinuousClock()), store: store)
/// print("Open \(server.url)")
/// try await server.run()
/// ```
public struct DashboardServer: Sendable {
    /// Where the server listens, its token, and how it reaches the nightlights.
    public struct Configuration: Sendable {
        /// The address to bind (`127.0.0.1`: this computer only).
        public var host: String
        /// The port.
        public var port: Int
        /// The access token; nil uses the one kept in the store (made once, 32 random bytes).
        public var token: String?
        /// The radio and connections.
        public var link: DeviceLink.Configuration
        /// The server's wall clock (for the SN clock checks and history).
        public var now: @Sendable () -> Date
        /// The time zone written to the nightlights: by default the system's, read without
        /// Foundation's `TimeZone` (``SystemTimeZone``: its first use loads ICU).
        public var timeZone: any UTCOffsetRules
        /// Where the server logs.
        public var logger: Logger
        /// How long a client may take to send a request and how many connections it may hold
        /// (by default: headers within 10 s, body within 60 s, 60 s idle, 32 connections an
        /// address, 16 KiB of headers).
        public var limits: ConnectionLimits
        /// The test hook into the `sim` world (``SimControl``): its routes exist only when set.
        public var simControl: SimControl?
        /// How long a nightlight may go unreached (its last attempt failed) before the
        /// `unreachable` alert (one hour).
        public var unreachableAlertAfter: TimeInterval
        /// The origin invitation links use (`http://192.168.1.20:8080`, an address a phone
        /// reaches); nil: the one the dashboard was opened on.
        public var publicOrigin: String?
        /// Where the Bean panel watches a Bean's LEDs (a virtual Bean's, on the `sim` world);
        /// nil: the panel shows the light it sent, not the strip.
        public var beanStrips: BeanStripWatch?
        /// Whether ``run(onListening:)`` shuts down gracefully on SIGINT and SIGTERM itself
        /// (libdispatch signal sources); false when the caller cancels its task on them (the
        /// `nightlight dashboard` command reads them on an event loop).
        public var catchesSignals = true

        /// Creates a configuration; by default on 127.0.0.1:8080.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            token: String? = nil,
            link: DeviceLink.Configuration,
            now: @escaping @Sendable () -> Date = { Date() },
            timeZone: any UTCOffsetRules = SystemTimeZone(),
            logger: Logger = Logger(label: "nightlight.dashboard"),
            limits: ConnectionLimits = ConnectionLimits(),
            simControl: SimControl? = nil,
            unreachableAlertAfter: TimeInterval = 3600,
            publicOrigin: String? = nil,
            beanStrips: BeanStripWatch? = nil
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.link = link
            self.now = now
            self.timeZone = timeZone
            self.logger = logger
            self.limits = limits
            self.simControl = simControl
            self.unreachableAlertAfter = unreachableAlertAfter
            self.publicOrigin = publicOrigin
            self.beanStrips = beanStrips
        }
    }

    /// The configuration (with the token resolved).
    public let configuration: Configuration
    /// The access token.
    public let token: String
    /// The store of paired nightlights, schedules and history.
    public let store: NightlightStore
    /// The radio.
    public let link: DeviceLink
    /// The firmware updates running in the background.
    let firmwareUpdates = FirmwareUpdates()
    /// The battery history the live feeds keep.
    let batteryHistory: BatteryHistoryRecorder
    /// The alerts (low battery, lost clock, unreachable, failed update) kept in the history.
    let alerts: AlertMonitor
    /// The seed devices' panels (their connections and hue cycles).
    let panels: PanelDevices
    /// The Explorer's scanner (its scan, connections and live feeds).
    let explorer: Explorer

    /// Prepares a server: resolves the token (the given one is stored; without one the stored
    /// one is used, or a new one made and stored).
    ///
    /// - Throws: ``DashboardError`` for an unusable token; the store's errors.
    public static func make(_ configuration: Configuration, store: NightlightStore) async throws -> DashboardServer {
        var configuration = configuration
        let token: String
        if let given = configuration.token {
            guard AccessToken.isUsable(given) else {
                throw DashboardError(.badRequest, "invalidToken", "the token must be 16 to 256 letters, digits, '-', '_', '.' or '~'")
            }
            token = given
            if try await store.string(for: .dashboardToken) != given { try await store.setSetting(given, for: .dashboardToken) }
        } else if let stored = try await store.string(for: .dashboardToken), AccessToken.isUsable(stored) {
            token = stored
        } else {
            token = AccessToken.generate()
            try await store.setSetting(token, for: .dashboardToken)
        }
        configuration.token = token
        let link = DeviceLink(configuration.link)
        return DashboardServer(
            configuration: configuration, token: token, store: store, link: link,
            batteryHistory: BatteryHistoryRecorder(store: store, now: configuration.now),
            alerts: AlertMonitor(store: store, now: configuration.now, thresholds: AlertMonitor.Thresholds(unreachableAfter: configuration.unreachableAlertAfter)),
            panels: PanelDevices(link: link.radio, configuration: PanelDevices.Configuration(clock: configuration.link.clock, now: configuration.now, beanStrips: configuration.beanStrips)),
            explorer: Explorer(link: link.radio, configuration: Explorer.Configuration(clock: configuration.link.clock, now: configuration.now))
        )
    }

    /// The server's own origin, `http://127.0.0.1:8080`.
    public var origin: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(configuration.port)"
    }

    /// The URL to open, with the token: `http://127.0.0.1:8080/?token=…`.
    public var url: String { origin + "/?token=" + token }

    /// A new invitation for a phone called `name` (the link on ``Configuration/publicOrigin``,
    /// else the server's origin): what `nightlight dashboard` shows as a QR code at start.
    public func invitePhone(named name: String) async throws -> Invitation {
        try await PhoneAccess.invite(name: name, origin: configuration.publicOrigin ?? origin, store: store, now: configuration.now())
    }

    /// The router with every route and middleware (tests: `buildApplication().test(.router)`).
    public func buildRouter() -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self)
        var origins: Set<String> = [origin.lowercased()]
        if ["127.0.0.1", "::1", "localhost"].contains(configuration.host) {
            origins.insert("http://localhost:\(configuration.port)")
            origins.insert("http://127.0.0.1:\(configuration.port)")
        }
        let phones = PhoneAccess(store: store, now: configuration.now)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: AuthenticationMiddleware(token: token, phones: phones))
        router.add(middleware: CrossSiteMiddleware(origins: origins, takesFile: FirmwareController.takesImage))
        PagesController.dashboard().add(to: router)
        let api = router.group("api")
        let operations = NightlightOperations(store: store, link: link, firmwareUpdates: firmwareUpdates, alerts: alerts)
        DevicesController(store: store, link: link, operations: operations, alerts: alerts, now: configuration.now, timeZone: configuration.timeZone).add(to: api)
        SchedulesController(store: store, operations: operations).add(to: api)
        FirmwareController(store: store, link: link, updates: firmwareUpdates, alerts: alerts).add(to: api)
        LiveController(
            store: store, link: link, firmwareUpdates: firmwareUpdates, batteryHistory: batteryHistory, alerts: alerts, phones: phones
        ).add(to: api)
        api.get("alerts") { _, _ in JSONBody.response(AlertList(alerts: try await alerts.openAlerts())) }
        PhonesController(store: store, access: phones, publicOrigin: configuration.publicOrigin, serverOrigin: origin, now: configuration.now).add(to: router, api: api)
        ExplorerController(explorer: explorer).add(to: api)
        PanelsController(panels: panels).add(to: api)
        if let simControl = configuration.simControl { SimControlController(control: simControl, link: link).add(to: api) }
        return router
    }

    /// The Hummingbird application: HTTP/1 with the WebSocket upgrade of the live sockets, within
    /// the configuration's ``ConnectionLimits``.
    /// - Parameter onListening: called once the socket listens (with the port it listens on).
    public func buildApplication(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = buildRouter()
        return Application(
            router: router,
            server: .guardedHTTP1WebSocketUpgrade(webSocketRouter: router, limits: configuration.limits),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "nightlight-dashboard"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: configuration.logger
        )
    }

    /// Serves until the task is cancelled (or SIGINT/SIGTERM), then shuts down gracefully: it
    /// stops listening, lets the requests under way finish, closes the connections and live
    /// sockets, then stops the background work and closes the radio.
    /// - Parameter onListening: called once the socket listens (with the port it listens on).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var services = ServiceGroupConfiguration(
            services: [buildApplication(onListening: onListening)],
            gracefulShutdownSignals: configuration.catchesSignals ? [.sigterm, .sigint] : [],
            logger: configuration.logger
        )
        // A request or socket that does not end by then is cancelled.
        services.maximumGracefulShutdownDuration = Self.gracefulShutdownLimit
        let group = ServiceGroup(configuration: services)
        // Cancelling the task that runs a service group cancels the server's connections
        // mid-flight (Hummingbird logs that as errors). So the group runs in a task of its own,
        // and the cancellation of ours (the tools cancel on SIGINT/SIGTERM) asks it to shut down
        // gracefully instead.
        let serving = Task { try await group.run() }
        do {
            try await withTaskCancellationHandler {
                try await serving.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch {
            await shutDown()
            throw error
        }
        await shutDown()
    }

    /// How long a graceful shutdown waits for the requests and sockets under way.
    static let gracefulShutdownLimit: Duration = .seconds(10)

    /// Stops the background work (firmware updates, hue cycles, the Explorer's scan and
    /// connections) and closes the radio.
    private func shutDown() async {
        firmwareUpdates.cancelAll()
        await panels.stopAll()
        await explorer.stop()
        await link.close()
    }
}

extension PagesController {
    /// The dashboard's pages: this module's resources, or the folder
    /// `NIGHTLIGHT_DASHBOARD_RESOURCES` names.
    static func dashboard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PagesController {
        PagesController(folder: Bundle.module.url(forResource: "Resources", withExtension: nil), environment: environment)
    }
}
