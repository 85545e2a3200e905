import Foundation
import Hummingbird
import NIOCore
import Nightlight

/// Reading and writing the JSON bodies of the API, with errors that name the field.
enum JSONBody {
    /// The largest request body accepted (a week schedule is well under 4 KiB of JSON).
    static let maximumSize = 64 * 1024

    /// The encoder of every answer: sorted keys, ISO 8601 dates.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as a JSON response.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data: Data
        do {
            data = try encoder().encode(value)
        } catch {
            data = Data(#"{"error":{"code":"internal","message":"the answer could not be encoded"}}"#.utf8)
            return Response(status: .internalServerError, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes the request's body as `T`; a body that is not JSON, has a wrong type or misses a
    /// field is a 400 naming the field.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumSize)
        } catch {
            throw DashboardError(.contentTooLarge, "tooLarge", "the request body is over \(maximumSize / 1024) KiB")
        }
        return try decode(type, from: Data(buffer.readableBytesView))
    }

    /// Decodes `data` as `T` (see ``decode(_:from:)-(_,Request)``).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard !data.isEmpty else { throw DashboardError(.badRequest, "invalidJSON", "the request body is empty; send a JSON object") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch let error as SNValueError {
            // A value's own decoding (a color that is not #RRGGBB) says what, not where.
            throw DashboardError(.badRequest, "invalidValue", error.description)
        }
    }

    /// A decoding failure as a 400 that names the field.
    static func describe(_ error: DecodingError) -> DashboardError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalid(FieldPath.json(context.codingPath), "must be \(expected(type))")
        case .valueNotFound(let type, let context):
            return .invalid(FieldPath.json(context.codingPath), "must be \(expected(type)), not null")
        case .keyNotFound(let key, let context):
            return .invalid(FieldPath.json(context.codingPath + [key]), "is required")
        case .dataCorrupted(let context):
            if let value = context.underlyingError as? DashboardError { return value }
            if context.codingPath.isEmpty {
                return DashboardError(.badRequest, "invalidJSON", "the request body is not valid JSON")
            }
            let field = FieldPath.json(context.codingPath)
            if let value = context.underlyingError as? SNValueError {
                return DashboardError(.badRequest, "invalidValue", value.message, field: field)
            }
            return .invalid(field, context.debugDescription)
        @unknown default:
            return DashboardError(.badRequest, "invalidJSON", "the request body is not valid JSON")
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt8.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}

/// Request fields as JSON paths (`groups[0].periods[1].end`).
enum FieldPath {
    /// A coding path as a JSON path.
    static func json(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "body" : text
    }

    /// The JSON path of an `SNValueError` path (`["group School", "period 2 (19:00–18:00)",
    /// "end"]` → `groups[i].periods[1].end`) under `prefix`; group names are found in `groups`.
    static func json(for path: [String], prefix: String? = nil, groups: [String] = []) -> String? {
        var parts: [String] = prefix.map { [$0] } ?? []
        for component in path {
            if let name = component.dropPrefix("group #"), let number = Int(name) {
                parts.append("groups[\(number - 1)]")
            } else if let name = component.dropPrefix("group ") {
                parts.append(groups.firstIndex(of: name).map { "groups[\($0)]" } ?? "groups")
            } else if let rest = component.dropPrefix("period "), let number = Int(rest.prefix { $0.isNumber }) {
                parts.append("periods[\(number - 1)]")
            } else if (try? DaySet(parsing: component)) != nil {
                parts.append("groups")
            } else if let known = names[component] ?? names[Self.withoutValue(component)] {
                parts.append(known)
            } else {
                parts.append(component)
            }
        }
        guard !parts.isEmpty else { return prefix }
        return parts.reduce("") { text, part in
            text.isEmpty || part.hasPrefix("[") ? text + part : text + "." + part
        }
    }

    /// `ON time 0` → `ON time`: a field name without the value the profile put after it.
    private static func withoutValue(_ component: String) -> String {
        guard let space = component.lastIndex(of: " "), Int(component[component.index(after: space)...]) != nil else { return component }
        return String(component[..<space])
    }

    /// Profile field names and their JSON keys.
    private static let names: [String: String] = [
        "ON time": "onTime", "daily usage": "dailyUsage", "remaining days": "remainingDays",
        "group count": "groups", "period count": "periods", "fade": "fade", "start": "start", "end": "end",
        "name": "name", "days": "days", "deactivation time": "deactivationWindow",
    ]
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
