import BLECore
import BLEGATT
import BLETesting
import Foundation
import Synchronization
import Testing

/// Our GATT client against our GATT server, over an in-memory link, at the smallest and the
/// largest ATT_MTU.
@Suite struct GATTClientEndToEndTests {
    static let mtus: [UInt16] = [23, 517]

    // MARK: Discovery

    @Test(arguments: mtus)
    func discoverAllFindsTheServersWholeDatabase(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let tree = try await harness.client.discoverAll()
        let database = await server.database
        expectTree(tree, matches: database)
        #expect(tree.services.map(\.uuid) == [
            GATTAttributeType.genericAttributeService, ClientFixture.battery, ClientFixture.schedule, ClientFixture.firmware,
        ])
        #expect(tree.databaseHash == (await server.databaseHash))
        #expect(await harness.client.database == tree)
        #expect(await harness.client.lastDiscoveryUsedCache == false)
        #expect(await harness.client.isRobustCachingEnabled)
        #expect(await harness.client.isServiceChangedSubscribed)
        // Robust caching is on in Client Supported Features; Service Changed's CCCD says indicate.
        let features = try #require(tree.characteristic(GATTAttributeType.clientSupportedFeatures))
        #expect(try await harness.client.read(handle: features.valueHandle) == [0x01])
        let serviceChanged = try #require(tree.characteristic(GATTAttributeType.serviceChanged))
        let serviceChangedCCCD = try #require(serviceChanged.descriptor(GATTAttributeType.clientCharacteristicConfiguration))
        #expect(try await harness.client.read(handle: serviceChangedCCCD.handle) == [0x02, 0x00])

        let schedule = try #require(tree.service(ClientFixture.schedule))
        let fff0 = try #require(database.serviceRange(BluetoothUUID(0xFFF0)))
        let hidden = try #require(database.serviceRange(ClientFixture.hidden128))
        #expect(schedule.includedServices.map(\.uuid) == [BluetoothUUID(0xFFF0), ClientFixture.hidden128])
        #expect(schedule.includedServices.map(\.handleRange) == [fff0, hidden])
        #expect(schedule.characteristics.map(\.uuid) == [ClientFixture.childName, ClientFixture.weekSchedule, ClientFixture.daySchedule])
        let childName = try #require(tree.characteristic(ClientFixture.childName))
        #expect(childName.descriptors.map(\.uuid) == [GATTAttributeType.characteristicUserDescription])
        let day = try #require(tree.characteristic(ClientFixture.daySchedule))
        #expect(day.descriptors.map(\.uuid) == [GATTAttributeType.clientCharacteristicConfiguration])
        #expect(day.properties == [.read, .write, .notify])
    }

    @Test(arguments: mtus)
    func singleStepDiscoveryProcedures(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let client = harness.client
        let database = await server.database

        let all = try await client.discoverPrimaryServices()
        #expect(all.count == 4)
        let byUUID = try await client.discoverPrimaryServices(uuid: ClientFixture.schedule)
        #expect(byUUID.map(\.handleRange) == [try #require(database.serviceRange(ClientFixture.schedule))])
        #expect(try await client.discoverPrimaryServices(uuid: BluetoothUUID(0x1234)).isEmpty)
        // Secondary services are not primary services.
        #expect(try await client.discoverPrimaryServices(uuid: BluetoothUUID(0xFFF0)).isEmpty)
        let battery = try await client.discoverPrimaryServices(uuid: ClientFixture.battery)
        #expect(battery.count == 1)

        let schedule = byUUID[0]
        let includes = try await client.findIncludedServices(of: schedule)
        #expect(includes.map(\.uuid) == [BluetoothUUID(0xFFF0), ClientFixture.hidden128])
        #expect(try await client.findIncludedServices(of: battery[0]).isEmpty)

        let characteristics = try await client.discoverCharacteristics(of: schedule)
        #expect(characteristics.count == 3)
        for (index, characteristic) in characteristics.enumerated() {
            #expect(characteristic.valueHandle == characteristic.declarationHandle + 1)
            let end = index + 1 < characteristics.count ? characteristics[index + 1].declarationHandle - 1 : schedule.endHandle
            #expect(characteristic.endHandle == end)
        }
        let week = try await client.discoverCharacteristics(of: schedule, uuid: ClientFixture.weekSchedule)
        #expect(week.count == 1)
        #expect(week.first?.valueHandle == database.valueHandle(ofCharacteristic: ClientFixture.weekSchedule))
        #expect(try await client.discoverCharacteristics(of: schedule, uuid: BluetoothUUID(0x2A19)).isEmpty)

        #expect(try await client.discoverDescriptors(of: week[0]).isEmpty)
        let name = try #require(characteristics.first { $0.uuid == ClientFixture.childName })
        let descriptors = try await client.discoverDescriptors(of: name)
        #expect(descriptors.map(\.uuid) == [GATTAttributeType.characteristicUserDescription])
        #expect(try await client.read(handle: descriptors[0].handle) == Array("Child Name".utf8))
    }

    // MARK: Reads

    @Test(arguments: mtus)
    func readProcedures(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let client = harness.client
        let battery = try await server.valueHandle(of: ClientFixture.batteryLevel)
        let name = try await server.valueHandle(of: ClientFixture.childName)
        let week = try await server.valueHandle(of: ClientFixture.weekSchedule)

        #expect(try await client.read(handle: battery) == [87])
        #expect(try await client.read(handle: name) == Array("Ada".utf8))
        // One Read returns what fits; Read Long returns all 512 bytes.
        #expect(try await client.read(handle: week) == Array(ClientFixture.longValue.prefix(Int(mtu) - 1)))
        #expect(try await client.readLong(handle: week) == ClientFixture.longValue)
        let blobs = harness.link.sentByCentral.filter { $0[0] == ATTOpcode.readBlobRequest.rawValue }.count
        #expect(blobs == (mtu == 23 ? 512 / 22 : 0))
        // A short value costs one request.
        #expect(try await client.readLong(handle: battery) == [87])

        #expect(try await client.readUsingUUID(ClientFixture.batteryLevel) == [GATTHandleValue(handle: battery, value: [87])])
        #expect(try await client.readUsingUUID(BluetoothUUID(0x2A37)).isEmpty)
        let narrow = try await client.readUsingUUID(ClientFixture.batteryLevel, range: (battery + 1)...0xFFFF)
        #expect(narrow.isEmpty)

        #expect(try await client.readMultiple(handles: [battery, name]) == [87] + Array("Ada".utf8))
        #expect(try await client.readMultipleVariable(handles: [battery, name]) == [[87], Array("Ada".utf8)])
    }

    @Test func readLongOfAValueExactlyOneResponseLong() async throws {
        let (harness, server) = try await ClientHarness.real(mtu: 23)
        let day = try await server.valueHandle(of: ClientFixture.daySchedule)
        let value = Array(UInt8(1)...22)
        try await harness.client.write(handle: day, value: value)
        #expect(try await harness.client.readLong(handle: day) == value)
    }

    // MARK: Writes

    @Test(arguments: mtus)
    func writeProcedures(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let client = harness.client
        let name = try await server.valueHandle(of: ClientFixture.childName)
        let week = try await server.valueHandle(of: ClientFixture.weekSchedule)
        let data = try await server.valueHandle(of: ClientFixture.data)

        try await client.write(handle: name, value: Array("Bob".utf8))
        #expect(try await client.read(handle: name) == Array("Bob".utf8))

        // 512 bytes: longer than ATT_MTU − 3 at MTU 23, so write() goes through Prepare Write +
        // Execute Write; one Write Request at MTU 517.
        let reversed = Array(ClientFixture.longValue.reversed())
        try await client.write(handle: week, value: reversed)
        #expect(try await client.readLong(handle: week) == reversed)
        let prepares = harness.link.sentByCentral.filter { $0[0] == ATTOpcode.prepareWriteRequest.rawValue }
        let executed = harness.link.sentByCentral.contains(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues).encode())
        if mtu == 23 {
            #expect(prepares.count == (512 + 17) / 18)
            #expect(executed)
        } else {
            #expect(prepares.isEmpty)
            #expect(!executed)
        }
        // writeLong always prepares: parts of ATT_MTU − 5.
        let before = prepares.count
        try await client.writeLong(handle: week, value: ClientFixture.longValue)
        #expect(try await client.readLong(handle: week) == ClientFixture.longValue)
        let partLength = Int(mtu) - 5
        let after = harness.link.sentByCentral.filter { $0[0] == ATTOpcode.prepareWriteRequest.rawValue }.count
        #expect(after - before == (512 + partLength - 1) / partLength)
        try await client.write(handle: week, value: reversed)

        // A long write at an offset changes only that part.
        // A long write at an offset: our server keeps what precedes the offset and replaces the
        // rest (Core 5.4, Vol 3, Part F, 3.4.6.3 leaves the tail to the server).
        try await client.writeLong(handle: week, value: [0xAA, 0xBB, 0xCC], offset: 100)
        #expect(try await client.readLong(handle: week) == Array(reversed.prefix(100)) + [0xAA, 0xBB, 0xCC])

        try await client.writeWithoutResponse(handle: data, value: [1, 2, 3])
        #expect(await clientEventually { await server.value(at: data) == [1, 2, 3] })
    }

    @Test(arguments: mtus)
    func reliableWriteAppliesEveryValueTogether(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let name = try await server.valueHandle(of: ClientFixture.childName)
        let week = try await server.valueHandle(of: ClientFixture.weekSchedule)
        let reversed = Array(ClientFixture.longValue.reversed())
        try await harness.client.reliableWrite([(name, Array("Zed".utf8)), (week, reversed)])
        #expect(try await harness.client.read(handle: name) == Array("Zed".utf8))
        #expect(try await harness.client.readLong(handle: week) == reversed)
    }

    @Test func aRefusedExecuteWriteLeavesTheOldValueAndNamesTheError() async throws {
        let refuse: GATTWriteValidator = { context throws(GATTError) in
            if context.value.first == 0xFF { throw .attError(.application(0x80), handle: context.handle) }
        }
        let (harness, server) = try await ClientHarness.real(mtu: 23, services: ClientFixture.services(weekValidator: refuse))
        let week = try await server.valueHandle(of: ClientFixture.weekSchedule)
        let error = await #expect(throws: GATTError.self) {
            try await harness.client.writeLong(handle: week, value: [0xFF] + Array(repeating: 1, count: 99))
        }
        #expect(error?.code == .attError)
        #expect(error?.attErrorCode == .application(0x80))
        #expect(error?.procedure == "Write Long Characteristic Values")
        #expect(error?.handle == week)
        #expect(try await harness.client.readLong(handle: week) == ClientFixture.longValue)
    }

    @Test(arguments: mtus)
    func writeErrorsFromTheServerNameTheProcedureAndHandle(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let battery = try await server.valueHandle(of: ClientFixture.batteryLevel)
        _ = try await harness.client.discoverAll()
        let error = await #expect(throws: GATTError.self) {
            try await harness.client.write(handle: battery, value: [1])
        }
        #expect(error?.attErrorCode == .writeNotPermitted)
        #expect(error?.procedure == "Write Characteristic Value")
        #expect(error?.handle == battery)
        // The UUID comes from the discovered tree.
        #expect(error?.uuid == ClientFixture.batteryLevel)
        #expect(error?.description == "Write Characteristic Value failed on handle 0x\(String(format4: battery)) (2A19): Write Request: Write Not Permitted (0x03)")
    }

    // MARK: Notifications and indications

    @Test(arguments: mtus)
    func notificationsReachTheStreamAndLeavingTheLoopWritesTheCCCD(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let tree = try await harness.client.discoverAll()
        let battery = try #require(tree.characteristic(ClientFixture.batteryLevel))
        let cccd = try #require(battery.descriptor(GATTAttributeType.clientCharacteristicConfiguration))
        let on = ATTWriteRequest(attributeHandle: cccd.handle, attributeValue: [0x01, 0x00]).encode()
        let off = ATTWriteRequest(attributeHandle: cccd.handle, attributeValue: [0x00, 0x00]).encode()
        let client = harness.client
        let consumer = Task {
            var values: [[UInt8]] = []
            for try await value in try await client.subscribe(to: battery) {
                values.append(value)
                if values.count == 3 { break }
            }
            return values
        }
        #expect(await clientEventually { harness.link.sentByCentral.contains(on) })
        #expect(await clientEventually { (try? await server.updateValue([50], at: battery.valueHandle)) == 1 })
        for level: UInt8 in [40, 30] {
            #expect(try await server.updateValue([level], at: battery.valueHandle) == 1)
        }
        #expect(try await consumer.value == [[50], [40], [30]])
        // Leaving the loop drops the stream: the CCCD goes back to 0x0000.
        #expect(await clientEventually { harness.link.sentByCentral.contains(off) })
        #expect(await clientEventually { (try? await server.updateValue([20], at: battery.valueHandle)) == 0 })
    }

    @Test func cancellingTheIteratingTaskWritesTheCCCD() async throws {
        let (harness, server) = try await ClientHarness.real(mtu: 23)
        let tree = try await harness.client.discoverAll()
        let day = try #require(tree.characteristic(ClientFixture.daySchedule))
        let cccd = try #require(day.descriptor(GATTAttributeType.clientCharacteristicConfiguration))
        let stream = try await harness.client.subscribe(to: day)
        let received = Mutex<[[UInt8]]>([])
        let consumer = Task {
            for try await value in stream { received.withLock { $0.append(value) } }
        }
        #expect(try await server.updateValue([1, 0], at: day.valueHandle) == 1)
        #expect(await clientEventually { received.withLock { $0 } == [[1, 0]] })
        consumer.cancel()
        let off = ATTWriteRequest(attributeHandle: cccd.handle, attributeValue: [0x00, 0x00]).encode()
        #expect(await clientEventually { harness.link.sentByCentral.contains(off) })
        #expect(await clientEventually { (try? await server.updateValue([2, 0], at: day.valueHandle)) == 0 })
    }

    @Test(arguments: mtus)
    func indicationsAreConfirmedAndUnsubscribeWritesZero(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let schedule = try #require(try await harness.client.discoverPrimaryServices(uuid: ClientFixture.firmware).first)
        // A characteristic from discovery without descriptors: subscribe finds the CCCD itself.
        let point = try #require(try await harness.client.discoverCharacteristics(of: schedule, uuid: ClientFixture.controlPoint).first)
        #expect(point.descriptors.isEmpty)
        let stream = try await harness.client.subscribe(to: point)
        var iterator = stream.makeAsyncIterator()
        // updateValue returns once the client's bearer confirmed the indication.
        #expect(try await server.updateValue([0x60, 0x01, 0x00], at: point.valueHandle) == 1)
        #expect(harness.link.sentByCentral.contains(ATTHandleValueConfirmation().encode()))
        #expect(try await iterator.next() == [0x60, 0x01, 0x00])

        try await harness.client.unsubscribe(from: point)
        let cccd = point.valueHandle + 1
        #expect(harness.link.sentByCentral.contains(ATTWriteRequest(attributeHandle: cccd, attributeValue: [0x02, 0x00]).encode()))
        #expect(harness.link.sentByCentral.last == ATTWriteRequest(attributeHandle: cccd, attributeValue: [0x00, 0x00]).encode())
        #expect(try await iterator.next() == nil)
        #expect(try await server.updateValue([0x60, 0x02, 0x00], at: point.valueHandle) == 0)
    }

    @Test func subscribingAsksForWhatTheCharacteristicAllows() async throws {
        let (harness, _) = try await ClientHarness.real(mtu: 23)
        let tree = try await harness.client.discoverAll()
        let name = try #require(tree.characteristic(ClientFixture.childName))
        let battery = try #require(tree.characteristic(ClientFixture.batteryLevel))
        let error = await #expect(throws: GATTError.self) { _ = try await harness.client.subscribe(to: name) }
        #expect(error?.code == .notPermitted)
        #expect(error?.procedure == "Notifications")
        #expect(error?.uuid == ClientFixture.childName)
        let indicate = await #expect(throws: GATTError.self) { _ = try await harness.client.subscribe(to: battery, indicate: true) }
        #expect(indicate?.code == .notPermitted)
        #expect(indicate?.procedure == "Indications")
    }

    @Test func twoSubscribersShareOneCCCDWrite() async throws {
        let (harness, server) = try await ClientHarness.real(mtu: 23)
        let tree = try await harness.client.discoverAll()
        let battery = try #require(tree.characteristic(ClientFixture.batteryLevel))
        let cccd = try #require(battery.descriptor(GATTAttributeType.clientCharacteristicConfiguration)).handle
        let first = try await harness.client.subscribe(to: battery)
        let second = try await harness.client.subscribe(to: battery)
        let writes = { harness.link.sentByCentral.filter { $0.count == 5 && $0[0] == 0x12 && $0[1] == UInt8(cccd & 0xFF) } }
        #expect(writes().count == 1)
        var a = first.makeAsyncIterator()
        var b = second.makeAsyncIterator()
        _ = try await server.updateValue([9], at: battery.valueHandle)
        #expect(try await a.next() == [9])
        #expect(try await b.next() == [9])
        try await harness.client.unsubscribe(from: battery)
        #expect(try await a.next() == nil)
        #expect(try await b.next() == nil)
        #expect(writes().count == 2)
    }

    @Test func streamsEndWithAnErrorWhenTheLinkDrops() async throws {
        let (harness, _) = try await ClientHarness.real(mtu: 23)
        let tree = try await harness.client.discoverAll()
        let battery = try #require(tree.characteristic(ClientFixture.batteryLevel))
        let stream = try await harness.client.subscribe(to: battery)
        var changes = harness.client.serviceChanges.makeAsyncIterator()
        await harness.link.disconnect()
        var iterator = stream.makeAsyncIterator()
        let error = await #expect(throws: GATTError.self) { _ = try await iterator.next() }
        #expect(error?.code == .bearerClosed)
        #expect(await changes.next() == nil)
        let later = await #expect(throws: GATTError.self) { _ = try await harness.client.subscribe(to: battery) }
        #expect(later?.code == .bearerClosed)
    }

    // MARK: Service Changed and caching

    @Test(arguments: mtus)
    func serviceChangedInvalidatesTheTreeAndTellsTheApp(mtu: UInt16) async throws {
        let (harness, server) = try await ClientHarness.real(mtu: mtu)
        let before = try await harness.client.discoverAll()
        var changes = harness.client.serviceChanges.makeAsyncIterator()
        let added = try #require(try await server.addServices([ClientFixture.extraService]))
        let change = await changes.next()
        #expect(change?.range == added)
        let after = try #require(await harness.client.database)
        #expect(after.services == before.services.filter { !$0.handleRange.overlaps(added) })
        #expect(await harness.client.databaseHash == nil)

        let rediscovered = try await harness.client.discoverAll()
        #expect(await harness.client.lastDiscoveryUsedCache == false)
        #expect(rediscovered.service(ClientFixture.extra)?.handleRange == added)
        #expect(rediscovered.databaseHash == (await server.databaseHash))
        expectTree(rediscovered, matches: await server.database)

        let removed = try await server.removeService(ClientFixture.battery)
        #expect(await changes.next()?.range == removed)
        #expect(await harness.client.database?.service(ClientFixture.battery) == nil)
    }

    @Test(arguments: mtus)
    func theCacheSkipsDiscoveryOnReconnectUntilTheHashChanges(mtu: UInt16) async throws {
        let cache = InMemoryGATTDiscoveryCache()
        let (first, server) = try await ClientHarness.real(mtu: mtu, peer: "SN-1", cache: cache)
        let discovered = try await first.client.discoverAll()
        #expect(await first.client.lastDiscoveryUsedCache == false)
        #expect(cache.count == 1)
        await first.link.disconnect()

        // Same database: one Read By Type for the hash, then no discovery at all.
        let second = try await ClientHarness.connect(to: server, mtu: mtu, peer: "SN-1", cache: cache)
        let cached = try await second.client.discoverAll()
        #expect(await second.client.lastDiscoveryUsedCache)
        #expect(cached == discovered)
        let discoveryOpcodes: Set<ATTOpcode> = [.readByGroupTypeRequest, .findInformationRequest, .findByTypeValueRequest]
        #expect(second.sentOpcodes.filter { discoveryOpcodes.contains($0) }.isEmpty)
        #expect(second.sentOpcodes.filter { $0 == .readByTypeRequest }.count == 1)
        // Robust caching and Service Changed still get switched on.
        #expect(await second.client.isRobustCachingEnabled)
        #expect(await second.client.isServiceChangedSubscribed)
        await second.link.disconnect()

        // Another peer's identity misses.
        let stranger = try await ClientHarness.connect(to: server, mtu: mtu, peer: "SN-2", cache: cache)
        _ = try await stranger.client.discoverAll()
        #expect(await stranger.client.lastDiscoveryUsedCache == false)
        await stranger.link.disconnect()

        // The database changed while we were away: a new hash, so a full discovery.
        try await server.addServices([ClientFixture.extraService])
        let third = try await ClientHarness.connect(to: server, mtu: mtu, peer: "SN-1", cache: cache)
        let fresh = try await third.client.discoverAll()
        #expect(await third.client.lastDiscoveryUsedCache == false)
        #expect(fresh.service(ClientFixture.extra) != nil)
        #expect(third.sentOpcodes.contains(.readByGroupTypeRequest))
        #expect(fresh.databaseHash != discovered.databaseHash)
    }

    @Test func theDiscoveredTreeSurvivesJSON() async throws {
        let (harness, _) = try await ClientHarness.real(mtu: 23)
        let tree = try await harness.client.discoverAll()
        let data = try JSONEncoder().encode(tree)
        #expect(try JSONDecoder().decode(GATTDiscoveredDatabase.self, from: data) == tree)
    }

    // MARK: Timeouts and disconnection

    @Test func aServerThatNeverAnswersTimesOutAfter30Seconds() async throws {
        // No request before the one that times out, so the clock has exactly one sleeper: the
        // timer of that request. (ManualClock can keep a stale sleeper from a timer that was
        // cancelled before it started sleeping; see the report.)
        let server = try GATTServer(services: ClientFixture.services())
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock, centralMTU: 23, peripheralMTU: 23)
        await server.attach(link.peripheral)
        let harness = ClientHarness(clock: clock, link: link, client: await GATTClient(bearer: link.central))
        let battery = try await server.valueHandle(of: ClientFixture.batteryLevel)
        harness.link.dropsFromPeripheral = true
        let call = Task { () async throws -> [UInt8] in try await harness.client.readLong(handle: battery) }
        #expect(await harness.clock.waitForSleepers(count: 1))
        harness.clock.advance(by: .seconds(29))
        #expect(await harness.link.central.isOpen)
        harness.clock.advance(by: .seconds(1))
        let error = await #expect(throws: GATTError.self) { _ = try await call.value }
        #expect(error?.code == .timeout)
        #expect(error?.procedure == "Read Long Characteristic Values")
        #expect(error?.handle == battery)
        #expect(await harness.link.central.isOpen == false)
        let later = await #expect(throws: GATTError.self) { _ = try await harness.client.read(handle: battery) }
        #expect(later?.code == .bearerClosed)
        #expect(later?.procedure == "Read Characteristic Value")
        let command = await #expect(throws: GATTError.self) { try await harness.client.writeWithoutResponse(handle: battery, value: [1]) }
        #expect(command?.code == .bearerClosed)
    }

    @Test func aDisconnectDuringALongWriteFailsEveryPendingCallAtOnce() async throws {
        let (harness, server) = try await ClientHarness.real(mtu: 23)
        let week = try await server.valueHandle(of: ClientFixture.weekSchedule)
        let name = try await server.valueHandle(of: ClientFixture.childName)
        // The server stops answering at the fourth Prepare Write Request.
        let prepares = ClientScriptCounter()
        let holding = HoldingATTServer(server) { message in
            guard case .prepareWriteRequest = message else { return false }
            return prepares.next() == 3
        }
        await harness.link.peripheral.setServerHandler(holding)
        let longWrite = Task { try await harness.client.writeLong(handle: week, value: Array(repeating: 0x55, count: 512)) }
        #expect(await clientEventually { holding.heldCount == 1 })
        let read = Task { try await harness.client.read(handle: name) }
        let reliable = Task { try await harness.client.reliableWrite([(name, [1])]) }
        let subscribe = Task { try await harness.client.discoverAll() }
        for _ in 0..<100 { await Task.yield() }
        await harness.link.disconnect()
        for task in [longWrite, reliable] {
            let error = await #expect(throws: GATTError.self) { try await task.value }
            #expect(error?.code == .bearerClosed)
        }
        let readError = await #expect(throws: GATTError.self) { _ = try await read.value }
        #expect(readError?.code == .bearerClosed)
        let discoveryError = await #expect(throws: GATTError.self) { _ = try await subscribe.value }
        #expect(discoveryError?.code == .bearerClosed)
        let sent = harness.sentOpcodes
        #expect(sent.filter { $0 == .prepareWriteRequest }.count == 4)
        #expect(!sent.contains(.executeWriteRequest))
        // Nothing waited for the clock: every call failed when the link dropped.
        #expect(harness.clock.now.offset == .zero)
    }

    // MARK: Helpers

    /// Checks the tree against the server's attribute table, attribute by attribute.
    func expectTree(_ tree: GATTDiscoveredDatabase, matches database: GATTAttributeDatabase) {
        let primaries = database.attributes.filter { $0.type == GATTAttributeType.primaryService }
        #expect(tree.services.count == primaries.count)
        for (service, declaration) in zip(tree.services, primaries) {
            #expect(service.startHandle == declaration.handle)
            #expect(service.endHandle == declaration.endGroupHandle)
            #expect(service.uuid == BluetoothUUID(littleEndianBytes: declaration.value))
            let declarations = database.attributes(in: service.handleRange).filter { $0.type == GATTAttributeType.characteristic }
            #expect(service.characteristics.count == declarations.count)
            for (characteristic, declaration) in zip(service.characteristics, declarations) {
                #expect(characteristic.declarationHandle == declaration.handle)
                #expect(characteristic.properties.rawValue == declaration.value[0])
                #expect(characteristic.valueHandle == declaration.characteristicValueHandle)
                let descriptors = characteristic.descriptorHandleRange.map { Array(database.attributes(in: $0)) } ?? []
                #expect(characteristic.descriptors.map(\.handle) == descriptors.map(\.handle))
                #expect(characteristic.descriptors.map(\.uuid) == descriptors.map(\.type))
            }
        }
    }
}

extension String {
    /// Four uppercase hex digits.
    init(format4 value: UInt16) {
        let digits = String(value, radix: 16, uppercase: true)
        self = String(repeating: "0", count: 4 - digits.count) + digits
    }
}
