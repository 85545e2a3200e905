import BLECore
import Testing

@Suite struct TimeLimitTests {
    @Test func finishedWorkReturnsTrue() async {
        #expect(await runWithTimeLimit(.seconds(5)) { try? await Task.sleep(for: .milliseconds(5)) })
    }

    /// Work that ignores cancellation is left behind when the time is up.
    @Test func workThatDoesNotStopIsLeftBehind() async {
        let clock = ContinuousClock()
        let start = clock.now
        let finished = await runWithTimeLimit(.milliseconds(50)) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Task {
                    try? await Task.sleep(for: .seconds(2), clock: .continuous)
                    continuation.resume()
                }
            }
        }
        #expect(!finished)
        #expect(clock.now - start < .seconds(1))
    }
}
