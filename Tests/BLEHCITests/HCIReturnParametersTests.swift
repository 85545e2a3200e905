import BLECore
import BLEHCI
import Testing

/// One return-parameter set: the command it answers, its hex (Status first; from the layouts of
/// Core 5.4, Vol 4, Part E, 7) and the value it decodes to.
struct HCIReturnParametersCase: Sendable, CustomTestStringConvertible {
    let name: String
    let command: any HCICommandCompleting.Type
    let hex: String
    let value: any HCIReturnParameters

    init(_ name: String, _ command: any HCICommandCompleting.Type, _ hex: String, _ value: any HCIReturnParameters) {
        self.name = name
        self.command = command
        self.hex = hex
        self.value = value
    }

    var bytes: [UInt8] { BLEHCITests.hex(hex) }
    var testDescription: String { "\(name) [\(hex)]" }
}

let supportedCommandsHex = "20" + zeros(32) + "40" + zeros(30)

let validReturnParameters: [HCIReturnParametersCase] = [
    HCIReturnParametersCase("Reset", HCIReset.self, "00", HCIStatusReturnParameters(status: .success)),
    HCIReturnParametersCase("Reset, Command Disallowed", HCIReset.self, "0c", HCIStatusReturnParameters(status: .commandDisallowed)),
    HCIReturnParametersCase("Set Event Mask", HCISetEventMask.self, "00", HCIStatusReturnParameters(status: .success)),
    HCIReturnParametersCase(
        "LE Set Scan Parameters, Invalid HCI Command Parameters", HCILESetScanParameters.self, "12",
        HCIStatusReturnParameters(status: .invalidHCICommandParameters)
    ),
    HCIReturnParametersCase(
        "Read Local Version Information", HCIReadLocalVersionInformation.self, "00 0d 3412 0d f105 7856",
        HCIReadLocalVersionInformation.ReturnParameters(
            status: .success, hciVersion: 0x0D, hciSubversion: 0x1234, lmpVersion: 0x0D, companyIdentifier: 0x05F1,
            lmpSubversion: 0x5678
        )
    ),
    HCIReturnParametersCase(
        "Read Local Supported Commands", HCIReadLocalSupportedCommands.self, "00 " + supportedCommandsHex,
        HCIReadLocalSupportedCommands.ReturnParameters(status: .success, supportedCommands: hex(supportedCommandsHex))
    ),
    HCIReturnParametersCase(
        "Read Local Supported Features, LE only", HCIReadLocalSupportedFeatures.self, "00 0000000060000000",
        HCIReadLocalSupportedFeatures.ReturnParameters(status: .success, lmpFeatures: 0x0000_0060_0000_0000)
    ),
    HCIReturnParametersCase(
        "Read BD_ADDR", HCIReadBDADDR.self, "00 1316f23e315c",
        HCIReadBDADDR.ReturnParameters(status: .success, bdADDR: publicAddress)
    ),
    HCIReturnParametersCase(
        "Read Buffer Size", HCIReadBufferSize.self, "00 fd03 40 0800 0100",
        HCIReadBufferSize.ReturnParameters(
            status: .success, aclDataPacketLength: 1021, synchronousDataPacketLength: 64, totalNumACLDataPackets: 8,
            totalNumSynchronousDataPackets: 1
        )
    ),
    HCIReturnParametersCase(
        "LE Read Buffer Size v1 (Bumble)", HCILEReadBufferSize.self, "00 d204 38",
        HCILEReadBufferSize.ReturnParameters(status: .success, leACLDataPacketLength: 1234, totalNumLEACLDataPackets: 56)
    ),
    HCIReturnParametersCase(
        "LE Read Buffer Size v2", HCILEReadBufferSizeV2.self, "00 fb00 0f 0000 00",
        HCILEReadBufferSizeV2.ReturnParameters(
            status: .success, leACLDataPacketLength: 251, totalNumLEACLDataPackets: 15, isoDataPacketLength: 0,
            totalNumISODataPackets: 0
        )
    ),
    HCIReturnParametersCase(
        "LE Read Local Supported Features", HCILEReadLocalSupportedFeatures.self, "00 2111000000000000",
        HCILEReadLocalSupportedFeatures.ReturnParameters(
            status: .success, leFeatures: [.leEncryption, .leDataPacketLengthExtension, .le2MPHY, .leExtendedAdvertising]
        )
    ),
    HCIReturnParametersCase(
        "LE Read Filter Accept List Size", HCILEReadFilterAcceptListSize.self, "00 10",
        HCILEReadFilterAcceptListSize.ReturnParameters(status: .success, filterAcceptListSize: 16)
    ),
    HCIReturnParametersCase(
        "LE Set Data Length", HCILESetDataLength.self, "00 4000",
        HCILESetDataLength.ReturnParameters(status: .success, connectionHandle: 0x40)
    ),
    HCIReturnParametersCase(
        "LE Read Maximum Data Length", HCILEReadMaximumDataLength.self, "00 fb00 4808 fb00 4808",
        HCILEReadMaximumDataLength.ReturnParameters(
            status: .success, supportedMaxTXOctets: 251, supportedMaxTXTime: 2120, supportedMaxRXOctets: 251, supportedMaxRXTime: 2120
        )
    ),
    HCIReturnParametersCase(
        "LE Read PHY", HCILEReadPHY.self, "00 4000 02 02",
        HCILEReadPHY.ReturnParameters(status: .success, connectionHandle: 0x40, txPHY: .le2M, rxPHY: .le2M)
    ),
    HCIReturnParametersCase(
        "LE Read PHY, failed with every field", HCILEReadPHY.self, "02 4000 00 00",
        HCILEReadPHY.ReturnParameters(status: .unknownConnectionIdentifier, connectionHandle: 0x40, txPHY: .none, rxPHY: .none)
    ),
    HCIReturnParametersCase(
        "Read RSSI", HCIReadRSSI.self, "00 4000 c4",
        HCIReadRSSI.ReturnParameters(status: .success, handle: 0x40, rssi: -60)
    ),
]

