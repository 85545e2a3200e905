import BLE
import BLECore
import BLERuntime
import BLETransport
import Foundation
import Logging
import Nightlight

/// The dashboard's one radio: it owns the ``Central``, finds and connects the nightlights the
/// API asks for, and runs their operations one at a time per nightlight.
///
/// A connection is kept while it is used or held (``hold(_:)``: the nightlight on show in a
/// page), reconnecting with backoff (``ReconnectPolicy``) if the link drops, and released
/// ``Configuration/idleTimeout`` after the last use, so a phone app or another hub can reach
/// the nightlights the dashboard is not showing.
public actor DeviceLink {
    /// How the link opens its radio and keeps connections.
    public struct Configuration: Sendable {
        /// Where the controller is.
        public var transport: TransportSpec
        /// The world the `sim` transport opens.
        public var sim: Transports.SimFactory?
        /// How a held connection reconnects.
        public var reconnectPolicy: ReconnectPolicy
        /// How long a connection stays up after its last use when nothing holds it.
        public var idleTimeout: Duration
        /// How long to listen for a nightlight that is not known yet.
        public var searchTime: Duration
        /// The clock of the idle timer.
        public var clock: any Clock<Duration>
        /// Where the stack logs.
        public var logger: Logger

        /// Creates a configuration.
        public init(
            transport: TransportSpec = .sim,
            sim: Transports.SimFactory? = nil,
            reconnectPolicy: ReconnectPolicy = ReconnectPolicy(),
            idleTimeout: Duration = .seconds(60),
            searchTime: Duration = .seconds(5),
            clock: any Clock<Duration>,
            logger: Logger = Logger(label: "nightlight.dashboard.ble")
        ) {
            self.transport = transport
            self.sim = sim
            self.reconnectPolicy = reconnectPolicy
            self.idleTimeout = idleTimeout
            self.searchTime = searchTime
            self.clock = clock
            self.logger = logger
        }
    }

    /// A nightlight heard in a scan.
    public struct ScanEntry: Sendable, Hashable, Codable {
        /// Its address.
        public var address: String
        /// Its advertised name (`SN-0001`).
        public var name: String?
        /// The signal strength in dBm.
        public var rssi: Int?
        /// The battery level it advertises (0…100).
        public var batteryLevel: Int?
        /// Whether it advertises that it is charging.
        public var isCharging: Bool?
        /// The mode it advertises (`idle`, `week`, …).
        public var mode: String?
        /// Whether it advertises that its clock is set.
        public var isClockSet: Bool?
        /// Whether it advertises that it still needs configuring (no child name yet).
        public var needsConfiguration: Bool?
    }

    private let configuration: Configuration
    private var central: Central?
    private var opening: Task<Central, any Error>?
    private var clients: [String: NightlightClient] = [:]
    private var users: [String: Int] = [:]
    private var idleTimers: [String: Task<Void, Never>] = [:]
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var isClosed = false

    /// Creates a link; the radio opens on first use.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    // MARK: Operations

    /// Runs `body` with a connected client for the nightlight at `address`, after the
    /// operations already waiting for it; the connection stays up for the idle timeout after.
    public func withClient<T: Sendable>(_ address: String, _ body: @Sendable (NightlightClient) async throws -> T) async throws -> T {
        let key = Self.key(address)
        retain(key)
        defer { releaseUse(key) }
        await lock(key)
        defer { unlock(key) }
        let client = try await connectedClient(key)
        return try await body(client)
    }

    /// Keeps the nightlight's connection up (and reconnecting) until ``release(_:)``.
    public func hold(_ address: String) {
        retain(Self.key(address))
    }

    /// Ends one ``hold(_:)``; the connection is released after the idle timeout.
    public func release(_ address: String) {
        releaseUse(Self.key(address))
    }

    /// The connection states of the nightlight (the current one first), once it is known.
    public func connectionStates(_ address: String) async throws -> AsyncStream<PeripheralState> {
        try await peripheral(Self.key(address)).states()
    }

    /// Whether the link has a connection to the nightlight now.
    public func isConnected(_ address: String) -> Bool {
        clients[Self.key(address)]?.peripheral.isConnected ?? false
    }

    /// Listens for `duration` and returns the nightlights heard, strongest first.
    public func scan(for duration: Duration) async throws -> [ScanEntry] {
        await lock(Self.scanKey)
        defer { unlock(Self.scanKey) }
        let central = try await openCentral()
        let heard: [Discovery]
        do {
            heard = try await central.scan(for: duration)
        } catch {
            throw DashboardError.from(error)
        }
        return heard.filter { NightlightClient.isNightlight($0.advertisement) }.map { discovery in
            let status = NightlightClient.advertisedStatus(discovery.advertisement)
            return ScanEntry(
                address: discovery.address.description, name: discovery.name, rssi: discovery.rssi,
                batteryLevel: status?.batteryLevel, isCharging: status?.status.contains(.charging),
                mode: status?.activeMode.name, isClockSet: status.map { !$0.status.contains(.clockNotSet) },
                needsConfiguration: status?.status.contains(.needsConfiguration)
            )
        }
    }

    /// Disconnects the nightlight now (e.g. when it is unpaired).
    public func disconnect(_ address: String) async {
        let key = Self.key(address)
        idleTimers.removeValue(forKey: key)?.cancel()
        guard let client = clients.removeValue(forKey: key) else { return }
        client.peripheral.setReconnectPolicy(nil)
        try? await client.peripheral.disconnect()
    }

    /// Disconnects everything and closes the radio.
    public func close() async {
        isClosed = true
        for timer in idleTimers.values { timer.cancel() }
        idleTimers = [:]
        for client in clients.values { client.peripheral.setReconnectPolicy(nil) }
        clients = [:]
        if let central { await central.close() }
        central = nil
    }

    // MARK: Connections

    private static let scanKey = "\u{0}scan"

    /// Addresses compare without case.
    static func key(_ address: String) -> String { address.uppercased() }

    private func connectedClient(_ key: String) async throws -> NightlightClient {
        let client: NightlightClient
        if let known = clients[key] {
            client = known
        } else {
            client = NightlightClient(try await peripheral(key))
            clients[key] = client
        }
        if !client.peripheral.isConnected {
            if case .reconnecting = client.peripheral.state {
                // The policy is at it; a fresh attempt now serves the request sooner.
                client.peripheral.setReconnectPolicy(nil)
            }
            try await client.connect()
            client.peripheral.setReconnectPolicy(configuration.reconnectPolicy)
        }
        return client
    }

    /// The known peripheral at `key`, or the one heard while listening for it.
    private func peripheral(_ key: String) async throws -> Peripheral {
        let central = try await openCentral()
        if let known = await central.peripherals.first(where: { $0.identifier.description.uppercased() == key }) {
            return known
        }
        await lock(Self.scanKey)
        defer { unlock(Self.scanKey) }
        let heard: [Discovery]
        do {
            heard = try await central.scan(for: configuration.searchTime) { $0.address.description.uppercased() == key }
        } catch {
            throw DashboardError.from(error)
        }
        guard let found = heard.first(where: { $0.address.description.uppercased() == key }) else {
            throw DashboardError(.gatewayTimeout, "notHeard", "the nightlight \(key) was not heard within \(configuration.searchTime); check it is switched on and in range")
        }
        return found.peripheral
    }

    func openCentral() async throws -> Central {
        if isClosed { throw DashboardError(.serviceUnavailable, "closed", "the dashboard is shutting down") }
        if let central { return central }
        if let opening { return try await opening.value }
        let configuration = configuration
        let task = Task { () throws -> Central in
            try await Central.open(configuration.transport, sim: configuration.sim, logger: configuration.logger)
        }
        opening = task
        defer { opening = nil }
        do {
            let opened = try await task.value
            central = opened
            return opened
        } catch {
            throw DashboardError.from(error)
        }
    }

    // MARK: Use counting and the idle timer

    /// How many uses and holds the device's connection has now (0: none).
    func useCount(_ address: String) -> Int {
        users[Self.key(address), default: 0]
    }

    private func retain(_ key: String) {
        users[key, default: 0] += 1
        idleTimers.removeValue(forKey: key)?.cancel()
    }

    private func releaseUse(_ key: String) {
        let count = max(0, users[key, default: 0] - 1)
        users[key] = count == 0 ? nil : count
        guard count == 0, clients[key] != nil else { return }
        let clock = configuration.clock
        let timeout = configuration.idleTimeout
        idleTimers[key]?.cancel()
        idleTimers[key] = Task { [weak self] in
            do {
                try await clock.sleep(for: timeout, tolerance: nil)
            } catch {
                return
            }
            await self?.idleExpired(key)
        }
    }

    private func idleExpired(_ key: String) async {
        guard users[key] == nil, idleTimers.removeValue(forKey: key) != nil else { return }
        await disconnect(key)
    }

    // MARK: One operation at a time per nightlight

    /// Runs `body` after the operations already waiting for the device at `address` (the lock
    /// of the nightlight routes, the Explorer and the panels).
    func withDeviceLock<T: Sendable>(_ address: String, _ body: @Sendable () async throws -> T) async throws -> T {
        let key = Self.key(address)
        await lock(key)
        defer { unlock(key) }
        return try await body()
    }

    /// Runs `body` after the scans already waiting for the radio (the link's searches, the
    /// Explorer's rounds, the panels' lists): one scan at a time.
    func withScanLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let key = Self.scanKey
        await lock(key)
        defer { unlock(key) }
        return try await body()
    }

    private func lock(_ key: String) async {
        if busy.insert(key).inserted { return }
        await withCheckedContinuation { continuation in
            waiting[key, default: []].append(continuation)
        }
    }

    private func unlock(_ key: String) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(key)
        }
    }
}
