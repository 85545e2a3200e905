import BLECore
import BLEGATT
import BLEHCI
import Synchronization
import Testing

@testable import BLEHost

@Suite struct BLEHostDataTests {
    @Test func fragmentationCreditsAndRoundRobin() async throws {
        // 10-byte buffers, one of them: every fragment waits for the previous one's credit.
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (10, 1) } }
        let first = try await harness.connect(handle: 1)
        let second = try await harness.connect(handle: 2)
        // 23-byte notifications: 27-byte L2CAP frames, 3 fragments each.
        try await first.bearer.sendNotification(handle: 0x10, value: [UInt8](repeating: 1, count: 20))
        try await second.bearer.sendNotification(handle: 0x20, value: [UInt8](repeating: 2, count: 20))
        await harness.fake.waitUntil { $0.sentACL.count >= 1 }
        await settle()
        #expect(harness.fake.sentACL.map(\.handle) == [1])
        for sent in 1..<6 {
            let last = harness.fake.sentACL[sent - 1].handle
            harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: last, numCompletedPackets: 1)]))
            await harness.fake.waitUntil { $0.sentACL.count >= sent + 1 }
        }
        await settle()
        let acl = harness.fake.sentACL
        #expect(acl.map(\.handle) == [1, 2, 1, 2, 1, 2])
        #expect(acl.map(\.data.count) == [10, 10, 10, 10, 7, 7])
        #expect(acl.map(\.packetBoundaryFlag) == [.firstNonFlushable, .firstNonFlushable, .continuing, .continuing, .continuing, .continuing])
        let frames = harness.fake.sentFrames(on: 1)
        #expect(frames == [L2CAPBasicFrame(channelID: .att, payload: [0x1B, 0x10, 0x00] + [UInt8](repeating: 1, count: 20))])
    }

    @Test func neverMorePacketsThanBuffers() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (10, 2) } }
        let connection = try await harness.connect(handle: 1)
        try await connection.bearer.sendNotification(handle: 0x10, value: [UInt8](repeating: 1, count: 20))
        await harness.fake.waitUntil { $0.sentACL.count >= 2 }
        await settle()
        #expect(harness.fake.sentACL.count == 2)
        // Credits for another handle, and out of order, do not release anything.
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 9, numCompletedPackets: 2)]))
        await settle()
        #expect(harness.fake.sentACL.count == 2)
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 1, numCompletedPackets: 2)]))
        #expect(await harness.fake.waitUntil { $0.sentACL.count == 3 })
    }

    /// waitUntilTransmitted returns only when every fragment queued was sent and acknowledged
    /// by Number Of Completed Packets, or when the connection ends.
    @Test func waitUntilTransmittedWaitsForCompletedPackets() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (10, 2) } }
        let connection = try await harness.connect(handle: 1)
        await connection.waitUntilTransmitted()  // nothing queued: at once
        try await connection.bearer.sendNotification(handle: 0x10, value: [UInt8](repeating: 1, count: 20))  // 3 fragments
        let done = Mutex(false)
        let waiter = Task {
            await connection.waitUntilTransmitted()
            done.withLock { $0 = true }
        }
        await harness.fake.waitUntil { $0.sentACL.count >= 2 }
        await settle()
        #expect(!done.withLock { $0 }, "two in flight, one queued")
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 1, numCompletedPackets: 2)]))
        await harness.fake.waitUntil { $0.sentACL.count >= 3 }
        await settle()
        #expect(!done.withLock { $0 }, "the last fragment is in flight")
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 1, numCompletedPackets: 1)]))
        await waiter.value
        #expect(done.withLock { $0 })

        // A connection that ends releases its waiters.
        try await connection.bearer.sendNotification(handle: 0x10, value: [2])
        let second = Task { await connection.waitUntilTransmitted() }
        harness.fake.inject(HCIDisconnectionComplete(connectionHandle: 1, reason: .connectionTimeout))
        await second.value
    }

    /// HCI_Disconnect waits for what was queued on the connection before it (a Write Command,
    /// the last key of a pairing) to be handed to the controller: it would overtake it otherwise.
    @Test func disconnectGoesAfterWhatWasQueuedReachesTheController() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (27, 1) } }
        let connection = try await harness.connect(handle: 1)
        try await connection.bearer.sendNotification(handle: 0x10, value: [1])
        try await connection.bearer.sendNotification(handle: 0x10, value: [2])  // waits for the credit
        await harness.fake.waitUntil { $0.sentACL.count >= 1 }
        let disconnect = Task { try await connection.disconnect() }
        await settle()
        #expect(harness.fake.sentCommands(.disconnect).isEmpty, "one notification is still queued in the host")
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 1, numCompletedPackets: 1)]))
        try await disconnect.value
        #expect(harness.fake.sentACL.count == 2, "the second notification went first")
        #expect(harness.fake.sentCommands(.disconnect).count == 1)
        #expect(!connection.isConnected)
    }

    /// A controller that gives no credits back does not hold the disconnection up beyond the
    /// limit (real time: the host's manual clock here never moves).
    @Test func disconnectWaitsForTheHandOffAtMostTheLimit() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (27, 1) } }
        let connection = try await harness.connect(handle: 1)
        try await connection.bearer.sendNotification(handle: 0x10, value: [1])
        try await connection.bearer.sendNotification(handle: 0x10, value: [2])  // never gets a credit
        await harness.fake.waitUntil { $0.sentACL.count >= 1 }
        let started = ContinuousClock.now
        try await connection.disconnect()
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= BLEHost.disconnectFlushLimit - .milliseconds(50), "\(elapsed)")
        #expect(harness.fake.sentCommands(.disconnect).count == 1)
        #expect(!connection.isConnected)
    }

    @Test func disconnectionReturnsTheConnectionsCredits() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (27, 1) } }
        let first = try await harness.connect(handle: 1)
        let second = try await harness.connect(handle: 2)
        try await first.bearer.sendNotification(handle: 0x10, value: [1])
        try await second.bearer.sendNotification(handle: 0x20, value: [2])
        await harness.fake.waitUntil { $0.sentACL.count >= 1 }
        await settle()
        #expect(harness.fake.sentACL.map(\.handle) == [1])
        harness.fake.inject(HCIDisconnectionComplete(connectionHandle: 1, reason: .connectionTimeout))
        #expect(await harness.fake.waitUntil { $0.sentACL.count >= 2 })
        #expect(harness.fake.sentACL.map(\.handle) == [1, 2])
    }

    @Test func fragmentedATTRequestIsReassembledAndAnswered() async throws {
        let harness = try await HostHarness.started()
        _ = try await harness.connect(handle: 0x40)
        // Exchange MTU Request (clientRxMTU 100) in an L2CAP frame, split after 3 bytes.
        let frame = L2CAPBasicFrame(channelID: .att, payload: [0x02, 100, 0]).encode()
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: Array(frame.prefix(3))))
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .continuing, data: Array(frame.dropFirst(3))))
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .att, payload: [0x03, 0x05, 0x02])])
    }

    @Test func oversizedAndTruncatedFramesAreDropped() async throws {
        let harness = try await HostHarness.started(configuration: .init(maximumL2CAPPayloadLength: 64))
        let connection = try await harness.connect(handle: 0x40)
        // Length 0x1000 is over the limit; then a frame longer than its Length; then a truncated one.
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [0x00, 0x10, 0x04, 0x00, 0x02]))
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .continuing, data: [1, 2, 3]))
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [0x01, 0x00, 0x04, 0x00, 0x02, 0x99]))
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [0x03, 0x00, 0x04, 0x00, 0x02]))
        // A whole request afterwards is answered: nothing was delivered before it.
        harness.fake.inject(l2cap: [0x02, 50, 0], channel: .att, handle: 0x40)
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        await settle()
        #expect(harness.fake.sentFrames(on: 0x40).count == 1)
        #expect(await connection.bearer.mtu == 50)
    }

    @Test func parameterUpdateRequestAcceptedRunsConnectionUpdate() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x40, role: .central)
        harness.fake.inject(l2cap: L2CAPSignalingTests.updateRequest, channel: .leSignaling, handle: 0x40)
        #expect(await harness.fake.waitForCommand(.leConnectionUpdate))
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .leSignaling, payload: [0x13, 0x07, 0x02, 0x00, 0x00, 0x00])])
        let update = try HCILEConnectionUpdate(packet: harness.fake.sentCommands(.leConnectionUpdate)[0])
        #expect(update.connectionIntervalMin == 24 && update.connectionIntervalMax == 40 && update.supervisionTimeout == 400)
        #expect(await harness.fake.waitUntil { _ in connection.state.interval == 40 })
    }

    @Test func parameterUpdateRequestRejectedByPolicy() async throws {
        let harness = try await HostHarness.started(configuration: .init(connectionParameterPolicy: .rejectAll))
        _ = try await harness.connect(handle: 0x40, role: .central)
        harness.fake.inject(l2cap: L2CAPSignalingTests.updateRequest, channel: .leSignaling, handle: 0x40)
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        await settle()
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .leSignaling, payload: [0x13, 0x07, 0x02, 0x00, 0x01, 0x00])])
        #expect(harness.fake.sentCommands(.leConnectionUpdate).isEmpty)
    }

    @Test func unknownSignalingCommandIsRejected() async throws {
        let harness = try await HostHarness.started()
        _ = try await harness.connect(handle: 0x40)
        // L2CAP_LE_CREDIT_BASED_CONNECTION_REQ, identifier 3.
        harness.fake.inject(l2cap: [0x14, 0x03, 0x0A, 0x00, 0x80, 0x00, 0x40, 0x00, 0x17, 0x00, 0x17, 0x00, 0x01, 0x00], channel: .leSignaling, handle: 0x40)
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .leSignaling, payload: [0x01, 0x03, 0x02, 0x00, 0x00, 0x00])])
    }

    @Test func peripheralRequestsParameterUpdate() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x41, role: .peripheral)
        let wanted = ConnectionParameters(intervalMin: 80, intervalMax: 100, latency: 2, supervisionTimeout: 600)
        let task = Task { try await connection.updateParameters(wanted) }
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x41).isEmpty })
        let request = try L2CAPSignalingPacket(decoding: harness.fake.sentFrames(on: 0x41)[0].payload)
        #expect(request.code == .connectionParameterUpdateRequest)
        #expect(try L2CAPConnectionParameterUpdateRequest(data: request.data).parameters == wanted)
        harness.fake.inject(l2cap: [0x13, request.identifier, 0x02, 0x00, 0x00, 0x00], channel: .leSignaling, handle: 0x41)
        harness.fake.inject(HCILEConnectionUpdateComplete(status: .success, connectionHandle: 0x41, connectionInterval: 90, peripheralLatency: 2, supervisionTimeout: 600))
        let state = try await task.value
        #expect(state.interval == 90)
    }

    @Test func peripheralRequestRejected() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x41, role: .peripheral)
        let task = Task { try await connection.updateParameters(.default) }
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x41).isEmpty })
        let request = try L2CAPSignalingPacket(decoding: harness.fake.sentFrames(on: 0x41)[0].payload)
        harness.fake.inject(l2cap: [0x13, request.identifier, 0x02, 0x00, 0x01, 0x00], channel: .leSignaling, handle: 0x41)
        let error = await #expect(throws: HostError.self) { try await task.value }
        #expect(error?.code == .rejected)
    }

    @Test func pairingRequestRefusedByTheAgentGetsItsReason() async throws {
        struct Refusing: PairingAgent {
            func shouldAcceptPairing(_ request: SMPPairingParameters, from peer: DeviceAddress) async -> SMPPairingFailed.Reason? {
                .pairingNotSupported
            }
        }
        let harness = try await HostHarness.started(configuration: BLEHost.Configuration(pairingAgent: Refusing()))
        _ = try await harness.connect(handle: 0x40, role: .peripheral)
        harness.fake.inject(l2cap: [0x01, 0x03, 0x00, 0x0D, 0x10, 0x07, 0x07], channel: .securityManager, handle: 0x40)
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .securityManager, payload: [0x05, 0x05])])
    }

    @Test func pairingRequestIsAnsweredWithAPairingResponse() async throws {
        let harness = try await HostHarness.started()
        _ = try await harness.connect(handle: 0x40, role: .peripheral)
        harness.fake.inject(l2cap: [0x01, 0x03, 0x00, 0x0D, 0x10, 0x07, 0x07], channel: .securityManager, handle: 0x40)
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty })
        // NoInputNoOutput, no OOB, Bonding + SC, 16, initiator keys ∩ ours (EncKey, IdKey), responder keys we can send (EncKey).
        #expect(harness.fake.sentFrames(on: 0x40) == [L2CAPBasicFrame(channelID: .securityManager, payload: [0x02, 0x03, 0x00, 0x09, 0x10, 0x03, 0x01])])
    }

    @Test func disconnectionFailsPendingOperationsAtOnce() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x40)
        harness.fake.setBehaviour(.silent, for: .readRSSI)
        let read = Task { try await connection.bearer.request(ATTReadRequest(attributeHandle: 3)) }
        let rssi = Task { try await connection.readRSSI() }
        #expect(await harness.fake.waitUntil { !$0.sentFrames(on: 0x40).isEmpty && !$0.sentCommands(.readRSSI).isEmpty })
        harness.fake.inject(HCIDisconnectionComplete(connectionHandle: 0x40, reason: .remoteUserTerminatedConnection))
        let attError = await #expect(throws: GATTError.self) { try await read.value }
        #expect(attError?.code == .bearerClosed)
        let rssiError = await #expect(throws: HostError.self) { try await rssi.value }
        #expect(rssiError?.code == .disconnected)
        #expect(rssiError?.status == .remoteUserTerminatedConnection)
        let ended = await connection.waitUntilDisconnected()
        #expect(ended.code == .disconnected)
        #expect(!connection.isConnected)
        let after = await #expect(throws: HostError.self) { try await connection.readRSSI() }
        #expect(after?.code == .notConnected)
    }

    @Test func connectionOperations() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x40)
        #expect(try await connection.readRSSI() == -42)
        try await connection.setDataLength(txOctets: 251, txTime: 2120)
        let phy = try await connection.setPHY(tx: .le2M, rx: .le2M)
        #expect(phy.txPHY == .le2M)
        let updated = try await connection.updateParameters(ConnectionParameters(intervalMin: 6, intervalMax: 12, supervisionTimeout: 100))
        #expect(updated.interval == 12)
        harness.fake.inject(HCILEDataLengthChange(connectionHandle: 0x40, maxTXOctets: 251, maxTXTime: 2120, maxRXOctets: 251, maxRXTime: 2120))
        #expect(await harness.fake.waitUntil { _ in connection.state.maxTXOctets == 251 })
        try await connection.disconnect()
        #expect(!connection.isConnected)
        #expect(await harness.host.connections.isEmpty)
        let invalid = await #expect(throws: HostError.self) {
            try await harness.host.connect(to: connection.address, parameters: ConnectionParameters(intervalMin: 1, intervalMax: 2, supervisionTimeout: 5))
        }
        #expect(invalid?.code == .invalidArgument)
    }
}
