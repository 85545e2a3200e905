import BLECore
import BLEGATT
import Nightlight
import Testing

@Suite struct CharacteristicTests {
    @Test func flagsAreZeroOrOne() throws {
        let power = SNCharacteristic<Bool>.ledPowerEnable
        #expect(power.uuid == BluetoothUUID("7A5A0001-D04B-48EB-B3FA-32EB4F0FFAC4"))
        #expect(power.name == "LED Power Enable")
        #expect(power.encode(true) == [1])
        #expect(try power.decode([0]) == false)
        expectRefusal("LED Power Enable 2 is not 0 or 1", .outOfRange) { _ = try power.decode([2]) }
        expectRefusal("LED Power Enable is 2 bytes long; it must be 1", .invalidAttributeValueLength) { _ = try power.decode([1, 0]) }
        expectRefusal("Shake Mode Control is 0 bytes long; it must be 1", .invalidAttributeValueLength) {
            _ = try SNCharacteristic<Bool>.shakeModeControl.decode([])
        }
    }

    @Test func integersHaveTheirRanges() throws {
        let onTime = SNCharacteristic<Int>.onTime
        #expect(onTime.uuid == BluetoothUUID("3CF04BD7-6812-4934-A000-DA99E0E27494"))
        #expect(try onTime.encodeValidated(600) == wire("5802"))
        #expect(try onTime.decode(wire("100E")) == 3600)
        #expect(try onTime.decode(wire("0100")) == 1)
        expectRefusal("ON Time 0 is not in 1…3600", .outOfRange) { _ = try onTime.decode(wire("0000")) }
        expectRefusal("ON Time 3601 is not in 1…3600", .outOfRange) { _ = try onTime.decode(wire("110E")) }
        expectRefusal("ON Time 70000 is not in 1…3600", .outOfRange) { _ = try onTime.encodeValidated(70000) }
        expectRefusal("ON Time is 1 byte long; it must be 2", .invalidAttributeValueLength) {
            _ = try onTime.decode([1])
        }
        #expect(try SNCharacteristic<Int>.dailyUsage.decode([0]) == 0)
        #expect(try SNCharacteristic<Int>.dailyUsage.decode([255]) == 255)
        #expect(try SNCharacteristic<Int>.batteryLevel.decode([100]) == 100)
        expectRefusal("Battery Level 101 is not in 0…100", .outOfRange) { _ = try SNCharacteristic<Int>.batteryLevel.decode([101]) }
        #expect(SNCharacteristic<Int>.appearance.encode(0x0580) == wire("8005"))
    }

    @Test func childNameIsAtMostTwentyBytes() throws {
        let name = SNCharacteristic<String>.childName
        #expect(try name.decode([]) == "")
        #expect(try name.decode(Array("Émilie".utf8)) == "Émilie")
        #expect(try name.encodeValidated(String(repeating: "a", count: 20)).count == 20)
        expectRefusal("Child Name is 21 bytes of UTF-8; the most is 20", .invalidAttributeValueLength) {
            _ = try name.decode(Array(repeating: 0x61, count: 21))
        }
        expectRefusal("Child Name is 22 bytes of UTF-8; the most is 20", .invalidAttributeValueLength) {
            _ = try name.encodeValidated(String(repeating: "é", count: 11))
        }
        expectRefusal("Child Name is not valid UTF-8", .outOfRange) { _ = try name.decode([0xC3]) }
    }

    @Test func valueCharacteristicsUseTheirTypes() throws {
        #expect(SNCharacteristic<RGBColor>.ledColor(3).uuid == BluetoothUUID("7A5A0013-D04B-48EB-B3FA-32EB4F0FFAC4"))
        #expect(SNCharacteristic<RGBColor>.ledColor(3).name == "LED #3 Color")
        #expect(try SNCharacteristic<RGBColor>.buttonColor.decode(wire("FFA040")) == .factoryButtonColor)
        #expect(try SNCharacteristic<WeekSchedule>.weekSchedule.decode(WeekScheduleCodecTests.factoryBytes) == .factory)
        #expect(SNCharacteristic<WeekSchedule>.weekSchedule.uuid == SNUUID.weekSchedule)
        #expect(SNCharacteristic<DeactivationWindow>.deactivationTime.encode(.factory) == wire("E001 3804"))
        expectRefusal("group count 0 is not in 1…7", .invalidSchedule) {
            _ = try SNCharacteristic<WeekSchedule>.weekSchedule.encodeValidated(WeekSchedule(name: "", groups: []))
        }
        expectRefusal("System ID is 7 bytes long; it must be 8", .invalidAttributeValueLength) {
            _ = try SNCharacteristic<[UInt8]>.systemID.decode(Array(repeating: 0, count: 7))
        }
    }

    /// How a client reads: the value type comes from the characteristic.
    static func decode<Value>(_ characteristic: SNCharacteristic<Value>, _ wire: [UInt8]) throws -> Value {
        try characteristic.decode(wire)
    }

    @Test func implicitMembersInferTheValueType() throws {
        let schedule: WeekSchedule = try Self.decode(.weekSchedule, WeekScheduleCodecTests.factoryBytes)
        #expect(schedule == .factory)
        #expect(try Self.decode(.ledLink, [1]))
        #expect(try Self.decode(.currentTime, ClockTests.friday.encode()) == ClockTests.friday)
        #expect(try Self.decode(.ledColor(1), [1, 2, 3]) == RGBColor(rgb: 0x010203))
        #expect(try Self.decode(.onTime, [0x58, 0x02]) == 600)
    }

    @Test func errorsComposeTheirPath() {
        let error = SNValueError(.outOfRange, path: ["fade 61"], "is not in 0…60")
        #expect(error.within("period 2 (19:00–20:00)").within("group Weekend").description
            == "group Weekend: period 2 (19:00–20:00): fade 61 is not in 0…60")
        #expect(error.within("x").field == "x: fade 61")
        #expect(SNValueError(.invalidText, "whole").description == "whole")
        #expect(error.attErrorCode == .outOfRange)
        #expect(error.with(code: .invalidSchedule).attErrorCode.rawValue == 0x80)
        #expect(error.with(code: .invalidLength).attErrorCode.rawValue == 0x0D)
        #expect(error.with(code: .imageRejected).attErrorCode == .outOfRange)
        #expect(ATTErrorCode.invalidSchedule.isApplicationError)
    }
}
