import Foundation
import Hummingbird
import NIOCore

/// The pages: `/` (the dashboard, behind the token) and `/login` (served to anyone).
struct PagesController {
    func add(to router: Router<DashboardContext>) {
        router.get("/") { _, _ in try Self.page("index.html") }
        router.get("login") { _, _ in try Self.page("login.html") }
    }

    /// A page of the module's resources, never cached, never framed by another site.
    static func page(_ name: String) throws -> Response {
        guard let folder = Bundle.module.url(forResource: "Resources", withExtension: nil),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        else {
            throw DashboardError(.internalServerError, "missingResource", "the page \(name) is missing from the dashboard's resources; reinstall")
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
