import BLECore
import BLEHCI
import BLESimulation
import Testing
@testable import BLEVirtual

/// The controller's answers to commands on their own: start-up queries, unknown and malformed
/// commands, commands in the wrong state.
@Suite(.timeLimit(.minutes(1)))
struct VirtualControllerCommandTests {
    @Test func startUpQueriesAnswerWithTheConfiguration() async throws {
        let world = try await VirtualWorld()
        let host = world.centralHost

        let version = try await host.complete(HCIReadLocalVersionInformation())
        #expect(version.status == .success)
        #expect(version.hciVersion == 0x0D)
        #expect(version.lmpVersion == 0x0D)
        #expect(version.companyIdentifier == 0xFFFF)

        let commands = try await host.complete(HCIReadLocalSupportedCommands())
        #expect(commands.supportedCommands.count == 64)
        #expect(commands.supports(octet: 0, bit: 5))    // HCI_Disconnect
        #expect(commands.supports(octet: 5, bit: 7))    // HCI_Reset
        #expect(commands.supports(octet: 25, bit: 7))   // HCI_LE_Set_Advertising_Data
        #expect(commands.supports(octet: 26, bit: 4))   // HCI_LE_Create_Connection
        #expect(commands.supports(octet: 35, bit: 6))   // HCI_LE_Set_PHY
        #expect(commands.supports(octet: 41, bit: 5))   // HCI_LE_Read_Buffer_Size [v2]
        #expect(!commands.supports(octet: 0, bit: 0))   // HCI_Inquiry: BR/EDR
        #expect(commands.supports(octet: 28, bit: 0))   // HCI_LE_Enable_Encryption
        #expect(!commands.supports(octet: 27, bit: 6))  // HCI_LE_Encrypt: not implemented
        #expect(VirtualControllerSupportedCommands.positions.count == HCICommands.all.count - 1)

        let features = try await host.complete(HCIReadLocalSupportedFeatures())
        #expect(features.isLESupported)
        #expect(features.isBREDRNotSupported)

        let address = try await host.complete(HCIReadBDADDR())
        #expect(address.bdADDR == VirtualWorld.centralAddress)

        let buffers = try await host.complete(HCIReadBufferSize())
        #expect(buffers.aclDataPacketLength == 251)
        #expect(buffers.totalNumACLDataPackets == 8)

        let leBuffers = try await host.complete(HCILEReadBufferSize())
        #expect(leBuffers.leACLDataPacketLength == 251)
        #expect(leBuffers.totalNumLEACLDataPackets == 8)

        let leBuffersV2 = try await host.complete(HCILEReadBufferSizeV2())
        #expect(leBuffersV2.leACLDataPacketLength == 251)
        #expect(leBuffersV2.totalNumISODataPackets == 0)

        let leFeatures = try await host.complete(HCILEReadLocalSupportedFeatures())
        #expect(leFeatures.leFeatures == VirtualControllerConfiguration.defaultLEFeatures)

        #expect(try await host.complete(HCILEReadFilterAcceptListSize()).filterAcceptListSize == 8)
        #expect(try await host.complete(HCILEClearFilterAcceptList()).status == .success)
        #expect(try await host.complete(HCIHostBufferSize(
            hostACLDataPacketLength: 1021, hostSynchronousDataPacketLength: 0, hostTotalNumACLDataPackets: 4,
            hostTotalNumSynchronousDataPackets: 0
        )).status == .success)
        #expect(try await host.complete(HCISetControllerToHostFlowControl(flowControlEnable: 0)).status == .success)
    }

    @Test func bufferSizesAreConfigurable() async throws {
        var configuration = VirtualControllerConfiguration(publicAddress: VirtualWorld.centralAddress)
        configuration.aclDataPacketLength = 27
        configuration.totalNumACLDataPackets = 3
        let world = try await VirtualWorld(central: configuration)
        let buffers = try await world.centralHost.complete(HCILEReadBufferSize())
        #expect(buffers.leACLDataPacketLength == 27)
        #expect(buffers.totalNumLEACLDataPackets == 3)

        configuration.sharesBuffersWithBREDR = true
        let shared = try await VirtualWorld(central: configuration)
        let leShared = try await shared.centralHost.complete(HCILEReadBufferSize())
        #expect(leShared.leACLDataPacketLength == 0 && leShared.totalNumLEACLDataPackets == 0)
        #expect(try await shared.centralHost.complete(HCIReadBufferSize()).aclDataPacketLength == 27)
    }

    @Test(arguments: [
        HCIOpcode(rawValue: 0x0C14),                    // HCI_Read_Local_Name: BR/EDR, not decoded
        HCIOpcode(ogf: HCIOpcode.vendorSpecificOGF, ocf: 0x0001),
        HCIOpcode(rawValue: 0x2017),                    // HCI_LE_Encrypt
    ])
    func unknownCommandIsAnsweredUnknownHCICommand(opcode: HCIOpcode) async throws {
        let world = try await VirtualWorld()
        let event = try await world.centralHost.send(HCICommandPacket(opcode: opcode, parameters: [0x01]))
        guard case .commandComplete(let complete) = event else {
            Issue.record("expected Command Complete, got \(event)")
            return
        }
        #expect(complete.numHCICommandPackets == 1)
        #expect(complete.status == .unknownHCICommand)
        #expect(complete.returnParameters == [0x01])
    }

    /// Commands that decode badly or fall outside the spec's ranges, as hex.
    static let malformed: [(name: String, packet: HCICommandPacket, completesWithStatus: Bool)] = [
        ("HCI_Reset with a parameter", HCICommandPacket(opcode: .reset, parameters: [0x00]), false),
        ("HCI_LE_Set_Scan_Parameters truncated", HCICommandPacket(opcode: .leSetScanParameters, parameters: [0x01, 0x10, 0x00]), false),
        ("scan window above interval", HCICommandPacket(opcode: .leSetScanParameters, parameters: [0x01, 0x10, 0x00, 0x20, 0x00, 0x00, 0x00]), false),
        ("advertising interval below 20 ms", HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0010, advertisingIntervalMax: 0x0010, advertisingType: .advInd, ownAddressType: .public,
            peerAddressType: .public, peerAddress: VirtualController.zeroAddress
        ).packet, false),
        ("HCI_LE_Set_Advertising_Data length 32", HCICommandPacket(opcode: .leSetAdvertisingData, parameters: [32] + [UInt8](repeating: 0, count: 31)), false),
        ("HCI_Disconnect truncated", HCICommandPacket(opcode: .disconnect, parameters: [0x40, 0x00]), true),
        ("HCI_Disconnect with a reason hosts may not give", HCICommandPacket(opcode: .disconnect, parameters: [0x40, 0x00, 0x16]), true),
        ("HCI_LE_Create_Connection with a 20 ms supervision timeout", HCICommandPacket(
            opcode: .leCreateConnection,
            parameters: [0x60, 0x00, 0x30, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0xDC, 0x1B, 0x00, 0x00,
                         0x18, 0x00, 0x28, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00]
        ), true),
    ]

    @Test(arguments: VirtualControllerCommandTests.malformed.indices)
    func malformedCommandIsAnsweredInvalidParameters(index: Int) async throws {
        let (name, packet, completesWithStatus) = Self.malformed[index]
        let world = try await VirtualWorld()
        let event = try await world.centralHost.send(packet)
        switch event {
        case .commandComplete(let complete):
            #expect(!completesWithStatus, "\(name)")
            #expect(complete.status == .invalidHCICommandParameters, "\(name)")
            #expect(complete.numHCICommandPackets == 1)
        case .commandStatus(let status):
            #expect(completesWithStatus, "\(name)")
            #expect(status.status == .invalidHCICommandParameters, "\(name)")
        default:
            Issue.record("\(name): unexpected \(event)")
        }
    }

    @Test func malformedCommandCompleteCarriesFullReturnParameters() async throws {
        let world = try await VirtualWorld()
        let event = try await world.centralHost.send(HCICommandPacket(opcode: .readRSSI, parameters: [0x40]))
        guard case .commandComplete(let complete) = event else {
            Issue.record("expected Command Complete, got \(event)")
            return
        }
        let parameters = try complete.returnParameters(for: HCIReadRSSI.self)
        #expect(parameters.status == .invalidHCICommandParameters)
        #expect(complete.returnParameters.count == 4)
    }

    @Test func commandsInTheWrongStateAreDisallowed() async throws {
        let world = try await VirtualWorld()
        let host = world.peripheralHost
        try await world.advertise(host)
        // 7.8.5: parameters cannot change while advertising.
        #expect(try await host.complete(HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0100, advertisingIntervalMax: 0x0100, advertisingType: .advNonconnInd,
            ownAddressType: .public, peerAddressType: .public, peerAddress: VirtualController.zeroAddress
        )).status == .commandDisallowed)
        // 7.8.9: enabling while enabled is allowed; data may change while advertising.
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: true)).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingData(advertisingData: [0x02, 0x01, 0x04])).status == .success)
        // 7.8.4: no random address change while advertising.
        #expect(try await host.complete(HCILESetRandomAddress(randomAddress: VirtualWorld.randomAddress)).status == .commandDisallowed)
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: false)).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: false)).status == .success)
        #expect(try await host.complete(HCILESetRandomAddress(randomAddress: VirtualWorld.randomAddress)).status == .success)

        let scanner = world.centralHost
        try await world.scan(scanner, active: false)
        // 7.8.10: parameters cannot change while scanning; 7.8.11: enabling twice is allowed.
        #expect(try await scanner.complete(HCILESetScanParameters(
            leScanType: .active, leScanInterval: 0x0010, leScanWindow: 0x0010, ownAddressType: .public
        )).status == .commandDisallowed)
        #expect(try await scanner.complete(HCILESetScanEnable(enable: true, filterDuplicates: true)).status == .success)
        #expect(try await scanner.complete(HCILESetScanEnable(enable: false, filterDuplicates: false)).status == .success)

        // 7.8.12: one create connection at a time; 7.8.13: cancel needs one pending.
        #expect(try await scanner.complete(HCILECreateConnectionCancel()).status == .commandDisallowed)
        #expect(try await scanner.status(VirtualWorld.createConnection()) == .success)
        #expect(try await scanner.status(VirtualWorld.createConnection()) == .commandDisallowed)

        // Unknown handles.
        #expect(try await scanner.status(HCIDisconnect(connectionHandle: 0x0040)) == .unknownConnectionIdentifier)
        #expect(try await scanner.complete(HCIReadRSSI(handle: 0x0040)).status == .unknownConnectionIdentifier)
        #expect(try await scanner.complete(HCILEReadPHY(connectionHandle: 0x0040)).status == .unknownConnectionIdentifier)
        #expect(try await scanner.status(HCILEReadRemoteFeatures(connectionHandle: 0x0040)) == .unknownConnectionIdentifier)
    }

    @Test func randomOwnAddressMustBeSetFirst() async throws {
        let world = try await VirtualWorld()
        let host = world.peripheralHost
        #expect(try await host.complete(HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x00A0, advertisingIntervalMax: 0x00A0, advertisingType: .advInd,
            ownAddressType: .random, peerAddressType: .public, peerAddress: VirtualController.zeroAddress
        )).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: true)).status == .invalidHCICommandParameters)
        #expect(try await host.complete(HCILESetRandomAddress(randomAddress: VirtualWorld.randomAddress)).status == .success)
        #expect(try await host.complete(HCILESetAdvertisingEnable(enable: true)).status == .success)
        #expect(world.peripheral.isAdvertising)
    }

    @Test func resetStopsEverythingAndRestoresDefaults() async throws {
        let world = try await VirtualWorld()
        try await world.advertise(world.peripheralHost)
        #expect(world.peripheral.isAdvertising)
        try await world.peripheralHost.powerOn()
        #expect(!world.peripheral.isAdvertising)
        // The default parameters are back: advertising may be enabled again right away.
        #expect(try await world.peripheralHost.complete(HCILESetAdvertisingEnable(enable: true)).status == .success)
    }

    @Test func closedHostTransportIsReplacedForTheNextHost() async throws {
        let controller = VirtualController(publicAddress: VirtualWorld.centralAddress)
        let first = controller.hostTransport
        await first.close()
        await #expect(throws: VirtualError.self) {
            try await first.send(.command(HCIReset().packet))
        }
        let host = await HCITestHost.start(controller.hostTransport)
        #expect(try await host.complete(HCIReset()).status == .success)
    }
}
