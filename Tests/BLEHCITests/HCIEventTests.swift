import BLECore
import BLEHCI
import Testing

/// One valid event: its packet hex (Event_Code, Parameter_Total_Length, parameters; from the
/// layouts of Core 5.4, Vol 4, Part E, 7.7, several from Bumble's `hci_test.py`) and its value.
struct HCIEventCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let event: HCIEvent
    /// Whether every field has a fixed size, so every strict prefix of the parameters must throw.
    let isFixedSize: Bool

    init(_ name: String, _ hex: String, _ event: HCIEvent, fixedSize: Bool = true) {
        self.name = name
        self.hex = hex
        self.event = event
        self.isFixedSize = fixedSize
    }

    var bytes: [UInt8] { BLEHCITests.hex(hex) }
    var testDescription: String { "\(name) [\(hex)]" }
}

let localRPA = try! DeviceAddress(value: 0x4A11_2233_4455, isRandom: true)

let enhancedV1 = HCILEEnhancedConnectionComplete(
    status: .success, connectionHandle: 0x40, role: .central, peerAddressType: .publicIdentity, peerAddress: publicAddress,
    localResolvablePrivateAddress: localRPA, peerResolvablePrivateAddress: zeroRandomAddress, connectionInterval: 0x18,
    peripheralLatency: 0, supervisionTimeout: 0x1F4, centralClockAccuracy: 0
)

