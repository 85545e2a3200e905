import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the dashboard's router: Hummingbird's core storage, the WebSocket
/// upgrade reference (for `/api/live`), and how the request was authenticated.
public struct DashboardContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// Where the router leaves the WebSocket handler of an upgrade.
    public let webSocket: WebSocketHandlerReference<Self>
    /// How the token came: nil before ``AuthenticationMiddleware`` ran or when it is missing.
    public var credential: Credential?
    /// The phone whose own credential (cookie) let the request in; nil for the shared token.
    public var phoneID: Int64?
    /// Where that phone's access is checked (set with ``phoneID``).
    package var phones: (any PhoneAccessChecking)?
    /// The connection the request came on (a refused WebSocket upgrade is answered on it), while
    /// it is open. Weak: HummingbirdWebSocket keeps the context of an accepted upgrade in its own
    /// `webSocket` reference (a cycle nothing breaks), and a strong channel here kept every live
    /// socket's channel, pipeline and buffers after it closed (about 9 KiB a socket, issue 17).
    package private(set) weak var channel: (any Channel)?

    /// How a request proved it knows the token.
    public enum Credential: Sendable, Hashable {
        /// The `Authorization: Bearer …` header: a script, which browsers never add by themselves.
        case bearer
        /// The session cookie, which a browser sends by itself (so cross-site checks apply).
        case cookie
    }

    /// Creates the context of a new request.
    public init(source: Source) {
        coreContext = .init(source: source)
        webSocket = .init()
        credential = nil
        phoneID = nil
        phones = nil
        channel = source.channel
    }

    /// For a live socket opened by a phone with its own credential: a task that closes `outbound`
    /// (1008, policy violation) as soon as the phone is revoked; cancel it when the socket ends.
    /// Nil for a socket opened with the shared token.
    package func closingOnRevocation(_ outbound: WebSocketOutboundWriter) -> Task<Void, Never>? {
        guard let phoneID, let phones else { return nil }
        return Task {
            await phones.waitForRevocation(of: phoneID)
            if Task.isCancelled { return }
            try? await outbound.close(.policyViolation, reason: "this phone's access was removed")
        }
    }
}
