import BLECore
@testable import BLETool
@testable import BLEToolKit
import Foundation
import Testing

@Suite struct ValuePresentationTests {
    /// 2026-05-01T12:00:00.123Z; as a `Double` the fraction is 0.12299…, which must still print as .123.
    static let date = Date(timeIntervalSince1970: 1_777_636_800.123)

    @Test(arguments: [
        // Battery Level 87 %.
        ([0x57], BluetoothUUID(0x2A19), #"Battery Level (2A19): hex: 57 | string: "W" | number: 87 | Battery Level: 87 %"#),
        // A Device Information string: the meaning would only repeat the string.
        (Array("Nightlight Labs".utf8), BluetoothUUID(0x2A29),
         #"Manufacturer Name String (2A29): hex: 4E 69 67 68 74 6C 69 67 68 74 20 4C 61 62 73 | string: "Nightlight Labs""#),
        // Heart rate 72 bpm, contact detected, one RR interval of 1024/1024 s; its float is noise.
        ([0x16, 0x48, 0x00, 0x04], BluetoothUUID(0x2A37),
         "Heart Rate Measurement (2A37): hex: 16 48 00 04 | number: 67127318 | Heart Rate Measurement: 72 bpm, contact detected, RR 1000 ms"),
        ([0x00, 0x48], BluetoothUUID(0x2A37), "Heart Rate Measurement (2A37): hex: 00 48 | number: 18432 | Heart Rate Measurement: 72 bpm"),
        // A malformed SIG value says why.
        ([0x96], BluetoothUUID(0x2A19), "Battery Level (2A19): hex: 96 | number: 150 | Battery Level: invalid (level is 150, allowed 0...100)"),
        // Four bytes: UInt32 and a plausible Float32 (pi).
        ([0xDB, 0x0F, 0x49, 0x40], "7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4",
         "7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4: hex: DB 0F 49 40 | number: 1078530011 | float: 3.1415927"),
        ([], BluetoothUUID(0x2A00), "Device Name (2A00): hex: (empty)"),
        // Text is quoted and escaped so it stays on one line.
        (Array("a\tb\"".utf8), BluetoothUUID(0x2A00), #"Device Name (2A00): hex: 61 09 62 22 | string: "a\tb\"" | number: 576850273"#),
        ([0x02, 0x00], BluetoothUUID(0x2902),
         "Client Characteristic Configuration (2902): hex: 02 00 | number: 2 | Client Characteristic Configuration: indications on"),
        ([0x00, 0x00], BluetoothUUID(0x2902),
         "Client Characteristic Configuration (2902): hex: 00 00 | number: 0 | Client Characteristic Configuration: off"),
    ] as [([UInt8], BluetoothUUID, String)])
    func readLines(bytes: [UInt8], uuid: BluetoothUUID, expected: String) {
        #expect(ValueRendering(bytes, uuid: uuid).readLine == expected)
    }

    @Test func valueWithoutUUID() {
        let rendering = ValueRendering([0x34, 0x12])
        #expect(rendering.readLine == "hex: 34 12 | number: 4660", "0x12 is a control character, so no string")
        #expect(rendering.number == 0x1234)
        #expect(rendering.meaning == nil)
    }

    @Test func numbersByLength() {
        #expect(ValueRendering([0xFF]).number == 255)
        #expect(ValueRendering([0x01, 0x02]).number == 0x0201)
        #expect(ValueRendering([0x01, 0x02, 0x03]).number == nil)
        #expect(ValueRendering([0x01, 0x00, 0x00, 0x00]).number == 1)
        #expect(ValueRendering([0x01, 0x00, 0x00, 0x00]).float == nil, "1.4e-45 is left out")
        #expect(ValueRendering([0x00, 0x00, 0x00, 0x00]).float == 0)
        #expect(ValueRendering([0x00, 0x00, 0xC0, 0x7F]).float == nil, "NaN is left out")
        #expect(ValueRendering([0x00, 0x00, 0xBC, 0x41]).float == 23.5)
    }

    @Test func subscriptionLine() {
        #expect(ValueRendering([0x57], uuid: BluetoothUUID(0x2A19)).subscriptionLine(at: Self.date)
            == #"2026-05-01T12:00:00.123Z  hex: 57 | string: "W" | number: 87 | Battery Level: 87 %"#)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"), (951_782_400.5, "2000-02-29T00:00:00.500Z"),
        (1_777_636_800.123, "2026-05-01T12:00:00.123Z"), (1_777_636_799.9996, "2026-05-01T12:00:00.000Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"), (4_102_444_799.999, "2099-12-31T23:59:59.999Z"),
    ])
    func timestamps(seconds: Double, expected: String) {
        #expect(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func readJSON() throws {
        let text = try ValueRendering([0x57], uuid: BluetoothUUID(0x2A19)).json()
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["uuid", "name", "hex", "string", "number", "float", "meaning", "valid"])
        #expect(object["uuid"] as? String == "2A19")
        #expect(object["name"] as? String == "Battery Level")
        #expect(object["hex"] as? String == "57")
        #expect(object["string"] as? String == "W")
        #expect(object["number"] as? Int == 87)
        #expect(object["float"] is NSNull)
        #expect(object["meaning"] as? String == "87 %")
        #expect(object["valid"] as? Bool == true)

        let invalid = try JSONDecoder().decode(ValueRecord.self, from: Data(ValueRendering([0x96], uuid: BluetoothUUID(0x2A19)).json().utf8))
        #expect(invalid.valid == false)
        #expect(invalid.meaning == "invalid (level is 150, allowed 0...100)")
        let unknown = ValueRendering([0x01, 0x02, 0x03], uuid: "7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4").record
        #expect(unknown.valid == nil && unknown.meaning == nil && unknown.name == nil && unknown.number == nil)
    }

    @Test func subscriptionJSONLine() throws {
        let line = try ValueRendering([0x00, 0x48], uuid: BluetoothUUID(0x2A37)).subscriptionJSONLine(at: Self.date)
        #expect(!line.contains("\n"))
        #expect(line == #"{"timestamp":"2026-05-01T12:00:00.123Z","value":{"float":null,"hex":"0048","meaning":"72 bpm","name":"Heart Rate Measurement","number":18432,"string":null,"uuid":"2A37","valid":true}}"#)
    }
}
