/// Waits for the concurrency pool to be quiet enough for a test that measures time.
///
/// Swift Testing starts every test of the run at once: on a two-core machine the first seconds go
/// to thousands of short tests, and a timer that fires then waits its turn behind all of them
/// (seconds late, measured in CI). A test that checks *when* something happens (a command timeout
/// at 3 s, a server's head timeout) calls ``waitUntilQuiet(latency:rounds:within:)`` first, so
/// what it measures is the code under test and not the run's start-up.
public enum QuietPool {
    /// Returns once `rounds` consecutive 10 ms sleeps each overshot by less than `latency`, or
    /// after `within` (the test then runs anyway, and may report the lateness it sees).
    public static func waitUntilQuiet(
        latency: Duration = .milliseconds(50),
        rounds: Int = 5,
        within limit: Duration = .seconds(120)
    ) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var quiet = 0
        while quiet < rounds, clock.now < deadline {
            let started = clock.now
            try? await Task.sleep(for: .milliseconds(10))
            quiet = clock.now - started < .milliseconds(10) + latency ? quiet + 1 : 0
        }
    }
}
