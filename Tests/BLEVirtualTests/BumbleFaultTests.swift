import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import BLESimulation
import BLETesting
import BLETransport
import BLEVirtual
import Dispatch
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults around the host (issue 3): the peer disconnecting in the middle of a long write, the
/// controller falling silent, garbage on the transport. Each must end in a clear error, promptly;
/// nothing may hang or crash.
///
/// ``OverBumble`` runs against Bumble's virtual controllers and is gated like
/// ``BumbleInteropTests`` (skipped with a reason when Bumble is missing locally, failing in CI);
/// ``OverAFaultyServer`` runs everywhere, against a controller server that misbehaves on purpose.
@Suite(.timeLimit(.minutes(2)))
struct BumbleFaultTests {
    /// The command timeout of the hosts here: short, so a silent controller is found out fast,
    /// but long enough that a healthy controller always answers within it, even with the whole
    /// test run sharing two cores (1 s was not: HCI_Reset sometimes took longer).
    static let commandTimeout = Duration.seconds(3)
    /// How long after the command timeout a failure may still take to arrive: generous, because
    /// the whole suite starts at once on two cores and a timer can fire seconds late then; what
    /// these tests tell apart is "at the timeout" from "never".
    static let slack = Duration.seconds(8)

    /// A logger that prints only what these tests do not provoke on purpose.
    static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return logger
    }

    /// Runs `operation`, failing after `timeout` even when the operation ignores cancellation
    /// (a command or ATT wait does): it is cancelled and left behind, and stopping the host ends
    /// it. So a hang fails the test at once instead of stalling it until the time limit.
    static func within<T: Sendable>(
        _ timeout: Duration,
        _ what: String,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let first = FirstOutcome(continuation)
            let work = Task {
                do {
                    first.resume(with: .success(try await operation()))
                } catch {
                    first.resume(with: .failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: timeout)
                work.cancel()
                first.resume(with: .failure(BumbleHarnessError("\(what): nothing within \(timeout)")))
            }
        }
    }

    /// Resumes a continuation with the first outcome given; later ones are ignored.
    final class FirstOutcome<T: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<T, any Error>?>

        init(_ continuation: CheckedContinuation<T, any Error>) {
            self.continuation = Mutex(continuation)
        }

        func resume(with outcome: Result<T, any Error>) {
            continuation.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }?.resume(with: outcome)
        }
    }

    /// Our host on the H4/TCP controller server at `port` (not started), with a random address,
    /// the given command timeout and transport options; `body` runs with it and the host is
    /// stopped afterwards, whether `body` returns or throws.
    static func withHost<T: Sendable>(
        port: Int,
        address: String,
        commandTimeout: Duration = BumbleFaultTests.commandTimeout,
        transportOptions: TransportOptions = TransportOptions(logger: logger("faults.transport")),
        _ body: (BLEHost) async throws -> T
    ) async throws -> T {
        // These tests measure when a timeout fires: not while the run's start-up floods the pool.
        await QuietPool.waitUntilQuiet()
        let transport = try await TCPClientTransport.connect(host: "127.0.0.1", port: port, options: transportOptions)
        let host = BLEHost(
            transport: transport, clock: ContinuousClock(), logger: logger("faults.host"),
            configuration: BLEHost.Configuration(randomAddress: try BumbleInteropTests.address(address), commandTimeout: commandTimeout)
        )
        return try await run({ try await body(host) }, thenAlways: { await host.stop() })
    }

    /// Runs `body`, then `cleanup`, whether `body` returned or threw.
    static func run<T>(_ body: () async throws -> T, thenAlways cleanup: () async -> Void) async throws -> T {
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        await cleanup()
        return try outcome.get()
    }

    /// Runs `operations` at once and returns how each ended, in order (nil: it succeeded); fails
    /// when they have not all ended within `timeout`.
    static func outcomes(
        within timeout: Duration,
        _ operations: [@Sendable () async throws -> Void]
    ) async throws -> [(any Error)?] {
        try await BumbleFaultTests.within(timeout, "the pending operations ending") {
            await withTaskGroup(of: (Int, (any Error)?).self) { group in
                for (index, operation) in operations.enumerated() {
                    group.addTask {
                        do {
                            try await operation()
                            return (index, nil)
                        } catch {
                            return (index, error)
                        }
                    }
                }
                var outcomes = [(any Error)?](repeating: nil, count: operations.count)
                for await (index, outcome) in group { outcomes[index] = outcome }
                return outcomes
            }
        }
    }

    /// The HCI operations pending when the controller fell silent: exactly one (the command
    /// on the wire) timed out, the others failed because the controller was then unresponsive,
    /// and each message names the command that went unanswered.
    static func expectOneTimedOutOthersUnresponsive(_ outcomes: [(any Error)?]) {
        let errors = outcomes.compactMap { $0 as? HostError }
        #expect(errors.count == outcomes.count, "not all failed with a HostError: \(outcomes)")
        #expect(errors.filter { $0.code == .commandTimeout }.count == 1, "\(errors)")
        #expect(errors.filter { $0.code == .controllerUnresponsive }.count == outcomes.count - 1, "\(errors)")
        for error in errors {
            #expect(error.description.contains("within \(commandTimeout)"), "\(error)")
        }
    }

    /// After the controller stopped answering: the host is failed for good, and a new operation
    /// fails at once with the same clear error.
    static func expectFailedForGood(_ host: BLEHost) async {
        let state = await host.state
        guard case .failed(let failure) = state else {
            Issue.record("the host is \(state), not failed")
            return
        }
        #expect(failure.code == .controllerUnresponsive, "\(failure)")
        let started = ContinuousClock.now
        let later = await #expect(throws: HostError.self) { _ = try await host.scan() }
        #expect(later?.code == .controllerUnresponsive, "\(String(describing: later))")
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }
}

