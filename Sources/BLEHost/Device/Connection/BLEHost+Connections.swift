import BLECore
import BLEGATT
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Connection lifecycle

    /// An LE (Enhanced) Connection Complete: a new connection in either role, or a failed attempt.
    func connectionCompleted(
        status: HCIStatus,
        handle: UInt16,
        role: HCIRole,
        addressType: HCIAddressType,
        address: DeviceAddress,
        interval: UInt16,
        latency: UInt16,
        timeout: UInt16,
        event: HCIEvent
    ) async {
        guard status.isSuccess else {
            if role == .peripheral, status == .advertisingTimeout {
                device.advertisingStops &+= 1
                device.advertising?.isEnabled = false
            }
            deliverToWaiters(event)
            return
        }
        guard device.connections[handle] == nil else {
            logger.error("the controller reported connection \(HostFormat.hex(handle)) twice; ignored")
            return
        }
        let (transport, bearer) = makeATTBearer(handle: handle)
        let client = await GATTClient(bearer: bearer, peerIdentity: address.description)
        let connection = HostConnection(
            handle: handle, address: address, addressType: addressType, role: role, bearer: bearer, gattClient: client,
            initialState: HostConnectionState(interval: interval, latency: latency, supervisionTimeout: timeout),
            host: self
        )
        device.connections[handle] = connection
        openChannels(handle, role: role, attTransport: transport, bearer: bearer)
        openACLLink(handle)
        if let server = device.gattServer {
            await server.attach(bearer)
        }
        await openSecurity(connection)
        logger.info("connected", metadata: ["handle": "\(HostFormat.hex(handle))", "peer": "\(address)", "role": "\(role)"])
        if role == .peripheral {
            device.advertisingStops &+= 1
            if device.advertising != nil { device.advertising!.isEnabled = false }
            incomingContinuation.yield(connection)
            restartAdvertisingIfNeeded()
        }
        deliverToWaiters(event)
    }

    /// A Disconnection Complete: the connection's waits end, then the connection is torn down.
    func handleDisconnection(_ disconnection: HCIDisconnectionComplete, event: HCIEvent) {
        deliverToWaiters(event)
        guard disconnection.status.isSuccess else { return }
        let handle = disconnection.connectionHandle
        guard let connection = device.connections.removeValue(forKey: handle) else { return }
        logger.info("disconnected", metadata: ["handle": "\(HostFormat.hex(handle))", "reason": "\(disconnection.reason)"])
        tearDown(connection, error: .disconnected(handle, reason: disconnection.reason))
        if connection.role == .peripheral, configuration.readvertiseAfterDisconnect {
            restartAdvertisingIfNeeded()
        }
    }

    /// Fails everything pending on a connection that ended: the connection itself first (so
    /// that whoever sees a channel close already finds why the connection ended, e.g. the HCI
    /// reason a lost link's errors carry), then its waits and commands in the driver, its fixed
    /// channels and its security procedures.
    func tearDown(_ connection: HostConnection, error: HostError) {
        let handle = connection.handle
        connection.markDisconnected(error)
        closeACLLink(handle, error: error)
        closeChannels(handle, error: error)
        closeSecurity(handle, error: error)
    }

    /// Ends the device layer's work after the controller failed or the host stopped: the scan's
    /// stream throws, the connection attempt and advertising are forgotten, every connection ends.
    func failDevice(_ error: HostError) {
        device.activeScan?.continuation.finish(throwing: error)
        device.activeScan = nil
        device.pendingConnect = nil
        device.advertising = nil
        let connections = device.connections
        device.connections = [:]
        for (handle, connection) in connections.sorted(by: { $0.key < $1.key }) {
            tearDown(connection, error: HostError(error.code, "the connection was lost: \(error.message)", status: error.status, connectionHandle: handle))
        }
    }

    /// The open connection with `handle`; throws unless the host is ready and the connection open.
    func openConnection(_ handle: UInt16) throws(HostError) -> HostConnection {
        try checkReady()
        guard let connection = device.connections[handle] else {
            throw HostError(.notConnected, "no connection with this handle; it may have ended", connectionHandle: handle)
        }
        return connection
    }

    // MARK: Operations on a connection

    /// How long ``disconnect(_:reason:)`` waits, in real time, for what is queued on the
    /// connection to reach the controller before it asks the controller to end it.
    static let disconnectFlushLimit = Duration.seconds(2)

    func disconnect(_ handle: UInt16, reason: HCIStatus) async throws(HostError) {
        _ = try openConnection(handle)
        // What was sent before (a Write Command, the last key of a pairing, a notification) goes
        // to the controller first: HCI_Disconnect goes straight to the controller and would
        // otherwise overtake data still queued in the host (the L2CAP outbound queue, the ACL
        // queue waiting for buffer credits). The controller carries what it holds in order.
        // Bounded in real time, not on the host's clock: it protects data and is no protocol
        // timeout, and a test's manual clock may stand still (a controller without credits to
        // give back does not hold the disconnection up for longer either).
        await runWithTimeLimit(Self.disconnectFlushLimit, clock: ContinuousClock()) { [self] in
            await waitUntilTransmitted(handle, acknowledged: false)
        }
        _ = try openConnection(handle)
        let command = HCIDisconnect(connectionHandle: handle, reason: reason)
        let waiter = registerEventWaiter(handle: nil) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: nil, waiter: waiter)
        let event = try await waitForEvent(waiter)
        if case .disconnectionComplete(let complete) = event, !complete.status.isSuccess {
            throw .commandFailed(HCIDisconnect.opcode, status: complete.status, connectionHandle: handle)
        }
    }

    func readRSSI(_ handle: UInt16) async throws(HostError) -> Int? {
        _ = try openConnection(handle)
        return try await send(HCIReadRSSI(handle: handle), handle: handle).rssiDBm
    }

    func setDataLength(_ handle: UInt16, txOctets: UInt16, txTime: UInt16) async throws(HostError) {
        _ = try openConnection(handle)
        let command = HCILESetDataLength(connectionHandle: handle, txOctets: txOctets, txTime: txTime)
        do {
            try command.validate()
        } catch {
            throw HostError(.invalidArgument, "\(error)", connectionHandle: handle)
        }
        _ = try await send(command, handle: handle)
    }

    func setPHY(_ handle: UInt16, tx: HCILEPHYs, rx: HCILEPHYs) async throws(HostError) -> HostConnectionState {
        let connection = try openConnection(handle)
        let command = HCILESetPHY(connectionHandle: handle, txPHYs: tx, rxPHYs: rx)
        let waiter = registerEventWaiter(handle: handle) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: handle, waiter: waiter)
        let event = try await waitForEvent(waiter)
        if case .leMeta(.phyUpdateComplete(let complete)) = event, !complete.status.isSuccess {
            throw .commandFailed(HCILESetPHY.opcode, status: complete.status, connectionHandle: handle)
        }
        return connection.state
    }

    func updateParameters(_ handle: UInt16, _ parameters: ConnectionParameters) async throws(HostError) -> HostConnectionState {
        let connection = try openConnection(handle)
        try parameters.validate()
        if connection.role == .central {
            try await connectionUpdate(handle, parameters)
            return connection.state
        }
        // Peripheral: ask the central over L2CAP, then wait for the update it runs.
        let waiter = registerEventWaiter(handle: handle) { event in
            if case .leMeta(.connectionUpdateComplete(let complete)) = event { return complete.connectionHandle == handle }
            return false
        }
        let identifier = try sendParameterUpdateRequest(parameters, on: handle)
        let timer = startTimer(after: configuration.signalingTimeout) { host in
            host.parameterUpdateTimedOut(handle, identifier: identifier, waiter: waiter)
        }
        defer { timer.cancel() }
        let isAccepted: Bool
        do {
            isAccepted = try await parameterUpdateResponse(identifier, on: handle).get()
        } catch {
            cancelEventWaiter(waiter)
            throw error
        }
        guard isAccepted else {
            cancelEventWaiter(waiter)
            throw HostError(.rejected, "the central rejected the connection parameters \(parameters)", connectionHandle: handle)
        }
        let event = try await waitForEvent(waiter)
        if case .leMeta(.connectionUpdateComplete(let complete)) = event, !complete.status.isSuccess {
            throw .commandFailed(HCILEConnectionUpdate.opcode, status: complete.status, connectionHandle: handle)
        }
        return connection.state
    }

    /// The central did not answer the request, or did not run the update, within the
    /// signaling timeout: whichever wait is pending fails.
    private func parameterUpdateTimedOut(_ handle: UInt16, identifier: UInt8, waiter: UInt64) {
        let error = HostError(.commandTimeout, "the central did not answer or apply the connection parameter update request in time", connectionHandle: handle)
        if !parameterUpdateRequestTimedOut(identifier, on: handle, error: error) {
            resolveEventWaiter(waiter, .failure(error))
        }
    }

    /// HCI_LE_Connection_Update (central), returning once LE Connection Update Complete arrives.
    func connectionUpdate(_ handle: UInt16, _ parameters: ConnectionParameters) async throws(HostError) {
        let command = HCILEConnectionUpdate(
            connectionHandle: handle, connectionIntervalMin: parameters.intervalMin, connectionIntervalMax: parameters.intervalMax,
            maxLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout
        )
        let waiter = registerEventWaiter(handle: handle) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: handle, waiter: waiter)
        let event = try await waitForEvent(waiter)
        if case .leMeta(.connectionUpdateComplete(let complete)) = event, !complete.status.isSuccess {
            throw .commandFailed(HCILEConnectionUpdate.opcode, status: complete.status, connectionHandle: handle)
        }
    }
}
