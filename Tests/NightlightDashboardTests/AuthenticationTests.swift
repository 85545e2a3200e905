import BLE
import DemoWorld
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Nightlight
import NightlightStore
import Testing
@testable import DashboardShell
@testable import DeviceExplorer
@testable import NightlightDashboard

@Suite("Dashboard: token, login and cross-site refusal")
struct AuthenticationTests {
    @Test func generatedTokensAreRandomHexAndComparedWhole() {
        let token = AccessToken.generate()
        #expect(token.count == 64)
        #expect(token.allSatisfy { $0.isHexDigit })
        #expect(token != AccessToken.generate())
        #expect(AccessToken.matches(token, token))
        #expect(!AccessToken.matches(String(token.dropLast()) + "x", token))
        #expect(!AccessToken.matches(String(token.dropLast()), token))
        #expect(!AccessToken.matches("", ""))
        #expect(AccessToken.isUsable(token))
        #expect(!AccessToken.isUsable("short"))
        #expect(!AccessToken.isUsable("has spaces in the token text"))
    }

    @Test func theTokenIsMadeOnceAndKeptInTheStore() async throws {
        let store = try NightlightStore.inMemory()
        let configuration = DashboardServer.Configuration(link: DeviceLink.Configuration(sim: DemoWorld.nightlights(directory: nil), clock: ContinuousClock()))
        let first = try await DashboardServer.make(configuration, store: store)
        let second = try await DashboardServer.make(configuration, store: store)
        #expect(first.token == second.token)
        #expect(try await store.string(for: .dashboardToken) == first.token)
        #expect(first.url == "http://127.0.0.1:8080/?token=\(first.token)")
        var given = configuration
        given.token = "my-own-token-for-scripts"
        given.port = 9000
        let third = try await DashboardServer.make(given, store: store)
        #expect(third.url == "http://127.0.0.1:9000/?token=my-own-token-for-scripts")
        #expect(try await store.string(for: .dashboardToken) == "my-own-token-for-scripts")
        given.token = "bad token"
        await #expect(throws: DashboardError.self) { try await DashboardServer.make(given, store: store) }
    }

    @Test func nothingIsServedWithoutTheToken() async throws {
        try await DashboardFixture().test { client in
            let api = try await client.call(.get, "/api/devices", token: nil)
            #expect(api.status == .unauthorized)
            #expect(api.string("error.code") == "unauthorized")
            #expect(api.headers[.wwwAuthenticate] == "Bearer")
            let wrong = try await client.call(.get, "/api/devices", token: "wrong-token-0123456789abcdef")
            #expect(wrong.status == .unauthorized)
            let malformed = try await client.call(.get, "/api/devices", headers: [.authorization: "Basic abc"])
            #expect(malformed.status == .unauthorized)
            let page = try await client.call(.get, "/", token: nil)
            #expect(page.status == .found)
            #expect(page.headers[.location] == "/login")
            let socket = try await client.call(.get, "/api/live?address=C4:4E:4C:00:00:01", token: nil)
            #expect(socket.status == .unauthorized)
            let unknown = try await client.call(.get, "/api/nothing-here", token: nil)
            #expect(unknown.status == .unauthorized)
        }
    }

    /// Every route of docs/dashboard-api.md.
    static let routes: [(HTTPRequest.Method, String)] = {
        let device = "/api/devices/C4:4E:4C:00:00:02"
        return [
            (.get, "/api/scan"), (.get, "/api/devices"), (.get, "/api/alerts"), (.post, "/api/devices/pair"), (.delete, device),
            (.get, device + "/status"), (.put, device + "/child-name"), (.get, device + "/week-schedule"), (.put, device + "/week-schedule"),
            (.put, device + "/temporary-schedule"), (.delete, device + "/temporary-schedule"), (.get, device + "/button"), (.put, device + "/button"),
            (.put, device + "/led-color"), (.put, device + "/proof"), (.get, device + "/clock"), (.post, device + "/clock/sync"),
            (.get, device + "/history"), (.get, device + "/firmware"), (.post, device + "/firmware"), (.post, "/api/firmware/inspect"),
            (.get, "/api/schedules"), (.post, "/api/schedules"), (.post, "/api/schedules/A/apply"), (.patch, "/api/schedules/A"),
            (.post, "/api/schedules/A/duplicate"), (.delete, "/api/schedules/A"), (.get, "/api/live?address=C4:4E:4C:00:00:02"),
            (.get, "/api/phones"), (.post, "/api/phones/invitations"), (.delete, "/api/phones/1"),
        ]
    }()