// MARK: - Over Bumble's virtual controllers

extension BumbleFaultTests {
    @Suite(
        .serialized,
        .enabled(
            "Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)"
        ) { await BumbleHarness.shouldRun() }
    )
    struct OverBumble {
        /// Runs `body` with fresh Bumble controllers, `bumble_peripheral.py` named `name` (with
        /// `options`) on the second, and our started host on the first, connected to it and its
        /// services discovered; everything is stopped afterwards.
        static func withConnectedPeripheral(
            named name: String,
            addresses: (peripheral: String, host: String),
            options: [String] = [],
            _ body: (BumbleControllers, BumbleProcess, BLEHost, HostConnection, GATTDiscoveredDatabase) async throws -> Void
        ) async throws {
            try await BumbleInteropTests.requireBumble()
            try await BumbleHarness.withControllers { controllers in
                try await BumbleHarness.withScript(
                    "bumble_peripheral.py", arguments: [controllers.transportSpec(1), addresses.peripheral, name] + options
                ) { peripheral in
                    try await peripheral.waitForEvent("ready", timeout: .seconds(30))
                    try await BumbleFaultTests.withHost(port: controllers.ports[0], address: addresses.host) { host in
                        _ = try await host.start()
                        let connection = try await connect(host, toPeripheralNamed: name)
                        try await peripheral.waitForEvent("connected")
                        let database = try await connection.gattClient.discoverAll()
                        try await body(controllers, peripheral, host, connection, database)
                    }
                }
            }
        }

        /// Scans (actively) for the Bumble peripheral called `name`, then connects to it.
        static func connect(_ host: BLEHost, toPeripheralNamed name: String) async throws -> HostConnection {
            let discoveries = try await host.scan(ScanParameters(isActive: true))
            let discovery = try await BumbleFaultTests.within(.seconds(10), "scanning for \(name)") {
                for try await discovery in discoveries where discovery.name == name { return discovery }
                throw BumbleHarnessError("the scan ended")
            }
            try await host.stopScan()
            return try await host.connect(to: discovery.address, addressType: discovery.addressType, timeout: .seconds(5))
        }

