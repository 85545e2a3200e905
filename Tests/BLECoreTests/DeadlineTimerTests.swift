import BLECore
import BLETesting
import Synchronization
import Testing

@Suite struct DeadlineTimerTests {
    /// What a timer fired, in order.
    final class Firings: Sendable {
        private let tokens = Mutex<[UInt64]>([])
        var all: [UInt64] { tokens.withLock { $0 } }
        func record(_ token: UInt64) { tokens.withLock { $0.append(token) } }

        /// Waits (yielding) until `count` firings are recorded; returns whether they were.
        func wait(for count: Int) async -> Bool {
            for _ in 0..<100_000 {
                if all.count >= count { return true }
                await Task.yield()
            }
            return false
        }
    }

    /// Yields long enough for a woken timer task to run to its end.
    private func settle() async {
        for _ in 0..<2_000 { await Task.yield() }
    }

    @Test func firesWithTheTokenOfTheArmingWhoseDeadlinePassed() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(30), token: 7)
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(29))
        await settle()
        #expect(firings.all.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(await firings.wait(for: 1))
        #expect(firings.all == [7])
    }

    @Test func aDisarmedTimerDoesNotFire() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(30), token: 1)
        #expect(await clock.waitForSleepers(count: 1))
        timer.disarm()
        clock.advance(by: .seconds(60))
        await settle()
        #expect(firings.all.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    /// Arming again (the next transaction) moves the deadline: the one task that sleeps wakes at
    /// the first deadline, finds a later one, and sleeps again; no task per arming.
    @Test func armingAgainMovesTheDeadlineWithOneSleeper() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(30), token: 1)
        #expect(await clock.waitForSleepers(count: 1))
        for token in 2...1_000 as ClosedRange<UInt64> {
            timer.disarm()
            timer.arm(after: .seconds(30), token: token)
        }
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(10))
        timer.disarm()
        timer.arm(after: .seconds(30), token: 1_001)  // deadline at 40 s
        clock.advance(by: .seconds(20))  // 30 s: the sleeper wakes and sleeps until 40 s
        #expect(await clock.waitForSleepers(count: 1))
        await settle()
        #expect(firings.all.isEmpty)
        clock.advance(by: .seconds(10))
        #expect(await firings.wait(for: 1))
        #expect(firings.all == [1_001])
    }

    /// A sooner deadline than the one slept to wakes the timer in time.
    @Test func aSoonerDeadlineIsKept() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(60), token: 1)
        #expect(await clock.waitForSleepers(count: 1))
        timer.arm(after: .seconds(5), token: 2)
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(5))
        #expect(await firings.wait(for: 1))
        #expect(firings.all == [2])
        clock.advance(by: .seconds(60))
        await settle()
        #expect(firings.all == [2])
    }

    @Test func firesAgainWhenArmedAfterFiring() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(1), token: 1)
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(1))
        #expect(await firings.wait(for: 1))
        timer.arm(after: .seconds(1), token: 2)
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(1))
        #expect(await firings.wait(for: 2))
        #expect(firings.all == [1, 2])
    }

    @Test func cancelStopsTheSleeper() async {
        let clock = ManualClock()
        let firings = Firings()
        let timer = DeadlineTimer(clock: clock) { firings.record($0) }
        timer.arm(after: .seconds(30), token: 1)
        #expect(await clock.waitForSleepers(count: 1))
        timer.cancel()
        for _ in 0..<10_000 where clock.sleeperCount > 0 { await Task.yield() }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(30))
        await settle()
        #expect(firings.all.isEmpty)
    }

    /// A timer nobody keeps stops its task (it does not keep itself alive).
    @Test func aDroppedTimerStops() async {
        let clock = ManualClock()
        let firings = Firings()
        do {
            let timer = DeadlineTimer(clock: clock) { firings.record($0) }
            timer.arm(after: .seconds(30), token: 1)
            #expect(await clock.waitForSleepers(count: 1))
        }
        for _ in 0..<10_000 where clock.sleeperCount > 0 { await Task.yield() }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(30))
        await settle()
        #expect(firings.all.isEmpty)
    }
}