let validHCIEvents: [HCIEventCase] = [
    HCIEventCase(
        "Disconnection Complete", "05 04 00 4000 13",
        .disconnectionComplete(.init(connectionHandle: 0x40, reason: .remoteUserTerminatedConnection))
    ),
    HCIEventCase(
        "Disconnection Complete, connection timeout", "05 04 00 0100 08",
        .disconnectionComplete(.init(connectionHandle: 1, reason: .connectionTimeout))
    ),
    HCIEventCase("Encryption Change", "08 04 00 4000 01", .encryptionChange(.init(connectionHandle: 0x40, encryptionEnabled: 1))),
    HCIEventCase(
        "Command Complete, Reset", "0e 04 01 030c 00",
        .commandComplete(.init(numHCICommandPackets: 1, commandOpcode: .reset, returnParameters: [0])),
        fixedSize: false
    ),
    HCIEventCase(
        "Command Complete, credits only", "0e 03 01 0000",
        .commandComplete(.init(numHCICommandPackets: 1, commandOpcode: .noOperation, returnParameters: [])),
        fixedSize: false
    ),
    HCIEventCase(
        "Command Complete, LE Read Buffer Size (Bumble)", "0e 07 22 0220 00d20438",
        .commandComplete(.init(numHCICommandPackets: 34, commandOpcode: .leReadBufferSize, returnParameters: hex("00d20438"))),
        fixedSize: false
    ),
    HCIEventCase(
        "Command Status, LE Create Connection", "0f 04 00 01 0d20",
        .commandStatus(.init(status: .success, numHCICommandPackets: 1, commandOpcode: .leCreateConnection))
    ),
    HCIEventCase(
        "Command Status, Disconnect (Bumble)", "0f 04 00 25 0604",
        .commandStatus(.init(status: .success, numHCICommandPackets: 37, commandOpcode: .disconnect))
    ),
    HCIEventCase(
        "Command Status, unknown command", "0f 04 01 01 01fc",
        .commandStatus(.init(status: .unknownHCICommand, numHCICommandPackets: 1, commandOpcode: HCIOpcode(rawValue: 0xFC01)))
    ),
    HCIEventCase("Hardware Error", "10 01 42", .hardwareError(.init(hardwareCode: 0x42))),
    HCIEventCase(
        "Number Of Completed Packets (Bumble)", "13 09 02 0100 0300 0200 0400",
        .numberOfCompletedPackets(.init(entries: [
            .init(connectionHandle: 1, numCompletedPackets: 3), .init(connectionHandle: 2, numCompletedPackets: 4),
        ])),
        fixedSize: false
    ),
    HCIEventCase("Data Buffer Overflow", "1a 01 01", .dataBufferOverflow(.init(linkType: 1))),
    HCIEventCase(
        "Encryption Key Refresh Complete", "30 03 00 4000",
        .encryptionKeyRefreshComplete(.init(connectionHandle: 0x40))
    ),
    HCIEventCase("unknown event (Bumble)", "f8 03 aabbcc", .unknown(code: HCIEventCode(rawValue: 0xF8), parameters: hex("aabbcc")), fixedSize: false),
    HCIEventCase("unknown event, empty (Bumble)", "f9 00", .unknown(code: HCIEventCode(rawValue: 0xF9), parameters: []), fixedSize: false),
    HCIEventCase(
        "LE Connection Complete (Bumble)", "3e 13 01 00 0100 01 01 554433221100 0300 0400 0500 06",
        HCIEvent(HCILEConnectionComplete(
            status: .success, connectionHandle: 1, role: .peripheral, peerAddressType: .random, peerAddress: bumbleRandomAddress,
            connectionInterval: 3, peripheralLatency: 4, supervisionTimeout: 5, centralClockAccuracy: 6
        ))
    ),
    HCIEventCase(
        "LE Connection Complete, cancelled", "3e 13 01 02 0000 00 00 000000000000 0000 0000 0000 00",
        HCIEvent(HCILEConnectionComplete(
            status: .unknownConnectionIdentifier, connectionHandle: 0, role: .central, peerAddressType: .public,
            peerAddress: zeroPublicAddress, connectionInterval: 0, peripheralLatency: 0, supervisionTimeout: 0,
            centralClockAccuracy: 0
        ))
    ),
    HCIEventCase(
        "LE Advertising Report (Bumble)", "3e 2a 02 01 00 00 554433221100 1e \(bumbleAdvertisingData) 64",
        HCIEvent(HCILEAdvertisingReport(reports: [
            .init(eventType: .advInd, addressType: .public, address: bumblePublicAddress, data: hex(bumbleAdvertisingData), rssi: 100),
        ])),
        fixedSize: false
    ),
    HCIEventCase(
        "LE Advertising Report, two reports", "3e 19 02 02 04 01 5544332211c0 03 020a08 ba 03 00 1316f23e315c 00 7f",
        HCIEvent(HCILEAdvertisingReport(reports: [
            .init(eventType: .scanRsp, addressType: .random, address: staticAddress, data: hex("020a08"), rssi: -70),
            .init(eventType: .advNonconnInd, addressType: .public, address: publicAddress, data: [], rssi: 127),
        ])),
        fixedSize: false
    ),
    HCIEventCase("LE Advertising Report, no reports", "3e 02 02 00", HCIEvent(HCILEAdvertisingReport(reports: [])), fixedSize: false),
    HCIEventCase(
        "LE Connection Update Complete (Bumble)", "3e 0a 03 00 0700 0a00 0300 0500",
        HCIEvent(HCILEConnectionUpdateComplete(
            status: .success, connectionHandle: 7, connectionInterval: 10, peripheralLatency: 3, supervisionTimeout: 5
        ))
    ),
    HCIEventCase(
        "LE Read Remote Features Complete (Bumble)", "3e 0c 04 00 0700 0011223344556677",
        HCIEvent(HCILEReadRemoteFeaturesComplete(
            status: .success, connectionHandle: 7, leFeatures: HCILEFeatures(rawValue: 0x7766_5544_3322_1100)
        ))
    ),
    HCIEventCase(
        "LE Long Term Key Request", "3e 0d 05 4000 0807060504030201 3412",
        HCIEvent(HCILELongTermKeyRequest(connectionHandle: 0x40, randomNumber: 0x0102_0304_0506_0708, encryptedDiversifier: 0x1234))
    ),
    HCIEventCase(
        "LE Data Length Change", "3e 0b 07 4000 fb00 4808 fb00 4808",
        HCIEvent(HCILEDataLengthChange(connectionHandle: 0x40, maxTXOctets: 251, maxTXTime: 2120, maxRXOctets: 251, maxRXTime: 2120))
    ),
    HCIEventCase(
        "LE Enhanced Connection Complete v1", "3e 1f 0a 00 4000 00 02 1316f23e315c 55443322114a 000000000000 1800 0000 f401 00",
        HCIEvent(enhancedV1)
    ),
    HCIEventCase(
        "LE Enhanced Connection Complete v2", "3e 22 29 00 4000 00 02 1316f23e315c 55443322114a 000000000000 1800 0000 f401 00 ff ffff",
        HCIEvent(HCILEEnhancedConnectionCompleteV2(
            status: .success, connectionHandle: 0x40, role: .central, peerAddressType: .publicIdentity, peerAddress: publicAddress,
            localResolvablePrivateAddress: localRPA, peerResolvablePrivateAddress: zeroRandomAddress, connectionInterval: 0x18,
            peripheralLatency: 0, supervisionTimeout: 0x1F4, centralClockAccuracy: 0
        ))
    ),
    HCIEventCase(
        "LE Enhanced Connection Complete v2, peripheral on set 0", "3e 22 29 00 0100 01 01 5544332211c0 000000000000 000000000000 2800 0000 c800 05 00 ffff",
        HCIEvent(HCILEEnhancedConnectionCompleteV2(
            status: .success, connectionHandle: 1, role: .peripheral, peerAddressType: .random, peerAddress: staticAddress,
            localResolvablePrivateAddress: zeroRandomAddress, peerResolvablePrivateAddress: zeroRandomAddress,
            connectionInterval: 0x28, peripheralLatency: 0, supervisionTimeout: 200, centralClockAccuracy: 5,
            advertisingHandle: 0, syncHandle: 0xFFFF
        ))
    ),
    HCIEventCase(
        "LE PHY Update Complete", "3e 06 0c 00 4000 02 02",
        HCIEvent(HCILEPHYUpdateComplete(status: .success, connectionHandle: 0x40, txPHY: .le2M, rxPHY: .le2M))
    ),
    HCIEventCase(
        "LE Extended Advertising Report (Bumble)",
        "3e 38 0d 01 0100 00 554433221100 01 03 00 0a 64 0200 00 554433221100 1e \(bumbleAdvertisingData)",
        HCIEvent(HCILEExtendedAdvertisingReport(reports: [
            .init(
                eventType: .connectable, addressType: .public, address: bumblePublicAddress, primaryPHY: .le1M,
                secondaryPHY: .leCoded, advertisingSID: 0, txPower: 10, rssi: 100, periodicAdvertisingInterval: 2,
                directAddressType: .public, directAddress: bumblePublicAddress, data: hex(bumbleAdvertisingData)
            ),
        ])),
        fixedSize: false
    ),
    HCIEventCase(
        "LE Extended Advertising Report, legacy ADV_IND as Bumble's controller sends it",
        "3e 1d 0d 01 1300 01 5544332211c0 01 00 ff 7f c4 0000 00 000000000000 03 020106",
        HCIEvent(HCILEExtendedAdvertisingReport(reports: [
            .init(
                eventType: .legacyAdvInd, addressType: .random, address: staticAddress, primaryPHY: .le1M, secondaryPHY: .none,
                advertisingSID: 0xFF, txPower: 127, rssi: -60, periodicAdvertisingInterval: 0, directAddressType: .public,
                directAddress: zeroPublicAddress, data: hex("020106")
            ),
        ])),
        fixedSize: false
    ),
    HCIEventCase(
        "LE unknown subevent (Channel Selection Algorithm)", "3e 04 14 4000 01",
        .leMeta(.unknown(subevent: .channelSelectionAlgorithm, parameters: hex("4000 01"))),
        fixedSize: false
    ),
]

