import BLE
import Foundation
import Hummingbird
import Nightlight
import NightlightStore

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
    /// The field as the SN profile names it (`group School: period 2 (19:00–18:00)`), if any.
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
    static func invalid(_ field: String, _ message: String) -> DashboardError {
        DashboardError(.badRequest, "invalidValue", message, field: field)
    }

    /// A 400 for a profile rule broken by a value of the request; `field` is where the value is.
    static func invalid(_ error: SNValueError, in field: String? = nil, groups: [String] = []) -> DashboardError {
        DashboardError(
            .badRequest, "invalidValue", error.description,
            field: FieldPath.json(for: error.path, prefix: field, groups: groups), path: error.path.isEmpty ? nil : error.path
        )
    }

    /// Any error a handler threw, as the dashboard answers it.
    static func from(_ error: any Error) -> DashboardError {
        switch error {
        case let error as DashboardError: return error
        case let error as NightlightError: return fromNightlight(error)
        case let error as StoreError: return fromStore(error)
        case let error as BLEError: return fromBLE(error)
        case let error as SNValueError: return invalid(error)
        case is CancellationError: return DashboardError(.serviceUnavailable, "cancelled", "the request was cancelled; try again")
        case let error as any HTTPResponseError:
            return DashboardError(error.status, "http", error.status.reasonPhrase)
        default: return DashboardError(.internalServerError, "internal", "the server failed: \(error)")
        }
    }

    private static func fromNightlight(_ error: NightlightError) -> DashboardError {
        switch error.code {
        case .invalidValue:
            if let value = error.valueError { return invalid(value) }
            return DashboardError(.badRequest, "invalidValue", error.message)
        case .childNameRequired: return DashboardError(.badRequest, "childNameRequired", error.message, field: "childName")
        case .refused: return DashboardError(.unprocessableContent, "refused", error.message)
        case .notANightlight: return DashboardError(.badGateway, "notANightlight", error.message)
        case .bluetooth:
            if let ble = error.bleError { return fromBLE(ble, message: error.message) }
            return DashboardError(.badGateway, "unreachable", error.message)
        default: return DashboardError(.badGateway, error.code.rawValue, error.message)
        }
    }

    private static func fromBLE(_ error: BLEError, message: String? = nil) -> DashboardError {
        let message = message ?? error.message
        switch error.code {
        case .timedOut: return DashboardError(.gatewayTimeout, "timedOut", "the nightlight did not answer in time: \(message); check it is in range and try again")
        case .radioUnavailable: return DashboardError(.serviceUnavailable, "radioUnavailable", message)
        case .cancelled: return DashboardError(.serviceUnavailable, "cancelled", message)
        default: return DashboardError(.badGateway, "unreachable", "the nightlight cannot be reached: \(message)")
        }
    }

    private static func fromStore(_ error: StoreError) -> DashboardError {
        switch error.code {
        case .deviceNotFound, .scheduleNotFound: return DashboardError(.notFound, error.code.rawValue, error.message)
        case .scheduleExists: return DashboardError(.conflict, error.code.rawValue, error.message, field: "name")
        case .ambiguousDevice: return DashboardError(.conflict, error.code.rawValue, error.message)
        case .invalidValue: return DashboardError(.badRequest, "invalidValue", error.message)
        default: return DashboardError(.internalServerError, error.code.rawValue, error.message)
        }
    }

    // MARK: Response

    struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var field: String?
            var path: [String]?
        }
        var error: Detail
    }

    /// The JSON answer.
    var response: Response {
        JSONBody.response(Body(error: .init(code: code, message: message, field: field, path: path)), status: status)
    }
}
