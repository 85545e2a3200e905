import DashboardShell
import Foundation
import Hummingbird
import NightlightStore

/// `/api/phones…` (the phones with their own access, invitations, revoking) and the invitation
/// pages `/invite/CODE` (served without the token: the code is the permission).
struct PhonesController {
    let store: NightlightStore
    let access: PhoneAccess
    /// The origin invitation links use (`http://192.168.1.20:8080`); nil: the request's own
    /// (its `Host`), else `serverOrigin`.
    let publicOrigin: String?
    /// The server's own origin (`http://127.0.0.1:8080`).
    let serverOrigin: String
    let now: @Sendable () -> Date

    /// The largest invitation form accepted (a name of at most 40 characters, form-encoded).
    static let maximumFormSize = 2048

    func add(to router: Router<DashboardContext>, api: RouterGroup<DashboardContext>) {
        api.get("phones") { _, context in
            JSONBody.response(try await store.phones().map { PhoneRecord($0, current: context.phoneID) })
        }
        api.post("phones/invitations") { request, context in
            let body = try await JSONBody.decode(InvitationRequest.self, from: request)
            let name = try RequestInput.name(body.name, field: "name", maximumBytes: 4 * NightlightStore.phoneNameLimit)
            guard name.count <= NightlightStore.phoneNameLimit else {
                throw DashboardError.invalid("name", "is \(name.count) characters long; at most \(NightlightStore.phoneNameLimit)")
            }
            let origin = publicOrigin ?? request.head.authority.map { "http://" + $0 } ?? serverOrigin
            return JSONBody.response(try await access.invite(name: name, origin: origin), status: .created)
        }
        api.delete("phones/:id") { _, context in
            guard let text = context.parameters.get("id"), text.utf8.count <= 18, let id = Int64(text), id > 0 else {
                throw DashboardError(.notFound, "phoneNotFound", "there is no phone '\(context.parameters.get("id")?.excerpt() ?? "")'; list them with GET /api/phones")
            }
            guard try await store.revokePhone(id: id) != nil else {
                throw DashboardError(.notFound, "phoneNotFound", "no phone numbered \(id) has access; list them with GET /api/phones")
            }
            // Its open live sockets close now, not at their next message.
            access.revocations.revoke(id)
            return Response(status: .noContent)
        }
        router.get("invite/:code") { request, context in
            try await invitationPage(code: context.parameters.get("code") ?? "", request: request, context: context)
        }
        router.post("invite/:code") { request, context in
            try await acceptInvitation(code: context.parameters.get("code") ?? "", request: request, context: context)
        }
    }

    /// The client's address, for counting failed attempts.
    private static func client(_ context: DashboardContext) -> String {
        context.channel?.remoteAddress?.ipAddress ?? "unknown"
    }

    /// `GET /invite/CODE`: the form that adds this phone, or why the link does not work.
    private func invitationPage(code: String, request: Request, context: DashboardContext) async throws -> Response {
        let client = Self.client(context)
        guard await access.attempts.allows(client, now: now()) else { return InvitationPage.tooManyAttempts() }
        let state: PhoneInvitationState = PhoneSecret.isWellFormed(code) ? try await store.phoneInvitation(codeHash: PhoneSecret.hash(code)) : .unknown
        guard case .valid(let name, _) = state else {
            await access.attempts.fail(client, now: now())
            return InvitationPage.refused(state)
        }
        return InvitationPage.form(code: code, name: name)
    }

    /// `POST /invite/CODE` (the form, `name=…`): uses the invitation, gives the phone its own
    /// credential in a cookie and opens the dashboard.
    private func acceptInvitation(code: String, request: Request, context: DashboardContext) async throws -> Response {
        let client = Self.client(context)
        guard await access.attempts.allows(client, now: now()) else { return InvitationPage.tooManyAttempts() }
        guard PhoneSecret.isWellFormed(code) else {
            await access.attempts.fail(client, now: now())
            return InvitationPage.refused(.unknown)
        }
        var request = request
        guard let body = try? await request.collectBody(upTo: Self.maximumFormSize) else {
            return InvitationPage.form(code: code, name: "", problem: "The form was too long. Give the phone a shorter name.")
        }
        let name = Self.formField("name", in: String(decoding: body.readableBytesView, as: UTF8.self)) ?? ""
        let secret = PhoneSecret.generate()
        let result: Result<StoredPhone, PhoneInvitationRefusal>
        do {
            result = try await store.acceptPhoneInvitation(codeHash: PhoneSecret.hash(code), name: name, secretHash: PhoneSecret.hash(secret))
        } catch let error as StoreError where error.code == .invalidValue {
            return InvitationPage.form(code: code, name: String(name.prefix(NightlightStore.phoneNameLimit)), problem: "That name cannot be used: \(error.message).")
        }
        switch result {
        case .success:
            var response = Response.redirect(to: "/", type: .normal)  // 303: the browser GETs the dashboard
            response.setCookie(AuthenticationMiddleware.phoneCookie(secret))
            return response
        case .failure(let refusal):
            await access.attempts.fail(client, now: now())
            return InvitationPage.refused(refusal.state)
        }
    }
}

extension PhonesController {
    /// The value of `field` in a form body (`application/x-www-form-urlencoded`: `+` a space,
    /// `%XX` a byte of UTF-8), or nil when absent or not UTF-8.
    static func formField(_ field: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.map(String.init) == field else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}

/// `POST /api/phones/invitations`'s body.
struct InvitationRequest: Codable, Sendable {
    /// The name the phone will have ("Dad's phone").
    var name: String
}

/// A phone as `GET /api/phones` lists it.
struct PhoneRecord: Codable, Sendable, Hashable {
    var id: Int64
    var name: String
    var addedAt: Date
    var lastSeen: Date
    /// Whether the request came from this phone.
    var isThisPhone: Bool

    init(_ phone: StoredPhone, current: Int64?) {
        id = phone.id
        name = phone.name
        addedAt = phone.addedAt
        lastSeen = phone.lastSeen
        isThisPhone = phone.id == current
    }
}