/// Decodes the return parameters of `command` out of a Command Complete event (the existential is opened).
func decodeReturnParameters<Command: HCICommandCompleting>(
    for command: Command.Type,
    from event: HCICommandComplete
) throws -> any HCIReturnParameters {
    try event.returnParameters(for: command)
}

/// Decodes `bytes` as the type of `value`.
func decodeAsOwnType<Parameters: HCIReturnParameters>(
    _ value: Parameters,
    _ bytes: [UInt8],
    opcode: HCIOpcode
) throws -> any HCIReturnParameters {
    try Parameters(decoding: bytes, opcode: opcode)
}

/// Whether two return-parameter sets of possibly different types are equal.
func sameReturnParameters<Parameters: HCIReturnParameters>(_ value: Parameters, _ other: any HCIReturnParameters) -> Bool {
    (other as? Parameters) == value
}

/// The value for a failed status of the same type as `value`.
func failedValue<Parameters: HCIReturnParameters>(like value: Parameters, _ status: HCIStatus) -> any HCIReturnParameters {
    Parameters(failedWith: status)
}

@Suite struct HCIReturnParametersTests {
    @Test(arguments: validReturnParameters)
    func encodesAndDecodesSpecHex(_ parametersCase: HCIReturnParametersCase) throws {
        let bytes = parametersCase.bytes
        #expect(parametersCase.value.encode() == bytes)
        let own = try decodeAsOwnType(parametersCase.value, bytes, opcode: parametersCase.command.opcode)
        let sameOwn = sameReturnParameters(parametersCase.value, own)
        #expect(sameOwn)

        // Through a Command Complete event, as the host receives them.
        let eventBytes = [0x0E, UInt8(3 + bytes.count), 0x01] + HCIOpcodeBytes(parametersCase.command.opcode) + bytes
        guard case .commandComplete(let complete) = try HCIEvent(decoding: eventBytes) else {
            Issue.record("not a Command Complete")
            return
        }
        #expect(complete.status == parametersCase.value.status)
        let typed = try decodeReturnParameters(for: parametersCase.command, from: complete)
        let sameTyped = sameReturnParameters(parametersCase.value, typed)
        #expect(sameTyped)
    }

