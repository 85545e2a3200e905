import Foundation

/// The one thread that runs a store's reads and writes, in the order they were asked for.
///
/// GRDB's `async` methods run each access on a libdispatch worker thread, and libdispatch keeps
/// two or more of them around for a store that is used now and then (a hub: a status read, a
/// history record). The store runs GRDB's blocking methods here instead, so a process has at
/// most one thread for its database, and none while it has had nothing to do for
/// `idleTimeout` (the thread ends and starts again with the next access).
final class DatabaseThread: @unchecked Sendable {
    /// How long the thread waits for work before it ends.
    let idleTimeout: TimeInterval

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var running = false
    private let name: String

    /// Creates the thread's queue; the thread starts with the first access and ends after
    /// `idleTimeout` seconds without one.
    init(name: String, idleTimeout: TimeInterval = 10) {
        self.name = name
        self.idleTimeout = idleTimeout
    }

    /// Whether the thread is there now.
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Runs `work` on the thread and returns what it returned (or throws what it threw).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            submit { continuation.resume(with: Result { try work() }) }
        }
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if running {
            condition.signal()
        } else {
            running = true
            // Named from inside: on Linux, Foundation applies a name set before `start()` to nothing.
            Thread { [self] in
                Thread.current.name = name
                loop()
            }.start()
        }
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                if !condition.wait(until: Date(timeIntervalSinceNow: idleTimeout)), jobs.isEmpty {
                    running = false
                    condition.unlock()
                    return
                }
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job() }
        }
    }
}
