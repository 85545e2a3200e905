import BLECore
import BLEHCI
import BLESimulation
import Testing
@testable import BLEVirtual

/// Connections on the virtual link: creation, ACL data and credits, procedures, endings.
@Suite(.timeLimit(.minutes(1)))
struct VirtualLinkConnectionTests {
    @Test func createConnectionConnectsAtTheNextAdvertisingEvent() async throws {
        let world = try await VirtualWorld()
        let (central, peripheral) = try await world.connect()
        #expect(central.status == .success)
        #expect(central.role == .central)
        #expect(central.peerAddress == VirtualWorld.peripheralAddress)
        #expect(central.connectionInterval == 0x0018)
        #expect(central.peripheralLatency == 0)
        #expect(central.supervisionTimeout == 0x0190)
        #expect(peripheral.status == .success)
        #expect(peripheral.role == .peripheral)
        #expect(peripheral.peerAddress == VirtualWorld.centralAddress)
        #expect(peripheral.connectionInterval == central.connectionInterval)
        #expect(central.connectionHandle == 0x0040 && peripheral.connectionHandle == 0x0040)
        // The peripheral stopped advertising (Core 5.4, Vol 6, Part B, 4.4.2); the central stopped initiating.
        #expect(!world.peripheral.isAdvertising)
        #expect(!world.central.isInitiating)
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0100, advertisingIntervalMax: 0x0100, advertisingType: .advInd,
            ownAddressType: .public, peerAddressType: .public, peerAddress: VirtualController.zeroAddress
        )).status == .success)
        #expect(await world.central.connectionHandles == [0x0040])
        #expect(world.link.connectionCount == 1)
        // A second connection to the same device is refused.
        #expect(try await world.centralHost.status(VirtualWorld.createConnection()) == .connectionAlreadyExists)
    }

    @Test func nonConnectableAdvertiserIsNotConnected() async throws {
        let world = try await VirtualWorld()
        try await world.advertise(world.peripheralHost, type: .advNonconnInd)
        #expect(try await world.centralHost.status(VirtualWorld.createConnection()) == .success)
        await world.tick()
        await world.settle(world.central, world.peripheral)
        #expect(world.central.isInitiating)
        #expect(world.peripheral.isAdvertising)
        #expect(world.link.connectionCount == 0)
    }

    @Test func createConnectionCancelCompletesWithUnknownConnectionIdentifier() async throws {
        let world = try await VirtualWorld()
        #expect(try await world.centralHost.status(VirtualWorld.createConnection()) == .success)
        #expect(try await world.centralHost.complete(HCILECreateConnectionCancel()).status == .success)
        let complete = try await world.centralHost.nextEvent("LE Connection Complete") { event in
            if case .leMeta(.connectionComplete(let complete)) = event { return complete }
            return nil
        }
        #expect(complete.status == .unknownConnectionIdentifier)
        #expect(complete.peerAddress == VirtualWorld.peripheralAddress)
        #expect(!world.central.isInitiating)
        // Nothing connects afterwards.
        try await world.advertise(world.peripheralHost)
        await world.tick()
        await world.settle(world.central, world.peripheral)
        #expect(world.link.connectionCount == 0)
    }

    @Test func enhancedConnectionCompleteWhenTheHostAsksForIt() async throws {
        let world = try await VirtualWorld(powerOn: false)
        try await world.centralHost.powerOn(leEventMask: .leHost)
        try await world.peripheralHost.powerOn(leEventMask: HCITestHost.legacyLEEvents.union(.enhancedConnectionComplete))
        try await world.advertise(world.peripheralHost)
        #expect(try await world.centralHost.status(VirtualWorld.createConnection()) == .success)
        await world.tick()
        let central = try await world.centralHost.nextEvent("LE Enhanced Connection Complete [v2]") { event in
            if case .leMeta(.enhancedConnectionCompleteV2(let complete)) = event { return complete }
            return nil
        }
        let peripheral = try await world.peripheralHost.nextEvent("LE Enhanced Connection Complete") { event in
            if case .leMeta(.enhancedConnectionComplete(let complete)) = event { return complete }
            return nil
        }
        #expect(central.role == .central && central.peerAddress == VirtualWorld.peripheralAddress)
        #expect(peripheral.role == .peripheral && peripheral.peerAddress == VirtualWorld.centralAddress)
    }

    @Test func aclDataCrossesBothWaysAndCreditsComeBack() async throws {
        let world = try await VirtualWorld()
        let (central, peripheral) = try await world.connect()
        let centralHandle = central.connectionHandle
        let peripheralHandle = peripheral.connectionHandle

        // An ATT Exchange MTU Request in one L2CAP PDU: 4-octet basic header, then 3 octets.
        let request: [UInt8] = [0x03, 0x00, 0x04, 0x00, 0x02, 0xF7, 0x00]
        try await world.centralHost.sendACL(handle: centralHandle, request)
        let received = try await world.peripheralHost.nextACL()
        #expect(received.handle == peripheralHandle)
        #expect(received.packetBoundaryFlag == .firstAutomaticallyFlushable)
        #expect(received.data == request)
        let credits = try await world.centralHost.nextEvent("Number Of Completed Packets", numberOfCompletedPackets)
        #expect(credits.entries == [.init(connectionHandle: centralHandle, numCompletedPackets: 1)])

        let response: [UInt8] = [0x03, 0x00, 0x04, 0x00, 0x03, 0x17, 0x00]
        try await world.peripheralHost.sendACL(handle: peripheralHandle, response)
        let back = try await world.centralHost.nextACL()
        #expect(back.handle == centralHandle)
        #expect(back.data == response)
        let peripheralCredits = try await world.peripheralHost.nextEvent("Number Of Completed Packets", numberOfCompletedPackets)
        #expect(peripheralCredits.entries == [.init(connectionHandle: peripheralHandle, numCompletedPackets: 1)])

        let centralStatistics = await world.central.statistics
        #expect(centralStatistics.aclPacketsSent == 1 && centralStatistics.aclPacketsReceived == 1)
        #expect(centralStatistics.aclCreditOverruns == 0)
    }

    @Test func aclDataIsFragmentedToTheDataLength() async throws {
        let world = try await VirtualWorld()
        let (central, peripheral) = try await world.connect()
        let payload = (0..<100).map { UInt8($0) }
        // One host packet of 70 octets, then its 30-octet continuation.
        try await world.centralHost.sendACL(handle: central.connectionHandle, Array(payload[0..<70]), flag: .firstNonFlushable)
        try await world.centralHost.sendACL(handle: central.connectionHandle, Array(payload[70...]), flag: .continuing)
        var fragments: [HCIACLDataPacket] = []
        for _ in 0..<5 { fragments.append(try await world.peripheralHost.nextACL()) }
        // 27-octet link-layer PDUs until the data length changes.
        #expect(fragments.map(\.data.count) == [27, 27, 16, 27, 3])
        #expect(fragments.map(\.packetBoundaryFlag) == [.firstAutomaticallyFlushable, .continuing, .continuing, .continuing, .continuing])
        #expect(fragments.flatMap(\.data) == payload)
        #expect(fragments.allSatisfy { $0.handle == peripheral.connectionHandle })

        #expect(try await world.centralHost.complete(HCILESetDataLength(
            connectionHandle: central.connectionHandle, txOctets: 251, txTime: 2_120
        )).status == .success)
        let change = try await world.centralHost.nextEvent("LE Data Length Change") { event in
            if case .leMeta(.dataLengthChange(let change)) = event { return change }
            return nil
        }
        #expect(change.maxTXOctets == 251 && change.maxTXTime == 2_120 && change.maxRXOctets == 27)
        let peerChange = try await world.peripheralHost.nextEvent("LE Data Length Change") { event in
            if case .leMeta(.dataLengthChange(let change)) = event { return change }
            return nil
        }
        #expect(peerChange.maxRXOctets == 251 && peerChange.maxTXOctets == 27)

        try await world.centralHost.sendACL(handle: central.connectionHandle, payload)
        let whole = try await world.peripheralHost.nextACL()
        #expect(whole.data == payload)
    }

    @Test func aSuggestedDefaultDataLengthAppliesToNewConnections() async throws {
        let world = try await VirtualWorld()
        let maximum = try await world.centralHost.complete(HCILEReadMaximumDataLength())
        #expect(maximum.status == .success && maximum.supportedMaxTXOctets == 251 && maximum.supportedMaxRXTime == 2_120)
        #expect(try await world.centralHost.complete(HCILEWriteSuggestedDefaultDataLength(
            suggestedMaxTXOctets: 251, suggestedMaxTXTime: 2_120
        )).status == .success)
        let (central, peripheral) = try await world.connect()
        // The link layer updates the data length once connected; the peer keeps 27 to send.
        let change = try await world.centralHost.nextEvent("LE Data Length Change") { event in
            if case .leMeta(.dataLengthChange(let change)) = event { return change }
            return nil
        }
        #expect(change.connectionHandle == central.connectionHandle)
        #expect(change.maxTXOctets == 251 && change.maxTXTime == 2_120 && change.maxRXOctets == 27)
        let peerChange = try await world.peripheralHost.nextEvent("LE Data Length Change") { event in
            if case .leMeta(.dataLengthChange(let change)) = event { return change }
            return nil
        }
        #expect(peerChange.maxRXOctets == 251 && peerChange.maxTXOctets == 27)
        let payload = (0..<251).map { UInt8(truncatingIfNeeded: $0) }
        try await world.centralHost.sendACL(handle: central.connectionHandle, payload)
        let whole = try await world.peripheralHost.nextACL()
        #expect(whole.data == payload && whole.handle == peripheral.connectionHandle)
    }

    @Test func aControllerWithoutTheDataLengthExtensionRefusesASuggestion() async throws {
        var configuration = VirtualControllerConfiguration(publicAddress: VirtualWorld.centralAddress, name: "central")
        configuration.leFeatures = [.leEncryption]
        let world = try await VirtualWorld(central: configuration)
        #expect(try await world.centralHost.complete(HCILEWriteSuggestedDefaultDataLength(
            suggestedMaxTXOctets: 251, suggestedMaxTXTime: 2_120
        )).status == .unsupportedFeatureOrParameterValue)
        #expect(try await world.centralHost.complete(HCILEReadMaximumDataLength()).status == .unsupportedFeatureOrParameterValue)
        // Out of range: Invalid HCI Command Parameters, whatever the features.
        #expect(try await world.peripheralHost.complete(HCILEWriteSuggestedDefaultDataLength(
            suggestedMaxTXOctets: 252, suggestedMaxTXTime: 2_120
        )).status == .invalidHCICommandParameters)
    }

    @Test func hostThatOverrunsItsCreditsIsCounted() async throws {
        var configuration = VirtualControllerConfiguration(publicAddress: VirtualWorld.centralAddress, name: "central")
        configuration.totalNumACLDataPackets = 2
        let world = try await VirtualWorld(central: configuration)
        let (central, _) = try await world.connect()
        let packets = (0..<3).map { index in
            HCIPacket.aclData(HCIACLDataPacket(handle: central.connectionHandle, packetBoundaryFlag: .firstNonFlushable, data: [UInt8(index)]))
        }
        // Three packets written back to back, before any credit can come back.
        try await world.central.receiveBurst(packets, from: world.central.hostTransport)
        #expect(await world.central.statistics.aclCreditOverruns == 1)
        for index in 0..<3 { #expect(try await world.peripheralHost.nextACL().data == [UInt8(index)]) }
        var returned = 0
        while returned < 3 {
            let credits = try await world.centralHost.nextEvent("Number Of Completed Packets", numberOfCompletedPackets)
            returned += credits.entries.reduce(0) { $0 + Int($1.numCompletedPackets) }
        }
        #expect(returned == 3)
        // Oversized and stray packets are counted too.
        try await world.centralHost.sendACL(handle: central.connectionHandle, [UInt8](repeating: 0, count: 300))
        try await world.centralHost.sendACL(handle: 0x0123, [0x00])
        let statistics = await world.central.statistics
        #expect(statistics.oversizedACLPackets == 1)
        #expect(statistics.unknownHandleACLPackets == 1)
    }

    /// Sends `count` one-byte ACL packets, numbered from `first`, from the central's host.
    private func sendNumbered(_ count: Int, from first: Int, in world: VirtualWorld, on handle: UInt16) async throws {
        for index in first..<(first + count) {
            try await world.centralHost.sendACL(handle: handle, [UInt8(index)])
        }
    }

    /// Takes Number Of Completed Packets events from `host` until they return `count` credits.
    private func takeCredits(_ count: Int, from host: HCITestHost) async throws {
        var returned = 0
        while returned < count {
            let credits = try await host.nextEvent("Number Of Completed Packets", numberOfCompletedPackets)
            returned += credits.entries.reduce(0) { $0 + Int($1.numCompletedPackets) }
        }
        #expect(returned == count)
    }

    /// The credits already on `world`'s central host transport once both controllers have handled
    /// what they have (a command's answer comes after them).
    private func creditsAlreadyReturned(in world: VirtualWorld) async throws -> Int {
        await world.peripheral.waitUntilIdle()
        await world.central.waitUntilIdle()
        _ = try await world.centralHost.complete(HCIReadBDADDR())
        return await world.centralHost.takeKept().reduce(0) { total, packet in
            guard case .event(let event) = packet, let decoded = try? HCIEvent(decoding: event),
                  let credits = numberOfCompletedPackets(decoded)
            else { return total }
            return total + credits.entries.reduce(0) { $0 + Int($1.numCompletedPackets) }
        }
    }

    /// Connects, pauses the peripheral's host and sends it twice its controller's buffers;
    /// checks that only the packets that fit were acknowledged. Returns the buffer count.
    private func fillReceiverWhoseHostStoppedReading(_ world: VirtualWorld) async throws -> Int {
        let (central, _) = try await world.connect()
        let buffers = Int(world.peripheral.configuration.totalNumACLDataPackets)
        await world.peripheralHost.pauseReading()
        // The paused reader takes the first packet; the receiver's buffers hold the next ones.
        try await sendNumbered(buffers, from: 0, in: world, on: central.connectionHandle)
        try await takeCredits(buffers, from: world.centralHost)
        try await sendNumbered(buffers, from: buffers, in: world, on: central.connectionHandle)
        #expect(try await creditsAlreadyReturned(in: world) == 1)
        return buffers
    }

    @Test func aReceiverWhoseHostStopsReadingHoldsTheSendersBuffers() async throws {
        let world = try await VirtualWorld()
        let buffers = try await fillReceiverWhoseHostStoppedReading(world)
        // The host reads again: every packet arrives in order and every buffer comes back.
        await world.peripheralHost.resumeReading()
        for index in 0..<(2 * buffers) { #expect(try await world.peripheralHost.nextACL().data == [UInt8(index)]) }
        try await takeCredits(buffers - 1, from: world.centralHost)
        #expect(await world.central.statistics.aclCreditOverruns == 0)
    }

    @Test func aReceiverWhoseHostLeavesReturnsTheSendersBuffers() async throws {
        let world = try await VirtualWorld()
        let buffers = try await fillReceiverWhoseHostStoppedReading(world)
        // The held packets go with the host that closed its transport; the sender's buffers return.
        await world.peripheralHost.transport.close()
        try await takeCredits(buffers - 1, from: world.centralHost)
    }

    @Test(arguments: [true, false])
    func disconnectGivesLocalHostAndReasonToPeer(fromCentral: Bool) async throws {
        let world = try await VirtualWorld()
        let (central, peripheral) = try await world.connect()
        let (local, remote) = fromCentral ? (world.centralHost, world.peripheralHost) : (world.peripheralHost, world.centralHost)
        let localHandle = fromCentral ? central.connectionHandle : peripheral.connectionHandle
        let remoteHandle = fromCentral ? peripheral.connectionHandle : central.connectionHandle

        #expect(try await local.status(HCIDisconnect(connectionHandle: localHandle, reason: .remoteUserTerminatedConnection)) == .success)
        let localComplete = try await local.nextEvent("Disconnection Complete", disconnectionComplete)
        #expect(localComplete.status == .success)
        #expect(localComplete.connectionHandle == localHandle)
        #expect(localComplete.reason == .connectionTerminatedByLocalHost)
        let remoteComplete = try await remote.nextEvent("Disconnection Complete", disconnectionComplete)
        #expect(remoteComplete.connectionHandle == remoteHandle)
        #expect(remoteComplete.reason == .remoteUserTerminatedConnection)
        #expect(world.link.connectionCount == 0)
        #expect(await world.central.connectionHandles.isEmpty)
        #expect(try await local.status(HCIDisconnect(connectionHandle: localHandle)) == .unknownConnectionIdentifier)
    }

    @Test func linkLossTimesOutBothSides() async throws {
        let world = try await VirtualWorld()
        try await world.connect()
        world.link.simulateLinkLoss(between: world.central, and: world.peripheral)
        #expect(try await world.centralHost.nextEvent("Disconnection Complete", disconnectionComplete).reason == .connectionTimeout)
        #expect(try await world.peripheralHost.nextEvent("Disconnection Complete", disconnectionComplete).reason == .connectionTimeout)
        #expect(world.link.connectionCount == 0)
    }

    @Test func controllerLeavingTheLinkDropsItsConnections() async throws {
        let world = try await VirtualWorld()
        try await world.connect()
        world.link.detach(world.peripheral)
        #expect(try await world.centralHost.nextEvent("Disconnection Complete", disconnectionComplete).reason == .connectionTimeout)
        #expect(try await world.peripheralHost.nextEvent("Disconnection Complete", disconnectionComplete).reason == .connectionTimeout)
        #expect(world.link.controllers.count == 1)
    }

    @Test func resetDropsConnectionsAndThePeerTimesOut() async throws {
        let world = try await VirtualWorld()
        try await world.connect()
        #expect(try await world.peripheralHost.complete(HCIReset()).status == .success)
        #expect(try await world.centralHost.nextEvent("Disconnection Complete", disconnectionComplete).reason == .connectionTimeout)
        #expect(await world.peripheral.connectionHandles.isEmpty)
        await world.peripheral.waitUntilIdle()
        let stray = await world.peripheralHost.takeKept().filter { packet in
            if case .event(let event) = packet { return event.eventCode == .disconnectionComplete }
            return false
        }
        #expect(stray.isEmpty, "a reset controller reports nothing of the connections it dropped")
    }

    @Test func connectionProceduresCompleteOnBothEnds() async throws {
        let world = try await VirtualWorld()
        let (central, peripheral) = try await world.connect()

        // Connection update.
        #expect(try await world.centralHost.status(HCILEConnectionUpdate(
            connectionHandle: central.connectionHandle, connectionIntervalMin: 0x0050, connectionIntervalMax: 0x0060,
            maxLatency: 2, supervisionTimeout: 0x0200
        )) == .success)
        for (host, handle) in [(world.centralHost, central.connectionHandle), (world.peripheralHost, peripheral.connectionHandle)] {
            let update = try await host.nextEvent("LE Connection Update Complete") { event in
                if case .leMeta(.connectionUpdateComplete(let update)) = event { return update }
                return nil
            }
            #expect(update.status == .success && update.connectionHandle == handle)
            #expect(update.connectionInterval == 0x0050 && update.peripheralLatency == 2 && update.supervisionTimeout == 0x0200)
        }

        // PHY.
        #expect(try await world.peripheralHost.status(HCILESetPHY(
            connectionHandle: peripheral.connectionHandle, txPHYs: [.le1M, .le2M], rxPHYs: [.le2M]
        )) == .success)
        for host in [world.peripheralHost, world.centralHost] {
            let update = try await host.nextEvent("LE PHY Update Complete") { event in
                if case .leMeta(.phyUpdateComplete(let update)) = event { return update }
                return nil
            }
            #expect(update.status == .success && update.txPHY == .le2M && update.rxPHY == .le2M)
        }
        let phy = try await world.centralHost.complete(HCILEReadPHY(connectionHandle: central.connectionHandle))
        #expect(phy.txPHY == .le2M && phy.rxPHY == .le2M)

        // Remote features.
        #expect(try await world.centralHost.status(HCILEReadRemoteFeatures(connectionHandle: central.connectionHandle)) == .success)
        let features = try await world.centralHost.nextEvent("LE Read Remote Features Complete") { event in
            if case .leMeta(.readRemoteFeaturesComplete(let complete)) = event { return complete }
            return nil
        }
        #expect(features.status == .success && features.leFeatures == VirtualControllerConfiguration.defaultLEFeatures)

        // RSSI on the connection follows distance.
        let near = try await world.centralHost.complete(HCIReadRSSI(handle: central.connectionHandle))
        #expect(near.status == .success && (-61...(-57)).contains(Int(near.rssi)))
        world.link.setDistance(10, of: world.peripheral)
        let far = try await world.centralHost.complete(HCIReadRSSI(handle: central.connectionHandle))
        #expect((-81...(-77)).contains(Int(far.rssi)))
    }

    @Test func peripheralWithoutParameterRequestCannotUpdate() async throws {
        var configuration = VirtualControllerConfiguration(publicAddress: VirtualWorld.centralAddress, name: "central")
        configuration.leFeatures = [.leDataPacketLengthExtension]
        let world = try await VirtualWorld(central: configuration)
        let (_, peripheral) = try await world.connect()
        #expect(try await world.peripheralHost.status(HCILEConnectionUpdate(
            connectionHandle: peripheral.connectionHandle, connectionIntervalMin: 0x0050, connectionIntervalMax: 0x0060,
            maxLatency: 0, supervisionTimeout: 0x0200
        )) == .unsupportedRemoteFeature)
    }
}
