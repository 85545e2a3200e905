import BLECore
import BLEHCI
import Testing

/// One valid command: its packet hex (opcode little-endian, Parameter_Total_Length,
/// parameters; hand-derived from Core 5.4, Vol 4, Part E, 7) and the value it decodes to.
struct HCICommandCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let command: any HCICommand
    /// Whether every field has a fixed size, so every strict prefix of the parameters must throw.
    let isFixedSize: Bool

    init(_ name: String, _ hex: String, _ command: any HCICommand, fixedSize: Bool = true) {
        self.name = name
        self.hex = hex
        self.command = command
        self.isFixedSize = fixedSize
    }

    var bytes: [UInt8] { BLEHCITests.hex(hex) }
    var testDescription: String { "\(name) [\(hex)]" }
}

let advertisingDataHex = "07 02010603030f18 " + zeros(24)

let validHCICommands: [HCICommandCase] = [
    HCICommandCase("Reset", "030c 00", HCIReset()),
    HCICommandCase(
        "Set Event Mask (Bumble)", "010c 08 0011223344556677",
        HCISetEventMask(eventMask: HCIEventMask(rawValue: 0x7766_5544_3322_1100))
    ),
    HCICommandCase(
        "LE Set Event Mask, Connection Complete + Enhanced v2 (Bumble)", "0120 08 0100000000010000",
        HCILESetEventMask(leEventMask: [.connectionComplete, .enhancedConnectionCompleteV2])
    ),
    HCICommandCase("Read Local Version Information", "0110 00", HCIReadLocalVersionInformation()),
    HCICommandCase("Read Local Supported Commands", "0210 00", HCIReadLocalSupportedCommands()),
    HCICommandCase("Read Local Supported Features", "0310 00", HCIReadLocalSupportedFeatures()),
    HCICommandCase("Read BD_ADDR", "0910 00", HCIReadBDADDR()),
    HCICommandCase("Read Buffer Size", "0510 00", HCIReadBufferSize()),
    HCICommandCase("LE Read Buffer Size v1", "0220 00", HCILEReadBufferSize()),
    HCICommandCase("LE Read Buffer Size v2", "6020 00", HCILEReadBufferSizeV2()),
    HCICommandCase("LE Read Local Supported Features", "0320 00", HCILEReadLocalSupportedFeatures()),
    HCICommandCase("LE Create Connection Cancel", "0e20 00", HCILECreateConnectionCancel()),
    HCICommandCase("LE Read Filter Accept List Size", "0f20 00", HCILEReadFilterAcceptListSize()),
    HCICommandCase("LE Clear Filter Accept List", "1020 00", HCILEClearFilterAcceptList()),
    HCICommandCase("LE Set Random Address", "0520 06 5544332211c0", HCILESetRandomAddress(randomAddress: staticAddress)),
    HCICommandCase(
        "LE Set Scan Parameters (Bumble)", "0b20 07 01 1400 0a00 01 00",
        HCILESetScanParameters(leScanType: .active, leScanInterval: 20, leScanWindow: 10, ownAddressType: .random)
    ),
    HCICommandCase(
        "LE Set Scan Parameters, passive, unknown own address type kept", "0b20 07 00 1000 1000 07 03",
        HCILESetScanParameters(
            leScanType: .passive, leScanInterval: 0x10, leScanWindow: 0x10,
            ownAddressType: HCIOwnAddressType(rawValue: 7), scanningFilterPolicy: 3
        )
    ),
    HCICommandCase("LE Set Scan Enable", "0c20 02 01 01", HCILESetScanEnable(enable: true, filterDuplicates: true)),
    HCICommandCase("LE Set Scan Enable, off", "0c20 02 00 00", HCILESetScanEnable(enable: false, filterDuplicates: false)),
    HCICommandCase(
        "LE Set Scan Enable, invalid 0x02 kept for the controller", "0c20 02 02 00",
        HCILESetScanEnable(leScanEnable: 2, filterDuplicates: 0)
    ),
    HCICommandCase(
        "LE Set Advertising Parameters (Bumble)", "0620 0f 1400 1e00 03 00 01 554433221100 03 01",
        HCILESetAdvertisingParameters(
            advertisingIntervalMin: 20, advertisingIntervalMax: 30, advertisingType: .advNonconnInd,
            ownAddressType: .public, peerAddressType: .random, peerAddress: bumbleRandomAddress,
            advertisingChannelMap: 0x03, advertisingFilterPolicy: 1
        )
    ),
    HCICommandCase(
        "LE Set Advertising Parameters, ADV_IND 1.28 s", "0620 0f 0008 0008 00 01 00 000000000000 07 00",
        HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0800, advertisingIntervalMax: 0x0800, advertisingType: .advInd,
            ownAddressType: .random, peerAddressType: .public, peerAddress: zeroPublicAddress
        )
    ),
    HCICommandCase(
        "LE Set Advertising Data", "0820 20 " + advertisingDataHex,
        HCILESetAdvertisingData(advertisingData: hex("02010603030f18")), fixedSize: false
    ),
    HCICommandCase(
        "LE Set Advertising Data, empty", "0820 20 00" + zeros(31),
        HCILESetAdvertisingData(advertisingData: []), fixedSize: false
    ),
    HCICommandCase(
        "LE Set Advertising Data, full 31 bytes", "0820 20 1f" + String(repeating: "ab", count: 31),
        HCILESetAdvertisingData(advertisingData: [UInt8](repeating: 0xAB, count: 31)), fixedSize: false
    ),
    HCICommandCase(
        "LE Set Scan Response Data", "0920 20 " + advertisingDataHex,
        HCILESetScanResponseData(scanResponseData: hex("02010603030f18")), fixedSize: false
    ),
    HCICommandCase("LE Set Advertising Enable", "0a20 01 01", HCILESetAdvertisingEnable(enable: true)),
    HCICommandCase(
        "LE Create Connection (Bumble)", "0d20 19 0400 0500 01 01 554433221100 02 0700 0800 0900 0a00 0b00 0c00",
        HCILECreateConnection(
            leScanInterval: 4, leScanWindow: 5, initiatorFilterPolicy: 1, peerAddressType: .random,
            peerAddress: bumbleRandomAddress, ownAddressType: .resolvableOrPublic, connectionIntervalMin: 7,
            connectionIntervalMax: 8, maxLatency: 9, supervisionTimeout: 10, minCELength: 11, maxCELength: 12
        )
    ),
    HCICommandCase(
        "LE Create Connection, public peer", "0d20 19 6000 3000 00 00 1316f23e315c 00 1800 2800 0000 f401 0000 0000",
        HCILECreateConnection(
            leScanInterval: 0x60, leScanWindow: 0x30, peerAddressType: .public, peerAddress: publicAddress,
            ownAddressType: .public, connectionIntervalMin: 0x18, connectionIntervalMax: 0x28, maxLatency: 0,
            supervisionTimeout: 0x1F4
        )
    ),
    HCICommandCase("Disconnect", "0604 03 4000 13", HCIDisconnect(connectionHandle: 0x40)),
    HCICommandCase(
        "Disconnect (Bumble)", "0604 03 7b00 11",
        HCIDisconnect(connectionHandle: 123, reason: .unsupportedFeatureOrParameterValue)
    ),
    HCICommandCase(
        "LE Connection Update", "1320 0e 4000 0600 0c00 0000 c800 0000 0000",
        HCILEConnectionUpdate(
            connectionHandle: 0x40, connectionIntervalMin: 6, connectionIntervalMax: 12, maxLatency: 0,
            supervisionTimeout: 200
        )
    ),
    HCICommandCase("LE Read Remote Features", "1620 02 4000", HCILEReadRemoteFeatures(connectionHandle: 0x40)),
    HCICommandCase(
        "LE Set Data Length", "2220 06 4000 fb00 4808",
        HCILESetDataLength(connectionHandle: 0x40, txOctets: 251, txTime: 2120)
    ),
    HCICommandCase(
        "LE Write Suggested Default Data Length", "2420 04 fb00 4808",
        HCILEWriteSuggestedDefaultDataLength(suggestedMaxTXOctets: 251, suggestedMaxTXTime: 2120)
    ),
    HCICommandCase("LE Read Maximum Data Length", "2f20 00", HCILEReadMaximumDataLength()),
    HCICommandCase("LE Read PHY", "3020 02 4000", HCILEReadPHY(connectionHandle: 0x40)),
    HCICommandCase(
        "LE Set PHY, 2M", "3220 07 4000 00 02 02 0000",
        HCILESetPHY(connectionHandle: 0x40, txPHYs: .le2M, rxPHYs: .le2M)
    ),
    HCICommandCase(
        "LE Set PHY, no preference, coded S=8", "3220 07 4000 03 07 07 0200",
        HCILESetPHY(connectionHandle: 0x40, allPHYs: 3, txPHYs: [.le1M, .le2M, .leCoded], rxPHYs: [.le1M, .le2M, .leCoded], phyOptions: 2)
    ),
    HCICommandCase("Read RSSI", "0514 02 4000", HCIReadRSSI(handle: 0x40)),
    HCICommandCase(
        "Host Buffer Size", "330c 07 fd03 00 0800 0000",
        HCIHostBufferSize(
            hostACLDataPacketLength: 1021, hostSynchronousDataPacketLength: 0, hostTotalNumACLDataPackets: 8,
            hostTotalNumSynchronousDataPackets: 0
        )
    ),
    HCICommandCase(
        "Host Number Of Completed Packets, two handles", "350c 09 02 4000 0300 4100 0100",
        HCIHostNumberOfCompletedPackets(entries: [
            .init(connectionHandle: 0x40, hostNumCompletedPackets: 3), .init(connectionHandle: 0x41, hostNumCompletedPackets: 1),
        ]),
        fixedSize: false
    ),
    HCICommandCase(
        "Host Number Of Completed Packets, none", "350c 01 00",
        HCIHostNumberOfCompletedPackets(entries: []), fixedSize: false
    ),
    HCICommandCase(
        "Set Controller To Host Flow Control", "310c 01 01",
        HCISetControllerToHostFlowControl(flowControlEnable: 1)
    ),
]

