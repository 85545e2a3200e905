import DashboardShell
import Foundation
import NightlightStore
import QRCode
import Synchronization

/// The phones' side of the dashboard: checking a phone's cookie against the store, making
/// invitations (a one-time code, its link and QR code), and bounding the attempts at invitation
/// links.
struct PhoneAccess: PhoneAccessChecking {
    let store: NightlightStore
    let now: @Sendable () -> Date
    /// The failed attempts at invitation links, by address.
    let attempts = InvitationAttempts()
    /// The phones revoked through this server, told to their open live sockets.
    let revocations = PhoneRevocations()
    /// How often an open socket of a phone asks the store whether the phone still has access
    /// (another process may revoke it: `nightlight phones revoke`).
    var revocationPoll: Duration = .seconds(1)

    /// How long an invitation can be used.
    static let invitationLifetime: TimeInterval = 10 * 60

    func check(secret: String) async throws -> PhoneAccessCheck {
        guard PhoneSecret.isWellFormed(secret) else { return .unknown }
        guard let phone = try await store.phone(secretHash: PhoneSecret.hash(secret)) else { return .unknown }
        return phone.revokedAt == nil ? .allowed(id: phone.id) : .revoked
    }

    /// Whether the phone numbered `id` still has access (a live socket asks before each message).
    func stillAllowed(_ id: Int64) async -> Bool {
        guard let phone = try? await store.phone(id: id) else { return false }
        return phone.revokedAt == nil
    }

    /// Returns once phone `id` has lost its access: at once when it is revoked through this
    /// server (``PhoneRevocations/revoke(_:)``), within ``revocationPoll`` when another process
    /// revokes it or its record goes. Returns early too when the task is cancelled.
    func waitForRevocation(of id: Int64) async {
        let revoked = revocations.signal(for: id)
        let poll = revocationPoll
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in revoked { return }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: poll)
                    if Task.isCancelled { return }
                    if await !self.stillAllowed(id) { return }
                }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// A new invitation for a phone called `name`, its link on `origin` (`http://host:port`).
    func invite(name: String, origin: String) async throws -> Invitation {
        try await Self.invite(name: name, origin: origin, store: store, now: now())
    }

    /// A new invitation kept in `store` (the `nightlight phones add` command makes them too).
    static func invite(name: String, origin: String, store: NightlightStore, now: Date) async throws -> Invitation {
        let code = PhoneSecret.generate()
        let expiresAt = now.addingTimeInterval(invitationLifetime)
        try await store.addPhoneInvitation(codeHash: PhoneSecret.hash(code), name: name, expiresAt: expiresAt)
        return Invitation(name: name, url: origin + AuthenticationMiddleware.invitationPrefix + code, expiresAt: expiresAt)
    }
}

/// Tells the open sockets of a phone that it was revoked (`DELETE /api/phones/{id}`), so they
/// close at once.
final class PhoneRevocations: Sendable {
    private struct Watchers {
        var continuations: [Int: (phone: Int64, continuation: AsyncStream<Void>.Continuation)] = [:]
        var nextID = 0
    }

    private let watchers = Mutex(Watchers())

    /// A stream that yields once phone `id` is revoked, until the iteration ends.
    func signal(for id: Int64) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let key = watchers.withLock { watchers in
            defer { watchers.nextID += 1 }
            watchers.continuations[watchers.nextID] = (id, continuation)
            return watchers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.watchers.withLock { $0.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    /// Phone `id` was revoked: its sockets' signals fire.
    func revoke(_ id: Int64) {
        let found = watchers.withLock { $0.continuations.values.filter { $0.phone == id }.map(\.continuation) }
        for continuation in found {
            continuation.yield()
            continuation.finish()
        }
    }
}

/// An invitation as the API gives it: the phone's name, the link to open once, when it expires,
/// and the link's QR code as an SVG image.
public struct Invitation: Codable, Sendable, Hashable {
    /// The name the phone will have.
    public var name: String
    /// The link to open on the phone (once, before `expiresAt`).
    public var url: String
    /// When the link stops working.
    public var expiresAt: Date

    /// The link's QR code (error correction M) as an SVG image.
    public var qrSVG: String {
        (try? QRCode(text: url, errorCorrection: .medium))?.svg(title: "QR code of the invitation link") ?? ""
    }

    enum CodingKeys: String, CodingKey { case name, url, expiresAt, qrSVG }

    /// Creates an invitation record.
    public init(name: String, url: String, expiresAt: Date) {
        self.name = name
        self.url = url
        self.expiresAt = expiresAt
    }

    /// Decodes an invitation (its QR code is made again from the link).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        url = try container.decode(String.self, forKey: .url)
        expiresAt = try container.decode(Date.self, forKey: .expiresAt)
    }

    /// Encodes the invitation with its QR code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(qrSVG, forKey: .qrSVG)
    }
}

/// The failed attempts at invitation links (a wrong, used or expired code) of each client
/// address in the last 10 minutes: past ``limit`` that address is refused until they age out.
/// Codes are 256 random bits, so this is not what keeps guessing out; it keeps a client from
/// making the server hash and look up codes without end.
actor InvitationAttempts {
    /// The failures an address may have in ``window``.
    static let limit = 20
    /// How long a failure counts.
    static let window: TimeInterval = 10 * 60
    /// The most addresses remembered (the oldest are dropped first).
    static let addressLimit = 1024

    private var failures: [String: [Date]] = [:]

    /// Whether `address` may try an invitation link now.
    func allows(_ address: String, now: Date) -> Bool {
        let recent = (failures[address] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent.count < Self.limit
    }

    /// Counts a failed attempt by `address`.
    func fail(_ address: String, now: Date) {
        if failures[address] == nil, failures.count >= Self.addressLimit {
            let oldest = failures.min { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }?.key
            if let oldest { failures[oldest] = nil }
        }
        failures[address, default: []].append(now)
    }
}

/// Invitations made outside the server (`nightlight phones add`): the same codes, kept in the
/// same database, which the running dashboard reads.
public enum DashboardPhones {
    /// A new invitation for a phone called `name`, its link on `origin` (`http://host:port`),
    /// valid 10 minutes from `now`.
    ///
    /// - Throws: the store's ``StoreError`` (a name that is empty or too long, too many waiting).
    public static func invite(name: String, origin: String, store: NightlightStore, now: Date = Date()) async throws -> Invitation {
        try await PhoneAccess.invite(name: name, origin: origin, store: store, now: now)
    }
}
