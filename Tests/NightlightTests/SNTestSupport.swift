import BLECore
import BLEGATT
import Nightlight
import Testing

/// Bytes from spaced hex, e.g. `wire("01 07 44")`.
func wire(_ hex: String) -> [UInt8] {
    guard let value = [UInt8](hex: hex) else { preconditionFailure("bad hex in test: \(hex)") }
    return value
}

/// Runs `body`, expects it to throw an ``SNValueError``, and checks the sentence and the ATT error.
func expectRefusal(
    _ message: String, _ att: ATTErrorCode, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected refusal \"\(message)\", but it was accepted", sourceLocation: sourceLocation)
    } catch let error as SNValueError {
        #expect(error.description == message, sourceLocation: sourceLocation)
        #expect(error.attErrorCode == att, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected an SNValueError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Checks that decoding `wire` gives `value`, that encoding `value` gives `wire`, and that every
/// proper prefix of `wire` is refused.
func expectRoundTrip<V: SNValue>(_ value: V, _ wire: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(value.encode() == wire, sourceLocation: sourceLocation)
    do {
        #expect(try V(bytes: wire) == value, sourceLocation: sourceLocation)
    } catch {
        Issue.record("decoding failed: \(error)", sourceLocation: sourceLocation)
    }
    for count in 0..<wire.count {
        #expect(throws: SNValueError.self, "prefix of \(count) bytes", sourceLocation: sourceLocation) {
            try V(bytes: Array(wire.prefix(count)))
        }
    }
}

/// A time of day in minutes from `HH:MM`.
func minuteOfDay(_ text: String) -> Int {
    do { return try MinuteOfDay.parse(text) } catch { preconditionFailure("\(error)") }
}

/// `#402000`.
let scheduleAmber = RGBColor.factoryScheduleColor

/// Checks that each hex value is refused by `V(bytes:)` with its sentence and ATT error.
func expectDecodingRefused<V: SNValue>(
    _ type: V.Type, _ cases: KeyValuePairs<String, (String, ATTErrorCode)>, sourceLocation: SourceLocation = #_sourceLocation
) {
    for (hex, (message, att)) in cases {
        expectRefusal(message, att, sourceLocation: sourceLocation) { _ = try V(bytes: wire(hex)) }
    }
}