@Suite struct HCICommandTests {
    @Test(arguments: validHCICommands)
    func encodesAndDecodesSpecHex(_ commandCase: HCICommandCase) throws {
        let bytes = commandCase.bytes
        let command = commandCase.command
        #expect(command.packet.encode() == bytes)
        let packet = try HCICommandPacket(decoding: bytes)
        #expect(packet.opcode == type(of: command).opcode)
        let decoded = try #require(try HCICommands.decode(packet))
        let sameDecoded = sameCommand(command, decoded)
        #expect(sameDecoded)
        let own = try decodeAsOwnType(command, packet)
        let sameOwn = sameCommand(command, own)
        #expect(sameOwn)
        #expect(!packet.description.isEmpty)
        #expect(!type(of: command).opcode.name.hasPrefix("OGF"))
    }

    @Test(arguments: validHCICommands)
    func everyStrictPrefixOfThePacketThrows(_ commandCase: HCICommandCase) {
        let bytes = commandCase.bytes
        for count in 0..<bytes.count {
            #expect(throws: HCIDecodingError.self) { try HCICommandPacket(decoding: Array(bytes.prefix(count))) }
        }
    }

    @Test(arguments: validHCICommands)
    func everyStrictPrefixOfTheParametersThrowsOrDecodesTheSameCommand(_ commandCase: HCICommandCase) throws {
        let packet = try HCICommandPacket(decoding: commandCase.bytes)
        for count in 0..<packet.parameters.count {
            let cut = HCICommandPacket(opcode: packet.opcode, parameters: Array(packet.parameters.prefix(count)))
            let decoded: (any HCICommand)?
            do {
                decoded = try HCICommands.decode(cut)
            } catch {
                #expect(error.code == .truncated || error.code == .lengthMismatch, "\(error)")
                #expect(error.field != nil)
                continue
            }
            // Only the padding of advertising data may be cut.
            #expect(!commandCase.isFixedSize, "a fixed-size command decoded from \(count) of \(packet.parameters.count) bytes")
            let same = decoded.map { sameCommand(commandCase.command, $0) }
            #expect(same == true)
        }
    }

