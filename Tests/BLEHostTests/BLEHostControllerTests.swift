import BLECore
import BLEHCI
import Testing

@testable import BLEHost

@Suite struct BLEHostControllerTests {
    @Test func startUpSequence() async throws {
        let harness = try await HostHarness.started()
        let opcodes = harness.fake.sentCommands.map(\.opcode)
        #expect(opcodes == [
            .reset, .setEventMask, .leSetEventMask, .readLocalVersionInformation, .readLocalSupportedFeatures,
            .readLocalSupportedCommands, .leReadLocalSupportedFeatures, .leReadBufferSize, .readBDADDR,
        ])
        let info = try #require(await harness.host.controllerInfo)
        #expect(info.aclDataPacketLength == 27)
        #expect(info.totalNumACLDataPackets == 4)
        #expect(info.publicAddress.description == "00:11:22:33:44:55")
        #expect(info.version?.hciVersion == 0x0D)
        #expect(await harness.host.state == .ready)
    }

    @Test func bufferSizeFallsBackWhenLEReportsZero() async throws {
        let harness = try await HostHarness.started { $0.state.withLock { $0.leBufferSize = (0, 0) } }
        #expect(harness.fake.sentCommands(.readBufferSize).count == 1)
        let info = try #require(await harness.host.controllerInfo)
        #expect(info.aclDataPacketLength == 64)
        #expect(info.totalNumACLDataPackets == 5)
    }

    @Test func randomAddressIsSet() async throws {
        let random = try DeviceAddress(parsing: "C1:22:33:44:55:66", isRandom: true)
        let harness = try await HostHarness.started(configuration: .init(randomAddress: random))
        let command = try #require(harness.fake.sentCommands(.leSetRandomAddress).first)
        #expect(try HCILESetRandomAddress(packet: command).randomAddress == random)
        #expect(await harness.host.controllerInfo?.address == random)
    }

    /// A controller without a public address (BD_ADDR all zeros, as Bumble's virtual ones) gets
    /// a fresh static random address, used as own address from then on.
    @Test func aControllerWithoutAPublicAddressGetsAStaticRandomOne() async throws {
        let zero = try DeviceAddress(value: 0, isRandom: false)
        let first = try await HostHarness.started { $0.state.withLock { $0.address = zero } }
        let command = try #require(first.fake.sentCommands(.leSetRandomAddress).first)
        let random = try HCILESetRandomAddress(packet: command).randomAddress
        #expect(random.type == .randomStatic)
        #expect(random.value >> 46 == 0b11)
        #expect(await first.host.controllerInfo?.address == random)
        _ = try await first.host.scan()
        let scanParameters = try #require(first.fake.sentCommands(.leSetScanParameters).first)
        #expect(try HCILESetScanParameters(packet: scanParameters).ownAddressType == .random)
        let second = try await HostHarness.started { $0.state.withLock { $0.address = zero } }
        #expect(await second.host.controllerInfo?.address != random, "each host its own")
        // A controller with a public address keeps using it.
        let withPublic = try await HostHarness.started()
        #expect(withPublic.fake.sentCommands(.leSetRandomAddress).isEmpty)
    }

    @Test func optionalReadsMayFail() async throws {
        let harness = try await HostHarness.started { fake in
            fake.setBehaviour(.events { command in
                [HCIEvent(HCICommandComplete(numHCICommandPackets: 1, commandOpcode: command.opcode, returnParameters: [0x01]))]
            }, for: .readLocalSupportedCommands)
        }
        #expect(await harness.host.controllerInfo?.supportedCommands == nil)
    }

    @Test func failingResetFailsStart() async throws {
        let harness = HostHarness { fake in
            fake.setBehaviour(.events { command in
                [HCIEvent(HCICommandComplete(numHCICommandPackets: 1, commandOpcode: command.opcode, returnParameters: [0x0C]))]
            }, for: .reset)
        }
        let error = await #expect(throws: HostError.self) { try await harness.host.start() }
        #expect(error?.code == .commandFailed)
        #expect(error?.status == .commandDisallowed)
        #expect(error?.description.contains("HCI_Reset") == true)
    }

    @Test func commandCreditsAreNeverExceeded() async throws {
        let harness = try await HostHarness.started()
        harness.fake.setBehaviour(.silent, for: .readBDADDR)
        let host = harness.host
        let tasks = (0..<3).map { _ in Task { try await host.send(HCIReadBDADDR()) } }
        await harness.fake.waitForCommand(.readBDADDR, count: 2)  // one from start-up, one now
        await settle()
        #expect(harness.fake.sentCommands(.readBDADDR).count == 2)
        // Answer it granting two credits: both queued commands go out.
        let answer = HCIReadBDADDR.ReturnParameters(status: .success, bdADDR: try DeviceAddress(parsing: "00:11:22:33:44:55"))
        harness.fake.inject(harness.fake.complete(HCIReadBDADDR.self, answer, credits: 2))
        #expect(await harness.fake.waitForCommand(.readBDADDR, count: 4))
        await settle()
        #expect(harness.fake.sentCommands(.readBDADDR).count == 4)
        harness.fake.inject(harness.fake.complete(HCIReadBDADDR.self, answer, credits: 0))
        harness.fake.inject(harness.fake.complete(HCIReadBDADDR.self, answer, credits: 1))
        for task in tasks { _ = try await task.value }
    }

    @Test func zeroCreditsHoldCommandsUntilCreditOnlyEvent() async throws {
        let harness = try await HostHarness.started()
        let host = harness.host
        // The controller answers, granting no further credit.
        harness.fake.state.withLock { $0.credits = 0 }
        _ = try await host.send(HCIReadLocalVersionInformation())
        let before = harness.fake.sentCommands.count
        harness.fake.state.withLock { $0.credits = 1 }
        let task = Task { try await host.send(HCIReadLocalVersionInformation()) }
        await settle()
        #expect(harness.fake.sentCommands.count == before)
        harness.fake.inject(HCICommandComplete(numHCICommandPackets: 1, commandOpcode: .noOperation, returnParameters: []))
        _ = try await task.value
        #expect(harness.fake.sentCommands.count == before + 1)
    }

    @Test func commandTimeoutReportsControllerUnresponsive() async throws {
        let harness = try await HostHarness.started()
        harness.fake.setBehaviour(.silent, for: .readRSSI)
        let host = harness.host
        let task = Task { try await host.send(HCIReadRSSI(handle: 1)) }
        await harness.fake.waitForCommand(.readRSSI)
        let result = await drive(harness.clock, by: .seconds(5), until: task)
        let error = #expect(throws: HostError.self) { try result.get() }
        #expect(error?.code == .commandTimeout)
        #expect(error?.command == .readRSSI)
        guard case .failed(let failure) = await host.state else {
            Issue.record("the host should have failed")
            return
        }
        #expect(failure.code == .controllerUnresponsive)
        let later = await #expect(throws: HostError.self) { try await host.send(HCIReadBDADDR()) }
        #expect(later?.code == .controllerUnresponsive)
    }

    @Test func controllerThatNeverAnswersFailsStart() async throws {
        let harness = HostHarness { $0.setBehaviour(.silent, for: .reset) }
        let host = harness.host
        let task = Task { try await host.start() }
        let result = await drive(harness.clock, by: .seconds(5), until: task)
        let error = #expect(throws: HostError.self) { try result.get() }
        #expect(error?.code == .commandTimeout)
    }

    @Test func hardwareErrorFailsEverything() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 0x40)
        harness.fake.setBehaviour(.silent, for: .readRSSI)
        let rssi = Task { try await connection.readRSSI() }
        await harness.fake.waitForCommand(.readRSSI)
        harness.fake.inject(HCIHardwareError(hardwareCode: 0x42))
        let error = await #expect(throws: HostError.self) { try await rssi.value }
        #expect(error?.code == .hardwareError)
        let ended = await connection.waitUntilDisconnected()
        #expect(ended.code == .hardwareError)
        #expect(await harness.host.connections.isEmpty)
        guard case .failed(let failure) = await harness.host.state else {
            Issue.record("the host should have failed")
            return
        }
        #expect(failure.message.contains("0x42"))
    }

    @Test func garbageIsDroppedAndTheHostCarriesOn() async throws {
        let harness = try await HostHarness.started()
        // A truncated Command Complete, an unknown event, ACL for an unknown handle, an ISO packet.
        harness.fake.injectRaw(.event(HCIEventPacket(eventCode: .commandComplete, parameters: [1])))
        harness.fake.injectRaw(.event(HCIEventPacket(eventCode: HCIEventCode(rawValue: 0xFE), parameters: [1, 2, 3])))
        harness.fake.inject(acl: HCIACLDataPacket(handle: 0x99, packetBoundaryFlag: .firstAutomaticallyFlushable, data: [1, 2]))
        harness.fake.inject(HCINumberOfCompletedPackets(entries: [.init(connectionHandle: 0x77, numCompletedPackets: 9)]))
        let version = try await harness.host.send(HCIReadLocalVersionInformation())
        #expect(version.hciVersion == 0x0D)
    }

    @Test func transportFailureFailsTheHost() async throws {
        let harness = try await HostHarness.started()
        let connection = try await harness.connect(handle: 1)
        harness.fake.fail(HostError(.transportClosed, "unplugged"))
        let ended = await connection.waitUntilDisconnected()
        #expect(ended.code == .transportClosed)
    }
}