    @Test func everyRouteNeedsTheToken() async throws {
        try await DashboardFixture().test { client in
            for (method, path) in Self.routes {
                let anonymous = try await client.call(method, path, method == .get || method == .delete ? nil : "{}", token: nil)
                #expect(anonymous.status == .unauthorized, "\(method) \(path)")
                #expect(anonymous.string("error.code") == "unauthorized", "\(method) \(path)")
                let wrong = try await client.call(method, path, method == .get || method == .delete ? nil : "{}", token: "wrong-token-0123456789abcdef")
                #expect(wrong.status == .unauthorized, "\(method) \(path)")
            }
        }
    }

    @Test func theLoginPageIsPublic() async throws {
        try await DashboardFixture().test { client in
            let login = try await client.call(.get, "/login", token: nil)
            #expect(login.status == .ok)
            #expect(login.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(login.text.contains("name=\"token\""))
            #expect(!login.text.contains("login-error"), "no message before a token was tried")
            #expect(!login.text.contains("<!-- message -->"), "the mark never reaches the browser")
            let wrong = try await client.call(.get, "/login?reason=wrongToken", token: nil)
            #expect(wrong.text.contains("<p class=\"error\" role=\"alert\" id=\"login-error\">That access token is not this dashboard's."))
            let ended = try await client.call(.get, "/login?reason=sessionEnded", token: nil)
            #expect(ended.text.contains("You were signed out"))
            let made = try await client.call(.get, "/login?reason=%3Cscript%3E", token: nil)
            #expect(made.status == .ok)
            #expect(!made.text.contains("login-error") && !made.text.contains("<script>"), "an unknown reason shows nothing, never the query")
        }
    }

