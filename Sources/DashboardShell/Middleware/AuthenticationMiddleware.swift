import Foundation
import Hummingbird

/// Lets a request through only when it carries the access token: in the `Authorization: Bearer`
/// header, in the session cookie, or (on a first visit) as `?token=`, which sets the cookie
/// and redirects to the same URL without the token; or a phone's own credential (the phone
/// cookie, which an invitation sets), while that phone has access. Only the login page, the
/// invitation pages (`/invite/…`) and what installing the app needs
/// (``PagesController/installPaths``) are served without them.
///
/// A missing or wrong token gets a 401 JSON error under `/api/`, and a redirect to `/login`
/// elsewhere; a revoked phone's request is told so (`/login?reason=phoneRemoved`, or the 401's
/// code `phoneRemoved`) and its cookie is cleared.
package struct AuthenticationMiddleware: RouterMiddleware {
    package typealias Context = DashboardContext

    /// The name of the session cookie.
    package static let cookieName = "nightlight_token"
    /// The name of a phone's own cookie (its credential).
    package static let phoneCookieName = "nightlight_phone"
    /// The paths served without the token.
    package static let publicPaths: Set<String> = Set(["/login"]).union(PagesController.installPaths)
    /// The beginning of the invitation pages' paths, served without the token.
    package static let invitationPrefix = "/invite/"

    package let token: String
    /// Checks phone cookies; nil lets no phone in by its own credential.
    package let phones: (any PhoneAccessChecking)?

    /// Lets in the requests that carry `token`, or a phone credential `phones` allows.
    package init(token: String, phones: (any PhoneAccessChecking)? = nil) {
        self.token = token
        self.phones = phones
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if Self.publicPaths.contains(path) || Self.isInvitation(path) { return try await next(request, context) }
        var context = context
        if let given = request.uri.queryParameters.get("token"), request.method == .get || request.method == .head {
            guard AccessToken.matches(given, token) else { return refuse(request, "the token in the URL is wrong", login: .wrongToken) }
            var response = Response.redirect(to: Self.cleanURL(path: path, query: request.uri.query), type: .found)
            response.setCookie(Self.cookie(token))
            return response
        }
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", AccessToken.matches(String(RequestInput.trimmingSpaces(parts[1])), token) else {
                return refuse(request, "the Authorization header does not hold the right token (expected `Bearer TOKEN`)")
            }
            context.credential = .bearer
        } else if let cookie = request.cookies[Self.cookieName]?.value {
            guard AccessToken.matches(cookie, token) else {
                return refuse(request, "the session cookie holds an old or wrong token; open the URL the dashboard printed", login: .sessionEnded)
            }
            context.credential = .cookie
        } else if let phones, let secret = request.cookies[Self.phoneCookieName]?.value {
            switch try await phones.check(secret: secret) {
            case .allowed(let id):
                context.credential = .cookie
                context.phoneID = id
                context.phones = phones
            case .revoked:
                return clearingPhone(refuse(request, "this phone's access was removed on the Phones page", code: "phoneRemoved", login: .phoneRemoved))
            case .unknown:
                return clearingPhone(refuse(request, "this phone is not one of the dashboard's phones; add it again", code: "phoneUnknown", login: .phoneUnknown))
            }
        } else {
            return refuse(request, "the access token is missing: open the URL the dashboard printed, or send `Authorization: Bearer TOKEN`")
        }
        return try await next(request, context)
    }

    /// `response` with the phone cookie deleted.
    private func clearingPhone(_ response: Response) -> Response {
        var response = response
        response.setCookie(Cookie(name: Self.phoneCookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    /// A 401 for the API, a redirect to the login page for anything else (saying why when `login`
    /// is given).
    private func refuse(_ request: Request, _ message: String, code: String = "unauthorized", login: PagesController.LoginReason? = nil) -> Response {
        if Self.isAPI(request.uri.path) {
            var response = DashboardError(.unauthorized, code, message).response
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        return .redirect(to: login.map { "/login?reason=\($0.rawValue)" } ?? "/login", type: .found)
    }

    /// Whether `path` is an invitation page's, `/invite/CODE`: one segment after the prefix,
    /// nothing below it.
    package static func isInvitation(_ path: String) -> Bool {
        path.hasPrefix(invitationPrefix) && !path.dropFirst(invitationPrefix.count).contains("/")
    }

    /// Whether `path` is under `/api`.
    package static func isAPI(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }

    /// `path` with the query minus its `token` items.
    package static func cleanURL(path: String, query: String?) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") && $0 != "token" }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }

    /// The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
    /// makes the browser send it), for the whole server, kept 30 days.
    package static func cookie(_ token: String) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: 30 * 86_400, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// A phone's own cookie (its credential): HttpOnly, SameSite=Strict, for the whole server,
    /// kept 400 days (the most browsers keep a cookie); revoking the phone ends it sooner.
    package static func phoneCookie(_ secret: String) -> Cookie {
        Cookie(name: phoneCookieName, value: secret, maxAge: 400 * 86_400, path: "/", httpOnly: true, sameSite: .strict)
    }
}
