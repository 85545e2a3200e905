@testable import BLEProfiles
@testable import BLEProfilesSimulation
import BLETesting
import Testing

/// The inbox between a subscription and the requests that wait for its answers.
@Suite(.timeLimit(.minutes(1)))
struct NotifiedValueInboxTests {
    static func inbox() -> (NotifiedValueInbox, AsyncThrowingStream<[UInt8], any Error>.Continuation) {
        let (values, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        return (NotifiedValueInbox(values), continuation)
    }

    @Test func aValueThatCameBeforeTheWaitIsKept() async throws {
        let (inbox, values) = Self.inbox()
        defer { inbox.close() }
        values.yield([1])
        values.yield([2])
        #expect(try await inbox.next(within: .seconds(10), clock: ContinuousClock()) == [1])
        #expect(try await inbox.next(within: .seconds(10), clock: ContinuousClock()) == [2])
    }

    @Test func twoWaitsAtOnceAreBothServedInOrder() async throws {
        let (inbox, values) = Self.inbox()
        defer { inbox.close() }
        let clock = ContinuousClock()
        async let first = inbox.next(within: .seconds(10), clock: clock)
        try await Task.sleep(for: .milliseconds(50))
        async let second = inbox.next(within: .seconds(10), clock: clock)
        try await Task.sleep(for: .milliseconds(50))
        values.yield([1])
        values.yield([2])
        // Both waits end (one used to replace the other, which then waited for ever).
        let got = try await [first, second]
        #expect(got == [[1], [2]])
    }

    @Test func theEndOfTheSubscriptionEndsEveryWait() async throws {
        let (inbox, values) = Self.inbox()
        defer { inbox.close() }
        let clock = ContinuousClock()
        async let first: [UInt8]? = try? inbox.next(within: .seconds(10), clock: clock)
        async let second: [UInt8]? = try? inbox.next(within: .seconds(10), clock: clock)
        try await Task.sleep(for: .milliseconds(50))
        values.finish()
        let got = await [first, second]
        #expect(got == [nil, nil])
        await #expect(throws: (any Error).self) { try await inbox.next(within: .seconds(10), clock: clock) }
    }

    @Test func aWaitTimesOutOnItsClockAndTheNextStillGetsItsValue() async throws {
        let (inbox, values) = Self.inbox()
        defer { inbox.close() }
        let clock = ManualClock()
        let late = Task { try await inbox.next(within: .seconds(5), clock: clock) }
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(5))
        await #expect(throws: NotifiedValueInbox.Timeout.self) { try await late.value }
        values.yield([7])
        #expect(try await inbox.next(within: .seconds(5), clock: clock) == [7])
    }
}
