import Hummingbird
import Logging

/// Turns every error a handler throws into the JSON answer of ``DashboardError`` (and a
/// route that does not exist into a JSON 404), so nothing reaches the client as a bare 500; a
/// 500's own text (paths, internals) goes to the log only.
package struct ErrorMiddleware: RouterMiddleware {
    package typealias Context = DashboardContext

    /// The middleware.
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var failure = DashboardError.from(error)
            if failure.status == .notFound, failure.code == "http" {
                failure = DashboardError(.notFound, "notFound", "there is no \(request.method) \(request.uri.path); docs/dashboard-api.md lists the API")
            }
            if failure.status.code >= 500 {
                context.logger.warning("\(request.method) \(request.uri.path): \(failure.message)")
            }
            if failure.status == .internalServerError {
                // A failure of the server itself (its database, a bug) may name files and
                // internals: the log has it, the client gets what to do.
                failure.message = "the dashboard failed on its side (\(failure.code)); try again, and if it goes on, the details are in the dashboard's log"
                failure.field = nil
                failure.path = nil
            }
            return failure.response
        }
    }
}
