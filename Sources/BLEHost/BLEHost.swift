import BLECore
import BLEGATT
import BLEHCI
import Logging

/// A Bluetooth Low Energy host: drives one controller over an ``HCITransport`` and runs the
/// central and peripheral roles on it.
///
/// - Controller driver (Core 5.4, Vol 4, Part E): start-up sequence, command credits and
///   per-command timeouts (``HCICommandFlow``), ACL buffer credits with fair per-connection
///   queues and fragmentation (``ACLScheduler``), reassembly of incoming fragments
///   (``L2CAPReassembler``), Hardware Error handling.
/// - L2CAP LE fixed channels (Vol 3, Part A): ATT (0x0004) to each connection's ``ATTBearer``, LE
///   signaling (0x0005) with connection parameter updates, SMP (0x0006) answering Pairing Not
///   Supported.
/// - Central: ``scan(_:)``, ``connect(to:addressType:parameters:timeout:)``. Peripheral:
///   ``startAdvertising(data:scanResponse:parameters:)``, ``incomingConnections``.
///
/// ```swift
/// let host = BLEHost(transport: transport, clock: ContinuousClock(), logger: logger)
/// try await host.start()
/// for try await discovery in try await host.scan() { … }
/// let connection = try await host.connect(to: address, timeout: .seconds(5))
/// let services = try await connection.gattClient.discoverAll()
/// ```
///
/// When the controller fails (Hardware Error, a command unanswered, the transport closed) the host
/// moves to ``State/failed(_:)``: every pending operation fails at once and every connection ends.
public actor BLEHost {
    /// The host's configuration.
    public nonisolated let configuration: Configuration
    /// Every state change (single consumer; the newest 16 are kept).
    public nonisolated let stateUpdates: AsyncStream<State>
    /// Connections accepted in the peripheral role (single consumer; the newest 16 are kept).
    public nonisolated let incomingConnections: AsyncStream<HostConnection>

    /// Where the host is in its life.
    public private(set) var state: State = .idle
    /// What start-up learnt about the controller; nil before ``start()`` succeeds.
    public private(set) var controllerInfo: ControllerInfo?
    /// The GATT server attached to every new connection's bearer, if any.
    public private(set) var gattServer: GATTServer?

    let transport: any HCITransport
    let clock: any Clock<Duration>
    var logger: Logger
    let stateContinuation: AsyncStream<State>.Continuation
    let incomingContinuation: AsyncStream<HostConnection>.Continuation

    // I/O plumbing.
    let writer: AsyncStream<HCIPacket>.Continuation
    let writerStream: AsyncStream<HCIPacket>
    let outbox: AsyncStream<OutboundPDU>.Continuation
    let outboxStream: AsyncStream<OutboundPDU>
    var tasks: [Task<Void, Never>] = []

    // Commands.
    var commandFlow = HCICommandFlow()
    var commandWaiters: [UInt64: CommandWaiter] = [:]
    var eventWaiters: [UInt64: EventWaiter] = [:]
    var nextID: UInt64 = 0

    // ACL and L2CAP.
    var scheduler: ACLScheduler?
    var reassembler: L2CAPReassembler
    var connectionRecords: [UInt16: ConnectionRecord] = [:]
    /// Callers of ``HostConnection/waitUntilTransmitted()``, per connection handle.
    var transmitWaiters: [UInt16: [CheckedContinuation<Void, Never>]] = [:]

    // Roles.
    var activeScan: ActiveScan?
    var pendingConnect: PendingConnect?
    var advertising: AdvertisingRecord?
    /// The random address in use as own address (configured, or made at start-up for a
    /// controller without a public address); nil: the public address.
    var ownRandomAddress: DeviceAddress?
    /// Counts the events on which the controller stops advertising by itself (a peripheral-role
    /// connection, an advertising timeout): an enable that completes after one of them did not
    /// leave advertising on.
    var advertisingStops: UInt64 = 0

    /// Creates a host on `transport`; nothing is sent until ``start()``.
    ///
    /// - Parameters:
    ///   - transport: the link to the controller.
    ///   - clock: the clock for every timeout (a manual clock in tests).
    ///   - logger: where dropped frames, rejected requests and controller failures are logged.
    ///   - configuration: addresses, timeouts and policies.
    public init(
        transport: any HCITransport,
        clock: any Clock<Duration>,
        logger: Logger = Logger(label: "nightlight.host"),
        configuration: Configuration = Configuration()
    ) {
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.configuration = configuration
        (stateUpdates, stateContinuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(16))
        (incomingConnections, incomingContinuation) = AsyncStream<HostConnection>.makeStream(bufferingPolicy: .bufferingNewest(16))
        (writerStream, writer) = AsyncStream<HCIPacket>.makeStream()
        (outboxStream, outbox) = AsyncStream<OutboundPDU>.makeStream()
        reassembler = L2CAPReassembler(maximumPayloadLength: configuration.maximumL2CAPPayloadLength)
    }

    /// The open connections, in handle order.
    public var connections: [HostConnection] {
        connectionRecords.keys.sorted().compactMap { connectionRecords[$0]?.connection }
    }

    /// The open connection with `handle`, if any.
    public func connection(handle: UInt16) -> HostConnection? {
        connectionRecords[handle]?.connection
    }

    /// Sets the GATT server every connection's bearer is attached to (also attaches it to the
    /// open connections); nil serves nothing (requests are answered Request Not Supported).
    public func setGATTServer(_ server: GATTServer?) async {
        gattServer = server
        guard let server else { return }
        for record in connectionRecords.values {
            await server.attach(record.connection.bearer)
        }
    }

    // MARK: Start and stop

    /// Initialises the controller and returns what it reported.
    ///
    /// Core 5.4, Vol 4, Part E, 7.3.2 (Reset), 7.3.1 and 7.8.1 (event masks), 7.4.1–7.4.3 and 7.8.3
    /// (version, features, commands: optional, a failure is logged), 7.8.2 (LE Read Buffer Size,
    /// falling back to Read Buffer Size, 7.4.5, when it returns zeros), 7.4.6 (BD_ADDR), 7.8.4
    /// (the configured random address).
    @discardableResult
    public func start() async throws(HostError) -> ControllerInfo {
        switch state {
        case .idle: break
        case .starting: throw HostError(.busy, "start() is already running")
        case .ready: return controllerInfo!
        case .failed(let error): throw error
        }
        setState(.starting)
        startTasks()
        do {
            let info = try await initialise()
            controllerInfo = info
            scheduler = ACLScheduler(maximumPacketLength: info.aclDataPacketLength, totalBuffers: info.totalNumACLDataPackets)
            setState(.ready)
            logger.info("controller ready", metadata: [
                "address": "\(info.address)", "aclBuffers": "\(info.totalNumACLDataPackets) × \(info.aclDataPacketLength)",
            ])
            return info
        } catch {
            if case .starting = state {
                fail(HostError(.notStarted, "start-up failed: \(error)"))
            }
            throw error
        }
    }

    /// Leaves the controller idle, then stops: scanning and advertising are disabled and every
    /// connection is disconnected (each step bounded by the command timeout), then ``stop()``.
    ///
    /// The next host on the same controller then finds it idle even when the controller does
    /// not clear everything on HCI_Reset (Bumble's virtual controllers keep scanning).
    public func shutDown() async {
        if case .ready = state {
            activeScan?.continuation.finish()
            activeScan = nil
            advertising = nil
            _ = try? await send(HCILESetScanEnable(enable: false, filterDuplicates: false))
            _ = try? await send(HCILESetAdvertisingEnable(enable: false))
            let clock = clock
            let limit = configuration.commandTimeout
            let connections = connectionRecords.values.map(\.connection)
            await runWithTimeLimit(limit, clock: clock) {
                await withTaskGroup(of: Void.self) { group in
                    for connection in connections {
                        group.addTask { try? await connection.disconnect() }
                    }
                }
            }
        }
        await stop()
    }

    /// Stops the host: every pending operation fails, connections are forgotten (without HCI_Disconnect),
    /// and the transport is closed.
    public func stop() async {
        fail(HostError(.notStarted, "the host was stopped"))
        for task in tasks { task.cancel() }
        tasks = []
        await transport.close()
    }

    private func initialise() async throws(HostError) -> ControllerInfo {
        _ = try await send(HCIReset())
        _ = try await send(HCISetEventMask(eventMask: .leHost))
        _ = try await send(HCILESetEventMask(leEventMask: .leHost))
        let version = await optional(HCIReadLocalVersionInformation())
        let features = await optional(HCIReadLocalSupportedFeatures())
        let commands = await optional(HCIReadLocalSupportedCommands())
        let leFeatures = await optional(HCILEReadLocalSupportedFeatures())
        var packetLength = 0
        var packetCount = 0
        if let le = await optional(HCILEReadBufferSize()) {
            packetLength = Int(le.leACLDataPacketLength)
            packetCount = Int(le.totalNumLEACLDataPackets)
        }
        if packetLength == 0 || packetCount == 0 {
            let shared = try await send(HCIReadBufferSize())
            packetLength = Int(shared.aclDataPacketLength)
            packetCount = Int(shared.totalNumACLDataPackets)
        }
        guard packetLength > 0, packetCount > 0 else {
            throw HostError(.protocolError, "the controller reports no ACL data buffers (length \(packetLength), count \(packetCount)); it cannot carry LE data")
        }
        let bdAddress = try await send(HCIReadBDADDR()).bdADDR
        // A controller without a public address (BD_ADDR 00:00:00:00:00:00: Bumble's virtual
        // controllers, many UART boards) gets a static random address, so two such hosts on one
        // link are told apart.
        let random = configuration.randomAddress ?? (bdAddress.value == 0 ? Self.makeStaticRandomAddress() : nil)
        if let random {
            guard random.isRandom else {
                throw HostError(.invalidArgument, "the configured random address \(random) is a public address")
            }
            _ = try await send(HCILESetRandomAddress(randomAddress: random))
        }
        ownRandomAddress = random
        return ControllerInfo(
            version: version, lmpFeatures: features?.lmpFeatures, supportedCommands: commands?.supportedCommands,
            leFeatures: leFeatures?.leFeatures, aclDataPacketLength: packetLength, totalNumACLDataPackets: packetCount,
            publicAddress: bdAddress, randomAddress: random
        )
    }

    /// A static random address (Core 5.4, Vol 6, Part B, 1.3.2.1): the two most significant bits
    /// 1, the other 46 random and neither all 0 nor all 1.
    static func makeStaticRandomAddress() -> DeviceAddress {
        var generator = SystemRandomNumberGenerator()
        while true {
            let random = generator.next() & 0x3FFF_FFFF_FFFF
            guard random != 0, random != 0x3FFF_FFFF_FFFF else { continue }
            return try! DeviceAddress(value: 0xC000_0000_0000 | random, isRandom: true)
        }
    }

    /// Runs an informational command whose failure only costs information.
    private func optional<Command: HCICommandCompleting>(_ command: Command) async -> Command.ReturnParameters? {
        do {
            return try await send(command)
        } catch {
            if error.code == .commandFailed {
                logger.notice("\(Command.opcode.name) failed; continuing without it", metadata: ["error": "\(error)"])
                return nil
            }
            return nil
        }
    }

    private func startTasks() {
        guard tasks.isEmpty else { return }
        let transport = self.transport
        let writerStream = self.writerStream
        let outboxStream = self.outboxStream
        tasks.append(Task { [weak self] in
            for await packet in writerStream {
                do {
                    try await transport.send(packet)
                } catch {
                    await self?.transportEnded(error)
                    return
                }
            }
        })
        tasks.append(Task { [weak self] in
            do {
                for try await packet in transport.packets {
                    guard let self else { return }
                    await self.receive(packet)
                }
                await self?.transportEnded(nil)
            } catch {
                await self?.transportEnded(error)
            }
        })
        tasks.append(Task { [weak self] in
            for await pdu in outboxStream {
                guard let self else { return }
                await self.enqueue(pdu)
            }
        })
    }

    // MARK: State

    func setState(_ newState: State) {
        state = newState
        stateContinuation.yield(newState)
    }

    /// Throws unless commands may be sent (starting or ready).
    func checkUsable() throws(HostError) {
        switch state {
        case .starting, .ready: return
        case .idle: throw HostError(.notStarted, "the host is not started; call start() first")
        case .failed(let error): throw error
        }
    }

    /// Throws unless the host is ready.
    func checkReady() throws(HostError) {
        switch state {
        case .ready: return
        case .starting: throw HostError(.notStarted, "the host is still starting; wait for start() to return")
        case .idle: throw HostError(.notStarted, "the host is not started; call start() first")
        case .failed(let error): throw error
        }
    }

    /// The controller failed for good: everything pending fails with `error`, every connection ends.
    func fail(_ error: HostError) {
        if case .failed = state { return }
        if error.code == .notStarted {
            logger.info("host stopped", metadata: ["reason": "\(error.message)"])
        } else {
            logger.error("host failed", metadata: ["error": "\(error)"])
        }
        setState(.failed(error))
        _ = commandFlow.removeAll()
        let commands = commandWaiters
        commandWaiters = [:]
        for (_, waiter) in commands { waiter.finish(.failure(error)) }
        let events = eventWaiters
        eventWaiters = [:]
        for (_, waiter) in events { waiter.finish(.failure(error)) }
        activeScan?.continuation.finish(throwing: error)
        activeScan = nil
        pendingConnect = nil
        advertising = nil
        let records = connectionRecords
        connectionRecords = [:]
        resumeTransmitWaiters()
        for (handle, record) in records {
            tearDown(record, error: HostError(error.code, "the connection was lost: \(error.message)", status: error.status, connectionHandle: handle))
        }
        writer.finish()
        outbox.finish()
    }

    private func transportEnded(_ error: (any Error)?) {
        let detail = error.map { "the HCI transport failed: \($0)" } ?? "the HCI transport closed"
        fail(HostError(.transportClosed, detail + "; reconnect the controller and restart the host"))
    }
}

/// A command waiting for its Command Complete or Command Status.
struct CommandWaiter: Sendable {
    let opcode: HCIOpcode
    let handle: UInt16?
    let continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>
    let timer: Task<Void, Never>

    func finish(_ result: Result<HCIEvent, HostError>) {
        timer.cancel()
        continuation.resume(returning: result)
    }
}

/// A wait for an event (a command's completion event, a connection): registered before the
/// command is sent, so an event arriving first is kept.
struct EventWaiter: Sendable {
    let handle: UInt16?
    let matches: @Sendable (HCIEvent) -> Bool
    var result: Result<HCIEvent, HostError>?
    var continuation: CheckedContinuation<Result<HCIEvent, HostError>, Never>?

    func finish(_ result: Result<HCIEvent, HostError>) {
        continuation?.resume(returning: result)
    }
}
