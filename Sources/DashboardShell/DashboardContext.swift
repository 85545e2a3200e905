import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// The request context of the dashboard's router: Hummingbird's core storage, the WebSocket
/// upgrade reference (for `/api/live`), and how the request was authenticated.
public struct DashboardContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// Where the router leaves the WebSocket handler of an upgrade.
    ///
    /// HummingbirdWebSocket keeps this context inside the reference it returns (the handler and
    /// the context of an accepted upgrade), a cycle it never breaks; the reference is therefore
    /// held through ``UpgradeSlot`` and let go of when the socket ends (``liveSocket(_:shouldUpgrade:onUpgrade:)``),
    /// so that a closed socket's context, its logger and its buffers are freed.
    public var webSocket: WebSocketHandlerReference<Self> { upgrade.reference }
    private let upgrade = UpgradeSlot()
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
        credential = nil
        phoneID = nil
        phones = nil
        channel = source.channel
    }

    /// Lets go of the upgrade's handler and context, once its socket has ended.
    package func releaseUpgrade() {
        upgrade.release()
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

/// The WebSocket reference of one request, until its socket ends.
private final class UpgradeSlot: Sendable {
    private let slot = Mutex<WebSocketHandlerReference<DashboardContext>?>(WebSocketHandlerReference())

    /// The reference (an empty one once released: nothing asks for it then).
    var reference: WebSocketHandlerReference<DashboardContext> {
        slot.withLock { $0 } ?? WebSocketHandlerReference()
    }

    func release() {
        slot.withLock { $0 = nil }
    }
}

extension RouterGroup where Context == DashboardContext {
    /// A WebSocket route (`ws(_:shouldUpgrade:onUpgrade:)`) whose request context is let go of
    /// when `onUpgrade` returns (``DashboardContext/webSocket``).
    @discardableResult
    package func liveSocket(
        _ path: RouterPath,
        shouldUpgrade: @escaping @Sendable (Request, DashboardContext) async throws -> RouterShouldUpgrade,
        onUpgrade: @escaping WebSocketDataHandler<WebSocketRouterContext<DashboardContext>>
    ) -> Self {
        ws(path, shouldUpgrade: shouldUpgrade) { inbound, outbound, context in
            defer { context.requestContext.releaseUpgrade() }
            try await onUpgrade(inbound, outbound, context)
        }
    }
}
