import DashboardShell
import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing

/// ``EventLoopTaskExecutor`` runs tasks and their sleeps' wake-ups on NIO's event loops (tried as
/// a task executor preference: installing it as the default executor is for the whole process).
@Suite("Dashboard: tasks and sleeps on the event loops")
struct EventLoopTaskExecutorTests {
    @Test func aTaskAndItsSleepsRunOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let executor = EventLoopTaskExecutor(group: group)
        let loop = group.next()
        let (onLoopBefore, onLoopAfter, waited) = try await Task(executorPreference: executor) {
            let before = loop.inEventLoop
            let start = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(20))
            let waited = ContinuousClock.now - start
            try await SuspendingClock().sleep(for: .milliseconds(1))
            return (before, loop.inEventLoop, waited)
        }.value
        #expect(onLoopBefore)
        #expect(onLoopAfter)
        #expect(waited >= .milliseconds(20))
        try await group.shutdownGracefully()
    }

    /// The wake-up is the loop's scheduled task: on a test loop whose time only moves when the
    /// test says, an hour's sleep ends when the loop's time is advanced by an hour.
    @Test func theWakeUpIsScheduledOnTheLoop() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let executor = EventLoopTaskExecutor(group: loop)
        let woke = Mutex(false)
        let sleeper = Task(executorPreference: executor) {
            try await Task.sleep(for: .seconds(3_600))
            woke.withLock { $0 = true }
        }
        for _ in 0..<1_000 where !woke.withLock({ $0 }) {
            await loop.advanceTime(by: .seconds(3_600))
            await Task.yield()
        }
        #expect(woke.withLock { $0 })
        sleeper.cancel()  // when it did not wake (a failure), not an hour's wait
        _ = await sleeper.result
        await loop.shutdownGracefully()
    }

    /// A sleep cancelled early ends at once (CancellationError), not at its deadline.
    @Test func aCancelledSleepEndsAtOnce() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let executor = EventLoopTaskExecutor(group: group)
        let sleeper = Task(executorPreference: executor) { () -> Bool in
            do {
                try await Task.sleep(for: .seconds(3_600))
                return false
            } catch {
                return error is CancellationError
            }
        }
        try await Task.sleep(for: .milliseconds(10))
        sleeper.cancel()
        #expect(await sleeper.value)
        try await group.shutdownGracefully()
    }

    /// A zero or past deadline runs the job without a timer.
    @Test func aPastDeadlineRunsAtOnce() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let executor = EventLoopTaskExecutor(group: group)
        let loop = group.next()
        let ran = try await Task(executorPreference: executor) { () -> Bool in
            try await ContinuousClock().sleep(until: .now - .seconds(1), tolerance: nil)
            try await Task.sleep(for: .zero)
            return loop.inEventLoop
        }.value
        #expect(ran)
        try await group.shutdownGracefully()
    }
}
