import BLE
import BLEProfiles
import DashboardShell
import Foundation
import Synchronization

/// How the Bean panel watches a Bean's 30 LEDs: a stream of the pixels, the strip as it is first,
/// then after each `strip.show()` of the Bean's sketch; nil when that Bean's strip cannot be seen.
/// Only a virtual Bean's can (`nightlight dashboard` on the `sim` transport): a real strip is
/// wired to the Bean, not on the radio.
public typealias BeanStripWatch = @Sendable (_ address: String) async -> AsyncStream<NeoPixelStrip>?

/// The seed devices behind the device panels (`/api/panels/…`): one profile client per device
/// on the dashboard's one radio (``RadioLink``), one operation at a time per device, the bulbs'
/// hue cycles running in the background, and connections released after an idle time.
package actor PanelDevices {
    /// How the panels reach the devices.
    package struct Configuration: Sendable {
        /// Times searches, cycles, leases and the idle timer.
        var clock: any Clock<Duration>
        /// The wall clock of the records.
        var now: @Sendable () -> Date = { Date() }
        /// How long to listen for a device the radio does not know yet.
        var searchTime: Duration = .seconds(5)
        /// How long a connection stays up after its last use.
        var idleTimeout: Duration = .seconds(60)
        /// A hue cycle stops when nobody asked for its progress for this long (the page went away).
        var cycleLease: Duration = .seconds(15)
        /// Where a Bean's LEDs are watched (nil: nowhere; see ``BeanStripWatch``).
        var beanStrips: BeanStripWatch?

        /// Timing on `clock`, with the wall clock `now`; Beans' strips watched through `beanStrips`.
        package init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = { Date() }, beanStrips: BeanStripWatch? = nil) {
            self.clock = clock
            self.now = now
            self.beanStrips = beanStrips
        }
    }

    /// The radio.
    let link: RadioLink
    /// How the panels reach the devices.
    nonisolated let configuration: Configuration
    private var profiles: [String: any PeripheralProfile] = [:]
    private(set) var users: [String: Int] = [:]
    private var idleTimers: [String: Task<Void, Never>] = [:]
    private var bandKeys: [String: MiBand2Key] = [:]
    private(set) var cycles: [String: HueCycle] = [:]

    /// Creates the panels' view of `link`.
    package init(link: RadioLink, configuration: Configuration) {
        self.link = link
        self.configuration = configuration
    }

    // MARK: The list

    /// Listens for `duration` and returns the seed devices heard, strongest first, with those the
    /// panels are connected to (a connected device does not advertise).
    func scan(for duration: Duration) async throws -> [PanelDeviceList.Entry] {
        let heard = try await link.scan(for: duration)
        var entries = heard.compactMap { discovery in
            PanelKind.of(discovery.advertisement).map {
                PanelDeviceList.Entry(kind: $0, address: discovery.address.description.uppercased(), name: discovery.name, rssi: discovery.rssi)
            }
        }
        let listed = Set(entries.map(\.address))
        for (address, profile) in profiles where !listed.contains(address) && profile.peripheral.isConnected {
            let kind: PanelKind? = switch profile {
            case is Bean: .bean
            case is ColorBulb: .bulb
            case is MiBand2: .miband
            case is SensorTag: .sensortag
            default: nil
            }
            if let kind {
                entries.append(PanelDeviceList.Entry(kind: kind, address: address, name: profile.peripheral.name, rssi: profile.peripheral.rssi, isConnected: true))
            }
        }
        return entries.sorted { ($0.rssi ?? -200) > ($1.rssi ?? -200) }
    }

    // MARK: Bean

    /// Reads bank 1 as the light, as the seed's app does when its screen opens.
    func beanState(_ address: String) async throws -> PanelBeanState {
        try await withProfile(address, { Bean($0) }) { bean in
            PanelBeanState(address: address, light: try await bean.readLight())
        }
    }

    /// Writes the light to bank 1 (as the app's `sendUpdateToBean`), then reads it back.
    func setBean(_ address: String, _ light: BeanLight) async throws -> PanelBeanState {
        try await withProfile(address, { Bean($0) }) { bean in
            try await bean.setLight(light)
            return PanelBeanState(address: address, light: try await bean.readLight())
        }
    }

    // MARK: Bulb

    /// Sets the bulb's color, stopping its hue cycle first.
    func setBulbColor(_ address: String, _ color: RGB) async throws {
        await stopCycle(address, reason: "stopped: a color was set")
        try await withProfile(address, { ColorBulb($0) }) { bulb in try await bulb.setColor(color) }
    }

    /// Starts a hue cycle (replacing a running one); it runs until ``stopCycle(_:reason:)``, a
    /// failure, or nobody asks for its progress within the lease.
    func startCycle(_ address: String, period: Duration, steps: Int) async throws -> PanelCycleRecord {
        await stopCycle(address, reason: "stopped: a new cycle started")
        let bulb = try await withProfile(address, { ColorBulb($0) }) { bulb in bulb }
        // Another request may have started a cycle while this one connected: one cycle per bulb.
        while let running = cycles[address], running.isRunning {
            await stopCycle(address, reason: "stopped: a new cycle started")
        }
        let periodSeconds = Double(period.components.seconds) + Double(period.components.attoseconds) / 1e18
        let cycle = HueCycle(
            record: PanelCycleRecord(state: "running", address: address, steps: steps, periodSeconds: periodSeconds, startedAt: configuration.now()),
            clock: configuration.clock
        )
        cycles[address] = cycle
        retain(address)
        let configuration = configuration
        cycle.task = Task { [weak self] in
            await cycle.run(bulb: bulb, period: period, steps: steps, configuration: configuration)
            await self?.cycleEnded(address, cycle)
        }
        return cycle.snapshot()
    }

    /// The bulb's current or last hue cycle (renewing a running cycle's lease), or `idle`.
    func cycleRecord(_ address: String) -> PanelCycleRecord {
        guard let cycle = cycles[address] else { return PanelCycleRecord(state: "idle", address: address) }
        cycle.renew()
        return cycle.snapshot()
    }

    /// Stops the bulb's hue cycle, if one runs, and waits for it to end; returns its record.
    @discardableResult
    func stopCycle(_ address: String, reason: String = "stopped on request") async -> PanelCycleRecord {
        guard let cycle = cycles[address] else { return PanelCycleRecord(state: "idle", address: address) }
        cycle.stop(reason: reason, at: configuration.now())
        await cycle.task?.value
        return cycle.snapshot()
    }

    /// Stops every hue cycle and the idle timers (the server stops).
    package func stopAll() async {
        while let address = cycles.first(where: { $0.value.isRunning })?.key {
            await stopCycle(address, reason: "stopped: the dashboard stopped")
        }
        for timer in idleTimers.values { timer.cancel() }
        idleTimers = [:]
    }

    private func cycleEnded(_ address: String, _ cycle: HueCycle) {
        cycle.finish(at: configuration.now())
        releaseUse(address)
    }

    // MARK: Mi Band

    /// Authenticates with `key`, pairing first when the band does not take it (its wearer taps
    /// the band; the virtual band's wearer does so by themselves); the key is kept for the
    /// band's other routes.
    func authenticateBand(_ address: String, key: MiBand2Key) async throws -> PanelBandAuth {
        let clock = configuration.clock
        let paired = try await withProfile(address, { MiBand2($0, clock: clock) }) { band in
            do {
                try await band.authenticate(key: key)
                return false
            } catch let error as ProfileError where error.code == .authenticationFailed {
                try await band.pair(key: key)
                return true
            }
        }
        bandKeys[address] = key
        return PanelBandAuth(address: address, authenticated: true, paired: paired)
    }

    /// The key ``authenticateBand(_:key:)`` kept for the band; a 409 `notAuthenticated` before.
    func bandKey(_ address: String) throws -> MiBand2Key {
        guard let key = bandKeys[address] else {
            throw DashboardError(.conflict, "notAuthenticated", "authenticate with the band first (POST /api/panels/miband/\(address)/auth)")
        }
        return key
    }

    /// Runs `body` on the band, authenticated again with the key of ``authenticateBand(_:key:)``
    /// (a 409 `notAuthenticated` before that).
    func withBand<T: Sendable>(_ address: String, _ body: @escaping @Sendable (MiBand2) async throws -> T) async throws -> T {
        let key = try bandKey(address)
        let clock = configuration.clock
        return try await withProfile(address, { MiBand2($0, clock: clock) }) { band in
            try await band.authenticate(key: key)
            return try await body(band)
        }
    }

    // MARK: SensorTag

    /// Live readings of every sensor of the tag, each `period`, until the stream is dropped;
    /// after a failure an `error` message is sent and the readings are started again.
    nonisolated func tagReadings(_ address: String, period: Duration) -> AsyncStream<PanelLiveMessage> {
        let (clock, now) = (configuration.clock, configuration.now)
        return feed(
            address, { SensorTag($0, clock: clock) },
            start: { tag in try await tag.readings(SensorTagSensor.allCases, period: period) },
            connected: { PanelLiveMessage(type: "connection", connection: "connected", at: now()) },
            failed: { PanelLiveMessage(type: "error", message: $0, at: now()) }
        ) { reading in
            if let keys = reading.keysDown {
                let table: [(SensorTagKeys, String)] = [(.left, "left"), (.right, "right"), (.side, "side")]
                return PanelLiveMessage(type: "keys", sensor: .keys, keys: table.filter { keys.contains($0.0) }.map(\.1), at: now())
            }
            return PanelLiveMessage(type: "reading", sensor: reading.sensor, values: reading.quantities, at: now())
        }
    }

    /// A live feed of a device: `start` (run with the device's profile, connected) gives the
    /// values, each sent as `message(value)`, after `connected()`; after a failure
    /// `failed(reason)` is sent and the values are started again 2 s later. The device stays in
    /// use (no idle disconnection) until the stream is dropped.
    nonisolated func feed<P: PeripheralProfile, Value: Sendable, Message: Sendable>(
        _ address: String, _ make: @escaping @Sendable (Peripheral) -> P,
        start: @escaping @Sendable (P) async throws -> AsyncThrowingStream<Value, any Error>,
        connected: @escaping @Sendable () -> Message, failed: @escaping @Sendable (String) -> Message,
        message: @escaping @Sendable (Value) -> Message
    ) -> AsyncStream<Message> {
        let clock = configuration.clock
        return AsyncStream { continuation in
            let task = Task {
                await self.retain(address)
                while !Task.isCancelled {
                    do {
                        let values = try await self.withProfile(address, make, start)
                        continuation.yield(connected())
                        for try await value in values { continuation.yield(message(value)) }
                    } catch {
                        if Task.isCancelled { break }
                        continuation.yield(failed(Self.error(error).message))
                    }
                    try? await clock.sleep(for: .seconds(2), tolerance: nil)
                }
                await self.releaseUse(address)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Connections

    /// Runs `body` with the device's profile, connected (and discovered) if needed, after the
    /// operations already waiting for the device; profile failures become ``DashboardError``s.
    func withProfile<P: PeripheralProfile, T: Sendable>(
        _ address: String, _ make: @escaping @Sendable (Peripheral) -> P, _ body: @escaping @Sendable (P) async throws -> T
    ) async throws -> T {
        retain(address)
        defer { releaseUse(address) }
        do {
            return try await link.withDeviceLock(address) {
                let profile = try await self.profile(address, make)
                if !profile.peripheral.isConnected {
                    try await profile.connect()
                }
                return try await body(profile)
            }
        } catch {
            throw Self.error(error)
        }
    }

    private func profile<P: PeripheralProfile>(_ address: String, _ make: @Sendable (Peripheral) -> P) async throws -> P {
        if let known = profiles[address] as? P { return known }
        let peripheral = try await link.peripheral(address, searchTime: configuration.searchTime)
        let profile = make(peripheral)
        if peripheral.isConnected { try await profile.discover() }
        profiles[address] = profile
        return profile
    }

    private func retain(_ address: String) {
        users[address, default: 0] += 1
        idleTimers.removeValue(forKey: address)?.cancel()
    }

    private func releaseUse(_ address: String) {
        let count = max(0, users[address, default: 0] - 1)
        users[address] = count == 0 ? nil : count
        guard count == 0, profiles[address] != nil else { return }
        let (clock, timeout) = (configuration.clock, configuration.idleTimeout)
        idleTimers[address]?.cancel()
        idleTimers[address] = Task { [weak self] in
            do {
                try await clock.sleep(for: timeout, tolerance: nil)
            } catch {
                return
            }
            await self?.idleExpired(address)
        }
    }

    private func idleExpired(_ address: String) async {
        guard users[address] == nil, idleTimers.removeValue(forKey: address) != nil, let profile = profiles[address] else { return }
        // The Explorer or a nightlight page may use the connection too.
        guard await link.useCount(address) == 0 else { return }
        try? await profile.peripheral.disconnect()
    }

    /// A failure as the panel routes answer it.
    static func error(_ error: any Error) -> DashboardError {
        guard let error = error as? ProfileError else { return DashboardError.from(error) }
        switch error.code {
        case .disconnected: return DashboardError(.badGateway, "unreachable", error.message)
        case .refused: return DashboardError(.unprocessableContent, "refused", error.message)
        case .timedOut: return DashboardError(.gatewayTimeout, "timedOut", error.message)
        case .invalidArgument: return DashboardError(.badRequest, "invalidValue", error.message)
        case .authenticationFailed, .notConfirmed: return DashboardError(.conflict, error.code.rawValue, error.message)
        case .wrongDevice: return DashboardError(.badGateway, "wrongDevice", error.message)
        case .bluetooth:
            if let ble = error.bleError { return DashboardError(DashboardError.from(ble).status, DashboardError.from(ble).code, error.message) }
            return DashboardError(.badGateway, "unreachable", error.message)
        default: return DashboardError(.badGateway, error.code.rawValue, error.message)
        }
    }
}

/// One hue cycle of a bulb: its record (updated as colors go out), its lease, and its task.
final class HueCycle: Sendable {
    private struct State {
        var record: PanelCycleRecord
        /// Seconds (on the cycle's clock) since someone last asked for the progress.
        var unseenSeconds = 0
        var stopReason: String?
        var task: Task<Void, Never>?
    }

    private let state: Mutex<State>
    private let clock: any Clock<Duration>

    init(record: PanelCycleRecord, clock: any Clock<Duration>) {
        state = Mutex(State(record: record))
        self.clock = clock
    }

    /// The task running the cycle.
    var task: Task<Void, Never>? {
        get { state.withLock { $0.task } }
        set { state.withLock { $0.task = newValue } }
    }

    /// The record now.
    func snapshot() -> PanelCycleRecord { state.withLock { $0.record } }

    /// Whether its task has not ended yet.
    var isRunning: Bool { state.withLock { $0.record.state == "running" } }

    /// Someone asked for the progress: the page is still there.
    func renew() { state.withLock { $0.unseenSeconds = 0 } }

    /// Asks the cycle to stop, saying why.
    func stop(reason: String, at date: Date) {
        let task = state.withLock { state -> Task<Void, Never>? in
            if state.record.state == "running", state.stopReason == nil { state.stopReason = reason }
            return state.task
        }
        task?.cancel()
    }

    /// Records the end.
    func finish(at date: Date) {
        state.withLock { state in
            guard state.record.state == "running" else { return }
            state.record.state = "stopped"
            state.record.message = state.stopReason ?? "stopped"
            state.record.finishedAt = date
        }
    }

    /// Runs the cycle until cancelled, failed, or the lease runs out.
    func run(bulb: ColorBulb, period: Duration, steps: Int, configuration: PanelDevices.Configuration) async {
        let lease = configuration.cycleLease
        let leaseSeconds = Double(lease.components.seconds) + Double(lease.components.attoseconds) / 1e18
        renew()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await bulb.cycle(period: period, steps: steps, clock: self.clock) { index, color in
                        self.state.withLock { state in
                            state.record.sent = index + 1
                            state.record.cycles = (index + 1) / steps
                            state.record.percent = (Double((index + 1) % steps) / Double(steps) * 1000).rounded() / 10
                            state.record.color = color.hex
                        }
                    }
                } catch is CancellationError {
                } catch {
                    if Task.isCancelled { return }
                    self.state.withLock { state in
                        state.record.state = "failed"
                        state.record.message = PanelDevices.error(error).message
                        state.record.finishedAt = configuration.now()
                    }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await self.clock.sleep(for: .seconds(1), tolerance: nil)
                    let expired = self.state.withLock { state in
                        state.unseenSeconds += 1
                        guard Double(state.unseenSeconds) > leaseSeconds else { return false }
                        if state.stopReason == nil { state.stopReason = "stopped: the page went away" }
                        return true
                    }
                    if expired { return }
                }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }
}