    @Test(arguments: validReturnParameters)
    func everyStrictPrefixOfASuccessThrowsAndOfAFailureDecodesToTheStatus(_ parametersCase: HCIReturnParametersCase) throws {
        let bytes = parametersCase.bytes
        let opcode = parametersCase.command.opcode
        #expect(throws: HCIDecodingError.self) { try decodeAsOwnType(parametersCase.value, [], opcode: opcode) }
        for count in 1..<max(1, bytes.count) {
            let prefix = Array(bytes.prefix(count))
            if parametersCase.value.status.isSuccess {
                #expect(throws: HCIDecodingError.self) { try decodeAsOwnType(parametersCase.value, prefix, opcode: opcode) }
            } else {
                let decoded = try decodeAsOwnType(parametersCase.value, prefix, opcode: opcode)
                let expected = failedValue(like: parametersCase.value, parametersCase.value.status)
                #expect(decoded.encode() == expected.encode())
            }
        }
    }

    @Test(arguments: validReturnParameters)
    func aTrailingByteAfterSuccessThrows(_ parametersCase: HCIReturnParametersCase) {
        guard parametersCase.value.status.isSuccess else { return }
        #expect(throws: HCIDecodingError.self) {
            try decodeAsOwnType(parametersCase.value, parametersCase.bytes + [0], opcode: parametersCase.command.opcode)
        }
    }

    @Test func aFailedStatusAloneDecodesWithZeroFields() throws {
        let complete = try HCICommandComplete(packet: HCIEventPacket(decoding: hex("0e 04 01 0510 0c")))
        let parameters = try complete.returnParameters(for: HCIReadBufferSize.self)
        #expect(parameters == HCIReadBufferSize.ReturnParameters(failedWith: .commandDisallowed))
        #expect(parameters.totalNumACLDataPackets == 0)
        #expect(parameters.encode() == hex("0c 0000 00 0000 0000"))
        let version = try complete.returnParameters(as: HCIReadLocalVersionInformation.ReturnParameters.self)
        #expect(version.status == .commandDisallowed)
    }

    @Test func aTruncatedSuccessNamesTheField() {
        #expect {
            try HCIReadBufferSize.ReturnParameters(decoding: hex("00 fd03 40"), opcode: .readBufferSize)
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .truncated && error?.field == "Total_Num_ACL_Data_Packets"
                && error?.subject == .returnParameters(.readBufferSize)
                && error?.description == "malformed HCI_Read_Buffer_Size return parameters: Total_Num_ACL_Data_Packets: 2 bytes expected, 0 left"
        }
    }

    @Test func returnParametersForAnotherCommandThrow() throws {
        let complete = HCICommandComplete(
            numHCICommandPackets: 1, answering: HCIReset.self, returnParameters: HCIStatusReturnParameters(status: .success)
        )
        #expect(complete.packet.encode() == hex("0e 04 01 030c 00"))
        #expect {
            try complete.returnParameters(for: HCIReadBDADDR.self)
        } throws: { error in
            (error as? HCIDecodingError)?.code == .unexpectedType
        }
        #expect(try complete.returnParameters(for: HCIReset.self).status == .success)
    }

    @Test func supportedCommandsAndFeatureHelpers() {
        let commands = HCIReadLocalSupportedCommands.ReturnParameters(status: .success, supportedCommands: hex(supportedCommandsHex))
        #expect(commands.supports(octet: 0, bit: 5))
        #expect(commands.supports(octet: 33, bit: 6))
        #expect(!commands.supports(octet: 33, bit: 5))
        #expect(!commands.supports(octet: 64, bit: 0))
        let features = HCIReadLocalSupportedFeatures.ReturnParameters(status: .success, lmpFeatures: 0x0000_0060_0000_0000)
        #expect(features.isLESupported && features.isBREDRNotSupported)
        #expect(HCIReadRSSI.ReturnParameters(status: .success, handle: 1, rssi: 127).rssiDBm == nil)
        #expect(HCIReadRSSI.ReturnParameters(status: .success, handle: 1, rssi: -60).rssiDBm == -60)
    }
}

/// An opcode's two wire bytes.
func HCIOpcodeBytes(_ opcode: HCIOpcode) -> [UInt8] {
    [UInt8(opcode.rawValue & 0xFF), UInt8(opcode.rawValue >> 8)]
}

