import BLECore
import Foundation
import Hummingbird

/// Reading and checking what a request names: path parameters, query items, names.
package enum RequestInput {
    /// The `{address}` path parameter, checked and uppercased.
    package static func address(_ context: DashboardContext) throws -> String {
        try address(context.parameters.get("address")?.removingPercentEncoding ?? "", field: "address")
    }

    /// `text` as a device address, checked and uppercased; errors name `field`.
    package static func address(_ text: String, field: String) throws -> String {
        let trimmed = String(trimmingSpaces(text[...]))
        guard (try? DeviceAddress(parsing: trimmed)) != nil else {
            throw DashboardError.invalid(field, "'\(trimmed.excerpt())' is not a device address; expected six hex bytes like C4:4E:4C:00:00:01")
        }
        return trimmed.uppercased()
    }

    /// `text` without the spaces around it: the characters `trimmingCharacters(in: .whitespaces)`
    /// takes away (Unicode's space separators, the tab and the zero width space), without that method's round trip
    /// through `NSString`, which was 3 % of the server's time on `GET /api/devices` (trimming
    /// the bearer token of every request).
    package static func trimmingSpaces(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return Substring(scalars[first...last])
    }

    /// Whether `scalar` is in Foundation's `CharacterSet.whitespaces` on Linux: the space
    /// separators (Zs), the tab, and U+200B ZERO WIDTH SPACE (CoreFoundation's list).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The `{name}` path parameter (a saved schedule's name).
    package static func scheduleName(_ context: DashboardContext) throws -> String {
        guard let raw = context.parameters.get("name"), !raw.isEmpty else {
            throw DashboardError.invalid("name", "the schedule name is missing from the URL")
        }
        guard let name = raw.removingPercentEncoding else {
            throw DashboardError.invalid("name", "the schedule name in the URL is not valid percent-encoding ('\(raw.excerpt())'); write % as %25")
        }
        return name
    }

    /// A name given in a body: trimmed, not empty, at most `maximumBytes` UTF-8 bytes.
    package static func name(_ text: String, field: String, maximumBytes: Int) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DashboardError.invalid(field, "cannot be empty") }
        if let scalar = TextSafety.firstUnsafe(in: trimmed) {
            throw DashboardError.invalid(field, "contains the control character \(TextSafety.name(scalar)); use letters, digits, spaces and punctuation")
        }
        guard trimmed.utf8.count <= maximumBytes else {
            throw DashboardError.invalid(field, "is \(trimmed.utf8.count) bytes long; at most \(maximumBytes)")
        }
        return trimmed
    }

    /// An integer query item in `range`, or `defaultValue` when absent.
    package static func integer(_ request: Request, _ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw DashboardError.invalid(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.excerpt())'")
        }
        return value
    }

    /// A number query item in `range`, or `defaultValue` when absent.
    package static func number(_ request: Request, _ name: String, in range: ClosedRange<Double>, default defaultValue: Double) throws -> Double {
        guard let text = request.uri.queryParameters.get(name) else { return defaultValue }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw DashboardError.invalid(name, "must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text.excerpt())'")
        }
        return value
    }
}

extension String {
    /// At most `limit` characters of the string, cut with `…`: how an error quotes what a
    /// request sent, so a 4,000-character value does not come back whole.
    package func excerpt(_ limit: Int = 40) -> String {
        count <= limit ? self : String(prefix(limit)) + "…"
    }
}
