import BLECore
import Testing

private func hex(_ text: String) -> [UInt8] { [UInt8](hex: text.filter { $0 != " " }) ?? [] }

/// (characteristic UUID, value in spec hex, description) — each a valid, canonical encoding.
let characteristicTable: [(UInt16, String, String)] = [
    (0x2A19, "57", "87 %"),
    (0x2A19, "00", "0 %"),
    (0x2A19, "64", "100 %"),
    (0x2BED, "07 a302 0601 57 00",
     "87 %, battery present, wired power: yes, wireless power: no, charging, level good, constant current charging, battery 0x0106, service required: no"),
    (0x2BED, "00 5501", "battery present, discharging (active), level low"),
    (0x2BED, "04 0070 06", "no battery, wired power: no, wireless power: no, charging fault: battery, external power source, other, service required: unknown, battery fault"),
    (0x2A2B, "ea07 0b 16 0e 05 09 07 00 01", "2026-11-22 14:05:09 Sunday"),
    (0x2A2B, "0000 00 00 00 00 00 00 80 00", "0000-00-00 00:00:00 Unknown +128/256 s"),
    (0x2A2B, "0f27 0c 1f 17 3b 3b 01 ff 0f", "9999-12-31 23:59:59 Monday +255/256 s"),
    (0x2A08, "2e06 01 01 00 00 00", "1582-01-01 00:00:00"),
    (0x2A0F, "04 04", "UTC+01:00, Daylight Time (+1 h)"),
    (0x2A0F, "ee 00", "UTC-04:30, Standard Time"),
    (0x2A0F, "38 08", "UTC+14:00, Double Daylight Time (+2 h)"),
    (0x2A0F, "d0 02", "UTC-12:00, Half an Hour Daylight Time (+0.5 h)"),
    (0x2A0F, "80 ff", "time zone unknown, DST unknown"),
    (0x2A0F, "00 05", "UTC+00:00, reserved DST offset 5"),
    (0x2A50, "01 0d00 0100 1001", "Bluetooth SIG vendor 0x000D, product 0x0001, version 1.1.0"),
    (0x2A50, "02 5e04 2802 3412", "USB IF vendor 0x045E, product 0x0228, version 18.3.4"),
    (0x2A50, "00 0000 0000 0000", "source 0x00 vendor 0x0000, product 0x0000, version 0.0.0"),
    (0x2A23, "0102030405 dc1b00", "manufacturer 0x0504030201, OUI 0x001BDC"),
    (0x2A37, "00 48", "72 bpm"),
    (0x2A37, "06 48", "72 bpm, contact detected"),
    (0x2A37, "04 48", "72 bpm, no contact"),
    (0x2A37, "16 48 2403 2c03", "72 bpm, contact detected, RR 785 ms 793 ms"),
    (0x2A37, "0f 4801 0c00", "328 bpm, contact detected, 12 kJ"),
    (0x2A37, "19 4800 e803 0004", "72 bpm, 1000 kJ, RR 1000 ms"),
    (0x2A29, "4e6967687420496e632e", "Night Inc."),
    (0x2A24, "534e2d31", "SN-1"),
    (0x2A25, "30303031", "0001"),
    (0x2A27, "72657620c3a9", "rev é"),
    (0x2A26, "312e322e33", "1.2.3"),
    (0x2A28, "", ""),
]

@Suite struct SIGCharacteristicValueTests {
    @Test(arguments: characteristicTable)
    func roundTrips(uuid16: UInt16, wire: String, description: String) throws {
        let bytes = hex(wire)
        let value = try #require(try SIGCharacteristicValue.decode(bytes, for: BluetoothUUID(uuid16)))
        #expect(value.encoded() == bytes)
        #expect(value.description == description)
        #expect(value.uuid == BluetoothUUID(uuid16))
        #expect(!value.name.isEmpty)
        #expect(SIGCharacteristicValue.supportedUUIDs.contains(value.uuid))
    }

    @Test(arguments: characteristicTable)
    func everyPrefixFailsCleanlyOrDecodesWhatItHolds(uuid16: UInt16, wire: String, description: String) {
        let bytes = hex(wire)
        for count in 0..<bytes.count {
            let prefix = Array(bytes.prefix(count))
            do {
                if let value = try SIGCharacteristicValue.decode(prefix, for: BluetoothUUID(uuid16)) {
                    #expect(value.encoded() == prefix)
                }
            } catch {
                #expect(error.uuid == BluetoothUUID(uuid16))
                #expect(error.description.hasPrefix(error.characteristic))
            }
        }
    }