/// A command whose parameters break a spec range, and the field `validate()` must name.
struct HCIInvalidCommandCase: Sendable, CustomTestStringConvertible {
    let name: String
    let command: any HCICommand
    let field: String

    init(_ name: String, _ command: any HCICommand, field: String) {
        self.name = name
        self.command = command
        self.field = field
    }

    var testDescription: String { name }
}

func connection(
    min: UInt16 = 0x18, max: UInt16 = 0x28, latency: UInt16 = 0, timeout: UInt16 = 0x1F4,
    minCE: UInt16 = 0, maxCE: UInt16 = 0, scanInterval: UInt16 = 0x60, scanWindow: UInt16 = 0x30
) -> HCILECreateConnection {
    HCILECreateConnection(
        leScanInterval: scanInterval, leScanWindow: scanWindow, peerAddressType: .public, peerAddress: publicAddress,
        ownAddressType: .public, connectionIntervalMin: min, connectionIntervalMax: max, maxLatency: latency,
        supervisionTimeout: timeout, minCELength: minCE, maxCELength: maxCE
    )
}

func scanParameters(interval: UInt16 = 0x10, window: UInt16 = 0x10, type: UInt8 = 1, own: UInt8 = 0, policy: UInt8 = 0) -> HCILESetScanParameters {
    HCILESetScanParameters(
        leScanType: HCILEScanType(rawValue: type), leScanInterval: interval, leScanWindow: window,
        ownAddressType: HCIOwnAddressType(rawValue: own), scanningFilterPolicy: policy
    )
}

