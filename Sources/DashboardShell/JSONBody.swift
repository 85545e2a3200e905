import Foundation
import Hummingbird
import NIOCore

/// Reading and writing the JSON bodies of the API, with errors that name the field.
package enum JSONBody {
    /// The largest request body accepted (a week schedule is well under 4 KiB of JSON).
    package static let maximumSize = 64 * 1024

    /// The encoder of every answer: sorted keys, ISO 8601 dates.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as a JSON response.
    package static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        guard let body = encoded(value) else { return unencodable }
        return response(json: body, status: status)
    }

    /// `value` encoded as every answer is, or nil when it cannot be encoded.
    package static func encoded(_ value: some Encodable) -> ByteBuffer? {
        guard let data = try? encoder().encode(value) else { return nil }
        return ByteBuffer(bytes: data)
    }

    /// A response with `body`, JSON already encoded.
    package static func response(json body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    /// The 500 of an answer that could not be encoded.
    private static var unencodable: Response {
        response(json: ByteBuffer(string: #"{"error":{"code":"internal","message":"the answer could not be encoded"}}"#), status: .internalServerError)
    }

    /// Decodes the request's body as `T`; a body that is not JSON, has a wrong type or misses a
    /// field is a 400 naming the field.
    package static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
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
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard !data.isEmpty else { throw DashboardError(.badRequest, "invalidJSON", "the request body is empty; send a JSON object") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let number = unrepresentableNumber(type, in: data) {
                throw number
            }
            throw describe(error)
        } catch let error as any DashboardValueError {
            // A value's own decoding (a color that is not #RRGGBB) says what, not where.
            throw DashboardError(.badRequest, "invalidValue", error.description)
        }
    }

    /// A decoding failure as a 400 that names the field.
    package static func describe(_ error: DecodingError) -> DashboardError {
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
            if let value = context.underlyingError as? any DashboardValueError {
                return DashboardError(.badRequest, "invalidValue", value.message, field: field)
            }
            return .invalid(field, context.debugDescription)
        @unknown default:
            return DashboardError(.badRequest, "invalidJSON", "the request body is not valid JSON")
        }
    }

    /// The field of a number the decoder could not take, when `data` is valid JSON: Foundation's
    /// decoder reports a fractional number for an integer field, or an integer too large for its
    /// field, as "not valid JSON" without a place. Each number of the body (at most 200) is set to
    /// 0 in turn; the first whose change lets the body decode further is the one.
    private static func unrepresentableNumber<T: Decodable>(_ type: T.Type, in data: Data) -> DashboardError? {
        guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        var numbers: [(path: [JSONPathStep], value: NSNumber)] = []
        collectNumbers(tree, at: [], into: &numbers)
        for (path, value) in numbers.prefix(200) {
            let replaced = replacing(tree, at: path[...], with: 0)
            guard let probe = try? JSONSerialization.data(withJSONObject: replaced, options: [.fragmentsAllowed]) else { continue }
            do {
                _ = try JSONDecoder().decode(type, from: probe)
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                continue
            } catch {}
            let field = path.reduce(into: "") { text, step in
                switch step {
                case .key(let key): text += text.isEmpty ? key : "." + key
                case .index(let index): text += "[\(index)]"
                }
            }
            let text = value.stringValue
            let rule = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "must be a whole number" : "is out of range"
            return .invalid(field.isEmpty ? "body" : field, "\(rule), not \(text.excerpt())")
        }
        return nil
    }

    private enum JSONPathStep {
        case key(String)
        case index(Int)
    }

    private static func collectNumbers(_ value: Any, at path: [JSONPathStep], into numbers: inout [(path: [JSONPathStep], value: NSNumber)]) {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() { collectNumbers(object[key]!, at: path + [.key(key)], into: &numbers) }
        case let array as [Any]:
            for (index, element) in array.enumerated() { collectNumbers(element, at: path + [.index(index)], into: &numbers) }
        case is Bool:
            break  // true and false (and so 0 and 1, where Foundation cannot tell): never the culprit
        case let number as NSNumber:
            numbers.append((path, number))
        default:
            break
        }
    }

    private static func replacing(_ value: Any, at path: ArraySlice<JSONPathStep>, with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case (.key(let key), var object as [String: Any]):
            object[key] = replacing(object[key] as Any, at: path.dropFirst(), with: replacement)
            return object
        case (.index(let index), var array as [Any]):
            array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
            return array
        default:
            return value
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
package enum FieldPath {
    /// A coding path as a JSON path.
    package static func json(_ path: [any CodingKey]) -> String {
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
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    package func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
