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
                advertisingStops &+= 1
                advertising?.isEnabled = false
            }
            deliverToWaiters(event)
            return
        }
        guard connectionRecords[handle] == nil else {
            logger.error("the controller reported connection \(HostFormat.hex(handle)) twice; ignored")
            return
        }
        let transport = ConnectionATTTransport(handle: handle, outbox: outbox, limit: configuration.sendQueueLimit)
        let bearer = ATTBearer(
            transport: transport, clock: clock,
            preferredMTU: configuration.preferredATTMTU, transactionTimeout: configuration.attTransactionTimeout
        )
        let client = await GATTClient(bearer: bearer, peerIdentity: address.description)
        let connection = HostConnection(
            handle: handle, address: address, addressType: addressType, role: role, bearer: bearer, gattClient: client,
            initialState: HostConnectionState(interval: interval, latency: latency, supervisionTimeout: timeout),
            host: self
        )
        connectionRecords[handle] = ConnectionRecord(
            connection: connection, transport: transport,
            signaling: L2CAPLESignalingChannel(role: role, policy: configuration.connectionParameterPolicy)
        )
        scheduler?.addConnection(handle)
        if let server = gattServer {
            await server.attach(bearer)
        }
        logger.info("connected", metadata: ["handle": "\(HostFormat.hex(handle))", "peer": "\(address)", "role": "\(role)"])
        if role == .peripheral {
            advertisingStops &+= 1
            if advertising != nil { advertising!.isEnabled = false }
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
        guard let record = connectionRecords.removeValue(forKey: handle) else { return }
        logger.info("disconnected", metadata: ["handle": "\(HostFormat.hex(handle))", "reason": "\(disconnection.reason)"])
        tearDown(record, error: .disconnected(handle, reason: disconnection.reason))
        scheduler?.removeConnection(handle)
        reassembler.removeConnection(handle)
        pumpACL()
        resumeTransmitWaiters()
        if record.connection.role == .peripheral, configuration.readvertiseAfterDisconnect {
            restartAdvertisingIfNeeded()
        }
    }

    /// Fails everything pending on a connection that ended.
    func tearDown(_ record: ConnectionRecord, error: HostError) {
        let handle = record.connection.handle
        for (id, waiter) in eventWaiters where waiter.handle == handle {
            resolveEventWaiter(id, .failure(error))
        }
        for (id, waiter) in commandWaiters where waiter.handle == handle {
            // The answer will still come and return its credit; the caller need not wait for it.
            commandWaiters[id] = nil
            waiter.finish(.failure(error))
        }
        for (_, waiter) in record.signalingWaiters {
            waiter.resume(returning: .failure(error))
        }
        record.transport.close()
        let bearer = record.connection.bearer
        let reason = GATTError(.bearerClosed, error.description)
        Task { await bearer.close(reason) }
        record.connection.markDisconnected(error)
    }

    func record(_ handle: UInt16) throws(HostError) -> ConnectionRecord {
        try checkReady()
        guard let record = connectionRecords[handle] else {
            throw HostError(.notConnected, "no connection with this handle; it may have ended", connectionHandle: handle)
        }
        return record
    }

    // MARK: Operations on a connection

    func disconnect(_ handle: UInt16, reason: HCIStatus) async throws(HostError) {
        _ = try record(handle)
        let command = HCIDisconnect(connectionHandle: handle, reason: reason)
        let waiter = registerEventWaiter(handle: nil) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: nil, waiter: waiter)
        let event = try await waitForEvent(waiter)
        if case .disconnectionComplete(let complete) = event, !complete.status.isSuccess {
            throw .commandFailed(HCIDisconnect.opcode, status: complete.status, connectionHandle: handle)
        }
    }

    func readRSSI(_ handle: UInt16) async throws(HostError) -> Int? {
        _ = try record(handle)
        return try await send(HCIReadRSSI(handle: handle), handle: handle).rssiDBm
    }

    func setDataLength(_ handle: UInt16, txOctets: UInt16, txTime: UInt16) async throws(HostError) {
        _ = try record(handle)
        let command = HCILESetDataLength(connectionHandle: handle, txOctets: txOctets, txTime: txTime)
        do {
            try command.validate()
        } catch {
            throw HostError(.invalidArgument, "\(error)", connectionHandle: handle)
        }
        _ = try await send(command, handle: handle)
    }

    func setPHY(_ handle: UInt16, tx: HCILEPHYs, rx: HCILEPHYs) async throws(HostError) -> HostConnectionState {
        let record = try record(handle)
        let command = HCILESetPHY(connectionHandle: handle, txPHYs: tx, rxPHYs: rx)
        let waiter = registerEventWaiter(handle: handle) { [command] event in command.isCompleted(by: event) }
        try await sendAwaitingStatus(command, handle: handle, waiter: waiter)
        let event = try await waitForEvent(waiter)
        if case .leMeta(.phyUpdateComplete(let complete)) = event, !complete.status.isSuccess {
            throw .commandFailed(HCILESetPHY.opcode, status: complete.status, connectionHandle: handle)
        }
        return record.connection.state
    }

    func updateParameters(_ handle: UInt16, _ parameters: ConnectionParameters) async throws(HostError) -> HostConnectionState {
        let record = try record(handle)
        try parameters.validate()
        if record.connection.role == .central {
            try await connectionUpdate(handle, parameters)
            return record.connection.state
        }
        // Peripheral: ask the central over L2CAP, then wait for the update it runs.
        let waiter = registerEventWaiter(handle: handle) { event in
            if case .leMeta(.connectionUpdateComplete(let complete)) = event { return complete.connectionHandle == handle }
            return false
        }
        let (identifier, payload) = connectionRecords[handle]!.signaling.requestParameterUpdate(parameters)
        let timeout = configuration.signalingTimeout
        let clock = self.clock
        let timer = Task { [weak self] in
            do {
                try await clock.sleep(for: timeout)
            } catch {
                return
            }
            await self?.signalingTimedOut(handle, identifier: identifier, waiter: waiter)
        }
        defer { timer.cancel() }
        let accepted = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bool, HostError>, Never>) in
            connectionRecords[handle]?.signalingWaiters[identifier] = continuation
            enqueue(OutboundPDU(handle: handle, channel: .leSignaling, payload: payload))
        }
        let isAccepted: Bool
        do {
            isAccepted = try accepted.get()
        } catch {
            eventWaiters[waiter] = nil
            throw error
        }
        guard isAccepted else {
            eventWaiters[waiter] = nil
            throw HostError(.rejected, "the central rejected the connection parameters \(parameters)", connectionHandle: handle)
        }
        let event = try await waitForEvent(waiter)
        if case .leMeta(.connectionUpdateComplete(let complete)) = event, !complete.status.isSuccess {
            throw .commandFailed(HCILEConnectionUpdate.opcode, status: complete.status, connectionHandle: handle)
        }
        return record.connection.state
    }

    private func signalingTimedOut(_ handle: UInt16, identifier: UInt8, waiter: UInt64) {
        let error = HostError(.commandTimeout, "the central did not answer or apply the connection parameter update request in time", connectionHandle: handle)
        if let continuation = connectionRecords[handle]?.signalingWaiters.removeValue(forKey: identifier) {
            connectionRecords[handle]?.signaling.abandonRequest(identifier)
            continuation.resume(returning: .failure(error))
        } else {
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
