import BLECore
import BLEHCI
import Testing

@testable import BLEHost

@Suite struct AdvertisingReportMergerTests {
    static let address = try! DeviceAddress(parsing: "C0:FF:EE:00:00:01", isRandom: true)
    /// Flags + Complete Local Name "Lamp".
    static let advertisement: [UInt8] = [0x02, 0x01, 0x06, 0x05, 0x09, 0x4C, 0x61, 0x6D, 0x70]
    /// Manufacturer data 0xFFFF 01 02.
    static let scanResponse: [UInt8] = [0x05, 0xFF, 0xFF, 0xFF, 0x01, 0x02]

    private func legacy(_ type: HCILEAdvertisingReport.EventType, _ data: [UInt8], rssi: Int8 = -50) -> HCILEAdvertisingReport {
        HCILEAdvertisingReport(reports: [.init(eventType: type, addressType: .random, address: Self.address, data: data, rssi: rssi)])
    }

    private func extended(_ type: HCILEExtendedAdvertisingReport.EventType, _ data: [UInt8]) -> HCILEExtendedAdvertisingReport {
        HCILEExtendedAdvertisingReport(reports: [.init(
            eventType: type, addressType: .random, address: Self.address, primaryPHY: .le1M, secondaryPHY: .none,
            advertisingSID: 0xFF, txPower: 127, rssi: -60, periodicAdvertisingInterval: 0,
            directAddressType: .public, directAddress: try! DeviceAddress(value: 0, isRandom: false), data: data
        )])
    }

    @Test func activeScanMergesTheScanResponse() {
        var merger = AdvertisingReportMerger(isActive: true, filterDuplicates: false)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).isEmpty)
        let found = merger.receive(legacy(.scanRsp, Self.scanResponse, rssi: -40))
        #expect(found.count == 1)
        #expect(found.first?.name == "Lamp")
        #expect(found.first?.advertisement.manufacturerData.first?.companyID == 0xFFFF)
        #expect(found.first?.isConnectable == true)
        #expect(found.first?.rssi == -40)
    }

    @Test func advertisementWithoutScanResponseIsReportedOnTheNextOne() {
        var merger = AdvertisingReportMerger(isActive: true, filterDuplicates: false)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).isEmpty)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).count == 1)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).count == 1)
    }

    @Test func passiveScanReportsAtOnce() {
        var merger = AdvertisingReportMerger(isActive: false, filterDuplicates: false)
        let found = merger.receive(legacy(.advNonconnInd, Self.advertisement))
        #expect(found.first?.isConnectable == false)
        #expect(found.first?.name == "Lamp")
    }

    @Test func duplicateFilteringReportsChangesOnly() {
        var merger = AdvertisingReportMerger(isActive: false, filterDuplicates: true)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).count == 1)
        #expect(merger.receive(legacy(.advInd, Self.advertisement)).isEmpty)
        #expect(merger.receive(legacy(.advInd, [0x02, 0x01, 0x04])).count == 1)
    }

    @Test func extendedReportsForLegacyScansAreMerged() {
        // Bumble's virtual controllers answer legacy scans with extended reports.
        var merger = AdvertisingReportMerger(isActive: true, filterDuplicates: false)
        #expect(merger.receive(extended(.legacyAdvInd, Self.advertisement)).isEmpty)
        let found = merger.receive(extended(.legacyScanResponseToAdvInd, Self.scanResponse))
        #expect(found.count == 1)
        #expect(found.first?.name == "Lamp")
        #expect(found.first?.isLegacy == true)
        #expect(found.first?.advertisement.scanResponse != nil)
    }

    @Test func fragmentedExtendedDataIsReassembled() {
        var merger = AdvertisingReportMerger(isActive: false, filterDuplicates: false)
        var first: HCILEExtendedAdvertisingReport.EventType = [.connectable]
        first.dataStatus = .incompleteMoreToCome
        #expect(merger.receive(extended(first, Array(Self.advertisement.prefix(4)))).isEmpty)
        let found = merger.receive(extended([.connectable], Array(Self.advertisement.dropFirst(4))))
        #expect(found.first?.name == "Lamp")
        #expect(found.first?.isLegacy == false)
    }

    @Test func malformedDataIsKeptLeniently() {
        var merger = AdvertisingReportMerger(isActive: false, filterDuplicates: false)
        let found = merger.receive(legacy(.advNonconnInd, [0x05, 0x09, 0x41]))
        #expect(found.count == 1)
    }
}
