import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NightlightStore
import QRCode
import Testing
@testable import DashboardShell
@testable import NightlightDashboard

@Suite("Dashboard: Add a phone, invitations and per-phone access")
struct PhoneRouteTests {
    static let origin = "http://127.0.0.1:8080"
    static let formType = "application/x-www-form-urlencoded"

    /// The code at the end of an invitation link.
    static func code(of answer: Answer) throws -> String {
        let url = try #require(answer.string("url"))
        return String(try #require(url.split(separator: "/").last))
    }

    /// The phone credential a `Set-Cookie` header gives.
    static func phoneSecret(_ answer: Answer) throws -> String {
        let header = try #require(answer.headers[.setCookie])
        let pair = try #require(header.split(separator: ";").first)
        #expect(pair.hasPrefix("nightlight_phone="))
        return String(pair.dropFirst("nightlight_phone=".count))
    }

    /// Accepts the invitation `code` as a browser form does, naming the phone `name`.
    static func accept(_ client: any TestClientProtocol, _ code: String, name: String = "Dad%27s+phone") async throws -> Answer {
        try await client.call(.post, "/invite/\(code)", "name=\(name)", token: nil, headers: [.origin: origin, .contentType: formType])
    }

    @Test func anInvitationAddsAPhoneOnceWhichSeesItselfAndIsRevoked() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let made = try await client.call(.post, "/api/phones/invitations", #"{"name": "Dad's phone"}"#)
            #expect(made.status == .created)
            let code = try Self.code(of: made)
            #expect(PhoneSecret.isWellFormed(code), "64 lowercase hex digits: 256 random bits")
            #expect(made.string("name") == "Dad's phone")
            #expect(made.string("url")?.hasPrefix("/invite/") == false)
            let url = try #require(made.string("url"))
            // The QR code is our encoder's, of the link.
            #expect(made.string("qrSVG") == (try QRCode(text: url, errorCorrection: .medium)).svg(title: "QR code of the invitation link"))

            // The phone opens the link (no token): a form with the name, escaped.
            let page = try await client.call(.get, "/invite/\(code)", token: nil)
            #expect(page.status == .ok)
            #expect(page.text.contains("Add this phone"))
            #expect(page.text.contains("value=\"Dad&#39;s phone\""))
            #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)

            let accepted = try await Self.accept(client, code)
            #expect(accepted.status == .seeOther)
            #expect(accepted.headers[.location] == "/")
            let cookie = try #require(accepted.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let secret = try Self.phoneSecret(accepted)
            #expect(PhoneSecret.isWellFormed(secret))
            let phoneCookie: HTTPFields = [.cookie: "nightlight_phone=\(secret)"]

            // In with its own credential: the page and the API, and it is "this phone".
            #expect(try await client.call(.get, "/", token: nil, headers: phoneCookie).status == .ok)
            let listed = try await client.call(.get, "/api/phones", token: nil, headers: phoneCookie)
            #expect(listed.status == .ok)
            #expect(listed.array().count == 1)
            #expect(listed.string("0.name") == "Dad's phone")
            #expect(listed["0.isThisPhone"] as? Bool == true)
            #expect(try await client.call(.get, "/api/phones")["0.isThisPhone"] as? Bool == false, "the token is no phone")
            // Only the hash is kept.
            let stored = try #require(try await fixture.store.phone(secretHash: PhoneSecret.hash(secret)))
            #expect(stored.name == "Dad's phone")

            // Used: a second use is refused with a clear page, not an error dump.
            let again = try await Self.accept(client, code)
            #expect(again.status == .gone)
            #expect(again.text.contains("was used already"))
            #expect(again.text.hasPrefix("<!doctype html>") && again.headers[.contentType]?.hasPrefix("text/html") == true, "a page, not JSON")
            #expect(try await client.call(.get, "/invite/\(code)", token: nil).status == .gone)

            // Revoked: at once, the page goes to the sign-in page with the reason, the API says so.
            let id = try #require(listed["0.id"] as? Int)
            #expect(try await client.call(.delete, "/api/phones/\(id)").status == .noContent)
            let refused = try await client.call(.get, "/", token: nil, headers: phoneCookie)
            #expect(refused.status == .found)
            #expect(refused.headers[.location] == "/login?reason=phoneRemoved")
            #expect(refused.headers[.setCookie]?.contains("Max-Age=0") == true, "the cookie is cleared")
            let api = try await client.call(.get, "/api/devices", token: nil, headers: phoneCookie)
            #expect(api.status == .unauthorized)
            #expect(api.string("error.code") == "phoneRemoved")
            let login = try await client.call(.get, "/login?reason=phoneRemoved", token: nil)
            #expect(login.text.contains("This phone's access to the dashboard was removed"))
            #expect(try await client.call(.get, "/api/phones").array().isEmpty)
            #expect(try await client.call(.delete, "/api/phones/\(id)").status == .notFound, "revoked once")

            // The shared token still works.
            #expect(try await client.call(.get, "/api/devices").status == .ok)
        }
    }

    @Test func expiredUnknownAndMalformedInvitationsGetClearPages() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let expired = PhoneSecret.generate()
            try await fixture.store.addPhoneInvitation(codeHash: PhoneSecret.hash(expired), name: "Old phone", expiresAt: Date().addingTimeInterval(-1))
            let page = try await client.call(.get, "/invite/\(expired)", token: nil)
            #expect(page.status == .gone)
            #expect(page.text.contains("has expired"))
            #expect(try await Self.accept(client, expired).status == .gone)

