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
            if: BumbleHarness.shouldRun,
            "Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)"
        )
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
            try BumbleInteropTests.requireBumble()
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

// MARK: - Against a controller server that misbehaves

extension BumbleFaultTests {
    @Suite struct OverAFaultyServer {
        /// Runs `body` with a started ``FaultyControllerServer`` and our host on it (not started),
        /// then stops both.
        static func withServer<T: Sendable>(
            fault: FaultyControllerServer.Fault? = nil,
            after answered: Int = 0,
            commandTimeout: Duration = BumbleFaultTests.commandTimeout,
            transportOptions: TransportOptions = TransportOptions(logger: logger("faults.transport")),
            _ body: (FaultyControllerServer, BLEHost) async throws -> T
        ) async throws -> T {
            let server = try FaultyControllerServer(fault: fault, after: answered)
            return try await run({
                try await BumbleFaultTests.withHost(
                    port: server.port, address: "C3:4E:4C:11:00:01", commandTimeout: commandTimeout, transportOptions: transportOptions
                ) { host in try await body(server, host) }
            }, thenAlways: { await server.stop() })
        }

        /// Fault 2 during start-up: the controller answers `answered` commands, then nothing.
        /// `start()` fails within the command timeout with an error naming the unanswered command
        /// (a timeout, or for an optional informational command, the unresponsive controller).
        @Test(arguments: [0, 1, 3])
        func controllerFallsSilentDuringStartUp(answered: Int) async throws {
            try await Self.withServer(fault: .silent, after: answered) { server, host in
                let started = ContinuousClock.now
                let error = try await #require(throws: HostError.self) {
                    try await BumbleFaultTests.within(commandTimeout + slack, "start() against a silent controller") {
                        try await host.start()
                    }
                }
                let elapsed = ContinuousClock.now - started
                #expect(elapsed >= commandTimeout - .milliseconds(100) && elapsed < commandTimeout + slack, "\(elapsed)")
                let commands = server.commands
                try #require(commands.count == answered + 1, "the host sent \(commands.map(\.name))")
                let unanswered = commands[answered]
                #expect([.commandTimeout, .controllerUnresponsive].contains(error.code), "\(error)")
                #expect(error.description.contains(unanswered.name), "\(error) does not name \(unanswered.name)")
                #expect(error.description.contains("within \(commandTimeout)"), "\(error)")
                await expectFailedForGood(host)
            }
        }

        /// Fault 2 after start-up: the controller falls silent while a scan and advertising are
        /// being started; both fail, one with the timeout, the other with its consequence.
        @Test func controllerFallsSilentWithOperationsPending() async throws {
            try await Self.withServer { server, host in
                _ = try await host.start()
                server.setFault(.silent)
                let data = try AdvertisingData([.flags(.leGeneralDiscoverableOnly)])
                let outcomes = try await BumbleFaultTests.outcomes(within: commandTimeout + slack, [
                    { _ = try await host.scan() },
                    { try await host.startAdvertising(data: data) },
                ])
                expectOneTimedOutOthersUnresponsive(outcomes)
                await expectFailedForGood(host)
            }
        }

        /// Fault 3, resynchronisation: random bytes that cannot start a packet come before every
        /// packet the controller sends. The parser drops exactly those bytes (logging them) and
        /// start-up completes.
        @Test func junkBeforeEveryPacketIsDroppedAndStartUpCompletes() async throws {
            // Never 0x02…0x05 (ACL, synchronous, event, ISO): the host's parser accepts those.
            let junk: [UInt8] = [0x00, 0x01] + (0..<6).map { _ in UInt8.random(in: 0x06...0xFF) }
            let warnings = WarningLog()
            let options = TransportOptions(logger: warnings.logger("faults.transport"))
            try await Self.withServer(fault: .junkBeforeEachPacket(junk), transportOptions: options) { server, host in
                let info = try await BumbleFaultTests.within(.seconds(20), "start() through the junk") {
                    try await host.start()
                }
                #expect(info.publicAddress == server.controller.publicAddress)
                #expect(server.junkBytesSent >= junk.count * 8, "fewer packets than start-up needs")
                #expect(warnings.droppedBytes == server.junkBytesSent, "junk \(junk) sent \(server.junkBytesSent) bytes")
                #expect(warnings.messages.contains { $0.contains("garbage on the wire") }, "\(warnings.messages)")
            }
        }

