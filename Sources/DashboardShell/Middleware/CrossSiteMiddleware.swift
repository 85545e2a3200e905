import Foundation
import HTTPTypes
import Hummingbird

/// Refuses requests that change state (POST, PUT, PATCH, DELETE) and WebSocket upgrades (a live
/// socket switches a device's sensors on, holds its connection and reads it) unless they come
/// from the dashboard's own pages: `Sec-Fetch-Site`, when sent, must be `same-origin` or `none`,
/// and `Origin` (or else `Referer`) must be the server's own origin. A request with neither header
/// is let through only when it was authenticated by the `Authorization` header, which a browser
/// never adds by itself (a script's request). API writes must send `Content-Type: application/json`,
/// which a cross-site form cannot.
package struct CrossSiteMiddleware: RouterMiddleware {
    package typealias Context = DashboardContext

    /// The origins the pages are served from (`http://127.0.0.1:8080`, …); the request's own
    /// `Host` is added to them.
    package let origins: Set<String>
    /// Whether an API route takes a raw file (`application/octet-stream`) instead of JSON.
    package let takesFile: @Sendable (String) -> Bool

    /// Refuses cross-site writes to a server served from `origins`; `takesFile` names the routes
    /// whose body is a file.
    package init(origins: Set<String>, takesFile: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.origins = origins
        self.takesFile = takesFile
    }

    package static let changingMethods: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let isWrite = Self.changingMethods.contains(request.method)
        guard isWrite || Self.isWebSocketUpgrade(request) else { return try await next(request, context) }
        var allowed = origins
        if let host = request.head.authority { allowed.insert("http://" + host.lowercased()) }
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" {
            throw Self.refusal("the browser says this request comes from another site (Sec-Fetch-Site: \(site))")
        }
        if let origin = request.headers[.origin] {
            guard allowed.contains(origin.lowercased()) else { throw Self.refusal("the request comes from \(origin), not from the dashboard") }
        } else if let referer = request.headers[.referer] {
            guard let origin = Self.origin(of: referer), allowed.contains(origin) else {
                throw Self.refusal("the request comes from a page of another site (Referer)")
            }
        } else if context.credential != .bearer {
            throw Self.refusal("a browser request that changes something must say where it comes from (Origin)")
        }
        if isWrite, AuthenticationMiddleware.isAPI(request.uri.path), request.method != .delete {
            let type = request.headers[.contentType]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if takesFile(request.uri.path) {
                guard type == "application/octet-stream" else {
                    throw DashboardError(.unsupportedMediaType, "unsupportedMediaType", "send the file as is (a firmware image), with `Content-Type: application/octet-stream`")
                }
            } else if type != "application/json" {
                throw DashboardError(.unsupportedMediaType, "unsupportedMediaType", "send the body as JSON with `Content-Type: application/json`")
            }
        }
        return try await next(request, context)
    }

    private static func refusal(_ message: String) -> DashboardError {
        DashboardError(.forbidden, "crossSite", "refused: \(message)")
    }

    /// Whether `request` asks to become a WebSocket (`Upgrade: websocket`, RFC 6455 4.1): a
    /// browser sends the session cookie with it from any page of the same site, another port of
    /// 127.0.0.1 included.
    package static func isWebSocketUpgrade(_ request: Request) -> Bool {
        request.headers[values: .upgrade].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "websocket" }
        }
    }

    /// `scheme://host[:port]` of a URL, lowercased.
    package static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")".lowercased()
    }
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site`: where the browser says a request comes from (Fetch Metadata).
    package static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