    @Test func whatInstallingTheAppNeedsIsPublicAndNothingElse() async throws {
        try await DashboardFixture().test { client in
            let types = [
                "/manifest.webmanifest": "application/manifest+json", "/sw.js": "text/javascript; charset=utf-8",
                "/offline.html": "text/html; charset=utf-8", "/offline.js": "text/javascript; charset=utf-8",
            ]
            for path in PagesController.installPaths.sorted() {
                let file = try await client.call(.get, path, token: nil)
                #expect(file.status == .ok, "\(path)")
                #expect(file.headers[.contentType] == types[path] ?? "image/png", "\(path)")
                if path.hasSuffix(".png") { #expect(file.text.dropFirst().hasPrefix("PNG") && file.text.contains("IHDR"), "\(path) is a PNG") }
            }
            let manifest = try await client.call(.get, "/manifest.webmanifest", token: nil)
            #expect(manifest.string("start_url") == "/" && manifest.string("scope") == "/" && manifest.string("display") == "standalone")
            #expect(manifest.array("icons").count == 3)
            let offline = try await client.call(.get, "/offline.html", token: nil)
            #expect(offline.text.contains("The hub is not reachable") && offline.text.contains("Try again"))
            let worker = try await client.call(.get, "/sw.js", token: nil)
            #expect(worker.text.contains("/api/"), "the worker leaves the API alone: \(worker.text.prefix(80))")
            // Another icon name, or the app's page and files, still need the token.
            #expect(try await client.call(.get, "/app-icons/other.png", token: nil).status == .found)
            #expect(try await client.call(.get, "/app-icons/other.png").status == .notFound)
            #expect(try await client.call(.get, "/", token: nil).status == .found)
            #expect(try await client.call(.get, "/api/alerts", token: nil).status == .unauthorized)
            #expect(try await client.call(.get, "/sw.js/x", token: nil).status == .found)
        }
    }

    @Test func aTokenInTheURLSetsTheCookieAndRedirectsToTheCleanURL() async throws {
        try await DashboardFixture().test { client in
            let first = try await client.call(.get, "/?token=\(DashboardFixture.token)", token: nil)
            #expect(first.status == .found)
            #expect(first.headers[.location] == "/")
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.contains("nightlight_token=\(DashboardFixture.token)"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            let kept = try await client.call(.get, "/?view=week&token=\(DashboardFixture.token)", token: nil)
            #expect(kept.headers[.location] == "/?view=week")
            let wrong = try await client.call(.get, "/?token=nope", token: nil)
            #expect(wrong.headers[.location] == "/login?reason=wrongToken")
            #expect(wrong.headers[.setCookie] == nil)

            let page = try await client.call(.get, "/", headers: [.cookie: "nightlight_token=\(DashboardFixture.token)"])
            #expect(page.status == .ok)
            #expect(page.text.contains("<html"))
            let devices = try await client.call(.get, "/api/devices", headers: [.cookie: "nightlight_token=\(DashboardFixture.token)"])
            #expect(devices.status == .ok)
            #expect(devices.array().isEmpty)
            let stale = try await client.call(.get, "/api/devices", headers: [.cookie: "nightlight_token=old-token-0123456789abcdef"])
            #expect(stale.status == .unauthorized)
        }
    }

    @Test func crossSiteWritesAreRefused() async throws {
        let cookie = "nightlight_token=\(DashboardFixture.token)"
        let body = ##"{"name": "Holidays", "schedule": {"name": "Holidays", "groups": [{"name": "All", "days": ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"], "periods": []}]}}"##
        try await DashboardFixture().test { client in
            let evil = try await client.call(.post, "/api/schedules", body, headers: [.cookie: cookie, .origin: "http://evil.example"])
            #expect(evil.status == .forbidden)
            #expect(evil.string("error.code") == "crossSite")
            let fetchSite = try await client.call(.post, "/api/schedules", body, headers: [.cookie: cookie, .origin: "http://localhost", .secFetchSite: "cross-site"])
            #expect(fetchSite.status == .forbidden)
            let noOrigin = try await client.call(.post, "/api/schedules", body, headers: [.cookie: cookie])
            #expect(noOrigin.status == .forbidden)
            let badReferer = try await client.call(.delete, "/api/schedules/x", headers: [.cookie: cookie, .referer: "http://evil.example/page"])
            #expect(badReferer.status == .forbidden)
            let form = try await client.call(.post, "/api/schedules", body, headers: [.cookie: cookie, .origin: "http://localhost", .contentType: "text/plain"])
            #expect(form.status == .unsupportedMediaType)
            #expect(try await client.call(.get, "/api/schedules").array().isEmpty)

            let samePage = try await client.call(.post, "/api/schedules", body, headers: [.cookie: cookie, .origin: "http://localhost", .secFetchSite: "same-origin"])
            #expect(samePage.status == .created)
            let configured = try await client.call(.delete, "/api/schedules/Holidays", headers: [.cookie: cookie, .referer: "http://127.0.0.1:8080/"])
            #expect(configured.status == .noContent)
            let script = try await client.call(.post, "/api/schedules", body)
            #expect(script.status == .created)
        }
    }

    @Test func unknownRoutesAreJSON404s() async throws {
        try await DashboardFixture().test { client in
            let answer = try await client.call(.get, "/api/nothing-here")
            #expect(answer.status == .notFound)
            #expect(answer.string("error.code") == "notFound")
        }
    }
}

@Suite("Dashboard: page assets")
struct AssetTests {
    @Test func assetsAreServedBehindTheTokenWithTheirTypes() async throws {
        try await DashboardFixture().test { client in
            let folder = try #require(PagesController.dashboard(environment: [:]).folder)
            // Every file below assets/, in folders too (lib/…, views/today/…).
            let root = folder.appendingPathComponent("assets").path
            let names = try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
            }
            #expect(!names.isEmpty)
            for name in names {
                let asset = try await client.call(.get, "/assets/\(name)")
                #expect(asset.status == .ok, "\(name)")
                #expect(asset.headers[.contentType] == PagesController.assetType(name))
                #expect(asset.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                let anonymous = try await client.call(.get, "/assets/\(name)", token: nil)
                #expect(anonymous.status == .found)
            }
            for name in [
                "nothing.js", "..%2FDashboardServer.swift", ".hidden.js", "app.exe", "a%00.js", "lib/nothing.js",
                "lib/../../index.html", "lib/%2E%2E/app.js", "lib//app.js", "lib/.hidden.js", "a/b/c/d/e.js", "%2Fetc%2Fpasswd.js",
            ] {
                let missing = try await client.call(.get, "/assets/\(name)")
                #expect(missing.status == .notFound, "\(name): \(missing.status)")
            }
        }
    }
}

@Suite("Dashboard: errors")
struct DashboardErrorTests {
    @Test func bluetoothErrorsMapToGatewayAnswers() {
        let lost = DashboardError.from(BLEError(.disconnected, "the link to C4:4E:4C:00:00:02 was lost"))
        #expect(lost.status == .badGateway)
        #expect(lost.code == "unreachable")
        #expect(lost.message.contains("the link to C4:4E:4C:00:00:02 was lost"))
        let late = DashboardError.from(BLEError(.timedOut, "no answer to Read Request"))
        #expect(late.status == .gatewayTimeout)
    }
}