        /// A frame header sent on its own, and what the host makes of it.
        struct HeaderCase: Sendable, CustomTestStringConvertible {
            var header: [UInt8]
            var maximumACLDataLength = HCIACLDataPacket.maximumDataLength
            var resynchronises = false
            var testDescription: String {
                "\(BumbleInteropTests.hex(header)) with ACL length at most \(maximumACLDataLength)"
            }
        }

        /// Fault 3, a frame header announcing more than will come. Within the parser's bounds it
        /// is a frame: it swallows the answers that follow and the next command times out with a
        /// clear error. With `maximumACLDataLength` set (as the parser's policy advises), an
        /// oversized ACL header is garbage, dropped, and the next command succeeds.
        @Test(arguments: [
            HeaderCase(header: [0x04, 0x0E, 0xFF]),
            HeaderCase(header: [0x02, 0xFF, 0x0F, 0xFF, 0xFF]),
            HeaderCase(header: [0x02, 0xFF, 0x0F, 0xFF, 0xFF], maximumACLDataLength: 251, resynchronises: true),
        ])
        func headerAnnouncingMoreThanComes(_ headerCase: HeaderCase) async throws {
            let warnings = WarningLog()
            let options = TransportOptions(logger: warnings.logger("faults.transport"), maximumACLDataLength: headerCase.maximumACLDataLength)
            try await Self.withServer(transportOptions: options) { server, host in
                _ = try await host.start()
                server.inject(headerCase.header)
                let started = ContinuousClock.now
                let outcome = try await BumbleFaultTests.outcomes(within: commandTimeout + slack, [
                    { _ = try await host.send(HCIReadBDADDR()) }
                ])[0]
                if headerCase.resynchronises {
                    #expect(outcome == nil, "\(String(describing: outcome))")
                    #expect(warnings.droppedBytes == headerCase.header.count)
                } else {
                    let error = outcome as? HostError
                    #expect(error?.code == .commandTimeout, "\(String(describing: outcome))")
                    #expect(error?.command == HCIReadBDADDR.opcode)
                    #expect(ContinuousClock.now - started >= commandTimeout - .milliseconds(100))
                    await expectFailedForGood(host)
                }
            }
        }

        /// Fault 3, garbage then a hang-up in the middle of a packet, while start-up waits for an
        /// answer: start-up fails at once (not after the long command timeout) with the
        /// transport's reason.
        @Test func garbageThenHangUpEndsStartUpAtOnce() async throws {
            let last: [UInt8] = [0x00, 0xFF, 0x42, 0x04, 0x0E, 0x04]
            // A long command timeout, so "at once" (the hang-up) and "at the timeout" stay apart even
            // when the machine is busy.
            try await Self.withServer(fault: .hangUp(sending: last), after: 1, commandTimeout: .seconds(60)) { _, host in
                let started = ContinuousClock.now
                let error = try await #require(throws: HostError.self) {
                    try await BumbleFaultTests.within(.seconds(30), "start() against a controller that hangs up") {
                        try await host.start()
                    }
                }
                #expect(ContinuousClock.now - started < .seconds(20))
                #expect(error.code == .transportClosed, "\(error)")
                #expect(error.description.contains("hung up in the middle of a packet (3 bytes of it dropped)"), "\(error)")
                let state = await host.state
                guard case .failed(let failure) = state else {
                    Issue.record("the host is \(state), not failed")
                    return
                }
                #expect(failure.code == .transportClosed)
            }
        }

        /// Fault 3, noise: every packet the controller sends is replaced by random bytes, which
        /// may parse as anything. Start-up still ends with a host error within the command
        /// timeout, and the host is failed, not hung.
        @Test func noiseInsteadOfAnswersEndsStartUp() async throws {
            try await Self.withServer(fault: .noiseInsteadOfEachPacket(byteCount: 64)) { _, host in
                let started = ContinuousClock.now
                await #expect(throws: HostError.self) {
                    try await BumbleFaultTests.within(commandTimeout + slack, "start() against noise") {
                        try await host.start()
                    }
                }
                #expect(ContinuousClock.now - started < commandTimeout + slack)
                let state = await host.state
                guard case .failed = state else {
                    Issue.record("the host is \(state), not failed")
                    return
                }
            }
        }
    }
}

