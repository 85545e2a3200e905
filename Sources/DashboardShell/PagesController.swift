import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The pages: `/` (the dashboard, behind the token), `/login` (served to anyone) and the page's
/// scripts, styles and images under `/assets/` (behind the token); and what installing the app
/// on a home screen needs, served to anyone (``installPaths``): the web app manifest, the icons,
/// the service worker and the offline page.
///
/// They come from the app's resources; `NIGHTLIGHT_DASHBOARD_RESOURCES` names another folder of
/// the same layout (for working on the page without rebuilding).
package struct PagesController {
    /// The folder the pages come from.
    package let folder: URL?

    /// Pages from `folder` (an app's resources), unless `NIGHTLIGHT_DASHBOARD_RESOURCES` in
    /// `environment` names another folder of the same layout.
    package init(folder: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let path = environment["NIGHTLIGHT_DASHBOARD_RESOURCES"], !path.isEmpty {
            self.folder = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            self.folder = folder
        }
    }

    package func add(to router: Router<DashboardContext>) {
        router.get("/") { _, _ in try page("index.html") }
        router.get("login") { request, _ in
            try page("login.html", message: request.uri.queryParameters.get("reason").flatMap(LoginReason.init(rawValue:))?.message)
        }
        router.get("manifest.webmanifest") { _, _ in try file("manifest.webmanifest", type: "application/manifest+json") }
        // At the root, so that its scope is the whole dashboard.
        router.get("sw.js") { _, _ in try file("sw.js", type: "text/javascript; charset=utf-8") }
        router.get("offline.html") { _, _ in try page("offline.html") }
        router.get("offline.js") { _, _ in try file("offline.js", type: "text/javascript; charset=utf-8") }
        router.get("app-icons/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            guard Self.installPaths.contains("/app-icons/" + name) else {
                throw DashboardError(.notFound, "notFound", "there is no app icon '\(name)'")
            }
            return try file("app-icons/" + name, type: "image/png")
        }
        router.get("assets/**") { _, context in
            let name = context.parameters.getCatchAll().joined(separator: "/")
            guard let type = Self.assetType(name) else {
                throw DashboardError(.notFound, "notFound", "there is no asset '\(name)'")
            }
            return try file("assets/" + name, type: type)
        }
    }

    /// What a phone needs to install the dashboard as an app and to say that the hub is not
    /// reachable, served without the token: nothing in them is private.
    package static let installPaths: Set<String> = [
        "/manifest.webmanifest", "/sw.js", "/offline.html", "/offline.js",
        "/app-icons/icon-192.png", "/app-icons/icon-512.png", "/app-icons/icon-maskable-512.png", "/app-icons/apple-touch-icon.png",
    ]

    /// The content type of an asset path, or nil for a path that is not one. An asset path is
    /// one or more plain names joined by `/` (folders such as `lib/` or `views/today/`), each of
    /// ASCII letters, digits, `-`, `_` and `.`, none starting with a dot (no `..`, no hidden
    /// files), the last with a known extension.
    package static func assetType(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let plain = components.allSatisfy { name in
            !name.isEmpty && !name.hasPrefix(".")
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
        guard plain, components.count <= 4, let name = components.last, let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "json": return "application/json"
        default: return nil
        }
    }

    /// Why the login page is shown (`/login?reason=…`), and what it says about it.
    package enum LoginReason: String, Sendable {
        /// A token was given (in the URL or the form) and it is not this dashboard's.
        case wrongToken
        /// The browser's session cookie holds a token the dashboard no longer takes.
        case sessionEnded
        /// The page was open and the server refused its session (401).
        case signedOut
        /// This phone's own access was revoked on the Phones page.
        case phoneRemoved
        /// The browser's phone cookie is not one of this dashboard's phones.
        case phoneUnknown

        /// The sentence the login page shows.
        package var message: String {
            switch self {
            case .wrongToken:
                "That access token is not this dashboard's. Paste the whole token that nightlight dashboard printed (the part after ?token=), or ask whoever runs the hub for it."
            case .sessionEnded, .signedOut:
                "You were signed out: the dashboard's access token has changed. Paste the new token to sign in again."
            case .phoneRemoved:
                "This phone's access to the dashboard was removed on the Phones page. Ask whoever runs the dashboard to add it again (Add a phone), or paste the access token."
            case .phoneUnknown:
                "This dashboard does not know this phone any more. Ask whoever runs the dashboard to add it again (Add a phone), or paste the access token."
            }
        }
    }

    /// Where a page shows its message.
    static let messageMark = "<!-- message -->"

    /// A page, never cached, never framed by another site; `message` (a login reason) replaces
    /// the page's `<!-- message -->` mark as an alert (nothing does when there is none).
    package func page(_ name: String, message: String? = nil) throws -> Response {
        try file(name, type: "text/html; charset=utf-8") { data in
            // The messages are fixed text of ours, never the request's: nothing to escape.
            guard let html = String(data: data, encoding: .utf8), html.contains(Self.messageMark) else { return data }
            let alert = message.map { "<p class=\"error\" role=\"alert\" id=\"login-error\">\($0)</p>" } ?? ""
            return Data(html.replacingOccurrences(of: Self.messageMark, with: alert).utf8)
        }
    }

    private func file(_ relativePath: String, type: String, transform: (Data) -> Data = { $0 }) throws -> Response {
        guard let folder else {
            throw DashboardError(.internalServerError, "missingResource", "the dashboard's resources are missing; reinstall")
        }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relativePath).path) else {
            if relativePath.hasPrefix("assets/") {
                throw DashboardError(.notFound, "notFound", "there is no asset '\(relativePath.dropFirst(7))'")
            }
            throw DashboardError(.internalServerError, "missingResource", "the page \(relativePath) is missing from the dashboard's resources (\(folder.path)); reinstall")
        }
        return Response(status: .ok, headers: Self.headers(type: type), body: .init(byteBuffer: ByteBuffer(bytes: transform(data))))
    }

    /// A page made by the server (`html`, already escaped), with the headers of every page.
    package static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers(type: "text/html; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The headers of every page and asset: never cached, never framed, no script but our own.
    private static func headers(type: String) -> HTTPFields {
        [
            .contentType: type, .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff", HTTPField.Name("Referrer-Policy")!: "same-origin",
        ]
    }
}
