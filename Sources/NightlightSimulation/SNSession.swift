import BLECore
import BLEGATT
import BLEHost
import Logging
import Nightlight
import Synchronization

/// One run of a virtual SN's firmware, from boot to restart: the firmware core behind a lock, the
/// clock it runs on, and the stream of outputs its I/O side sends, saves and advertises.
///
/// Every access goes through ``perform(force:_:)``: time passes up to now, the body runs, and what
/// changed is queued as one ``SNFirmwareOutput``, in order.
final class SNSession: Sendable {
    /// Counts the sessions of a device: a restart makes a higher one.
    let generation: Int
    /// The device's logger.
    let logger: Logger
    /// The outputs, for the single consumer that sends them.
    let outputs: AsyncStream<SNFirmwareOutput>
    private let continuation: AsyncStream<SNFirmwareOutput>.Continuation
    private let core: Mutex<SNFirmwareCore>
    private let uptime: @Sendable () -> Double
    private let hostTime: @Sendable () -> Double
    private let backlog = Atomic<Int>(0)

    /// A session running `core` on `clock` from now on; `hostTime` dates the flash saves.
    init<C: Clock<Duration>>(generation: Int, core: SNFirmwareCore, clock: C, hostTime: @escaping @Sendable () -> Double, logger: Logger) {
        self.generation = generation
        self.logger = logger
        self.core = Mutex(core)
        self.hostTime = hostTime
        let start = clock.now
        uptime = { start.duration(to: clock.now).inSeconds }
        (outputs, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Lets time pass up to now, runs `body` on the firmware, and queues what changed (always an
    /// output when `force` is set, so the advertisement is retried).
    @discardableResult
    func perform<Result: Sendable>(force: Bool = false, _ body: (inout SNFirmwareCore) -> Result) -> Result {
        core.withLock { core in
            core.advance(to: uptime())
            let result = body(&core)
            // Queued under the lock, so outputs leave in the order they were collected.
            if var output = core.collect(savedAt: hostTime(), force: force) {
                // Status flag bit5 (§9.1): the pairing window, which a tick closes.
                output.advertisement = VirtualNightlight.advertisement(of: core)
                if let save = output.save { output.save = (Self.forFlash(save.state, uptime: core.uptime, savedAt: save.savedAt), save.savedAt) }
                backlog.add(1, ordering: .sequentiallyConsistent)
                continuation.yield(output)
            }
            return result
        }
    }

    /// Runs `body`, which changes nothing the device notifies, advertises, saves or logs (a
    /// Firmware Data write, §7: it only appends to the transfer), without letting time pass or
    /// collecting an output: a transfer's thousands of writes a second each cost the append
    /// alone. Whatever time changes meanwhile is caught up by the next ``perform(force:_:)``:
    /// the transfer's next Control Point request, or the firmware's tick within the second.
    @discardableResult
    func performWithoutOutput<Result: Sendable>(_ body: (inout SNFirmwareCore) -> Result) -> Result {
        core.withLock { body(&$0) }
    }

    /// The consumer finished with one output.
    func outputDone() {
        backlog.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Whether every output queued so far has been sent, advertised and saved.
    var isIdle: Bool { backlog.load(ordering: .sequentiallyConsistent) == 0 }

    /// The state to keep in flash now, and the host time to date it with.
    func snapshot() -> (state: SNDeviceState, savedAt: Double) {
        let savedAt = hostTime()
        let state = core.withLock { core in
            core.advance(to: uptime())
            return Self.forFlash(core.state, uptime: core.uptime, savedAt: savedAt)
        }
        return (state, savedAt)
    }

    /// `state` as the flash keeps it: the pairing window's end in host time (seconds since
    /// 1970), so it stays open across a restart or another process (``VirtualNightlight`` boots
    /// it back into uptime).
    static func forFlash(_ state: SNDeviceState, uptime: Double, savedAt: Double) -> SNDeviceState {
        var state = state
        state.pairingWindowCloses = state.pairingWindowCloses.flatMap { closes in closes > uptime ? savedAt + (closes - uptime) : nil }
        return state
    }

    /// Ends the output stream.
    func finish() {
        continuation.finish()
    }
}

/// What a ``VirtualNightlight`` value shares with its running firmware: the flash and the current
/// session, which the simulator controls wait for.
final class SNRuntime: Sendable {
    private struct Registry {
        var session: SNSession?
        var generation = 0
        var nextWaiter = 0
        var waiters: [Int: (after: Int, continuation: CheckedContinuation<SNSession, any Error>)] = [:]
    }

    /// The device's flash.
    let flash: SNFlash
    private let registry = Mutex(Registry())

    init(flash: SNFlash) {
        self.flash = flash
    }

    /// A generation number higher than every earlier session's.
    func nextGeneration() -> Int {
        registry.withLock { registry in
            registry.generation += 1
            return registry.generation
        }
    }

    /// Makes `session` the running one and hands it to those waiting for it.
    func publish(_ session: SNSession) {
        let ready = registry.withLock { registry -> [CheckedContinuation<SNSession, any Error>] in
            registry.session = session
            let due = registry.waiters.filter { $0.value.after < session.generation }
            for key in due.keys { registry.waiters[key] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume(returning: session) }
    }

    /// `session` stopped running.
    func withdraw(_ session: SNSession) {
        registry.withLock { registry in
            if registry.session === session { registry.session = nil }
        }
    }

    /// The running session now, without waiting; nil while the firmware restarts or is stopped.
    func running() -> SNSession? {
        registry.withLock { $0.session }
    }

    /// The running session of a generation above `generation`, waiting until there is one.
    ///
    /// Throws `CancellationError` when the task is cancelled while waiting.
    func session(after generation: Int = 0) async throws -> SNSession {
        let id = registry.withLock { registry in
            registry.nextWaiter += 1
            return registry.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SNSession, any Error>) in
                let ready = registry.withLock { registry -> SNSession? in
                    if let session = registry.session, session.generation > generation { return session }
                    if Task.isCancelled { return nil }
                    registry.waiters[id] = (generation, continuation)
                    return nil
                }
                if let ready {
                    continuation.resume(returning: ready)
                } else if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = registry.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// Keeps a SN's advertisement up to date (SN profile §1): the manufacturer data changes with the
/// battery, the status flags and the mode. While every connection slot is taken, a change waits
/// for a slot, since re-enabling advertising would let another central in.
struct SNAdvertiser {
    /// Advertising every 100 ms, connectable, two centrals at a time (an app and a dashboard).
    static let parameters = AdvertisingParameters(interval: .milliseconds(100) ... .milliseconds(100), maximumConnections: 2)

    let host: any PeripheralHost
    /// The scan response: the Complete Local Name.
    let scanResponse: AdvertisingData
    let logger: Logger
    private var advertised: SNAdvertisement?

    init(host: any PeripheralHost, name: String, logger: Logger) {
        self.host = host
        scanResponse = SNAdvertisement.scanResponse(name: name)
        self.logger = logger
    }

    /// Advertises `advertisement` unless it already is, or waits for a free slot.
    mutating func update(_ advertisement: SNAdvertisement) async {
        guard advertisement != advertised else { return }
        let peripherals = await host.peripheralLinks.count
        guard peripherals < Self.parameters.maximumConnections else { return }
        do {
            try await host.startAdvertising(data: advertisement.advertisingData(), scanResponse: scanResponse, parameters: Self.parameters)
            advertised = advertisement
        } catch {
            logger.warning("could not update the advertisement", metadata: ["error": "\(error)"])
        }
    }
}

