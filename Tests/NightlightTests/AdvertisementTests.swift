import BLECore
import BLEGATT
import Nightlight
import Testing

@Suite struct AdvertisementTests {
    static let sample = SNAdvertisement(batteryLevel: 80, status: [.charging, .needsConfiguration], activeMode: .weekSchedule)

    @Test func manufacturerDataIsFourBytes() {
        expectRoundTrip(Self.sample, wire("01 50 09 01"))
        expectDecodingRefused(SNAdvertisement.self, [
            "02 50 00 00": ("SN manufacturer data: version 2 is not in 1…1", .outOfRange),
            "01 65 00 00": ("SN manufacturer data: battery level 101 is not in 0…100", .outOfRange),
            "01 50 00": ("SN manufacturer data is 3 bytes long; it must be 4", .invalidAttributeValueLength),
        ])
        #expect(SNStatusFlags(rawValue: 0x3F) == [.charging, .temporaryScheduleActive, .childButtonLightOn, .needsConfiguration, .clockNotSet, .pairingWindowOpen])
        #expect(SNStatusFlags(rawValue: 0x30).description == "clock not set, pairing window open")
        #expect(SNStatusFlags(rawValue: 0x50).description == "clock not set, bits 0x40")
        #expect(Self.sample.description == "battery 80 %, week schedule, charging, needs configuration")
    }

    @Test func theAdvertisingDataIs29Bytes() throws {
        let data = try Self.sample.advertisingData().encoded()
        #expect(data == wire("02 01 06 11 07 C4FA0F4FEB32FAB3EB484BD000005A7A 07 FF FFFF 01 50 09 01"))
        #expect(data.count == 29)
        let view = AdvertisementView(advertisement: try AdvertisingData(bytes: data), scanResponse: SNAdvertisement.scanResponse(name: "SN-16F3"))
        #expect(SNAdvertisement.isSN(view))
        #expect(try SNAdvertisement.parse(view) == Self.sample)
        #expect(view.name == "SN-16F3")
    }

    @Test func otherDevicesAreNotSNs() throws {
        let other = try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .manufacturerData(ManufacturerData(companyID: 0xFFFF, data: [1, 2, 3, 4]))])
        #expect(try SNAdvertisement.parse(other) == nil)
        let noData = try AdvertisingData([.serviceUUIDs(ServiceUUIDList(uuids: [SNUUID.ledService], size: .bits128, isComplete: true))])
        #expect(try SNAdvertisement.parse(noData) == nil)
        var broken = noData
        try broken.append(.manufacturerData(ManufacturerData(companyID: 0xFFFF, data: [1, 2, 3])))
        #expect(throws: SNValueError.self) { try SNAdvertisement.parse(broken) }
    }

    @Test func theFactoryNameEndsWithTheAddress() throws {
        let address = try DeviceAddress(parsing: "C5:3A:9B:7E:16:F3", isRandom: true)
        #expect(SNAdvertisement.factoryName(for: address) == "SN-16F3")
        #expect(SNAdvertisement.factoryName(for: try DeviceAddress(parsing: "C0:00:00:00:00:0A", isRandom: true)) == "SN-000A")
    }
}