@Suite struct HCIEventTests {
    @Test(arguments: validHCIEvents)
    func decodesAndEncodesSpecHex(_ eventCase: HCIEventCase) throws {
        let bytes = eventCase.bytes
        let decoded = try HCIEvent(decoding: bytes)
        #expect(decoded == eventCase.event)
        #expect(eventCase.event.encode() == bytes)
        #expect(decoded.eventCode.rawValue == bytes[0])
        #expect(HCIPacket.event(eventCase.event.packet).encodeH4() == [0x04] + bytes)
        if case .leMeta(let meta) = decoded {
            #expect(meta.subeventCode.rawValue == bytes[2])
            if let parameters = meta.parameters {
                #expect(parameters.packet.encode() == bytes)
                #expect(HCILEMetaEvent(parameters) == meta)
            }
        } else if let parameters = decoded.parameters {
            #expect(parameters.packet.encode() == bytes)
            #expect(HCIEvent(parameters) == decoded)
        }
    }

    @Test(arguments: validHCIEvents)
    func everyStrictPrefixOfThePacketThrows(_ eventCase: HCIEventCase) {
        let bytes = eventCase.bytes
        for count in 0..<bytes.count {
            #expect(throws: HCIDecodingError.self) { try HCIEvent(decoding: Array(bytes.prefix(count))) }
        }
    }

