import BLECore
import Synchronization

/// One ATT bearer: both roles of the Attribute Protocol over one link.
///
/// Core 5.4, Vol 3, Part F, 3.3: the client side has at most one request outstanding (callers
/// queue, first come first served), the server side at most one indication waiting for its
/// confirmation; each transaction times out after 30 s, after which the bearer is closed for good
/// (3.3.3: "no more ATT PDUs shall be sent"). Exchange MTU is answered here; every PDU larger than
/// the ATT_MTU in force is refused on sending and on receiving.
///
/// The link layer hands every received PDU to ``receive(_:)`` and calls ``close(_:)`` when the link
/// is gone; every pending operation then fails at once with that error.
public actor ATTBearer {
    /// The smallest ATT_MTU of LE (Core 5.4, Vol 3, Part F, 3.2.8).
    public static let minimumMTU: UInt16 = 23
    /// The largest ATT_MTU this stack offers: a 512-byte value in one Read Response plus headers.
    public static let maximumMTU: UInt16 = 517
    /// The ATT transaction timeout (Core 5.4, Vol 3, Part F, 3.3.3).
    public static let transactionTimeout: Duration = .seconds(30)

    /// The ATT_MTU this side asks for, or answers with, in Exchange MTU.
    public nonisolated let preferredMTU: UInt16
    /// The ATT_MTU in force: 23 until an Exchange MTU completes.
    public private(set) var mtu: UInt16 = ATTBearer.minimumMTU {
        didSet { mtuInForce.store(mtu, ordering: .relaxed) }
    }
    /// ``mtu``, read without a hop onto the bearer's actor (its server reads it for every
    /// request it answers).
    public nonisolated var currentMTU: UInt16 { mtuInForce.load(ordering: .relaxed) }
    private nonisolated let mtuInForce = Atomic<UInt16>(ATTBearer.minimumMTU)
    /// Why the bearer closed, or nil while it is open.
    public private(set) var closeReason: GATTError?
    /// How many received PDUs were dropped because they were malformed, unexpected or too large.
    public private(set) var droppedPDUCount = 0

    private let transport: any ATTBearerTransport
    private let clock: any Clock<Duration>
    private let timeout: Duration

    private var requestSlot = ATTTransactionSlot()
    private var pendingRequest: PendingTransaction?
    private var indicationSlot = ATTTransactionSlot()
    private var pendingIndication: PendingTransaction?
    private var nextTransactionID: UInt64 = 0
    private var timedOutTransaction: UInt64?
    /// The timeouts of the request and indication transactions (made on first use).
    private var requestTimer: DeadlineTimer?
    private var indicationTimer: DeadlineTimer?

    private var serverHandler: (any ATTServerRequestHandler)?
    private var serverInbox: AsyncFIFO<ATTMessage>?
    private var serverProgress: ATTServerProgress?
    /// ``isOpen``, read without a hop onto the bearer's actor (by its server's loop).
    private nonisolated let openFlag = Atomic<Bool>(true)
    private var valueHandlers: [@Sendable (ATTHandleValue) -> Void] = []
    private var closeHandlers: [@Sendable (GATTError) -> Void] = []

    /// Creates an open bearer.
    ///
    /// - Parameters:
    ///   - transport: where PDUs go.
    ///   - clock: the clock for transaction timeouts (a manual clock in tests).
    ///   - preferredMTU: the ATT_MTU offered in Exchange MTU, clamped to 23…517.
    ///   - transactionTimeout: 30 s per the spec; shorter only for tests of timeouts.
    public init(
        transport: any ATTBearerTransport,
        clock: any Clock<Duration>,
        preferredMTU: UInt16 = ATTBearer.maximumMTU,
        transactionTimeout: Duration = ATTBearer.transactionTimeout
    ) {
        self.transport = transport
        self.clock = clock
        self.preferredMTU = min(max(preferredMTU, Self.minimumMTU), Self.maximumMTU)
        self.timeout = transactionTimeout
    }

    /// Whether the bearer can still be used.
    public var isOpen: Bool { closeReason == nil }

    // MARK: Roles and handlers

    /// Installs the server role: every request and command from the peer goes to `handler`.
    ///
    /// Without a server, requests are answered with Request Not Supported and commands ignored.
    /// A handler that replaces another serves the requests that arrive from then on; the one
    /// it replaces finishes those it already has.
    public func setServerHandler(_ handler: any ATTServerRequestHandler) {
        serverHandler = handler
        guard isOpen else { return }
        serverInbox?.finish()
        let inbox = AsyncFIFO<ATTMessage>()
        let progress = ATTServerProgress()
        serverInbox = inbox
        serverProgress = progress
        let requests = ATTServerRequests(bearer: self, inbox: inbox, progress: progress)
        Task { await handler.serve(requests) }
    }

    /// Adds an observer of every notification and indication from the peer's server (indications
    /// are confirmed by the bearer once the observers have run). Observers run in the order added.
    public func addValueHandler(_ handler: @escaping @Sendable (ATTHandleValue) -> Void) {
        valueHandlers.append(handler)
    }

    /// Adds an observer called once when the bearer closes, with the reason (a timeout, or the
    /// link's error); called at once if the bearer is already closed.
    public func addCloseHandler(_ handler: @escaping @Sendable (GATTError) -> Void) {
        if let closeReason {
            handler(closeReason)
        } else {
            closeHandlers.append(handler)
        }
    }

    // MARK: Client role

    /// Exchange MTU (Core 5.4, Vol 3, Part G, 4.3.1): offers ``preferredMTU`` and returns the
    /// ATT_MTU now in force, `min(preferred, server's Rx MTU)` and at least 23.
    @discardableResult
    public func exchangeMTU() async throws(GATTError) -> UInt16 {
        let response = try await request(
            ATTExchangeMTURequest(clientRxMTU: preferredMTU),
            expecting: ATTExchangeMTUResponse.self
        )
        mtu = Self.negotiatedMTU(preferredMTU, response.serverRxMTU)
        return mtu
    }

    /// Sends a request and returns the peer's response PDU of the expected type.
    ///
    /// An Error Response throws ``GATTError/Code/attError`` with the peer's code and handle;
    /// a malformed or mismatched response throws ``GATTError/Code/invalidResponse``.
    public func request<Response: ATTPDU>(
        _ pdu: some ATTPDU,
        expecting: Response.Type
    ) async throws(GATTError) -> Response {
        let message = try await request(pdu)
        // The message was decoded off the wire once already: take its PDU as it is.
        if let response = message.pdu(as: Response.self) { return response }
        // Another type than the one decoded (a caller's own type for this opcode, or the wrong
        // one): decode the PDU's bytes as `Response`, which throws for a mismatch.
        do {
            return try Response.decode(message.encode())
        } catch {
            throw GATTError(.invalidResponse, "expected \(Response.opcode.name), got \(message.opcode.name)")
                .context(procedure: type(of: pdu).opcode.name)
        }
    }

    /// Sends a request and returns the peer's response (never an Error Response: that throws).
    ///
    /// Requests queue behind one another: at most one is outstanding (3.3.2). If the caller's task
    /// is cancelled while waiting for the response, the caller gets ``GATTError/Code/cancelled`` at
    /// once but the next request still waits for this response, as the protocol requires.
    public func request(_ pdu: some ATTPDU) async throws(GATTError) -> ATTMessage {
        let opcode = type(of: pdu).opcode
        let bytes = pdu.encode()
        try await acquire(.request, for: opcode)
        guard bytes.count <= Int(mtu) else {
            releaseRequestSlot()
            throw GATTError(.pduTooLarge, "\(bytes.count) bytes exceed ATT_MTU \(mtu)").context(procedure: opcode.name)
        }
        let result = await awaitTransaction(.request, opcode: opcode, bytes: bytes)
        return try result.get()
    }

    /// Sends a Write Command or Signed Write Command: no response, so it is paced by the link.
    public func sendCommand(_ pdu: some ATTPDU) async throws(GATTError) {
        let opcode = type(of: pdu).opcode
        let bytes = pdu.encode()
        try checkOpen(opcode.name)
        guard bytes.count <= Int(mtu) else {
            throw GATTError(.pduTooLarge, "\(bytes.count) bytes exceed ATT_MTU \(mtu)").context(procedure: opcode.name)
        }
        await transport.waitForSendCapacity()
        try checkOpen(opcode.name)
        transport.send(bytes)
    }

    /// What ``sendWriteCommand(handle:value:)`` did.
    enum WriteCommandOutcome: Sendable {
        /// The Write Command is on its way.
        case sent
        /// The value does not fit in ATT_MTU − 3 bytes at this ATT_MTU; nothing was sent.
        case tooLong(mtu: UInt16)
        /// The bearer was closed for this reason before the command; nothing was sent.
        case closed(GATTError)
        /// Sending failed with this error.
        case failed(GATTError)
    }

    /// A Write Command (Core 5.4, Vol 3, Part F, 3.4.5.3) for GATT's Write Without Response, in
    /// one call on the bearer: the length checked against the ATT_MTU in force, then the bearer
    /// open, then sent as ``sendCommand(_:)`` sends it.
    func sendWriteCommand(handle: UInt16, value: [UInt8]) async -> WriteCommandOutcome {
        guard value.count <= Int(mtu) - 3 else { return .tooLong(mtu: mtu) }
        if let closeReason { return .closed(closeReason) }
        do {
            try await sendCommand(ATTWriteCommand(attributeHandle: handle, attributeValue: value))
            return .sent
        } catch {
            return .failed(error)
        }
    }

    // MARK: Server role

    /// Sends a Handle Value Notification; `value` must fit in ATT_MTU − 3 bytes.
    public func sendNotification(handle: UInt16, value: [UInt8]) async throws(GATTError) {
        try await sendCommand(ATTHandleValueNotification(attributeHandle: handle, attributeValue: value))
    }

    /// Sends a Multiple Handle Value Notification.
    public func sendMultipleNotification(_ pdu: ATTMultipleHandleValueNotification) async throws(GATTError) {
        try await sendCommand(pdu)
    }

    /// Sends a Handle Value Notification of `value`, cut to ATT_MTU − 3 bytes when
    /// `truncatingToMTU` (Core 5.4, Vol 3, Part G, 4.10: the server sends the first
    /// ATT_MTU − 3 octets of a longer value); one call on the bearer for the GATT server.
    func sendNotification(handle: UInt16, value: [UInt8], truncatingToMTU: Bool) async throws(GATTError) {
        try await sendNotification(handle: handle, value: truncatingToMTU ? fitted(value) : value)
    }

    /// Sends a Handle Value Indication of `value`, cut to ATT_MTU − 3 bytes when
    /// `truncatingToMTU` (Part G, 4.11), and returns when the peer confirms it.
    func sendIndication(handle: UInt16, value: [UInt8], truncatingToMTU: Bool) async throws(GATTError) {
        try await sendIndication(handle: handle, value: truncatingToMTU ? fitted(value) : value)
    }

    /// `value`, or its first ATT_MTU − 3 bytes when it is longer.
    private func fitted(_ value: [UInt8]) -> [UInt8] {
        let room = Int(mtu) - 3
        return value.count <= room ? value : Array(value.prefix(room))
    }

    /// Sends a Handle Value Indication and returns when the peer confirms it.
    ///
    /// Indications queue behind one another: at most one waits for its confirmation (3.3.2).
    public func sendIndication(handle: UInt16, value: [UInt8]) async throws(GATTError) {
        let opcode = ATTOpcode.handleValueIndication
        let bytes = ATTHandleValueIndication(attributeHandle: handle, attributeValue: value).encode()
        try await acquire(.indication, for: opcode)
        guard bytes.count <= Int(mtu) else {
            releaseIndicationSlot()
            throw GATTError(.pduTooLarge, "\(bytes.count) bytes exceed ATT_MTU \(mtu)")
                .context(procedure: opcode.name, handle: handle)
        }
        let result = await awaitTransaction(.indication, opcode: opcode, bytes: bytes)
        _ = try result.get()
    }

    // MARK: Link events

    /// Takes one PDU received from the peer.
    ///
    /// Never throws and never traps: malformed, unexpected or oversized PDUs are answered as the
    /// spec says (Invalid PDU, Request Not Supported) or dropped and counted.
    public func receive(_ bytes: [UInt8]) {
        guard isOpen else { return }
        guard let first = bytes.first else {
            droppedPDUCount += 1
            return
        }
        let opcode = ATTOpcode(rawValue: first)
        if bytes.count > Int(mtu) {
            droppedPDUCount += 1
            if opcode.kind == .request || (opcode.kind == nil && !opcode.isCommand) {
                sendErrorResponse(opcode, handle: 0, .invalidPDU)
            }
            return
        }
        let message: ATTMessage
        do {
            message = try ATTMessage(decoding: bytes)
        } catch {
            droppedPDUCount += 1
            switch opcode.kind {
            case .request:
                sendErrorResponse(opcode, handle: 0, .invalidPDU)
            case .response:
                failPendingRequest(with: GATTError(.invalidResponse, error.description))
            default:
                break
            }
            return
        }
        switch message {
        case .exchangeMTURequest(let pdu):
            transport.send(ATTExchangeMTUResponse(serverRxMTU: preferredMTU).encode())
            mtu = Self.negotiatedMTU(preferredMTU, pdu.clientRxMTU)
        case .handleValueNotification(let pdu):
            deliver(ATTHandleValue(attributeHandle: pdu.attributeHandle, attributeValue: pdu.attributeValue, isIndication: false))
        case .multipleHandleValueNotification(let pdu):
            for tuple in pdu.handleLengthValueTupleList {
                deliver(ATTHandleValue(attributeHandle: tuple.attributeHandle, attributeValue: tuple.attributeValue, isIndication: false))
            }
        case .handleValueIndication(let pdu):
            deliver(ATTHandleValue(attributeHandle: pdu.attributeHandle, attributeValue: pdu.attributeValue, isIndication: true))
            transport.send(ATTHandleValueConfirmation().encode())
        case .handleValueConfirmation:
            guard var pending = pendingIndication else {
                droppedPDUCount += 1
                return
            }
            pendingIndication = nil
            pending.finish(.success(.handleValueConfirmation(ATTHandleValueConfirmation())))
            releaseIndicationSlot()
        case .unknown(let unknownOpcode, _):
            if !unknownOpcode.isCommand {
                sendErrorResponse(unknownOpcode, handle: 0, .requestNotSupported)
            } else {
                droppedPDUCount += 1
            }
        default:
            switch opcode.kind {
            case .response:
                completePendingRequest(with: message)
            case .request, .command:
                if let serverInbox {
                    serverProgress?.queuedOne()
                    serverInbox.yield(message)
                } else if opcode.kind == .request {
                    sendErrorResponse(opcode, handle: 0, .requestNotSupported)
                }
            default:
                droppedPDUCount += 1
            }
        }
    }

    /// Closes the bearer: every pending and queued operation fails at once, the server role
    /// forgets this client, and nothing more is sent.
    ///
    /// The transaction that timed out (when `reason` is a timeout) fails with `reason`; everything
    /// else, then and later, fails with ``GATTError/Code/bearerClosed`` naming the reason.
    public func close(_ reason: GATTError) {
        guard isOpen else { return }
        closeReason = reason
        openFlag.store(false, ordering: .releasing)
        let closed = Self.closedError(reason)
        failPendingRequest(with: pendingRequest?.id == timedOutTransaction ? reason : closed)
        if var pending = pendingIndication {
            pendingIndication = nil
            pending.finish(.failure(pending.id == timedOutTransaction ? reason : closed.context(procedure: pending.opcode.name)))
        }
        requestSlot.failAll(closed)
        indicationSlot.failAll(closed)
        requestTimer?.cancel()
        indicationTimer?.cancel()
        serverInbox?.finish()
        serverInbox = nil
        if let handler = serverHandler {
            Task { await handler.bearerDidClose(self) }
        }
        let handlers = closeHandlers
        closeHandlers = []
        for handler in handlers { handler(reason) }
    }

    /// The error for operations on a closed bearer: `bearerClosed`, with the reason in the message.
    static func closedError(_ reason: GATTError) -> GATTError {
        if reason.code == .bearerClosed { return GATTError(.bearerClosed, reason.message) }
        return GATTError(.bearerClosed, "the ATT bearer is closed (\(reason.description)); reconnect to continue")
    }

    // MARK: Internals

    static func negotiatedMTU(_ a: UInt16, _ b: UInt16) -> UInt16 {
        max(minimumMTU, min(a, b))
    }

    private func checkOpen(_ procedure: String) throws(GATTError) {
        if let closeReason { throw Self.closedError(closeReason).context(procedure: procedure) }
    }

    private func deliver(_ value: ATTHandleValue) {
        for handler in valueHandlers { handler(value) }
    }

    /// Returns once the server has handled every request and command that arrived so far (at
    /// once without a server, or once the bearer is closed): e.g. before a device stops, so that
    /// a Write Command it received is applied.
    public func waitUntilServed() async {
        guard serverInbox != nil, let serverProgress else { return }
        await serverProgress.waitUntilHandled()
    }

    /// Whether the server should still handle `message`. A command (Write Command, Signed
    /// Write Command) that arrived before the link closed is still applied: the peer sent it, saw
    /// it acknowledged by the link layer and waits for no answer. A request that can no longer be
    /// answered is dropped.
    nonisolated func shouldServe(_ message: ATTMessage) -> Bool {
        openFlag.load(ordering: .acquiring) || message.opcode.isCommand
    }

    /// Sends the server's answer to `request`, while the bearer is open: an answer longer than
    /// ATT_MTU becomes Error Response Unlikely Error.
    nonisolated func sendServerAnswer(_ answer: ATTMessage, to request: ATTMessage) {
        guard openFlag.load(ordering: .acquiring) else { return }
        let bytes = answer.encode()
        if bytes.count > Int(currentMTU) {
            sendErrorResponse(request.opcode, handle: 0, .unlikelyError)
        } else {
            transport.send(bytes)
        }
    }

    private nonisolated func sendErrorResponse(_ opcode: ATTOpcode, handle: UInt16, _ code: ATTErrorCode) {
        let response = ATTErrorResponse(requestOpcodeInError: opcode, attributeHandleInError: handle, errorCode: code)
        transport.send(response.encode())
    }

    private func completePendingRequest(with message: ATTMessage) {
        guard let pending = pendingRequest else {
            droppedPDUCount += 1
            return
        }
        let result: Result<ATTMessage, GATTError>
        if case .errorResponse(let error) = message {
            guard error.requestOpcodeInError == pending.opcode else {
                failPendingRequest(with: GATTError(
                    .invalidResponse,
                    "Error Response names \(error.requestOpcodeInError.name), the request was \(pending.opcode.name)"
                ))
                return
            }
            result = .failure(.attError(error.errorCode, handle: error.attributeHandleInError, procedure: pending.opcode.name))
        } else if message.opcode.rawValue == pending.opcode.rawValue &+ 1 {
            result = .success(message)
        } else {
            failPendingRequest(with: GATTError(
                .invalidResponse,
                "\(message.opcode.name) does not answer \(pending.opcode.name)"
            ))
            return
        }
        pendingRequest = nil
        var finished = pending
        finished.finish(result)
        releaseRequestSlot()
    }

    private func failPendingRequest(with error: GATTError) {
        guard var pending = pendingRequest else { return }
        pendingRequest = nil
        pending.finish(.failure(error.context(procedure: pending.opcode.name)))
        releaseRequestSlot()
    }

    private func releaseRequestSlot() {
        requestSlot.release()
    }

    private func releaseIndicationSlot() {
        indicationSlot.release()
    }

    /// Waits for the slot's turn; throws if the bearer is or becomes closed, or the task is cancelled.
    private func acquire(_ kind: TransactionKind, for opcode: ATTOpcode) async throws(GATTError) {
        try checkOpen(opcode.name)
        if Task.isCancelled {
            throw GATTError(.cancelled, "the task was cancelled").context(procedure: opcode.name)
        }
        if withSlot(kind, { $0.tryAcquire() }) { return }
        nextTransactionID += 1
        let id = nextTransactionID
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, GATTError>, Never>) in
                withSlot(kind) { $0.enqueue(id: id, continuation) }
            }
        } onCancel: {
            Task { await self.cancelWaiter(kind, id: id) }
        }
        try result.get()
        // Re-check: the slot may have been handed to us by close() racing with release().
        try checkOpen(opcode.name)
    }

    private func cancelWaiter(_ kind: TransactionKind, id: UInt64) {
        withSlot(kind) { $0.cancel(id: id, GATTError(.cancelled, "the task was cancelled")) }
    }

    private func withSlot<T>(_ kind: TransactionKind, _ body: (inout ATTTransactionSlot) -> T) -> T {
        switch kind {
        case .request: body(&requestSlot)
        case .indication: body(&indicationSlot)
        }
    }

    /// Sends `bytes` and waits for the transaction to finish (response, confirmation, timeout,
    /// close, or the caller's cancellation).
    private func awaitTransaction(
        _ kind: TransactionKind,
        opcode: ATTOpcode,
        bytes: [UInt8]
    ) async -> Result<ATTMessage, GATTError> {
        nextTransactionID += 1
        let id = nextTransactionID
        let timer = transactionTimer(kind)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<ATTMessage, GATTError>, Never>) in
                timer.arm(after: timeout, token: id)
                let pending = PendingTransaction(id: id, opcode: opcode, continuation: continuation, timer: timer)
                switch kind {
                case .request: pendingRequest = pending
                case .indication: pendingIndication = pending
                }
                transport.send(bytes)
            }
        } onCancel: {
            Task { await self.abandon(kind, id: id) }
        }
    }

    /// The timer of `kind`'s transactions: one sleeping task per bearer and kind, however many
    /// transactions run (``DeadlineTimer``).
    private func transactionTimer(_ kind: TransactionKind) -> DeadlineTimer {
        switch kind {
        case .request:
            if let requestTimer { return requestTimer }
        case .indication:
            if let indicationTimer { return indicationTimer }
        }
        let timer = DeadlineTimer(clock: clock) { [weak self] id in await self?.transactionTimedOut(id: id) }
        switch kind {
        case .request: requestTimer = timer
        case .indication: indicationTimer = timer
        }
        return timer
    }

    /// The caller stopped waiting; the transaction stays outstanding until it completes.
    private func abandon(_ kind: TransactionKind, id: UInt64) {
        let error = GATTError(.cancelled, "the task was cancelled; the transaction stays outstanding until the peer answers")
        switch kind {
        case .request where pendingRequest?.id == id: pendingRequest?.abandon(error)
        case .indication where pendingIndication?.id == id: pendingIndication?.abandon(error)
        default: break
        }
    }

    private func transactionTimedOut(id: UInt64) {
        let matches = pendingRequest?.id == id || pendingIndication?.id == id
        guard matches, isOpen else { return }
        timedOutTransaction = id
        let opcode = pendingRequest?.id == id ? pendingRequest!.opcode : pendingIndication!.opcode
        close(GATTError(
            .timeout,
            "no answer within \(timeout); the ATT bearer is closed, reconnect to continue"
        ).context(procedure: opcode.name))
    }
}
