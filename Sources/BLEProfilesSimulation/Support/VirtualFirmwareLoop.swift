import BLEGATT
import BLEProfiles
import Synchronization

/// The firmware loop of a virtual device that lives on a clock: a timer that ticks at a fixed
/// interval, and the way out for the values the firmware sets, to the GATT server's subscribers.
final class VirtualFirmwareLoop: Sendable {
    private let updates = Mutex<AsyncStream<VirtualValueUpdate>.Continuation?>(nil)

    /// Notifies `produced` to the subscribed centrals (nothing when the device is not running).
    func send(_ produced: [VirtualValueUpdate]) {
        guard !produced.isEmpty else { return }
        updates.withLock { continuation in
            for update in produced { continuation?.yield(update) }
        }
    }

    /// Runs until cancelled: notifies what ``send(_:)`` is given through `server`, and calls
    /// `tick` with the time since the start every `interval` on `clock`, catching up tick by
    /// tick when the clock jumps.
    func run(server: GATTServer, clock: any Clock<Duration>, every interval: Duration, _ tick: @escaping @Sendable (Duration) -> Void) async throws {
        try await run(server: server, on: clock, every: interval, tick)
    }

    private func run<C: Clock<Duration>>(server: GATTServer, on clock: C, every interval: Duration, _ tick: @escaping @Sendable (Duration) -> Void) async throws {
        let (stream, continuation) = AsyncStream<VirtualValueUpdate>.makeStream()
        updates.withLock { $0 = continuation }
        defer { updates.withLock { $0?.finish(); $0 = nil } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await update in stream {
                    _ = try? await server.updateValue(update.value, for: update.uuid)
                }
            }
            group.addTask {
                let start = clock.now
                var ticks = 0
                while true {
                    ticks += 1
                    let elapsed = interval * ticks
                    try await clock.sleep(until: start.advanced(by: elapsed), tolerance: nil)
                    tick(elapsed)
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}
