import Foundation
import Synchronization
import Testing
@testable import NightlightStore

@Suite("The store's database thread")
struct DatabaseThreadTests {
    struct Refused: Error, Equatable {}

    /// What the jobs saw.
    final class Log: Sendable {
        let order = Mutex<[Int]>([])
        let threads = Mutex<Set<UInt>>([])
    }

    @Test func runsInOrderOnOneThreadAndPassesResultsAndErrors() async throws {
        let thread = DatabaseThread(name: "test")
        let log = Log()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await thread.run {
                        log.order.withLock { $0.append(index) }
                        log.threads.withLock { _ = $0.insert(UInt(pthread_self())) }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(log.order.withLock { $0.count } == 50)
        #expect(log.threads.withLock { $0.count } == 1, "every job ran on the one thread")
        #expect(try await thread.run { 6 * 7 } == 42)
        await #expect(throws: Refused.self) { try await thread.run { throw Refused() } }
    }

    /// Jobs asked for one after another run in that order.
    @Test func keepsTheOrderOfOneCaller() async throws {
        let thread = DatabaseThread(name: "test")
        let log = Log()
        for index in 0..<20 {
            try await thread.run { log.order.withLock { $0.append(index) } }
        }
        #expect(log.order.withLock { $0 } == Array(0..<20))
    }

    @Test func theThreadEndsWhenIdleAndComesBack() async throws {
        let thread = DatabaseThread(name: "test", idleTimeout: 0.05)
        #expect(!thread.isRunning)
        #expect(try await thread.run { 1 } == 1)
        for _ in 0..<200 where thread.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!thread.isRunning, "ended after its idle time")
        #expect(try await thread.run { 2 } == 2, "and starts again with the next job")
    }
}
