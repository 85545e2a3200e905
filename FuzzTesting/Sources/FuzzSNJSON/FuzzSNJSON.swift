import Foundation
import Nightlight

/// libFuzzer entry: decodes arbitrary bytes as the JSON of one Nightlight model type, as the
/// dashboard does with a request body (`JSONDecoder`). A value that decodes must encode with
/// `JSONEncoder` and decode back to an equal value. A profile value that also passes
/// `validate()` (what the dashboard checks before writing it to a nightlight) must encode to
/// wire bytes that `init(bytes:)` accepts and that decode to the same value.
///
/// Input layout: octet 0 picks the type, the rest is the JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSNJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let selector = input.first else { return 0 }
    let json = Data(input.dropFirst())
    switch selector % 24 {
    case 0: checkValue(WeekSchedule.self, json)
    case 1: checkValue(TemporaryDaySchedule.self, json)
    case 2: checkValue(Period.self, json)
    case 3: checkValue(DeactivationWindow.self, json)
    case 4: checkValue(ButtonStatus.self, json)
    case 5: checkValue(ActiveState.self, json)
    case 6: checkValue(RGBColor.self, json)
    case 7: checkValue(BatteryPowerState.self, json)
    case 8: checkValue(SNAdvertisement.self, json)
    case 9: checkValue(SNClockTime.self, json)
    case 10: checkValue(SNLocalTimeInformation.self, json)
    case 11: checkValue(FirmwareImage.self, json)
    case 12:
        if let settings = checkJSON(ChildButtonSettings.self, json) { _ = try? settings.validate() }
    case 13:
        if let group = checkJSON(DayGroup.self, json) { _ = try? group.validate() }
    case 14:
        if let settings = checkJSON(LEDSettings.self, json) { _ = try? settings.validate() }
    case 15:
        if let status = checkJSON(BatteryStatus.self, json) { _ = try? status.validate() }
    case 16: checkJSON(DaySet.self, json)
    case 17: checkJSON(Weekday.self, json)
    case 18: checkJSON(ActiveMode.self, json)
    case 19: checkJSON(ColorWheelPosition.self, json)
    case 20: checkJSON(FirmwareControlRequest.self, json)
    case 21: checkJSON(FirmwareControlResponse.self, json)
    case 22: checkJSON(FirmwareDataPacket.self, json)
    default: checkJSON(ClientRequest.self, json)
    }
    return 0
}

/// The shapes of the dashboard's request bodies that carry profile values (its own request types
/// are internal to NightlightDashboard, which a fuzzer should not link).
struct ClientRequest: Codable, Equatable {
    var name: String?
    var led: Int?
    var color: RGBColor?
    var schedule: WeekSchedule?
    var temporary: TemporaryDaySchedule?
    var button: ChildButtonSettings?
}

/// JSON decode, encode, decode again equal; the decoded value, if any.
@discardableResult
func checkJSON<Value: Codable & Equatable>(_: Value.Type, _ json: Data) -> Value? {
    guard let value = try? JSONDecoder().decode(Value.self, from: json) else { return nil }
    let encoded: Data
    do {
        encoded = try JSONEncoder().encode(value)
    } catch {
        fatalError("\(Value.self) decoded from \(String(decoding: json, as: UTF8.self)) does not encode: \(error)")
    }
    let again: Value
    do {
        again = try JSONDecoder().decode(Value.self, from: encoded)
    } catch {
        fatalError("\(Value.self) JSON round trip failed: \(value) encodes to \(String(decoding: encoded, as: UTF8.self)), which does not decode: \(error)")
    }
    guard again == value else {
        fatalError("\(Value.self) JSON round trip changed \(value) to \(again) (input \(String(decoding: json, as: UTF8.self)))")
    }
    return value
}

/// The JSON round trip, then, for a value that validates, the wire round trip.
func checkValue<Value: SNValue>(_ type: Value.Type, _ json: Data) {
    guard let value = checkJSON(type, json), (try? value.validate()) != nil else { return }
    let bytes = value.encode()
    let decoded: Value
    do {
        decoded = try Value(bytes: bytes)
    } catch {
        fatalError("\(Value.self) \(value) validates but its bytes \(bytes) do not decode: \(error)")
    }
    guard decoded == value else {
        fatalError("\(Value.self) \(value) validates but its bytes \(bytes) decode to \(decoded)")
    }
    _ = String(describing: value)
}
