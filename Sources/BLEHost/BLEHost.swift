import BLECore
import BLEGATT
import BLEHCI
import Logging

/// A Bluetooth Low Energy host: drives one controller over an ``HCITransport`` and runs the
/// central and peripheral roles on it.
///
/// The actor is a façade composing three layers, each owning its state and using the one below
/// only through its API:
/// - Controller driver (Core 5.4, Vol 4, Part E; `Controller/`): a sans-I/O core (`HCIDriver`:
///   command credits and per-command timeouts, command and event waits, ACL buffer credits with
///   fair per-connection queues and fragmentation, reassembly of incoming fragments, Hardware
///   Error) and its adapter (the packet stream, continuations and timers), plus the start-up
///   sequence.
/// - L2CAP LE fixed channels (Vol 3, Part A; `L2CAP/`): ATT (0x0004) to each connection's
///   ``ATTBearer``, LE signaling (0x0005) with connection parameter updates, SMP (0x0006) to the
///   Security Manager beside it (`SMP/`, Vol 3, Part H): pairing (LE Secure Connections and
///   legacy), encryption with bonds kept in a ``BondStore``.
/// - Device (`Device/`): central (``scan(_:)``, ``connect(to:addressType:parameters:timeout:)``)
///   and peripheral (``startAdvertising(data:scanResponse:parameters:)``,
///   ``incomingConnections``) roles, the connections and the GATT server wiring.
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

    let transport: any HCITransport
    let clock: any Clock<Duration>
    let logger: Logger
    let stateContinuation: AsyncStream<State>.Continuation
    let incomingContinuation: AsyncStream<HostConnection>.Continuation
    /// The tasks moving packets between the transport and the layers.
    var tasks: [Task<Void, Never>] = []

    // The layers: each is used by the others only through its adapter's methods (the
    // `BLEHost` extensions in its folder).
    /// Controller driver: the sans-I/O core (`Controller/HCIDriver.swift`).
    var driver: HCIDriver
    /// Controller driver: its I/O (packet stream, continuations, timers).
    var driverIO = HCIDriverIO()
    /// L2CAP LE fixed channels of every connection (`L2CAP/L2CAPFixedChannels.swift`).
    var channels: L2CAPFixedChannels
    /// Device layer: roles, connections, GATT server (`Device/DeviceState.swift`).
    var device = DeviceState()
    /// Security Manager: each connection's pairing and security (`SMP/`).
    var security = SecurityManagerState()
    /// Asked to accept pairings, show and type passkeys, confirm numbers.
    var pairingAgent: any PairingAgent

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
        driver = HCIDriver(commandTimeout: configuration.commandTimeout, maximumL2CAPPayloadLength: configuration.maximumL2CAPPayloadLength)
        channels = L2CAPFixedChannels(configuration: configuration, clock: clock)
        pairingAgent = configuration.pairingAgent
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
            let info = try await initialiseController()
            useOwnAddress(random: info.randomAddress)
            controllerInfo = info
            setACLBuffers(packetLength: info.aclDataPacketLength, count: info.totalNumACLDataPackets)
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
            await leaveControllerIdle()
        }
        await stop()
    }

    /// Stops the host: every pending operation fails, connections are forgotten (without HCI_Disconnect),
    /// and the transport is closed.
    public func stop() async {
        // Bonds of pairings that just completed are kept first.
        await waitForPairingCompletions()
        fail(HostError(.notStarted, "the host was stopped"))
        for task in tasks { task.cancel() }
        tasks = []
        await transport.close()
    }

    private func startTasks() {
        guard tasks.isEmpty else { return }
        let transport = self.transport
        let packets = driverIO.packets
        let outbound = channels.outbound
        // Each loop, woken for one item, also takes those queued behind it: a burst crosses
        // into the controller or onto the host actor once, not once per packet.
        tasks.append(Task { [weak self] in
            while let packet = await packets.next() {
                do {
                    if let second = packets.poll() {
                        var burst = [packet, second]
                        while burst.count < AsyncFIFO<HCIPacket>.batchLimit, let more = packets.poll() { burst.append(more) }
                        try await transport.send(contentsOf: burst)
                    } else {
                        try await transport.send(packet)
                    }
                } catch {
                    await self?.transportEnded(error)
                    return
                }
            }
        })
        let inbound = transport.inbound
        tasks.append(Task { [weak self] in
            do {
                for try await packet in inbound {
                    guard let self else { return }
                    await self.receive(packet, thenQueuedOn: inbound.queue)
                }
                await self?.transportEnded(nil)
            } catch {
                await self?.transportEnded(error)
            }
        })
        tasks.append(Task { [weak self] in
            while let pdu = await outbound.next() {
                guard let self else { return }
                await self.sendACL(pdu, thenQueuedOn: outbound)
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

    /// The controller failed for good: everything pending fails with `error`, every connection
    /// ends. Each layer fails in turn, the driver first.
    func fail(_ error: HostError) {
        if case .failed = state { return }
        if error.code == .notStarted {
            logger.info("host stopped", metadata: ["reason": "\(error.message)"])
        } else {
            logger.error("host failed", metadata: ["error": "\(error)"])
        }
        setState(.failed(error))
        failDriver(error)
        failDevice(error)
        channels.finish()
    }

    /// A task that runs `fire` on the host once `duration` has passed on the host's clock,
    /// unless it is cancelled first (or the host is gone).
    func startTimer(after duration: Duration, _ fire: @escaping @Sendable (isolated BLEHost) async -> Void) -> Task<Void, Never> {
        let clock = self.clock
        return Task { [weak self] in
            do {
                try await clock.sleep(for: duration)
            } catch {
                return
            }
            guard let self else { return }
            await fire(self)
        }
    }

    private func transportEnded(_ error: (any Error)?) {
        let detail = error.map { "the HCI transport failed: \($0)" } ?? "the HCI transport closed"
        fail(HostError(.transportClosed, detail + "; reconnect the controller and restart the host"))
    }
}
