/// Runs `body` for at most `limit` on `clock`, then returns whether it finished.
///
/// Unlike a task group, this does not wait for `body` to notice cancellation: work that cannot
/// be interrupted (waiting for a controller's event) is cancelled and left behind when the time
/// is up, and the caller goes on.
@discardableResult
public func runWithTimeLimit(
    _ limit: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    _ body: @escaping @Sendable () async -> Void
) async -> Bool {
    let (ends, end) = AsyncStream<Bool>.makeStream()
    let work = Task {
        await body()
        end.yield(true)
    }
    let timer = Task {
        try? await clock.sleep(for: limit)
        end.yield(false)
    }
    var iterator = ends.makeAsyncIterator()
    let finished = await iterator.next() ?? false
    work.cancel()
    timer.cancel()
    end.finish()
    return finished
}

extension Duration {
    /// The duration in seconds, as a `Double` (attoseconds included).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
