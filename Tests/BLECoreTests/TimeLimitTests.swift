import BLECore
import BLETesting
import Testing

@Suite struct TimeLimitTests {
    @Test func finishedWorkReturnsTrue() async {
        #expect(await runWithTimeLimit(.seconds(5), clock: ManualClock()) {})
    }

    /// Work that ignores cancellation is left behind when the time is up: the call returns as
    /// soon as the (manual) clock passes the limit, though the work never ends.
    @Test func workThatDoesNotStopIsLeftBehind() async {
        let clock = ManualClock()
        let (never, keep) = AsyncStream<Void>.makeStream()
        let call = Task {
            await runWithTimeLimit(.seconds(2), clock: clock) {
                // Ignores cancellation: waits for a stream nobody feeds.
                await withTaskCancellationHandler {
                    for await _ in never {}
                } onCancel: {}
            }
        }
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(2))
        #expect(await call.value == false)
        keep.finish()
    }
}
