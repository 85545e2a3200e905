import Synchronization

/// A timeout that is armed and disarmed many times (once per ATT transaction, once per use of a
/// connection) with at most one sleeping task behind it.
///
/// A task per timeout that sleeps and is cancelled when the work finishes costs a task, and its
/// sleep stays scheduled (with its memory) until the deadline even when cancelled: at one ATT
/// transaction every few milliseconds and a 30 s timeout that is thousands of sleeps in flight.
/// Here one task sleeps until the earliest deadline it knows; when it wakes it fires if the
/// deadline armed now has passed, or sleeps again until that one. Arming again while it sleeps
/// only moves the deadline (a sooner one wakes it early).
///
/// ```swift
/// let timer = DeadlineTimer(clock: ContinuousClock()) { token in await bearer.timedOut(token) }
/// timer.arm(after: .seconds(30), token: id)   // a transaction starts
/// timer.disarm()                              // its answer came
/// ```
public final class DeadlineTimer: Sendable {
    private let box: any DeadlineTimerBox

    /// Creates a disarmed timer.
    ///
    /// - Parameters:
    ///   - clock: the clock of the deadlines (a manual clock in tests).
    ///   - fire: called with the token of the arming whose deadline passed, at most once per
    ///     arming, from a task of the timer.
    public init(clock: any Clock<Duration>, fire: @escaping @Sendable (_ token: UInt64) async -> Void) {
        box = Self.makeBox(clock, fire)
    }

    private static func makeBox<C: Clock<Duration>>(_ clock: C, _ fire: @escaping @Sendable (UInt64) async -> Void) -> any DeadlineTimerBox {
        ClockDeadlineTimer(clock: clock, fire: fire)
    }

    /// Sets the deadline to `delay` from now, for `token` (replacing any deadline armed before).
    public func arm(after delay: Duration, token: UInt64 = 0) {
        box.arm(after: delay, token: token)
    }

    /// Drops the deadline; nothing fires until the timer is armed again.
    public func disarm() {
        box.disarm()
    }

    /// Drops the deadline and stops the sleeping task; arming again starts a new one.
    public func cancel() {
        box.cancel()
    }

    deinit {
        box.cancel()
    }
}

private protocol DeadlineTimerBox: Sendable {
    func arm(after delay: Duration, token: UInt64)
    func disarm()
    func cancel()
}

private final class ClockDeadlineTimer<C: Clock<Duration>>: DeadlineTimerBox {
    private struct State {
        /// The deadline armed now, and its token.
        var deadline: C.Instant?
        var token: UInt64 = 0
        /// The sleeping task, the instant it sleeps until, and its number (a task that was
        /// replaced finds another number when it wakes, and ends).
        var sleeper: Task<Void, Never>?
        var sleepsUntil: C.Instant?
        var generation: UInt64 = 0
    }

    private let clock: C
    private let fire: @Sendable (UInt64) async -> Void
    private let state = Mutex(State())

    init(clock: C, fire: @escaping @Sendable (UInt64) async -> Void) {
        self.clock = clock
        self.fire = fire
    }

    func arm(after delay: Duration, token: UInt64) {
        let deadline = clock.now.advanced(by: delay)
        let replaced: Task<Void, Never>? = state.withLock { state in
            state.deadline = deadline
            state.token = token
            if state.sleeper != nil, let sleepsUntil = state.sleepsUntil, sleepsUntil <= deadline {
                return nil  // it wakes in time and sleeps again until this deadline
            }
            let old = state.sleeper
            state.generation &+= 1
            state.sleepsUntil = deadline
            state.sleeper = startSleeper(until: deadline, generation: state.generation)
            return old
        }
        replaced?.cancel()
    }

    func disarm() {
        state.withLock { $0.deadline = nil }
    }

    func cancel() {
        let sleeper: Task<Void, Never>? = state.withLock { state in
            state.deadline = nil
            state.generation &+= 1
            state.sleepsUntil = nil
            defer { state.sleeper = nil }
            return state.sleeper
        }
        sleeper?.cancel()
    }

    private func startSleeper(until first: C.Instant, generation: UInt64) -> Task<Void, Never> {
        // Holds the box weakly: a timer nobody keeps stops when its task next wakes.
        Task { [weak self, clock] in
            var target = first
            while true {
                do {
                    try await clock.sleep(until: target, tolerance: nil)
                } catch {
                    return
                }
                guard let self else { return }
                switch self.wake(generation: generation, now: clock.now) {
                case .stop: return
                case .sleep(let next): target = next
                case .fire(let token):
                    await self.fire(token)
                    return
                }
            }
        }
    }

    private enum Wake {
        case stop
        case sleep(until: C.Instant)
        case fire(UInt64)
    }

    private func wake(generation: UInt64, now: C.Instant) -> Wake {
        state.withLock { state in
            guard state.generation == generation else { return .stop }
            guard let deadline = state.deadline else {
                state.sleeper = nil
                state.sleepsUntil = nil
                return .stop
            }
            if now >= deadline {
                state.deadline = nil
                state.sleeper = nil
                state.sleepsUntil = nil
                return .fire(state.token)
            }
            state.sleepsUntil = deadline
            return .sleep(until: deadline)
        }
    }
}