            let hex = String(repeating: "ab", count: 32)
            for path in [
                "/invite/\(hex)", "/invite/abc", "/invite/\(hex)0", "/invite/\(String(hex.dropLast()))", "/invite/\(hex.uppercased())",
                "/invite/\(String(repeating: "g", count: 64))", "/invite/\(String(repeating: "a", count: 5000))", "/invite/%00%2F..",
            ] {
                let answer = try await client.call(.get, path, token: nil)
                #expect(answer.status == .notFound, "\(path.prefix(40))")
                #expect(answer.text.contains("is not one of this dashboard"))
            }
            #expect(try await Self.accept(client, "abc").status == .notFound)
            // Only the invitation pages are public, nothing below them.
            for path in ["/invite/a/../../api/devices", "/invite/\(hex)/x", "/invite//api/phones"] {
                let answer = try await client.call(.get, path, token: nil)
                #expect(answer.status == .found && answer.headers[.location] == "/login", "\(path)")
            }
            // Form fields as browsers encode them.
            #expect(PhonesController.formField("name", in: "a=1&name=Dad%27s+phone%20%F0%9F%93%B1") == "Dad's phone 📱")
            #expect(PhonesController.formField("name", in: "name=") == "")
            #expect(PhonesController.formField("name", in: "name=%FF") == nil)
            #expect(PhonesController.formField("name", in: "names=x") == nil)
        }
    }

    @Test func hostileBodiesNamesAndPhoneCookiesAreRefusedPlainly() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            // Names: empty, too long, control characters; bodies too large.
            #expect(try await client.call(.post, "/api/phones/invitations", #"{"name": "  "}"#).string("error.field") == "name")
            let long = String(repeating: "x", count: 41)
            #expect(try await client.call(.post, "/api/phones/invitations", #"{"name": "\#(long)"}"#).status == .badRequest)
            #expect(try await client.call(.post, "/api/phones/invitations", #"{"name": "a\u0007b"}"#).status == .badRequest)
            #expect(try await client.call(.post, "/api/phones/invitations", #"{"nom": "x"}"#).status == .badRequest)
            let huge = #"{"name": ""# + String(repeating: "x", count: 70_000) + #""}"#
            #expect(try await client.call(.post, "/api/phones/invitations", huge).status == .contentTooLarge)
            // A cross-site page cannot make invitations with the cookie.
            let cookie: HTTPFields = [.cookie: "nightlight_token=\(DashboardFixture.token)", .origin: "http://evil.example"]
            #expect(try await client.call(.post, "/api/phones/invitations", #"{"name": "x"}"#, headers: cookie).status == .forbidden)
            // …nor use an invitation.
            let made = try await client.call(.post, "/api/phones/invitations", #"{"name": "Mia's tablet"}"#)
            let code = try Self.code(of: made)
            let crossSite = try await client.call(.post, "/invite/\(code)", "name=x", token: nil, headers: [.origin: "http://evil.example", .contentType: Self.formType])
            #expect(crossSite.status == .forbidden)
            // A form too large, or a bad name: the form again with the reason; the invitation still works.
            let tooLarge = try await Self.accept(client, code, name: String(repeating: "x", count: 3000))
            #expect(tooLarge.status == .ok)
            #expect(tooLarge.text.contains("too long"))
            let badName = try await Self.accept(client, code, name: String(repeating: "y", count: 60))
            #expect(badName.text.contains("That name cannot be used"))
            #expect(try await Self.accept(client, code, name: "Mia%27s+tablet").status == .seeOther)

            // Phone cookies that are no phone's: wrong length, not hex, unknown.
            for value in ["abc", String(repeating: "z", count: 64), PhoneSecret.generate(), String(repeating: "a", count: 4000)] {
                let page = try await client.call(.get, "/", token: nil, headers: [.cookie: "nightlight_phone=\(value)"])
                #expect(page.headers[.location] == "/login?reason=phoneUnknown")
                let api = try await client.call(.get, "/api/phones", token: nil, headers: [.cookie: "nightlight_phone=\(value)"])
                #expect(api.string("error.code") == "phoneUnknown")
            }
            // Revoking: ids that are no phone's.
            for id in ["abc", "0", "-1", "99", String(repeating: "9", count: 40)] {
                #expect(try await client.call(.delete, "/api/phones/\(id)").status == .notFound, "\(id.prefix(10))")
            }
        }
    }

    @Test func failedInvitationAttemptsAreBounded() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            let made = try await client.call(.post, "/api/phones/invitations", #"{"name": "Late phone"}"#)
            let code = try Self.code(of: made)
            for _ in 0..<InvitationAttempts.limit {
                #expect(try await client.call(.get, "/invite/\(PhoneSecret.generate())", token: nil).status == .notFound)
            }
            let refused = try await client.call(.get, "/invite/\(code)", token: nil)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.text.contains("Wait 10 minutes"))
            #expect(try await Self.accept(client, code).status == .tooManyRequests)
        }
    }

    @Test func invitationsWaitingAreBounded() async throws {
        let fixture = try await DashboardFixture()
        try await fixture.test { client in
            for index in 0..<NightlightStore.outstandingInvitationLimit {
                #expect(try await client.call(.post, "/api/phones/invitations", #"{"name": "Phone \#(index)"}"#).status == .created)
            }
            let refused = try await client.call(.post, "/api/phones/invitations", #"{"name": "One more"}"#)
            #expect(refused.status == .badRequest)
            #expect(refused.string("error.message")?.contains("waiting to be used") == true)
        }
    }
}
