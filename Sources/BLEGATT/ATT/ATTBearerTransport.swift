import BLECore

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
