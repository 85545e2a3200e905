/// How long a client may take to send a request, and how many connections it may hold: the
/// bounds that keep one slow or hostile client from taking the server's sockets (docs/dashboard-api.md,
/// "Limits").
public struct ConnectionLimits: Sendable, Hashable {
    /// The longest a request's head (request line and headers) may take to arrive once its first
    /// bytes came; then it is answered `408` and the connection closed. Default 10 s.
    public var requestHeadTimeout: Duration
    /// The longest a request's body may take to arrive after its head; then `408` and closed.
    /// Default 60 s (a 1 MiB firmware image at 200 kbit/s).
    public var requestBodyTimeout: Duration
    /// How long a connection may stay silent with no request under way (before its first request,
    /// or kept alive between two) before it is closed. Live sockets are not timed. Default 60 s.
    public var idleTimeout: Duration
    /// The most connections one client address may hold at once, live sockets included; one more
    /// is answered `503` and closed at once. Default 32.
    public var maximumConnectionsPerAddress: Int
    /// The most bytes of a request's headers (each header and all together); more is answered
    /// `431` and the connection closed. Default 16 KiB.
    public var maximumHeaderBytes: Int
    /// How often a live socket is pinged; one whose ping is still unanswered at the next is
    /// closed (1001, "Ping timeout"), so a client that vanished without closing frees its socket
    /// within two intervals. Default 30 s.
    public var webSocketPingInterval: Duration

    /// Limits with the documented defaults, or the ones given.
    public init(
        requestHeadTimeout: Duration = .seconds(10),
        requestBodyTimeout: Duration = .seconds(60),
        idleTimeout: Duration = .seconds(60),
        maximumConnectionsPerAddress: Int = 32,
        maximumHeaderBytes: Int = 16 * 1024,
        webSocketPingInterval: Duration = .seconds(30)
    ) {
        self.requestHeadTimeout = requestHeadTimeout
        self.requestBodyTimeout = requestBodyTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.maximumHeaderBytes = maximumHeaderBytes
        self.webSocketPingInterval = webSocketPingInterval
    }
}
