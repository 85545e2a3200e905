import BLECore
import Testing

/// Building values and reading their fields, per characteristic.
@Suite struct SIGCharacteristicTests {
    @Test func batteryLevel() throws {
        #expect(try BatteryLevel(percent: 87).encoded() == [0x57])
        #expect(throws: CharacteristicValueError.self) { try BatteryLevel(percent: 101) }
        #expect(BatteryLevel.uuid == BluetoothUUID(0x2A19))
    }

    @Test func batteryLevelStatusFields() throws {
        let state = BatteryLevelStatus.PowerState(
            batteryPresent: true, wiredExternalPower: .yes, wirelessExternalPower: .no, chargeState: .charging,
            chargeLevel: .good, chargingType: .constantCurrent)
        #expect(state.rawValue == 0x02A3)
        let value = try BatteryLevelStatus(powerState: state, identifier: 0x0106, batteryLevel: 87,
                                           additionalStatus: .init(serviceRequired: 0, batteryFault: false))
        #expect(value.encoded() == [0x07, 0xA3, 0x02, 0x06, 0x01, 0x57, 0x00])
        let decoded = try BatteryLevelStatus(decoding: value.encoded())
        #expect(decoded == value)
        #expect(decoded.powerState.batteryPresent)
        #expect(decoded.powerState.wiredExternalPower == .yes)
        #expect(decoded.powerState.wirelessExternalPower == .no)
        #expect(decoded.powerState.chargeState == .charging)
        #expect(decoded.powerState.chargeLevel == .good)
        #expect(decoded.powerState.chargingType == .constantCurrent)
        #expect(decoded.powerState.chargingFaultReason.isEmpty)

        let faulty = BatteryLevelStatus.PowerState(rawValue: 0b0_101_100_11_10_10_00_1)
        #expect(faulty.chargingFaultReason == [.battery, .other])
        #expect(faulty.chargingType == .float)
        #expect(faulty.chargeLevel == .critical)
        #expect(faulty.chargeState == .dischargingActive)
        #expect(faulty.wirelessExternalPower == .unknown)
        #expect(faulty.wiredExternalPower == .no)
        #expect(BatteryLevelStatus.ChargingType(rawValue: 6).description == "charging type 6")
        #expect(throws: CharacteristicValueError.self) { try BatteryLevelStatus(powerState: state, batteryLevel: 200) }
    }

    @Test func currentTimeFields() throws {
        let dateTime = try DateTime(year: 2026, month: 11, day: 22, hours: 14, minutes: 5, seconds: 9)
        let time = try CurrentTime(dateTime: dateTime, dayOfWeek: .sunday, adjustReason: [.manualTimeUpdate, .changeOfDST])
        #expect(time.description == "2026-11-22 14:05:09 Sunday")
        #expect(time.encoded() == [0xEA, 0x07, 11, 22, 14, 5, 9, 7, 0, 0x09])
        #expect(try CurrentTime(decoding: time.encoded()) == time)
        #expect(throws: CharacteristicValueError.self) { try DateTime(year: 2026, month: 2, day: 30, hours: 24, minutes: 0, seconds: 0) }
        #expect(throws: CharacteristicValueError.self) { try CurrentTime(dateTime: dateTime, dayOfWeek: DayOfWeek(rawValue: 9)) }
        #expect(DayOfWeek(rawValue: 9).description == "day 9")
    }

    @Test func localTimeInformationFields() throws {
        let info = try LocalTimeInformation(timeZone: -20, dstOffset: .daylightTime)
        #expect(info.timeZoneMinutes == -300)
        #expect(info.dstOffset.minutes == 60)
        #expect(LocalTimeInformation.DSTOffset.unknown.minutes == nil)
        #expect(try LocalTimeInformation(timeZone: -128, dstOffset: .unknown).timeZoneMinutes == nil)
        #expect(throws: CharacteristicValueError.self) { try LocalTimeInformation(timeZone: 60, dstOffset: .standardTime) }
    }

    @Test func pnpIDAndSystemIDFields() throws {
        let pnp = PnPID(vendorIDSource: .bluetoothSIG, vendorID: 0x000D, productID: 1, productVersion: 0x0110)
        #expect(pnp.versionString == "1.1.0")
        #expect(try PnPID(decoding: pnp.encoded()) == pnp)
        let system = try SystemID(manufacturerIdentifier: 0x05_0403_0201, organizationallyUniqueIdentifier: 0x001BDC)
        #expect(system.encoded() == [1, 2, 3, 4, 5, 0xDC, 0x1B, 0x00])
        #expect(throws: CharacteristicValueError.self) {
            try SystemID(manufacturerIdentifier: 0x1_00_0000_0000, organizationallyUniqueIdentifier: 0)
        }
        #expect(throws: CharacteristicValueError.self) {
            try SystemID(manufacturerIdentifier: 0, organizationallyUniqueIdentifier: 0x100_0000)
        }
    }

    @Test func appearanceIsACharacteristic() throws {
        let appearance = try Appearance(decoding: [0xC1, 0x03])
        #expect(appearance.rawValue == 0x03C1)
        #expect(appearance.category == 15)
        #expect(appearance.subcategory == 1)
        #expect(appearance.encoded() == [0xC1, 0x03])
        #expect(Appearance.uuid == BluetoothUUID(0x2A01))
    }

    @Test func heartRateMeasurementFields() throws {
        let measurement = try HeartRateMeasurement(heartRate: 72, sensorContact: .detected, energyExpended: 12,
                                                   rrIntervals: [1024, 512])
        #expect(measurement.encoded() == [0x1E, 72, 12, 0, 0x00, 0x04, 0x00, 0x02])
        #expect(measurement.rrIntervalSeconds == [1.0, 0.5])
        #expect(try HeartRateMeasurement(decoding: measurement.encoded()) == measurement)
        #expect(try HeartRateMeasurement(heartRate: 300).usesUInt16Format)
        #expect(throws: CharacteristicValueError.self) { try HeartRateMeasurement(heartRate: 300, usesUInt16Format: false) }
        // A 16-bit value under 256 keeps its format, so it re-encodes byte for byte.
        let wide = try HeartRateMeasurement(decoding: [0x01, 72, 0])
        #expect(wide.usesUInt16Format && wide.heartRate == 72)
        #expect(wide.encoded() == [0x01, 72, 0])
        // Sensor contact 1 means "not supported", like 0.
        let one = try HeartRateMeasurement(decoding: [0x02, 60])
        #expect(!one.sensorContact.isSupported)
        #expect(one.encoded() == [0x02, 60])
    }

    @Test func deviceInformationStrings() throws {
        let padded = try DeviceInformationString(.modelNumber, decoding: [0x53, 0x4E, 0x00, 0x00])
        #expect(padded.value == "SN")
        #expect(DeviceInformationString.Field.allCases.count == 6)
        #expect(DeviceInformationString.Field(uuid: BluetoothUUID(0x2A26)) == .firmwareRevision)
        #expect(DeviceInformationString.Field(uuid: BluetoothUUID(0x2A19)) == nil)
        #expect(DeviceInformationString(.serialNumber, value: "é").encoded() == [0xC3, 0xA9])
    }
}