        /// Fault 1: Bumble disconnects when the third Prepare Write Request of our long write
        /// arrives, leaving it unanswered. The write fails at once with the disconnection (not
        /// after the 30 s ATT timeout), and the host connects again and writes the value whole.
        @Test func peerDisconnectsInTheMiddleOfALongWrite() async throws {
            try await Self.withConnectedPeripheral(
                named: "FaultyPeripheral", addresses: ("C2:4E:4C:0F:00:02", "C1:4E:4C:0F:00:01"),
                options: ["--disconnect-on-prepare-write=3"]
            ) { _, peripheral, host, connection, database in
                let long = try #require(database.characteristic(BumbleInteropTests.longUUID))
                let partLength = Int(await connection.bearer.mtu) - 5
                let value: [UInt8] = (0..<300).map { UInt8(($0 * 13 + 1) % 256) }

                let started = ContinuousClock.now
                let client = connection.gattClient
                let error = try await #require(throws: GATTError.self) {
                    try await BumbleFaultTests.within(.seconds(10), "the interrupted long write") {
                        try await client.writeLong(handle: long.valueHandle, value: value)
                    }
                }
                let elapsed = ContinuousClock.now - started
                let fault = try await peripheral.waitForEvent("fault")
                #expect(fault.int("count") == 3)
                #expect(fault.int("offset") == 2 * partLength, "the third part starts after two")
                #expect(error.code == .bearerClosed, "\(error)")
                #expect(error.description.contains("the connection ended"), "\(error)")
                #expect(error.description.contains("Remote User Terminated Connection"), "\(error)")
                #expect(elapsed < .seconds(5), "the write took \(elapsed) to fail; the ATT timeout is 30 s")

                let reason = try await BumbleFaultTests.within(.seconds(5), "our central seeing the disconnection") {
                    await connection.waitUntilDisconnected()
                }
                #expect(reason.code == .disconnected)
                #expect(reason.status == .remoteUserTerminatedConnection)
                #expect(!connection.isConnected)
                try await peripheral.waitForEvent("disconnected")

                // The host is still usable: the same long write succeeds on a new connection.
                let again = try await Self.connect(host, toPeripheralNamed: "FaultyPeripheral")
                try await peripheral.waitForEvent("connected")
                try await again.gattClient.writeLong(handle: long.valueHandle, value: value)
                let written = try await peripheral.waitForEvent("written") {
                    $0.string("uuid") == BumbleInteropTests.longUUID.uuidString
                }
                #expect(written.bytes("value") == value)
                try await again.disconnect()
            }
        }

        /// Fault 2 with a connection: Bumble's controllers are frozen (SIGSTOP) while we are
        /// connected. The command on the wire times out after the command timeout; the other
        /// command, the GATT read waiting for its response, and the connection all fail with
        /// it.
        @Test func controllerFrozenWhileConnected() async throws {
            try await Self.withConnectedPeripheral(
                named: "FrozenPeripheral", addresses: ("C2:4E:4C:10:00:02", "C1:4E:4C:10:00:01")
            ) { controllers, _, host, connection, database in
                let readable = try #require(database.characteristic(BumbleInteropTests.readUUID))
                let client = connection.gattClient

                let pid = controllers.process.processIdentifier
                #expect(kill(pid, SIGSTOP) == 0)
                defer { kill(pid, SIGCONT) }
                let started = ContinuousClock.now
                let outcomes = try await BumbleFaultTests.outcomes(within: commandTimeout + slack, [
                    { _ = try await connection.readRSSI() },
                    { _ = try await host.scan() },
                    { _ = try await client.read(handle: readable.valueHandle) },
                ])
                let elapsed = ContinuousClock.now - started
                #expect(elapsed >= commandTimeout - .milliseconds(100), "failed after \(elapsed), before the timeout")
                expectOneTimedOutOthersUnresponsive(Array(outcomes[0..<2]))
                let read = outcomes[2] as? GATTError
                #expect(read?.code == .bearerClosed, "\(String(describing: outcomes[2]))")
                #expect(read?.description.contains("the controller did not answer") == true, "\(String(describing: read))")

                let reason = try await BumbleFaultTests.within(.seconds(1), "the connection ending") {
                    await connection.waitUntilDisconnected()
                }
                #expect(reason.code == .controllerUnresponsive, "\(reason)")
                await expectFailedForGood(host)
            }
        }
    }
}