    @Test(arguments: validHCIEvents)
    func everyStrictPrefixOfTheParametersThrowsOrReencodesItself(_ eventCase: HCIEventCase) throws {
        let packet = try HCIEventPacket(decoding: eventCase.bytes)
        for count in 0..<packet.parameters.count {
            let cut = HCIEventPacket(eventCode: packet.eventCode, parameters: Array(packet.parameters.prefix(count)))
            let decoded: HCIEvent
            do {
                decoded = try HCIEvent(decoding: cut)
            } catch {
                #expect(error.code == .truncated || error.code == .lengthMismatch, "\(error)")
                continue
            }
            #expect(!eventCase.isFixedSize, "a fixed-size event decoded from \(count) of \(packet.parameters.count) bytes")
            #expect(decoded.packet == cut)
        }
    }

    @Test(arguments: validHCIEvents)
    func aTrailingByteThrowsForKnownFixedEvents(_ eventCase: HCIEventCase) throws {
        let packet = try HCIEventPacket(decoding: eventCase.bytes)
        let longer = HCIEventPacket(eventCode: packet.eventCode, parameters: packet.parameters + [0])
        if eventCase.isFixedSize {
            #expect(throws: HCIDecodingError.self) { try HCIEvent(decoding: longer) }
        } else if let decoded = try? HCIEvent(decoding: longer) {
            #expect(decoded.packet == longer)
        }
    }

    @Test func extendedReportEventTypeBits() {
        var type = HCILEExtendedAdvertisingReport.EventType.legacyScanResponseToAdvInd
        #expect(type.rawValue == 0b001_1011)
        #expect(type.legacyEventType == .scanRsp)
        #expect(HCILEExtendedAdvertisingReport.EventType.legacyAdvInd.rawValue == 0x13)
        #expect(HCILEExtendedAdvertisingReport.EventType.legacyAdvInd.legacyEventType == .advInd)
        #expect(HCILEExtendedAdvertisingReport.EventType.legacyAdvNonconnInd.legacyEventType == .advNonconnInd)
        #expect(HCILEExtendedAdvertisingReport.EventType.connectable.legacyEventType == nil)
        type.dataStatus = .incompleteTruncated
        #expect(type.rawValue == 0b101_1011)
        #expect(type.dataStatus == .incompleteTruncated)
        #expect(type.contains(.scanResponse))
        #expect(type.legacyEventType == .scanRsp)
        #expect(HCILEAdvertisingReport.EventType.advDirectInd.isConnectable)
        #expect(!HCILEAdvertisingReport.EventType.scanRsp.isConnectable)
    }

    @Test func reportHelpers() throws {
        guard case .leMeta(.advertisingReport(let report)) = try HCIEvent(decoding: validHCIEvents[18].bytes) else {
            Issue.record("not an advertising report")
            return
        }
        #expect(report.reports[0].rssiDBm == -70)
        #expect(report.reports[1].rssiDBm == nil)
        #expect(report.reports[0].address.type == .randomStatic)
        #expect(enhancedV1.localResolvablePrivateAddress.type == .resolvablePrivate)
        #expect(enhancedV1.connectionIntervalDuration == .milliseconds(30))
        #expect(enhancedV1.supervisionTimeoutDuration == .seconds(5))
    }
}

/// Malformed input: the packet hex and the error it must raise.
struct HCIMalformedEventCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let code: HCIDecodingError.Code
    let field: String?

    init(_ name: String, _ hex: String, _ code: HCIDecodingError.Code, field: String?) {
        self.name = name
        self.hex = hex
        self.code = code
        self.field = field
    }

    var testDescription: String { "\(name) [\(hex)]" }
}

