import BLECore

/// The two kinds of transaction a bearer runs: a client request, a server indication.
enum TransactionKind: Sendable {
    case request
    case indication
}

/// A transaction waiting for its response or confirmation.
struct PendingTransaction: Sendable {
    let id: UInt64
    let opcode: ATTOpcode
    private var continuation: CheckedContinuation<Result<ATTMessage, GATTError>, Never>?
    /// The bearer's timer of this kind of transaction, armed for this one.
    private let timer: DeadlineTimer

    init(id: UInt64, opcode: ATTOpcode, continuation: CheckedContinuation<Result<ATTMessage, GATTError>, Never>, timer: DeadlineTimer) {
        self.id = id
        self.opcode = opcode
        self.continuation = continuation
        self.timer = timer
    }

    /// Resumes the waiting caller, if it is still waiting, and stops the timer.
    mutating func finish(_ result: Result<ATTMessage, GATTError>) {
        timer.disarm()
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// Resumes the caller with `error` but keeps the transaction (and its timer) outstanding.
    mutating func abandon(_ error: GATTError) {
        continuation?.resume(returning: .failure(error))
        continuation = nil
    }
}

/// A first-come-first-served slot: one holder, the rest wait in order.
struct ATTTransactionSlot: Sendable {
    private var isHeld = false
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Result<Void, GATTError>, Never>)] = []

    /// Takes the slot if it is free.
    mutating func tryAcquire() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Waits for the slot; `continuation` resumes when it is this waiter's turn.
    mutating func enqueue(id: UInt64, _ continuation: CheckedContinuation<Result<Void, GATTError>, Never>) {
        waiters.append((id, continuation))
    }

    /// Hands the slot to the next waiter, or frees it.
    mutating func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().continuation.resume(returning: .success(()))
        }
    }

    /// Removes a waiter that gave up.
    mutating func cancel(id: UInt64, _ error: GATTError) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: .failure(error))
    }

    /// Fails every waiter.
    mutating func failAll(_ error: GATTError) {
        let failed = waiters
        waiters = []
        for waiter in failed { waiter.continuation.resume(returning: .failure(error)) }
    }
}
