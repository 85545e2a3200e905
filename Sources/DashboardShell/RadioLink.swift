import BLE
import BLECore
import BLEHost
import BLERuntime
import BLETransport
import Foundation
import Logging

/// The dashboard's one radio, shared by every page (the nightlights, the Explorer, the device
/// panels): it owns the ``Central``, finds and connects the devices the API asks for, and runs
/// their operations one at a time per device.
///
/// A connection is kept while it is used or held (``hold(_:)``: the device on show in a page),
/// reconnecting with backoff (``ReconnectPolicy``) if the link drops, and released
/// ``Configuration/idleTimeout`` after the last use, so a phone app or another hub can reach the
/// devices the dashboard is not showing. Scans take turns on the central (``Central/scan(filter:active:)``).
public actor RadioLink {
    /// How the link opens its radio and keeps connections.
    public struct Configuration: Sendable {
        /// Where the controller is.
        public var transport: TransportSpec
        /// The world the `sim` transport opens.
        public var sim: Transports.SimFactory?
        /// Opens the central on a backend other than our host (BlueZ for `bluez`: the tool's
        /// composition floor knows it); nil: our host on ``transport``.
        public var openBackend: (@Sendable () async throws -> Central)?
        /// How a held connection reconnects.
        public var reconnectPolicy: ReconnectPolicy
        /// How long a connection stays up after its last use when nothing holds it.
        public var idleTimeout: Duration
        /// How long to listen for a device that is not known yet.
        public var searchTime: Duration
        /// The clock of the idle timer.
        public var clock: any Clock<Duration>
        /// Where the stack logs.
        public var logger: Logger
        /// Where the central keeps its bonds (the keys of the devices it paired with, readable
        /// by its owner only): the app's database, a bond file, or memory.
        public var bondStore: any BondStore

        /// Creates a configuration; bonds are kept in memory unless a `bondStore` is given.
        public init(
            transport: TransportSpec = .sim,
            sim: Transports.SimFactory? = nil,
            bondStore: any BondStore = MemoryBondStore(),
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
            self.bondStore = bondStore
        }
    }

    /// How the link opens its radio and keeps connections.
    public nonisolated let configuration: Configuration
    private var central: Central?
    private var opening: Task<Central, any Error>?
    /// What the radio is since the last attempt to open it failed (nil once it opened):
    /// `unauthorized`, `unsupported` or `poweredOff` (``BLEError/radioState``).
    package private(set) var openFailureRadioState: RadioState?
    /// The devices the link has connected (and keeps up while they are used).
    private var linked: [String: Peripheral] = [:]
    private var users: [String: Int] = [:]
    /// Each linked device's idle timer: armed when its last use ends, disarmed by the next.
    private var idleTimers: [String: DeadlineTimer] = [:]
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var isClosed = false

    /// Creates a link; the radio opens on first use.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Addresses compare without case.
    public static func key(_ address: String) -> String { address.uppercased() }

    // MARK: Operations

    /// Runs `body` with the device at `address` connected, after the operations already
    /// waiting for it; the connection stays up for the idle timeout after.
    ///
    /// - Parameters:
    ///   - connect: connects the device when it is not connected (and, for a profile, discovers
    ///     what it needs); the link then keeps it reconnecting by its policy.
    ///   - body: the operation.
    public func withDevice<T: Sendable>(
        _ address: String,
        connect: @Sendable (Peripheral) async throws -> Void,
        _ body: @Sendable (Peripheral) async throws -> T
    ) async throws -> T {
        let key = Self.key(address)
        retain(key)
        defer { releaseUse(key) }
        await lock(key)
        defer { unlock(key) }
        let peripheral = try await connected(key, connect: connect)
        return try await body(peripheral)
    }

    /// Runs `body` after the operations already waiting for the device at `address` (the lock
    /// of every page's operations on it), without connecting it.
    public func withDeviceLock<T: Sendable>(_ address: String, _ body: @Sendable () async throws -> T) async throws -> T {
        let key = Self.key(address)
        await lock(key)
        defer { unlock(key) }
        return try await body()
    }

    /// Keeps the device's connection up (and reconnecting) until ``release(_:)``.
    public func hold(_ address: String) {
        retain(Self.key(address))
    }

    /// Ends one ``hold(_:)``; the connection is released after the idle timeout.
    public func release(_ address: String) {
        releaseUse(Self.key(address))
    }

    /// How many uses and holds the device's connection has now (0: none).
    public func useCount(_ address: String) -> Int {
        users[Self.key(address), default: 0]
    }

    /// The connection states of the device (the current one first), once it is known.
    public func connectionStates(_ address: String) async throws -> AsyncStream<PeripheralState> {
        try await peripheral(Self.key(address)).states()
    }

    /// Whether the link has a connection to the device now.
    public func isConnected(_ address: String) -> Bool {
        linked[Self.key(address)]?.isConnected ?? false
    }

    /// Listens for `duration` and returns what was heard, each device once, strongest first.
    public func scan(for duration: Duration, until stop: (@Sendable (Discovery) -> Bool)? = nil) async throws -> [Discovery] {
        let central = try await openCentral()
        do {
            return try await central.scan(for: duration, until: stop)
        } catch {
            throw DashboardError.from(error)
        }
    }

    /// Disconnects the device now (e.g. when it is unpaired).
    public func disconnect(_ address: String) async {
        let key = Self.key(address)
        idleTimers.removeValue(forKey: key)?.cancel()
        guard let peripheral = linked.removeValue(forKey: key) else { return }
        peripheral.setReconnectPolicy(nil)
        try? await peripheral.disconnect()
    }

    /// Disconnects everything and closes the radio.
    public func close() async {
        isClosed = true
        for timer in idleTimers.values { timer.cancel() }
        idleTimers = [:]
        for peripheral in linked.values { peripheral.setReconnectPolicy(nil) }
        linked = [:]
        if let central { await central.close() }
        central = nil
    }

    // MARK: The radio and its devices

    /// The central, opened on first use; 503 `closed` once the link is closed.
    public func openCentral() async throws -> Central {
        if isClosed { throw DashboardError(.serviceUnavailable, "closed", "the dashboard is shutting down") }
        if let central { return central }
        if let opening { return try await opening.value }
        let configuration = configuration
        let task = Task { () throws -> Central in
            if let open = configuration.openBackend { return try await open() }
            return try await Central.open(
                configuration.transport, sim: configuration.sim, configuration: BLEHost.Configuration(bondStore: configuration.bondStore), logger: configuration.logger
            )
        }
        opening = task
        defer { opening = nil }
        do {
            let opened = try await task.value
            central = opened
            openFailureRadioState = nil
            return opened
        } catch {
            openFailureRadioState = (error as? BLEError)?.radioState ?? .poweredOff
            throw DashboardError.from(error)
        }
    }

    /// The known peripheral at `address`, or the one heard while listening for it for up to
    /// `searchTime` (the configured one when nil); 504 `notHeard` when it was not heard.
    public func peripheral(_ address: String, searchTime: Duration? = nil) async throws -> Peripheral {
        let key = Self.key(address)
        let central = try await openCentral()
        if let known = await central.peripherals.first(where: { $0.identifier.description.uppercased() == key }) {
            return known
        }
        let searchTime = searchTime ?? configuration.searchTime
        let heard = try await scan(for: searchTime) { $0.address.description.uppercased() == key }
        guard let found = heard.first(where: { $0.address.description.uppercased() == key }) else {
            throw DashboardError(.gatewayTimeout, "notHeard", "\(key) was not heard within \(searchTime); check it is switched on and in range")
        }
        return found.peripheral
    }

    private func connected(_ key: String, connect: @Sendable (Peripheral) async throws -> Void) async throws -> Peripheral {
        let peripheral: Peripheral
        if let known = linked[key] {
            peripheral = known
        } else {
            peripheral = try await self.peripheral(key)
            linked[key] = peripheral
        }
        if !peripheral.isConnected {
            switch peripheral.state {
            case .reconnecting, .connecting:
                // The policy is at it; a fresh attempt now serves the request sooner. Its
                // cancellation takes a moment: until it is through, a connect is refused ("is
                // reconnecting; wait for it"), as a firmware update started then was.
                peripheral.setReconnectPolicy(nil)
                await Self.settle(peripheral, within: .seconds(15))
            default:
                break
            }
            if !peripheral.isConnected { try await connect(peripheral) }
            peripheral.setReconnectPolicy(configuration.reconnectPolicy)
        }
        return peripheral
    }

    /// Waits (at most `limit`) until the peripheral is connected or disconnected.
    private static func settle(_ peripheral: Peripheral, within limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await state in peripheral.states() {
                    switch state {
                    case .connected, .disconnected: return
                    default: continue
                    }
                }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    // MARK: Use counting and the idle timer

    private func retain(_ key: String) {
        users[key, default: 0] += 1
        idleTimers[key]?.disarm()
    }

    private func releaseUse(_ key: String) {
        let count = max(0, users[key, default: 0] - 1)
        users[key] = count == 0 ? nil : count
        guard count == 0, linked[key] != nil else { return }
        let timer = idleTimers[key] ?? DeadlineTimer(clock: configuration.clock) { [weak self] _ in await self?.idleExpired(key) }
        idleTimers[key] = timer
        timer.arm(after: configuration.idleTimeout)
    }

    private func idleExpired(_ key: String) async {
        guard users[key] == nil, let timer = idleTimers.removeValue(forKey: key) else { return }
        timer.cancel()
        await disconnect(key)
    }

    // MARK: One operation at a time per device

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

extension PeripheralState {
    /// The state as the API and the live sockets name it: `connected`, `connecting`,
    /// `disconnected`, `disconnecting`, `reconnecting`.
    package var wireName: String {
        switch self {
        case .connected: "connected"
        case .connecting: "connecting"
        case .disconnected: "disconnected"
        case .disconnecting: "disconnecting"
        case .reconnecting: "reconnecting"
        }
    }
}