let malformedHCIEvents: [HCIMalformedEventCase] = [
    HCIMalformedEventCase("length field longer than the parameters", "0e 05 01 030c 00", .lengthMismatch, field: "Parameter_Total_Length"),
    HCIMalformedEventCase("length field shorter than the parameters", "0e 03 01 030c 00", .lengthMismatch, field: "Parameter_Total_Length"),
    HCIMalformedEventCase("no header", "0e", .truncated, field: "Parameter_Total_Length"),
    HCIMalformedEventCase("Command Complete without opcode", "0e 02 01 03", .truncated, field: "Command_Opcode"),
    HCIMalformedEventCase("Command Status with an extra byte", "0f 05 00 01 0d20 00", .trailingBytes, field: nil),
    HCIMalformedEventCase("Disconnection Complete without reason", "05 03 00 4000", .truncated, field: "Reason"),
    HCIMalformedEventCase("Number Of Completed Packets count overruns", "13 09 03 0100 0300 0200 0400", .lengthMismatch, field: "Num_Handles"),
    HCIMalformedEventCase("Number Of Completed Packets with a stray byte", "13 06 01 0100 0300 00", .trailingBytes, field: nil),
    HCIMalformedEventCase("LE Meta without subevent code", "3e 00", .truncated, field: "Subevent_Code"),
    HCIMalformedEventCase("LE Connection Complete one byte short", "3e 12 01 00 0100 01 01 554433221100 0300 0400 0500", .truncated, field: "Central_Clock_Accuracy"),
    HCIMalformedEventCase("LE Connection Complete one byte long", "3e 14 01 00 0100 01 01 554433221100 0300 0400 0500 06 00", .trailingBytes, field: nil),
    HCIMalformedEventCase(
        "LE Advertising Report count overruns", "3e 0c 02 02 00 00 554433221100 00 64", .lengthMismatch, field: "Num_Reports"
    ),
    HCIMalformedEventCase(
        "LE Advertising Report 255 reports in a short event", "3e 0c 02 ff 00 00 554433221100 00 64", .lengthMismatch, field: "Num_Reports"
    ),
    HCIMalformedEventCase(
        "LE Advertising Report data length overruns", "3e 0f 02 01 00 00 554433221100 1f 020106 64", .truncated, field: "Data"
    ),
    HCIMalformedEventCase(
        "LE Advertising Report without RSSI", "3e 0e 02 01 00 00 554433221100 03 020106", .truncated, field: "RSSI"
    ),
    HCIMalformedEventCase(
        "LE Advertising Report with a stray byte", "3e 0d 02 01 00 00 554433221100 00 64 00", .trailingBytes, field: nil
    ),
    HCIMalformedEventCase(
        "LE Extended Advertising Report count overruns",
        "3e 1a 0d 02 1300 01 5544332211c0 01 00 ff 7f c4 0000 00 000000000000 00", .lengthMismatch, field: "Num_Reports"
    ),
    HCIMalformedEventCase(
        "LE Extended Advertising Report data overruns",
        "3e 1d 0d 01 1300 01 5544332211c0 01 00 ff 7f c4 0000 00 000000000000 09 020106", .truncated, field: "Data"
    ),
    HCIMalformedEventCase(
        "LE Enhanced Connection Complete v2 without Sync_Handle",
        "3e 20 29 00 4000 00 02 1316f23e315c 55443322114a 000000000000 1800 0000 f401 00 ff", .truncated, field: "Sync_Handle"
    ),
    HCIMalformedEventCase("LE PHY Update Complete short", "3e 05 0c 00 4000 02", .truncated, field: "RX_PHY"),
]

@Suite struct HCIMalformedEventTests {
    @Test(arguments: malformedHCIEvents)
    func throwsNamingTheField(_ malformed: HCIMalformedEventCase) {
        #expect {
            try HCIEvent(decoding: hex(malformed.hex))
        } throws: { error in
            guard let error = error as? HCIDecodingError else { return false }
            return error.code == malformed.code && error.field == malformed.field && error.description.hasPrefix("malformed ")
        }
    }

    @Test func errorMessagesNameTheEventAndField() {
        do {
            _ = try HCIEvent(decoding: hex("3e 0f 02 01 00 00 554433221100 1f 020106 64"))
            Issue.record("decoded")
        } catch {
            #expect(error.description == "malformed HCI_LE_Advertising_Report event: Data: 31 bytes expected, 4 left")
        }
    }

    @Test func arbitraryBytesNeverTrapAndReencodeStably() {
        var generator = SplitMix64(state: 42)
        let codes: [UInt8] = [0x05, 0x08, 0x0E, 0x0F, 0x10, 0x13, 0x1A, 0x30, 0x3E]
        let subevents: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x0A, 0x0C, 0x0D, 0x29, 0x14]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            var parameters = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let code = codes.randomElement(using: &generator)!
            if code == 0x3E, !parameters.isEmpty { parameters[0] = subevents.randomElement(using: &generator)! }
            if code == 0x3E, parameters.count > 1, Bool.random(using: &generator) { parameters[1] = UInt8.random(in: 0...2, using: &generator) }
            let packet = HCIEventPacket(eventCode: HCIEventCode(rawValue: code), parameters: parameters)
            guard let event = try? HCIEvent(decoding: packet) else { continue }
            let again = try? HCIEvent(decoding: event.packet)
            #expect(again == event)
        }
    }
}
