import BLECore
import BLEGATT
import BLEHCI
import Synchronization
import Testing

@testable import BLEHost

@Suite struct BLEHostRoleTests {
    static let peer = try! DeviceAddress(parsing: "C0:FF:EE:00:00:01", isRandom: true)

    @Test func scanMergesScanResponsesAndStops() async throws {
        let harness = try await HostHarness.started()
        let discoveries = try await harness.host.scan(ScanParameters(isActive: true, interval: .milliseconds(100), window: .milliseconds(50)))
        let parameters = try HCILESetScanParameters(packet: harness.fake.sentCommands(.leSetScanParameters)[0])
        #expect(parameters.leScanType == .active && parameters.leScanInterval == 160 && parameters.leScanWindow == 80)
        harness.fake.inject(HCILEAdvertisingReport(reports: [.init(eventType: .advInd, addressType: .random, address: Self.peer, data: AdvertisingReportMergerTests.advertisement, rssi: -50)]))
        harness.fake.inject(HCILEAdvertisingReport(reports: [.init(eventType: .scanRsp, addressType: .random, address: Self.peer, data: AdvertisingReportMergerTests.scanResponse, rssi: -51)]))
        var iterator = discoveries.makeAsyncIterator()
        let discovery = try #require(try await iterator.next())
        #expect(discovery.address == Self.peer)
        #expect(discovery.name == "Lamp")
        #expect(discovery.advertisement.manufacturerData.count == 1)
        try await harness.host.stopScan()
        #expect(try await iterator.next() == nil)
        let enables = try harness.fake.sentCommands(.leSetScanEnable).map { try HCILESetScanEnable(packet: $0).isEnabled }
        #expect(enables == [true, false])
    }

    @Test func scanDecodesExtendedReports() async throws {
        let harness = try await HostHarness.started()
        let discoveries = try await harness.host.scan(ScanParameters(isActive: false))
        harness.fake.inject(HCILEExtendedAdvertisingReport(reports: [.init(
            eventType: .legacyAdvInd, addressType: .random, address: Self.peer, primaryPHY: .le1M, secondaryPHY: .none,
            advertisingSID: 0xFF, txPower: 127, rssi: -60, periodicAdvertisingInterval: 0,
            directAddressType: .public, directAddress: try DeviceAddress(value: 0, isRandom: false), data: AdvertisingReportMergerTests.advertisement
        )]))
        var iterator = discoveries.makeAsyncIterator()
        let discovery = try #require(try await iterator.next())
        #expect(discovery.name == "Lamp")
        #expect(discovery.rssi == -60)
        #expect(discovery.isConnectable)
    }

    @Test func secondScanIsBusyAndEndingTheStreamStopsScanning() async throws {
        let harness = try await HostHarness.started()
        var discoveries: AsyncThrowingStream<HostDiscovery, any Error>? = try await harness.host.scan()
        let busy = await #expect(throws: HostError.self) { _ = try await harness.host.scan() }
        #expect(busy?.code == .busy)
        _ = discoveries
        discoveries = nil
        #expect(await harness.fake.waitForCommand(.leSetScanEnable, count: 2))
    }

    @Test func connectSucceeds() async throws {
        let harness = try await HostHarness.started()
        let host = harness.host
        let task = Task { try await host.connect(to: Self.peer, timeout: .seconds(3)) }
        #expect(await harness.fake.waitForCommand(.leCreateConnection))
        let create = try HCILECreateConnection(packet: harness.fake.sentCommands(.leCreateConnection)[0])
        #expect(create.peerAddress == Self.peer && create.peerAddressType == .random)
        harness.fake.inject(FakeController.connectionComplete(handle: 0x40, role: .central, address: Self.peer))
        let connection = try await task.value
        #expect(connection.role == .central)
        #expect(connection.address == Self.peer)
        #expect(await host.connections.map(\.handle) == [0x40])
        #expect(harness.fake.sentCommands(.leCreateConnectionCancel).isEmpty)
    }

    @Test func connectTimeoutCancelsTheAttempt() async throws {
        let harness = try await HostHarness.started()
        let host = harness.host
        let task = Task { try await host.connect(to: Self.peer, timeout: .seconds(2)) }
        #expect(await harness.fake.waitForCommand(.leCreateConnection))
        let result = await drive(harness.clock, by: .seconds(2), until: task)
        let error = #expect(throws: HostError.self) { try result.get() }
        #expect(error?.code == .connectTimeout)
        #expect(harness.fake.sentCommands(.leCreateConnectionCancel).count == 1)
        #expect(await host.connections.isEmpty)
    }

    @Test func cancellingTheTaskCancelsTheAttempt() async throws {
        let harness = try await HostHarness.started()
        let host = harness.host
        let task = Task { try await host.connect(to: Self.peer, timeout: .seconds(30)) }
        #expect(await harness.fake.waitForCommand(.leCreateConnection))
        task.cancel()
        let error = await #expect(throws: HostError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(harness.fake.sentCommands(.leCreateConnectionCancel).count == 1)
    }