// MARK: - Test doubles

/// Keeps the warnings a logger printed, for the tests that count what the transport dropped.
final class WarningLog: Sendable {
    private let entries = Mutex<[(message: String, droppedBytes: Int)]>([])

    /// Every warning, in order.
    var messages: [String] { entries.withLock { $0.map(\.message) } }
    /// The bytes the transport reported dropping (its `droppedBytes` metadata), summed.
    var droppedBytes: Int { entries.withLock { $0.reduce(0) { $0 + $1.droppedBytes } } }

    /// A logger recording into this log.
    func logger(_ label: String) -> Logger {
        Logger(label: label) { _ in Handler(recorder: self) }
    }

    /// Records warnings and worse. Logger-level metadata is not kept: the transport passes what
    /// these tests read (`droppedBytes`) with each message.
    private struct Handler: LogHandler {
        let recorder: WarningLog
        var logLevel: Logger.Level = .warning
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }
        subscript(metadataKey _: String) -> Logger.Metadata.Value? {
            get { nil }
            set {}
        }

        func log(event: LogEvent) {
            let dropped = event.metadata?["droppedBytes"].flatMap { Int("\($0)") } ?? 0
            recorder.entries.withLock { $0.append(("\(event.message)", dropped)) }
        }
    }
}

/// A controller server that misbehaves on purpose: it serves a ``VirtualController`` over H4 on
/// a TCP port of 127.0.0.1 to one host, and once the host has sent more than `after` commands
/// it applies its ``Fault`` to everything the controller sends.
///
/// The socket is read on its own Dispatch thread (blocking calls stay off Swift's cooperative
/// pool); writes happen under the state lock, so a hang-up never races a write.
final class FaultyControllerServer: Sendable {
    /// What the server does to the controller's packets.
    enum Fault: Sendable {
        /// Drops them: the controller stops answering.
        case silent
        /// Sends these bytes before each.
        case junkBeforeEachPacket([UInt8])
        /// Sends that many random bytes instead of each.
        case noiseInsteadOfEachPacket(byteCount: Int)
        /// Instead of the next one, sends these bytes and hangs up.
        case hangUp(sending: [UInt8])
    }

    private struct State {
        var fault: Fault?
        var answered: Int
        var commands: [HCIOpcode] = []
        var junkBytesSent = 0
        var client: Int32 = -1
        var isStopped = false
        var isFinished = false
    }

    /// The state the reading thread, the forwarding tasks and the test share.
    private final class Shared: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    /// The listening port.
    let port: Int
    /// The controller served.
    let controller: VirtualController
    private let link: VirtualLink
    private let listener: Int32
    private let shared: Shared
    private let toController: AsyncStream<HCIPacket>.Continuation
    private let tasks: [Task<Void, Never>]