let invalidHCICommands: [HCIInvalidCommandCase] = [
    HCIInvalidCommandCase("scan interval below 0x0004", scanParameters(interval: 3, window: 3), field: "LE_Scan_Interval"),
    HCIInvalidCommandCase("scan interval above 0x4000", scanParameters(interval: 0x4001), field: "LE_Scan_Interval"),
    HCIInvalidCommandCase("scan window above interval", scanParameters(interval: 0x10, window: 0x20), field: "LE_Scan_Window"),
    HCIInvalidCommandCase("scan type 2", scanParameters(type: 2), field: "LE_Scan_Type"),
    HCIInvalidCommandCase("own address type 4", scanParameters(own: 4), field: "Own_Address_Type"),
    HCIInvalidCommandCase("scanning filter policy 4", scanParameters(policy: 4), field: "Scanning_Filter_Policy"),
    HCIInvalidCommandCase("scan enable 2", HCILESetScanEnable(leScanEnable: 2, filterDuplicates: 0), field: "LE_Scan_Enable"),
    HCIInvalidCommandCase("advertising enable 2", HCILESetAdvertisingEnable(advertisingEnable: 2), field: "Advertising_Enable"),
    HCIInvalidCommandCase(
        "advertising interval below 20 ms",
        HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x1F, advertisingIntervalMax: 0x20, advertisingType: .advInd, ownAddressType: .public,
            peerAddressType: .public, peerAddress: zeroPublicAddress
        ),
        field: "Advertising_Interval_Min"
    ),
    HCIInvalidCommandCase(
        "advertising interval min above max",
        HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0900, advertisingIntervalMax: 0x0800, advertisingType: .advInd, ownAddressType: .public,
            peerAddressType: .public, peerAddress: zeroPublicAddress
        ),
        field: "Advertising_Interval_Min"
    ),
    HCIInvalidCommandCase(
        "empty channel map",
        HCILESetAdvertisingParameters(
            advertisingIntervalMin: 0x0800, advertisingIntervalMax: 0x0800, advertisingType: .advInd, ownAddressType: .public,
            peerAddressType: .public, peerAddress: zeroPublicAddress, advertisingChannelMap: 0
        ),
        field: "Advertising_Channel_Map"
    ),
    HCIInvalidCommandCase("connection interval below 7.5 ms", connection(min: 5), field: "Connection_Interval_Min"),
    HCIInvalidCommandCase("connection interval above 4 s", connection(max: 0x0C81), field: "Connection_Interval_Max"),
    HCIInvalidCommandCase("connection interval min above max", connection(min: 0x30, max: 0x28), field: "Connection_Interval_Min"),
    HCIInvalidCommandCase("latency above 0x01F3", connection(latency: 0x01F4), field: "Max_Latency"),
    HCIInvalidCommandCase("supervision timeout below 100 ms", connection(timeout: 9), field: "Supervision_Timeout"),
    HCIInvalidCommandCase(
        "supervision timeout too short for latency", connection(max: 0x28, latency: 10, timeout: 0x64), field: "Supervision_Timeout"
    ),
    HCIInvalidCommandCase("CE length min above max", connection(minCE: 2, maxCE: 1), field: "Min_CE_Length"),
    HCIInvalidCommandCase("create connection scan window above interval", connection(scanInterval: 0x10, scanWindow: 0x20), field: "LE_Scan_Window"),
    HCIInvalidCommandCase(
        "connection update handle above 0x0EFF",
        HCILEConnectionUpdate(
            connectionHandle: 0x0F00, connectionIntervalMin: 6, connectionIntervalMax: 6, maxLatency: 0, supervisionTimeout: 200
        ),
        field: "Connection_Handle"
    ),
    HCIInvalidCommandCase("disconnect reason 0x16", HCIDisconnect(connectionHandle: 1, reason: .connectionTerminatedByLocalHost), field: "Reason"),
    HCIInvalidCommandCase(
        "data length TX_Octets below 27", HCILESetDataLength(connectionHandle: 1, txOctets: 26, txTime: 0x0148), field: "TX_Octets"
    ),
    HCIInvalidCommandCase(
        "data length TX_Time above 0x4290", HCILESetDataLength(connectionHandle: 1, txOctets: 27, txTime: 0x4291), field: "TX_Time"
    ),
    HCIInvalidCommandCase(
        "suggested data length TX_Octets above 251",
        HCILEWriteSuggestedDefaultDataLength(suggestedMaxTXOctets: 252, suggestedMaxTXTime: 2120), field: "Suggested_Max_TX_Octets"
    ),
    HCIInvalidCommandCase(
        "suggested data length TX_Time below 0x0148",
        HCILEWriteSuggestedDefaultDataLength(suggestedMaxTXOctets: 27, suggestedMaxTXTime: 0x0147), field: "Suggested_Max_TX_Time"
    ),
    HCIInvalidCommandCase("PHY options 3", HCILESetPHY(connectionHandle: 1, txPHYs: .le1M, rxPHYs: .le1M, phyOptions: 3), field: "PHY_Options"),
    HCIInvalidCommandCase("no TX PHY given", HCILESetPHY(connectionHandle: 1, txPHYs: [], rxPHYs: .le1M), field: "TX_PHYs"),
    HCIInvalidCommandCase("public random address", HCILESetRandomAddress(randomAddress: publicAddress), field: "Random_Address"),
    HCIInvalidCommandCase("flow control 4", HCISetControllerToHostFlowControl(flowControlEnable: 4), field: "Flow_Control_Enable"),
    HCIInvalidCommandCase(
        "host completed packets on handle 0x0F00",
        HCIHostNumberOfCompletedPackets(entries: [.init(connectionHandle: 0x0F00, hostNumCompletedPackets: 1)]),
        field: "Connection_Handle"
    ),
]

@Suite struct HCICommandValidationTests {
    @Test(arguments: invalidHCICommands)
    func validateNamesTheField(_ invalid: HCIInvalidCommandCase) {
        #expect {
            try invalid.command.validate()
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .parameterOutOfRange && error?.field == invalid.field
                && error?.description.hasPrefix("invalid ") == true
        }
    }

    @Test(arguments: validHCICommands.filter { !$0.name.contains("invalid") && !$0.name.contains("unknown") && !$0.name.contains("Bumble") })
    func specExamplesValidate(_ commandCase: HCICommandCase) throws {
        try commandCase.command.validate()
    }

    @Test func decodingAcceptsOutOfRangeValuesSoTheControllerCanAnswer() throws {
        let packet = scanParameters(interval: 0x10, window: 0x20).packet
        let decoded = try HCILESetScanParameters(packet: packet)
        #expect(decoded.leScanWindow == 0x20)
        #expect(throws: HCIDecodingError.self) { try decoded.validate() }
    }
}