    @Test func failedConnectionReportsTheStatus() async throws {
        let harness = try await HostHarness.started()
        harness.fake.setBehaviour(.events { command in
            [HCIEvent(HCICommandStatus(status: .commandDisallowed, numHCICommandPackets: 1, commandOpcode: command.opcode))]
        }, for: .leCreateConnection)
        let error = await #expect(throws: HostError.self) { _ = try await harness.host.connect(to: Self.peer) }
        #expect(error?.code == .commandFailed)
        #expect(error?.status == .commandDisallowed)
        #expect(error?.command == .leCreateConnection)
    }

    @Test func advertisingAcceptsConnectionsAndRestarts() async throws {
        let harness = try await HostHarness.started()
        let server = try GATTServer(services: [])
        await harness.host.setGATTServer(server)
        let data = try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("Lamp"))])
        let response = try AdvertisingData([.manufacturerData(ManufacturerData(companyID: 0xFFFF, data: [1]))])
        try await harness.host.startAdvertising(data: data, scanResponse: response)
        #expect(harness.fake.sentCommands(.leSetScanResponseData).count == 1)
        let sentData = try HCILESetAdvertisingData(packet: harness.fake.sentCommands(.leSetAdvertisingData)[0])
        #expect(sentData.advertisingData == (try data.encoded()))
        #expect(await harness.host.isAdvertising)
        var incoming = harness.host.incomingConnections.makeAsyncIterator()
        harness.fake.inject(FakeController.connectionComplete(handle: 0x41, role: .peripheral))
        let connection = try #require(await incoming.next())
        #expect(connection.role == .peripheral)
        #expect(await server.client(on: connection.bearer) != nil)
        #expect(await !harness.host.isAdvertising)
        harness.fake.inject(HCIDisconnectionComplete(connectionHandle: 0x41, reason: .remoteUserTerminatedConnection))
        #expect(await harness.fake.waitForCommand(.leSetAdvertisingEnable, count: 2))
        #expect(await harness.fake.waitUntil { _ in true })
        try await harness.host.stopAdvertising()
        let enables = try harness.fake.sentCommands(.leSetAdvertisingEnable).map { try HCILESetAdvertisingEnable(packet: $0).isEnabled }
        #expect(enables == [true, true, false])
    }

    /// A central connecting while LE Set Advertising Enable is on its way: the controller has
    /// stopped advertising by the time the enable completes, so the host must not believe it is
    /// advertising, and must restart when that connection ends (first enable and restarts alike).
    @Test(arguments: [1, 2]) func connectionDuringTheEnableStillRestartsAfterwards(racingEnable: Int) async throws {
        let harness = try await HostHarness.started()
        let enables = Mutex(0)
        let fake = harness.fake
        fake.setBehaviour(.events { command in
            let ok = fake.complete(HCILESetAdvertisingEnable.self, HCIStatusReturnParameters(status: .success), credits: 1)
            guard (try? HCILESetAdvertisingEnable(packet: command).isEnabled) == true else { return [ok] }
            let count = enables.withLock { $0 += 1; return $0 }
            guard count == racingEnable else { return [ok] }
            // The connection completes before the command does.
            return [HCIEvent(FakeController.connectionComplete(handle: 0x50, role: .peripheral)), ok]
        }, for: .leSetAdvertisingEnable)
        try await harness.host.startAdvertising(data: AdvertisingData())
        var incoming = harness.host.incomingConnections.makeAsyncIterator()
        if racingEnable == 2 {
            fake.inject(FakeController.connectionComplete(handle: 0x41, role: .peripheral))
            _ = try #require(await incoming.next())
            fake.inject(HCIDisconnectionComplete(connectionHandle: 0x41, reason: .remoteUserTerminatedConnection))
        }
        _ = try #require(await incoming.next())
        await settle()
        #expect(await !harness.host.isAdvertising)
        #expect(enables.withLock { $0 } == racingEnable)
        fake.inject(HCIDisconnectionComplete(connectionHandle: 0x50, reason: .remoteUserTerminatedConnection))
        #expect(await fake.waitUntil { _ in enables.withLock { $0 } == racingEnable + 1 })
        var advertising = false
        for _ in 0..<500 where !advertising {
            advertising = await harness.host.isAdvertising
            if !advertising { try await Task.sleep(for: .milliseconds(2)) }
        }
        #expect(advertising)
    }

    @Test func severalPeripheralConnections() async throws {
        let harness = try await HostHarness.started()
        try await harness.host.startAdvertising(data: AdvertisingData(), parameters: AdvertisingParameters(maximumConnections: 2))
        _ = try await harness.connect(handle: 1, role: .peripheral)
        #expect(await harness.fake.waitForCommand(.leSetAdvertisingEnable, count: 2))
        _ = try await harness.connect(handle: 2, role: .peripheral)
        await settle()
        #expect(harness.fake.sentCommands(.leSetAdvertisingEnable).count == 2)
        #expect(await harness.host.connections.count == 2)
    }
}