    /// Listens on a free port and serves a fresh virtual controller; `fault` applies once the
    /// host has sent more than `answered` commands.
    init(fault: Fault? = nil, after answered: Int = 0) throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw BumbleHarnessError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw BumbleHarnessError("cannot listen on 127.0.0.1: errno \(errno)")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        link = VirtualLink(clock: ContinuousClock(), logger: BumbleFaultTests.logger("faults.link"))
        controller = VirtualController(
            publicAddress: try DeviceAddress(parsing: "00:1B:DC:0F:0F:01"), name: "faulty", logger: BumbleFaultTests.logger("faults.controller")
        )
        link.attach(controller)
        let shared = Shared(State(fault: fault, answered: answered))
        self.shared = shared
        let (commands, toController) = AsyncStream<HCIPacket>.makeStream()
        self.toController = toController
        let hostSide = controller.hostTransport
        tasks = [
            Task {
                for await packet in commands { try? await hostSide.send(packet) }
            },
            Task {
                do {
                    for try await packet in hostSide.packets { Self.forward(packet, shared: shared) }
                } catch {}
            },
        ]
        DispatchQueue(label: "faulty-controller-server").async { [self] in serve() }
    }

    /// The opcodes of the commands the host sent, in order.
    var commands: [HCIOpcode] { shared.state.withLock { $0.commands } }
    /// How many junk bytes ``Fault/junkBeforeEachPacket(_:)`` has sent.
    var junkBytesSent: Int { shared.state.withLock { $0.junkBytesSent } }

    /// Applies `fault` from now on.
    func setFault(_ fault: Fault) {
        shared.state.withLock { state in
            state.fault = fault
            state.answered = 0
        }
    }

    /// Sends raw bytes to the host now.
    func inject(_ bytes: [UInt8]) {
        _ = shared.state.withLock { Self.write(bytes, to: $0.client) }
    }

    /// Stops serving: closes the sockets and the controller's host transport; returns once the
    /// reading thread is done (at most about a second).
    func stop() async {
        shared.state.withLock { $0.isStopped = true }
        toController.finish()
        await controller.hostTransport.close()
        for task in tasks { task.cancel() }
        for _ in 0..<100 where !shared.state.withLock({ $0.isFinished }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Accepts one host, then reads its commands and hands them to the controller until it hangs
    /// up or the server stops.
    private func serve() {
        var client: Int32 = -1
        while client < 0, !shared.state.withLock({ $0.isStopped }) {
            if Self.isReadable(listener) { client = accept(listener, nil, nil) }
        }
        if client >= 0 {
            shared.state.withLock { $0.client = client }
            var parser = H4PacketParser.forController()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !shared.state.withLock({ $0.isStopped }) {
                guard Self.isReadable(client) else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                for packet in parser.feed(buffer[0..<count]) {
                    if case .command(let command) = packet { shared.state.withLock { $0.commands.append(command.opcode) } }
                    toController.yield(packet)
                }
            }
        }
        shared.state.withLock { state in
            if client >= 0 { close(client) }
            state.client = -1
            state.isFinished = true
        }
        close(listener)
    }

    /// Sends one packet of the controller's to the host, through the fault in force.
    private static func forward(_ packet: HCIPacket, shared: Shared) {
        shared.state.withLock { state in
            let fault = state.commands.count > state.answered ? state.fault : nil
            switch fault {
            case nil:
                write(H4.encode(packet), to: state.client)
            case .silent:
                break
            case .junkBeforeEachPacket(let junk):
                if write(junk + H4.encode(packet), to: state.client) { state.junkBytesSent += junk.count }
            case .noiseInsteadOfEachPacket(let byteCount):
                write((0..<byteCount).map { _ in UInt8.random(in: .min ... .max) }, to: state.client)
            case .hangUp(let last):
                write(last, to: state.client)
                #if canImport(Glibc)
                if state.client >= 0 { shutdown(state.client, Int32(SHUT_RDWR)) }
                #else
                if state.client >= 0 { shutdown(state.client, SHUT_RDWR) }
                #endif
                state.fault = .silent
            }
        }
    }

    /// Writes all of `bytes` to `socket` (nothing when there is no client); returns whether it did.
    @discardableResult
    private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Whether `socket` has something to read (or hung up) within 20 ms.
    private static func isReadable(_ socket: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 20) > 0
    }
}
