@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import NIOCore

/// Swift concurrency's default executor on NIO's event loops: the jobs of tasks, and the wake-ups
/// of `Task.sleep` and of every clock's `sleep`, run on the loops of `group`.
///
/// Swift's own default executor runs a task that slept on libdispatch: a timer source in
/// libdispatch's manager thread, then a worker thread to enqueue the job. With NIO's loops as the
/// global executor (``installAsDefault(on:)``) the jobs already ran on the loops; this executor
/// also takes the delayed jobs, so a sleep is one scheduled task on a loop and the server runs on
/// its loops, its main thread and no pool of libdispatch workers.
///
/// Delays are taken on NIO's monotonic clock: exact for `ContinuousClock` and `SuspendingClock`
/// (their instants differ from it by a constant while the machine runs); a sleep on any other
/// clock goes to Swift's platform executor.
package final class EventLoopTaskExecutor: TaskExecutor, SchedulingExecutor, Sendable {
    private let group: any EventLoopGroup
    private let fallback: any TaskExecutor

    /// Creates an executor on `group`'s loops (the current loop when a job is enqueued from one
    /// of them, another of the group's otherwise).
    package init(group: any EventLoopGroup) {
        self.group = group
        fallback = PlatformExecutorFactory.defaultExecutor
    }

    /// Runs `job` on an event loop of the group.
    package func enqueue(_ job: consuming ExecutorJob) {
        group.any().enqueue(job)
    }

    /// Runs `job` on an event loop of the group at `instant` of `clock`.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        guard let delay = clock.now.duration(to: instant) as? Duration else {
            Self.platformEnqueue(fallback, job, at: instant, tolerance: tolerance, clock: clock)
            return
        }
        schedule(job, after: delay)
    }

    /// Runs `job` on an event loop of the group after `delay` of `clock`.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        guard let converted = delay as? Duration else {
            Self.platformEnqueue(fallback, job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
            return
        }
        schedule(job, after: converted)
    }

    private func schedule(_ job: consuming ExecutorJob, after delay: Duration) {
        let loop = group.any()
        let unowned = UnownedJob(job)
        if delay <= .zero {
            loop.enqueue(ExecutorJob(unowned))
            return
        }
        let (seconds, attoseconds) = delay.components
        // Whole nanoseconds, rounded up: a sleep never wakes early. Capped far in the future.
        let nanoseconds = seconds >= Int64.max / 1_000_000_000 - 1
            ? Int64.max / 2
            : seconds * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
        loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            loop.enqueue(ExecutorJob(unowned))
        }
    }

    private static func platformEnqueue<C: Clock>(
        _ executor: any TaskExecutor, _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
        if let scheduling = executor as? any SchedulingExecutor {
            scheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            executor.enqueue(job)
        }
    }

    /// Makes an executor on `group` Swift concurrency's default executor for the rest of the
    /// process (the main actor stays on the main thread). Call it once, before the server
    /// starts; a sleep that began before goes on where it began.
    ///
    /// Uses the Swift 6.3 run time's executor factory (an experimental interface of the
    /// standard library, `_createExecutors(factory:)`).
    package static func installAsDefault(on group: any EventLoopGroup) {
        Installed.group = group
        _createExecutors(factory: Installed.self)
    }

    private enum Installed: ExecutorFactory {
        /// Set once by ``installAsDefault(on:)`` right before the run time reads the factory.
        nonisolated(unsafe) static var group: (any EventLoopGroup)?
        static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
        static var defaultExecutor: any TaskExecutor {
            guard let group else { return PlatformExecutorFactory.defaultExecutor }
            return EventLoopTaskExecutor(group: group)
        }
    }
}
