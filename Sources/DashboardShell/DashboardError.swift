import BLE
import Foundation
import Hummingbird

/// The one error of the dashboard server: an HTTP status, a code a script can act on, a message a
/// person reads, and the request field it concerns (so the page can show it next to the field).
///
/// It is sent as `{"error": {"code": "invalidValue", "message": "…", "field": "groups[0].periods[1].end"}}`.
public struct DashboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status of the answer.
    public var status: HTTPResponse.Status
    /// What kind of failure this is (`invalidValue`, `notFound`, `unreachable`, …).
    public var code: String
    /// What failed and what to do, in one line.
    public var message: String
    /// The request field concerned, as a JSON path (`periods[1].end`), if any.
    public var field: String?
    /// The field as the device's profile names it (`group School: period 2 (19:00–18:00)`), if any.
    public var path: [String]?

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil, path: [String]? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.path = path
    }

    /// The message.
    public var description: String { message }

    /// A 400 about one field of the request.
    package static func invalid(_ field: String, _ message: String) -> DashboardError {
        DashboardError(.badRequest, "invalidValue", message, field: field)
    }

    /// Any error a handler threw, as the dashboard answers it.
    package static func from(_ error: any Error) -> DashboardError {
        switch error {
        case let error as DashboardError: return error
        case let error as any DashboardErrorConvertible: return error.dashboardError
        case let error as BLEError: return fromBLE(error)
        case is CancellationError: return DashboardError(.serviceUnavailable, "cancelled", "the request was cancelled; try again")
        case let error as any HTTPResponseError:
            return DashboardError(error.status, "http", error.status.reasonPhrase)
        default: return DashboardError(.internalServerError, "internal", "the server failed: \(error)")
        }
    }

    /// A Bluetooth failure as the dashboard answers it; `device` names what failed in the
    /// message (`the nightlight`, `the device`).
    package static func fromBLE(_ error: BLEError, message: String? = nil, device: String = "the device") -> DashboardError {
        let message = message ?? error.message
        switch error.code {
        case .timedOut: return DashboardError(.gatewayTimeout, "timedOut", "\(device) did not answer in time: \(message); check it is in range and try again")
        case .radioUnavailable: return DashboardError(.serviceUnavailable, "radioUnavailable", message)
        case .cancelled: return DashboardError(.serviceUnavailable, "cancelled", message)
        default: return DashboardError(.badGateway, "unreachable", "\(device) cannot be reached: \(message)")
        }
    }

    // MARK: Response

    package struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var field: String?
            var path: [String]?
        }
        var error: Detail
    }

    /// The JSON text of an error without a field, for the answers written below the router
    /// (``HTTPConnectionGuard``).
    package static func json(code: String, message: String) -> Data {
        (try? JSONBody.encoder().encode(Body(error: .init(code: code, message: message)))) ?? Data()
    }

    /// The JSON answer.
    package var response: Response {
        JSONBody.response(Body(error: .init(code: code, message: message, field: field, path: path)), status: status)
    }
}

/// An error of a module above the shell (a profile's, the store's) that knows how the dashboard
/// answers it; ``DashboardError/from(_:)`` asks it.
package protocol DashboardErrorConvertible: Error {
    /// The answer.
    var dashboardError: DashboardError { get }
}

/// A value's own rule, broken while the value was decoded from a request (a colour that is not
/// `#RRGGBB`): its message says what; ``JSONBody`` adds where.
package protocol DashboardValueError: Error, CustomStringConvertible {
    /// What is wrong, without where.
    var message: String { get }
}
