import BLECore
import Synchronization

/// The link under an ATT bearer: an L2CAP fixed channel 0x0004 on a connection, or an in-memory
/// pipe in tests.
public protocol ATTBearerTransport: Sendable {
    /// Sends one whole ATT PDU to the peer. PDUs leave in the order they are sent.
    func send(_ pdu: [UInt8])

    /// Returns once the link can take another PDU without overrunning the controller's buffers.
    ///
    /// The bearer awaits this before every Write Command and notification, which have no response
    /// to pace them. It runs on the caller's executor (`nonisolated(nonsending)`), so a link with
    /// room costs the bearer no hop off its actor. The default returns at once.
    nonisolated(nonsending) func waitForSendCapacity() async
}

extension ATTBearerTransport {
    /// Returns at once: the transport queues without limit.
    public nonisolated(nonsending) func waitForSendCapacity() async {}
}

/// The server role on one bearer: answers the peer's requests and commands.
public protocol ATTServerRequestHandler: Sendable {
    /// Answers a request with its response (or an Error Response), or handles a command and
    /// returns nil.
    ///
    /// Called one at a time, in arrival order, for every request and command except Exchange MTU,
    /// which the bearer answers itself.
    func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage?

    /// The bearer closed (link lost, or a transaction timed out): drop this client's state.
    func bearerDidClose(_ bearer: ATTBearer) async

    /// Serves a bearer's requests and commands until they end (the bearer closed, or another
    /// handler took over): for each, ``handle(_:on:)``, then ``ATTServerRequests/answer(_:to:)``.
    ///
    /// The default does just that. An actor implements it as one of its methods, so that taking
    /// a queued request and answering it costs no hop off its executor.
    func serve(_ requests: ATTServerRequests) async
}

extension ATTServerRequestHandler {
    /// Handles each request in order and sends its answer.
    public func serve(_ requests: ATTServerRequests) async {
        while let message = await requests.next() {
            requests.answer(await handle(message, on: requests.bearer), to: message)
        }
    }
}

/// The requests and commands an ``ATTBearer`` received for its server, in arrival order, and
/// the way back for their answers.
public struct ATTServerRequests: Sendable {
    /// The bearer they came on.
    public let bearer: ATTBearer
    let inbox: AsyncFIFO<ATTMessage>
    let progress: ATTServerProgress

    init(bearer: ATTBearer, inbox: AsyncFIFO<ATTMessage>, progress: ATTServerProgress) {
        self.bearer = bearer
        self.inbox = inbox
        self.progress = progress
    }

    /// The next request or command to handle; `nil` once the bearer closed (after the commands
    /// that arrived before; requests that can no longer be answered are skipped) or another
    /// handler took over. Runs on the caller's executor.
    ///
    /// A handler calls it once it has answered the previous one, so every wait for the requests
    /// queued before (``ATTBearer/waitUntilServed()``) ends here.
    public nonisolated(nonsending) func next() async -> ATTMessage? {
        progress.handledAllTaken()
        while let message = await inbox.next() {
            progress.took()
            if bearer.shouldServe(message) { return message }
            progress.handledAllTaken()
        }
        progress.ended()
        return nil
    }

    /// Sends the answer to `request` (nothing for a command, or once the bearer closed). An
    /// answer longer than the bearer's ATT_MTU goes as Error Response Unlikely Error.
    public func answer(_ answer: ATTMessage?, to request: ATTMessage) {
        guard let answer else { return }
        bearer.sendServerAnswer(answer, to: request)
    }
}

/// A value the peer's server sent to this side's client: a notification or an indication.
public struct ATTHandleValue: Sendable, Hashable {
    /// The attribute handle of the value.
    public var attributeHandle: UInt16
    /// The value (at most ATT_MTU − 3 bytes: the start of a longer value).
    public var attributeValue: [UInt8]
    /// Whether it came as an indication (already confirmed by the bearer).
    public var isIndication: Bool

    /// Creates a received value.
    public init(attributeHandle: UInt16, attributeValue: [UInt8], isIndication: Bool) {
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
        self.isIndication = isIndication
    }
}

/// How far a bearer's server has got: the requests queued, taken and handled, and who waits for
/// them (``ATTBearer/waitUntilServed()``). Counters, not markers in the queue, so a request costs
/// the server two atomic operations and no lock unless someone waits.
final class ATTServerProgress: Sendable {
    private let queued = Atomic(0)
    private let taken = Atomic(0)
    private let handled = Atomic(0)
    private let hasWaiters = Atomic(false)
    private let waiters = Mutex<[(count: Int, continuation: CheckedContinuation<Void, Never>)]>([])

    /// The bearer queued one more request.
    func queuedOne() {
        queued.add(1, ordering: .relaxed)
    }

    /// The server took one from the queue.
    func took() {
        taken.add(1, ordering: .relaxed)
    }

    /// Everything taken so far is handled (the server asks for the next one).
    func handledAllTaken() {
        let count = taken.load(ordering: .relaxed)
        handled.store(count, ordering: .releasing)
        if hasWaiters.load(ordering: .acquiring) { release(upTo: count) }
    }

    /// The queue ended: nothing is left to handle.
    func ended() {
        release(upTo: .max)
    }

    /// Returns once everything queued so far is handled, or the queue ended.
    func waitUntilHandled() async {
        let target = queued.load(ordering: .acquiring)
        guard handled.load(ordering: .acquiring) < target else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiters.withLock { waiters in
                waiters.append((target, continuation))
                hasWaiters.store(true, ordering: .releasing)
            }
            // The server may have got there meanwhile, before it saw this waiter.
            release(upTo: handled.load(ordering: .acquiring))
        }
    }

    private func release(upTo count: Int) {
        let ready = waiters.withLock { waiters -> [CheckedContinuation<Void, Never>] in
            let ready = waiters.filter { $0.count <= count }.map(\.continuation)
            waiters.removeAll { $0.count <= count }
            hasWaiters.store(!waiters.isEmpty, ordering: .releasing)
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