    @Test(arguments: [
        (UInt16(0x2A19), "", "level", CharacteristicValueError.Problem.truncated(needed: 1, available: 0)),
        (0x2A19, "65", "level", .outOfRange(value: 101, allowed: "0...100")),
        (0x2A19, "ff", "level", .outOfRange(value: 255, allowed: "0...100")),
        (0x2A19, "5700", "level", .trailingBytes(count: 1)),
        (0x2BED, "00", "power state", .truncated(needed: 3, available: 1)),
        (0x2BED, "02 0100 65", "battery level", .outOfRange(value: 101, allowed: "0...100")),
        (0x2BED, "01 0100 06", "identifier", .truncated(needed: 5, available: 4)),
        (0x2BED, "04 0100", "additional status", .truncated(needed: 4, available: 3)),
        (0x2BED, "00 0100 ff", "power state", .trailingBytes(count: 1)),
        (0x2A2B, "ea07 0d 16 0e 05 09 07 00 01", "month", .outOfRange(value: 13, allowed: "0...12")),
        (0x2A2B, "ea07 0b 20 0e 05 09 07 00 01", "day", .outOfRange(value: 32, allowed: "0...31")),
        (0x2A2B, "ea07 0b 16 18 05 09 07 00 01", "hours", .outOfRange(value: 24, allowed: "0...23")),
        (0x2A2B, "ea07 0b 16 0e 3c 09 07 00 01", "minutes", .outOfRange(value: 60, allowed: "0...59")),
        (0x2A2B, "ea07 0b 16 0e 05 3c 07 00 01", "seconds", .outOfRange(value: 60, allowed: "0...59")),
        (0x2A2B, "e803 0b 16 0e 05 09 07 00 01", "year", .outOfRange(value: 1000, allowed: "1582...9999")),
        (0x2A2B, "1027 0b 16 0e 05 09 07 00 01", "year", .outOfRange(value: 10000, allowed: "1582...9999")),
        (0x2A2B, "ea07 0b 16 0e 05 09 08 00 01", "day of week", .outOfRange(value: 8, allowed: "0...7")),
        (0x2A2B, "ea07 0b 16 0e 05 09 07 00", "adjust reason", .truncated(needed: 10, available: 9)),
        (0x2A2B, "ea07 0b 16 0e 05 09 07 00 01 00", "adjust reason", .trailingBytes(count: 1)),
        (0x2A08, "ea07 0b 16 0e 05", "seconds", .truncated(needed: 7, available: 6)),
        (0x2A0F, "39 00", "time zone", .outOfRange(value: 57, allowed: "-48...56")),
        (0x2A0F, "cf 00", "time zone", .outOfRange(value: -49, allowed: "-48...56")),
        (0x2A0F, "04", "DST offset", .truncated(needed: 2, available: 1)),
        (0x2A50, "01 0d00 0100 10", "product version", .truncated(needed: 7, available: 6)),
        (0x2A23, "0102030405 dc1b", "organizationally unique identifier", .truncated(needed: 8, available: 7)),
        (0x2A23, "0102030405 dc1b00 00", "organizationally unique identifier", .trailingBytes(count: 1)),
        (0x2A01, "c1", "appearance", .truncated(needed: 2, available: 1)),
        (0x2A37, "", "flags", .truncated(needed: 1, available: 0)),
        (0x2A37, "01 48", "heart rate", .truncated(needed: 3, available: 2)),
        (0x2A37, "08 48 0c", "energy expended", .truncated(needed: 4, available: 3)),
        (0x2A37, "10 48 24", "RR-interval", .truncated(needed: 4, available: 3)),
        (0x2A37, "00 48 00", "heart rate", .trailingBytes(count: 1)),
        (0x2A37, "08 48 0c00 01", "energy expended", .trailingBytes(count: 1)),
        (0x2A29, "ff", "value", .invalidUTF8),
        (0x2A24, "72657620c3", "value", .invalidUTF8),
    ])
    func rejectsMalformedValues(uuid16: UInt16, wire: String, field: String, problem: CharacteristicValueError.Problem) {
        let error = #expect(throws: CharacteristicValueError.self) {
            try SIGCharacteristicValue.decode(hex(wire), for: BluetoothUUID(uuid16))
        }
        #expect(error?.uuid == BluetoothUUID(uuid16))
        #expect(error?.field == field)
        #expect(error?.problem == problem)
    }

    @Test func unknownUUIDsAreNotDecoded() throws {
        #expect(try SIGCharacteristicValue.decode([0x01], for: BluetoothUUID(0x2A6E)) == nil)
        #expect(try SIGCharacteristicValue.decode([], for: BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")) == nil)
        #expect(SIGCharacteristicValue.supportedUUIDs.count == 15)
    }

    @Test func errorsReadAsOneLine() {
        let error = CharacteristicValueError(BatteryLevel.self, field: "level", problem: .outOfRange(value: 150, allowed: "0...100"))
        #expect(error.description == "Battery Level (2A19): level is 150, allowed 0...100")
        let truncated = CharacteristicValueError(CurrentTime.self, field: "month", problem: .truncated(needed: 3, available: 2))
        #expect(truncated.description == "Current Time (2A2B): value ends before month: needs 3 bytes, got 2")
    }
}
