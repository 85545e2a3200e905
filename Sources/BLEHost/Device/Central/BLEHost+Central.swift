import BLECore
import BLEHCI
import Logging

/// The scan in progress.
struct ActiveScan: Sendable {
    let id: UInt64
    var merger: AdvertisingReportMerger
    let continuation: AsyncThrowingStream<HostDiscovery, any Error>.Continuation
}

/// The connection attempt in progress.
struct PendingConnect: Sendable {
    let waiter: UInt64
    var cancelReason: HostError.Code?
}

extension BLEHost {
    /// The own address type the configuration implies.
    var ownAddressType: HCIOwnAddressType {
        device.ownRandomAddress == nil ? .public : .random
    }

    // MARK: Scanning

    /// Starts scanning and returns the discoveries, advertisement and scan response merged per
    /// device, from legacy or extended advertising reports.
    ///
    /// Core 5.4, Vol 4, Part E, 7.8.10 and 7.8.11. One scan at a time (``HostError/Code/busy``).
    /// Scanning stops when the stream's consumer stops iterating, or with ``stopScan()``; the stream
    /// throws when the controller fails.
    public func scan(_ parameters: ScanParameters = ScanParameters()) async throws(HostError) -> AsyncThrowingStream<HostDiscovery, any Error> {
        try checkReady()
        guard device.activeScan == nil else { throw HostError(.busy, "a scan is already running; stop it first") }
        let command = HCILESetScanParameters(
            leScanType: parameters.isActive ? .active : .passive,
            leScanInterval: HCITimeUnit.slot.count(for: parameters.interval),
            leScanWindow: HCITimeUnit.slot.count(for: parameters.window),
            ownAddressType: ownAddressType
        )
        do {
            try command.validate()
        } catch {
            throw HostError(.invalidArgument, "scan parameters: \(error)")
        }
        device.lastScanID += 1
        let id = device.lastScanID
        let (stream, continuation) = AsyncThrowingStream<HostDiscovery, any Error>.makeStream(bufferingPolicy: .bufferingNewest(256))
        device.activeScan = ActiveScan(
            id: id, merger: AdvertisingReportMerger(isActive: parameters.isActive, filterDuplicates: parameters.filterDuplicates),
            continuation: continuation
        )
        do {
            _ = try await send(command)
            _ = try await send(HCILESetScanEnable(enable: true, filterDuplicates: parameters.filterDuplicates))
        } catch {
            if device.activeScan?.id == id { device.activeScan = nil }
            throw error
        }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.scanTerminated(id) }
        }
        return stream
    }

    /// Stops the scan in progress (its stream finishes); does nothing when none runs.
    public func stopScan() async throws(HostError) {
        guard let scan = device.activeScan else { return }
        device.activeScan = nil
        scan.continuation.finish()
        _ = try await send(HCILESetScanEnable(enable: false, filterDuplicates: false))
    }

    private func scanTerminated(_ id: UInt64) async {
        guard device.activeScan?.id == id else { return }
        device.activeScan = nil
        do {
            _ = try await send(HCILESetScanEnable(enable: false, filterDuplicates: false))
        } catch {
            logger.notice("could not disable scanning", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Connecting

    /// Connects to an advertiser as central and returns the connection, its ATT bearer wired to a
    /// GATT client (and to the host's GATT server, if one is set).
    ///
    /// Core 5.4, Vol 4, Part E, 7.8.12 (LE Create Connection) and 7.8.13 (LE Create Connection
    /// Cancel). When `timeout` passes or the task is cancelled first, the attempt is cancelled and
    /// ``HostError/Code/connectTimeout`` or ``HostError/Code/cancelled`` thrown. If the connection
    /// completes while the cancel is on its way, a timed-out attempt returns it; a cancelled task's
    /// connection is disconnected. One attempt at a time (``HostError/Code/busy``).
    public func connect(
        to address: DeviceAddress,
        addressType: HCIAddressType? = nil,
        parameters: ConnectionParameters = .default,
        timeout: Duration = .seconds(10)
    ) async throws(HostError) -> HostConnection {
        try checkReady()
        try parameters.validate()
        guard device.pendingConnect == nil else { throw HostError(.busy, "another connection attempt is in progress; wait for it") }
        if Task.isCancelled { throw HostError(.cancelled, "the task was cancelled") }
        let command = HCILECreateConnection(
            leScanInterval: 0x0060, leScanWindow: 0x0060,
            peerAddressType: addressType ?? address.hciAddressType, peerAddress: address, ownAddressType: ownAddressType,
            connectionIntervalMin: parameters.intervalMin, connectionIntervalMax: parameters.intervalMax,
            maxLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout
        )
        let waiter = registerEventWaiter(handle: nil) { event in
            guard case .leMeta(let meta) = event else { return false }
            switch meta {
            case .connectionComplete(let e): return e.role == .central || (!e.status.isSuccess && e.status != .advertisingTimeout)
            case .enhancedConnectionComplete(let e): return e.role == .central || (!e.status.isSuccess && e.status != .advertisingTimeout)
            case .enhancedConnectionCompleteV2(let e): return e.role == .central || (!e.status.isSuccess && e.status != .advertisingTimeout)
            default: return false
            }
        }
        device.pendingConnect = PendingConnect(waiter: waiter)
        defer { if device.pendingConnect?.waiter == waiter { device.pendingConnect = nil } }
        try await sendAwaitingStatus(command, handle: nil, waiter: waiter)
        let timer = startTimer(after: timeout) { host in
            await host.cancelConnect(waiter, because: .connectTimeout)
        }
        defer { timer.cancel() }
        let result: Result<HCIEvent, HostError> = await withTaskCancellationHandler {
            do throws(HostError) {
                return .success(try await waitForEvent(waiter))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            Task { await self.cancelConnect(waiter, because: .cancelled) }
        }
        let cancelReason = device.pendingConnect?.waiter == waiter ? device.pendingConnect?.cancelReason : nil
        let event = try result.get()
        let (status, handle) = Self.connectionOutcome(event)
        guard status.isSuccess else {
            switch cancelReason {
            case .connectTimeout?:
                throw HostError(.connectTimeout, "\(address) did not accept a connection within \(timeout); is it advertising and in range?")
            case .cancelled?:
                throw HostError(.cancelled, "the connection attempt to \(address) was cancelled")
            default:
                throw .commandFailed(HCILECreateConnection.opcode, status: status)
            }
        }
        guard let connection = device.connections[handle] else {
            throw HostError(.disconnected, "the connection to \(address) ended as it was made", connectionHandle: handle)
        }
        if cancelReason == .cancelled {
            Task { try? await connection.disconnect() }
            throw HostError(.cancelled, "the connection attempt to \(address) was cancelled; the connection made meanwhile is being closed")
        }
        return connection
    }

    private static func connectionOutcome(_ event: HCIEvent) -> (HCIStatus, UInt16) {
        switch event {
        case .leMeta(.connectionComplete(let e)): (e.status, e.connectionHandle)
        case .leMeta(.enhancedConnectionComplete(let e)): (e.status, e.connectionHandle)
        case .leMeta(.enhancedConnectionCompleteV2(let e)): (e.status, e.connectionHandle)
        default: (.unspecifiedError, 0)
        }
    }

    /// Cancels the pending attempt with LE Create Connection Cancel; the controller then completes
    /// it with Unknown Connection Identifier. If nothing completes within the command timeout the
    /// attempt fails anyway.
    private func cancelConnect(_ waiter: UInt64, because reason: HostError.Code) async {
        guard device.pendingConnect?.waiter == waiter, device.pendingConnect?.cancelReason == nil else { return }
        device.pendingConnect?.cancelReason = reason
        logger.info("cancelling the connection attempt", metadata: ["reason": "\(reason)"])
        do {
            _ = try await send(HCILECreateConnectionCancel())
        } catch {
            // Command Disallowed: the connection completed meanwhile; its event resolves the wait.
            logger.debug("LE Create Connection Cancel failed", metadata: ["error": "\(error)"])
        }
        guard hasEventWaiter(waiter) else { return }
        _ = startTimer(after: configuration.commandTimeout) { host in
            host.resolveEventWaiter(waiter, .failure(HostError(
                reason, "the controller did not confirm the cancelled connection attempt"
            )))
        }
    }
}
