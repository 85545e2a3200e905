import Hummingbird
import NIOCore
import Synchronization

/// The JSON answer of a value that seldom changes (the list of paired nightlights), encoded once
/// per change of the value rather than once per request.
package final class EncodedAnswer<Value: Encodable & Equatable & Sendable>: Sendable {
    /// The value last answered and its encoding.
    private let kept = Mutex<(value: Value, body: ByteBuffer)?>(nil)

    /// An empty cache.
    package init() {}

    /// `value` as a JSON response (``JSONBody/response(_:status:)``), from the encoding kept when
    /// `value` equals the value last answered.
    package func response(_ value: Value) -> Response {
        if let kept = kept.withLock({ $0 }), kept.value == value {
            return JSONBody.response(json: kept.body)
        }
        guard let body = JSONBody.encoded(value) else { return JSONBody.response(value) }
        kept.withLock { $0 = (value, body) }
        return JSONBody.response(json: body)
    }
}