    @Test(arguments: validHCICommands)
    func aTrailingByteThrows(_ commandCase: HCICommandCase) throws {
        let packet = try HCICommandPacket(decoding: commandCase.bytes)
        let longer = HCICommandPacket(opcode: packet.opcode, parameters: packet.parameters + [0])
        #expect(throws: HCIDecodingError.self) { try HCICommands.decode(longer) }
    }

    @Test func everyCommandTypeIsRegisteredOnce() {
        let opcodes = HCICommands.all.map { $0.opcode }
        #expect(Set(opcodes).count == opcodes.count)
        #expect(opcodes.count == 39)
        for opcode in opcodes {
            #expect(HCICommands.type(for: opcode)?.opcode == opcode)
            #expect(!opcode.name.hasPrefix("OGF"))
        }
        #expect(HCICommands.type(for: HCIOpcode(ogf: 0x3F, ocf: 0x001)) == nil)
    }

    @Test func unknownOpcodeDecodesToNil() throws {
        #expect(try HCICommands.decode(HCICommandPacket(opcode: HCIOpcode(rawValue: 0xFC01), parameters: [1, 2])) == nil)
    }

    @Test func decodingAsTheWrongTypeNamesBothOpcodes() {
        let packet = HCIReset().packet
        #expect {
            try HCIReadBDADDR(packet: packet)
        } throws: { error in
            (error as? HCIDecodingError)?.code == .unexpectedType
        }
    }

    @Test func advertisingDataLongerThan31BytesIsMalformed() {
        let packet = HCICommandPacket(opcode: .leSetAdvertisingData, parameters: [32] + [UInt8](repeating: 0, count: 32))
        #expect {
            try HCILESetAdvertisingData(packet: packet)
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .invalidValue && error?.field == "Advertising_Data_Length"
        }
    }

    @Test func advertisingDataWithoutPaddingIsAccepted() throws {
        let packet = HCICommandPacket(opcode: .leSetScanResponseData, parameters: hex("03 020106"))
        #expect(try HCILESetScanResponseData(packet: packet).scanResponseData == hex("020106"))
    }

    @Test func hostNumberOfCompletedPacketsCountThatOverrunsThrows() {
        let packet = HCICommandPacket(opcode: .hostNumberOfCompletedPackets, parameters: hex("03 4000 0100 4100 0100"))
        #expect {
            try HCIHostNumberOfCompletedPackets(packet: packet)
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .lengthMismatch && error?.field == "Num_Handles"
                && error?.description.contains("HCI_Host_Number_Of_Completed_Packets command") == true
        }
    }

    @Test func statusCommandsRecogniseTheirCompletionEvents() {
        let disconnected = HCIEvent.disconnectionComplete(.init(connectionHandle: 0x40, reason: .connectionTerminatedByLocalHost))
        #expect(HCIDisconnect(connectionHandle: 0x40).isCompleted(by: disconnected))
        #expect(!HCIDisconnect(connectionHandle: 0x41).isCompleted(by: disconnected))
        let connected = HCIEvent(HCILEConnectionComplete(
            status: .success, connectionHandle: 1, role: .central, peerAddressType: .public, peerAddress: publicAddress,
            connectionInterval: 0x18, peripheralLatency: 0, supervisionTimeout: 0x1F4, centralClockAccuracy: 0
        ))
        let create = HCILECreateConnection(
            leScanInterval: 0x60, leScanWindow: 0x30, peerAddressType: .public, peerAddress: publicAddress,
            ownAddressType: .public, connectionIntervalMin: 0x18, connectionIntervalMax: 0x28, maxLatency: 0,
            supervisionTimeout: 0x1F4
        )
        #expect(create.isCompleted(by: connected))
        #expect(!create.isCompleted(by: disconnected))
        let updated = HCIEvent(HCILEConnectionUpdateComplete(
            status: .success, connectionHandle: 0x40, connectionInterval: 6, peripheralLatency: 0, supervisionTimeout: 200
        ))
        #expect(HCILEConnectionUpdate(
            connectionHandle: 0x40, connectionIntervalMin: 6, connectionIntervalMax: 6, maxLatency: 0, supervisionTimeout: 200
        ).isCompleted(by: updated))
        let features = HCIEvent(HCILEReadRemoteFeaturesComplete(status: .success, connectionHandle: 0x40, leFeatures: [.leEncryption]))
        #expect(HCILEReadRemoteFeatures(connectionHandle: 0x40).isCompleted(by: features))
        #expect(!HCILEReadRemoteFeatures(connectionHandle: 0x40).isCompleted(by: updated))
        let phy = HCIEvent(HCILEPHYUpdateComplete(status: .success, connectionHandle: 0x40, txPHY: .le2M, rxPHY: .le2M))
        #expect(HCILESetPHY(connectionHandle: 0x40, txPHYs: .le2M, rxPHYs: .le2M).isCompleted(by: phy))
    }

    @Test func unitHelpersConvertDurations() {
        let scan = HCILESetScanParameters(leScanType: .active, leScanInterval: 0x0010, leScanWindow: 0x0008, ownAddressType: .public)
        #expect(scan.leScanIntervalDuration == .milliseconds(10))
        #expect(scan.leScanWindowDuration == .milliseconds(5))
        #expect(HCITimeUnit.connectionInterval.duration(24) == .milliseconds(30))
        #expect(HCITimeUnit.supervisionTimeout.duration(500) == .seconds(5))
        #expect(HCITimeUnit.slot.count(for: .milliseconds(100)) == 160)
        #expect(HCITimeUnit.connectionInterval.count(for: .milliseconds(7.5)) == 6)
        #expect(HCITimeUnit.supervisionTimeout.count(for: .seconds(1_000)) == UInt16.max)
        #expect(HCITimeUnit.slot.count(for: .milliseconds(-5)) == 0)
    }
}
