import BLECore
import BLEGATT
import BLEHCI
import BLETesting
import Logging
import Testing

@testable import BLEHost

/// A host on a fake controller with a manual clock.
struct HostHarness {
    let fake: FakeController
    let clock: ManualClock
    let host: BLEHost

    init(configuration: BLEHost.Configuration = BLEHost.Configuration(), setUp: (FakeController) -> Void = { _ in }) {
        fake = FakeController()
        setUp(fake)
        clock = ManualClock()
        host = BLEHost(transport: fake, clock: clock, logger: Logger(label: "test.host", factory: { _ in SwiftLogNoOpLogHandler() }), configuration: configuration)
    }

    /// Starts the host.
    static func started(
        configuration: BLEHost.Configuration = BLEHost.Configuration(),
        setUp: (FakeController) -> Void = { _ in }
    ) async throws -> HostHarness {
        let harness = HostHarness(configuration: configuration, setUp: setUp)
        try await harness.host.start()
        return harness
    }

    /// Makes the controller report a new connection and returns it.
    func connect(handle: UInt16, role: HCIRole = .central, address: DeviceAddress? = nil) async throws -> HostConnection {
        let address = try address ?? DeviceAddress(value: 0xC0FFEE000000 + UInt64(handle), isRandom: true)
        fake.inject(FakeController.connectionComplete(handle: handle, role: role, address: address))
        for _ in 0..<5000 {
            if let connection = await host.connection(handle: handle) { return connection }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw HostError(.notConnected, "the host did not register connection \(handle)")
    }
}

/// A short real-time pause for asserting that something did not happen.
func settle() async {
    try? await Task.sleep(for: .milliseconds(30))
}

/// Advances `clock` by `step` every few milliseconds of real time until `task` ends, and returns
/// its result: robust against timers that register a little later than the test expects.
func drive<T: Sendable>(_ clock: ManualClock, by step: Duration, until task: Task<T, any Error>) async -> Result<T, any Error> {
    let driver = Task {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
            clock.advance(by: step)
        }
    }
    let result = await task.result
    driver.cancel()
    return result
}
