import BLECore
import BLEHCI
import BLESimulation
import Testing
@testable import BLEVirtual

/// Advertising, scanning and RSSI on the virtual link, stepped with a manual clock.
@Suite(.timeLimit(.minutes(1)))
struct VirtualLinkAdvertisingTests {
    @Test func passiveScannerHearsTheAdvertiserOncePerInterval() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: false)
        try await world.advertise(world.peripheralHost)

        await world.tick()
        let first = try await world.centralHost.nextAdvertisingReport()
        #expect(first.eventType == .advInd)
        #expect(first.address == VirtualWorld.peripheralAddress)
        #expect(first.addressType == .public)
        #expect(first.data == VirtualWorld.advertisingData)
        #expect((-61...(-57)).contains(Int(first.rssi)), "1 m at -59 dBm ± 2 dB: \(first.rssi)")

        // A passive scanner sends no SCAN_REQ: the next report is the next ADV_IND.
        await world.tick()
        let second = try await world.centralHost.nextAdvertisingReport()
        #expect(second.eventType == .advInd)
    }

    @Test func activeScannerAlsoGetsTheScanResponse() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: true)
        try await world.advertise(world.peripheralHost)

        await world.tick()
        let advertisement = try await world.centralHost.nextAdvertisingReport()
        let response = try await world.centralHost.nextAdvertisingReport()
        #expect(advertisement.eventType == .advInd)
        #expect(advertisement.data == VirtualWorld.advertisingData)
        #expect(response.eventType == .scanRsp)
        #expect(response.address == VirtualWorld.peripheralAddress)
        #expect(response.data == VirtualWorld.scanResponseData)
    }

    @Test(arguments: [
        (HCILEAdvertisingType.advScanInd, HCILEAdvertisingReport.EventType.advScanInd, true),
        (HCILEAdvertisingType.advNonconnInd, HCILEAdvertisingReport.EventType.advNonconnInd, false),
    ])
    func eventTypeFollowsTheAdvertisingType(
        type: HCILEAdvertisingType,
        expected: HCILEAdvertisingReport.EventType,
        isScannable: Bool
    ) async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: true)
        try await world.advertise(world.peripheralHost, type: type)
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().eventType == expected)
        await world.tick()
        // Reports come in order: a scan response would come before the second advertisement.
        #expect(try await world.centralHost.nextAdvertisingReport().eventType == (isScannable ? .scanRsp : expected))
    }

    @Test func duplicateFilteringReportsEachAdvertiserOnce() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: false, filterDuplicates: true)
        try await world.advertise(world.peripheralHost)
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().data == VirtualWorld.advertisingData)
        await world.tick()  // filtered
        await world.settle(world.central)
        let newData: [UInt8] = [0x02, 0x01, 0x04]
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingData(advertisingData: newData)).status == .success)
        // Enabling again while scanning turns filtering off (7.8.11).
        #expect(try await world.centralHost.complete(HCILESetScanEnable(enable: true, filterDuplicates: false)).status == .success)
        await world.tick()
        // Had the second event been reported, its old data would come first.
        #expect(try await world.centralHost.nextAdvertisingReport().data == newData)
    }

    @Test func eventMasksSuppressReports() async throws {
        let world = try await VirtualWorld(powerOn: false)
        // After reset the LE Meta event is masked (7.3.1: default mask bit 61 clear).
        #expect(try await world.centralHost.complete(HCIReset()).status == .success)
        #expect(try await world.peripheralHost.complete(HCIReset()).status == .success)
        try await world.scan(world.centralHost, active: false)
        try await world.advertise(world.peripheralHost, data: [0x02, 0x01, 0x06])
        await world.tick()  // masked
        await world.settle(world.central)
        #expect(try await world.centralHost.complete(HCISetEventMask(eventMask: .leHost)).status == .success)
        #expect(try await world.centralHost.complete(HCILESetEventMask(leEventMask: [.connectionComplete])).status == .success)
        await world.tick()  // LE Meta on, advertising reports still masked
        await world.settle(world.central)
        #expect(try await world.centralHost.complete(HCILESetEventMask(leEventMask: .leHost)).status == .success)
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingData(advertisingData: VirtualWorld.advertisingData)).status == .success)
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().data == VirtualWorld.advertisingData)
    }

    @Test func rssiFallsWithDistance() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: false)
        try await world.advertise(world.peripheralHost)
        await world.tick()
        let near = try await world.centralHost.nextAdvertisingReport().rssi
        world.link.setDistance(10, of: world.peripheral)
        #expect(world.link.distance(of: world.peripheral) == 10)
        await world.tick()
        let far = try await world.centralHost.nextAdvertisingReport().rssi
        #expect((-61...(-57)).contains(Int(near)), "1 m: \(near)")
        #expect((-81...(-77)).contains(Int(far)), "10 m: -59 − 20·log10(10) = -79 ± 2: \(far)")
    }

    @Test func radioModelFollowsLogDistancePathLoss() {
        let model = VirtualRadioModel()
        #expect(model.rssi(measuredPower: -59, distance: 1, noise: 0) == -59)
        #expect(model.rssi(measuredPower: -59, distance: 10, noise: 0) == -79)
        #expect(model.rssi(measuredPower: -59, distance: 100, noise: 1) == -98)
        #expect(model.rssi(measuredPower: -59, distance: 1e9, noise: 0) == -127)
        var first = VirtualNoiseGenerator(seed: 7)
        var second = VirtualNoiseGenerator(seed: 7)
        #expect((0..<5).map { _ in first.next() } == (0..<5).map { _ in second.next() })
    }

    @Test func controllersOffTheLinkHearNothing() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: false)
        try await world.advertise(world.peripheralHost, data: [0x02, 0x01, 0x06])
        world.link.detach(world.central)
        #expect(world.central.link == nil)
        await world.tick()  // unheard
        await world.settle(world.central)
        world.link.attach(world.central)
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingData(advertisingData: VirtualWorld.advertisingData)).status == .success)
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().data == VirtualWorld.advertisingData)
    }

    @Test func aScannerThatStopsHearsNothingUntilItScansAgain() async throws {
        let world = try await VirtualWorld()
        try await world.scan(world.centralHost, active: false)
        try await world.advertise(world.peripheralHost, data: [0x02, 0x01, 0x06])
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().data == [0x02, 0x01, 0x06])
        #expect(try await world.centralHost.complete(HCILESetScanEnable(enable: false, filterDuplicates: false)).status == .success)
        // Events while it does not scan (the link stops sending it events) …
        await world.tick()
        await world.tick()
        await world.settle(world.central)
        // … and once it scans again it hears the next one, with the data set in between: a
        // report of the events before would carry the old data.
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingData(advertisingData: VirtualWorld.advertisingData)).status == .success)
        #expect(try await world.centralHost.complete(HCILESetScanEnable(enable: true, filterDuplicates: false)).status == .success)
        await world.tick()
        #expect(try await world.centralHost.nextAdvertisingReport().data == VirtualWorld.advertisingData)
    }

    @Test func highDutyCycleDirectedAdvertisingTimesOut() async throws {
        let world = try await VirtualWorld()
        try await world.advertise(world.peripheralHost, type: .advDirectIndHighDutyCycle, directedTo: VirtualWorld.address("00:1B:DC:00:00:09"))
        await world.tick(.milliseconds(1_300))
        let complete = try await world.peripheralHost.nextEvent("LE Connection Complete") { event in
            if case .leMeta(.connectionComplete(let complete)) = event { return complete }
            return nil
        }
        #expect(complete.status == .advertisingTimeout)
        #expect(complete.role == .peripheral)
        #expect(!world.peripheral.isAdvertising)
    }
}
