import BLECore
import BLEHCI
import Testing

/// The key of the encryption tables: octets 00 11 … FF, least significant first, as on the wire.
let testLongTermKey: [UInt8] = (0..<16).map { UInt8($0 * 0x11) }
let testLongTermKeyHex = "00112233445566778899aabbccddeeff"

/// The LE encryption commands, as hex from the field layouts of Core 5.4, Vol 4, Part E, 7.5.7
/// and 7.8.23–7.8.26 (opcode little-endian, Parameter_Total_Length, parameters).
let encryptionHCICommands: [HCICommandCase] = [
    HCICommandCase("LE Rand", "1820 00", HCILERand()),
    HCICommandCase(
        "LE Enable Encryption, legacy key", "1920 1c 4000 0807060504030201 3412 " + testLongTermKeyHex,
        HCILEEnableEncryption(
            connectionHandle: 0x0040, randomNumber: 0x0102_0304_0506_0708, encryptedDiversifier: 0x1234,
            longTermKey: testLongTermKey
        )
    ),
    HCICommandCase(
        "LE Enable Encryption, LE Secure Connections key (Rand and EDIV zero)", "1920 1c ff0e " + zeros(8) + " 0000 " + zeros(15) + "01",
        HCILEEnableEncryption(connectionHandle: 0x0EFF, longTermKey: [UInt8](repeating: 0, count: 15) + [0x01])
    ),
    HCICommandCase(
        "LE Long Term Key Request Reply", "1a20 12 4000 " + testLongTermKeyHex,
        HCILELongTermKeyRequestReply(connectionHandle: 0x0040, longTermKey: testLongTermKey)
    ),
    HCICommandCase("LE Long Term Key Request Negative Reply", "1b20 02 4100", HCILELongTermKeyRequestNegativeReply(connectionHandle: 0x0041)),
    HCICommandCase("Read Encryption Key Size", "0814 02 4000", HCIReadEncryptionKeySize(connectionHandle: 0x0040)),
]

/// Their return parameters (Status first).
let encryptionReturnParameters: [HCIReturnParametersCase] = [
    HCIReturnParametersCase(
        "LE Rand", HCILERand.self, "00 0807060504030201",
        HCILERand.ReturnParameters(status: .success, randomNumber: 0x0102_0304_0506_0708)
    ),
    HCIReturnParametersCase(
        "LE Long Term Key Request Reply", HCILELongTermKeyRequestReply.self, "00 4000",
        HCILELongTermKeyRequestReply.ReturnParameters(status: .success, connectionHandle: 0x0040)
    ),
    HCIReturnParametersCase(
        "LE Long Term Key Request Reply, Command Disallowed", HCILELongTermKeyRequestReply.self, "0c 4000",
        HCILELongTermKeyRequestReply.ReturnParameters(status: .commandDisallowed, connectionHandle: 0x0040)
    ),
    HCIReturnParametersCase(
        "LE Long Term Key Request Negative Reply", HCILELongTermKeyRequestNegativeReply.self, "00 4100",
        HCILELongTermKeyRequestNegativeReply.ReturnParameters(status: .success, connectionHandle: 0x0041)
    ),
    HCIReturnParametersCase(
        "Read Encryption Key Size", HCIReadEncryptionKeySize.self, "00 4000 10",
        HCIReadEncryptionKeySize.ReturnParameters(status: .success, connectionHandle: 0x0040, keySize: 16)
    ),
    HCIReturnParametersCase(
        "Read Encryption Key Size, Insufficient Security", HCIReadEncryptionKeySize.self, "2f 4000 00",
        HCIReadEncryptionKeySize.ReturnParameters(status: .insufficientSecurity, connectionHandle: 0x0040, keySize: 0)
    ),
]

@Suite struct HCIEncryptionCommandTests {
    @Test(arguments: encryptionHCICommands)
    func encodesToTheSpecLayoutAndDecodesBack(_ commandCase: HCICommandCase) throws {
        let command = commandCase.command
        #expect(command.packet.encode() == commandCase.bytes)
        let packet = try HCICommandPacket(decoding: commandCase.bytes)
        let decoded = try #require(try HCICommands.decode(packet))
        let sameDecoded = sameCommand(command, decoded)
        #expect(sameDecoded)
        let own = try decodeAsOwnType(command, packet)
        let sameOwn = sameCommand(command, own)
        #expect(sameOwn)
        try decoded.validate()
    }

    @Test(arguments: encryptionHCICommands)
    func everyShorterParameterBlockThrowsNamingTheField(_ commandCase: HCICommandCase) throws {
        let packet = try HCICommandPacket(decoding: commandCase.bytes)
        for count in 0..<packet.parameters.count {
            let cut = HCICommandPacket(opcode: packet.opcode, parameters: Array(packet.parameters.prefix(count)))
            #expect {
                try HCICommands.decode(cut)
            } throws: { error in
                let error = error as? HCIDecodingError
                return error?.code == .truncated && error?.field != nil && error?.subject == .command(packet.opcode)
            }
        }
    }

    @Test(arguments: encryptionHCICommands)
    func aLongerParameterBlockThrows(_ commandCase: HCICommandCase) throws {
        let packet = try HCICommandPacket(decoding: commandCase.bytes)
        let longer = HCICommandPacket(opcode: packet.opcode, parameters: packet.parameters + [0])
        #expect {
            try HCICommands.decode(longer)
        } throws: { error in
            (error as? HCIDecodingError)?.code == .trailingBytes
        }
    }

    @Test func aShortKeyIsTruncatedAtLongTermKey() {
        // 15 key octets after the handle.
        let packet = HCICommandPacket(opcode: .leLongTermKeyRequestReply, parameters: hex("4000") + Array(testLongTermKey.prefix(15)))
        #expect {
            try HCILELongTermKeyRequestReply(packet: packet)
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.field == "Long_Term_Key"
                && error?.description == "malformed HCI_LE_Long_Term_Key_Request_Reply command: Long_Term_Key: 16 bytes expected, 15 left"
        }
    }

    @Test func validateChecksTheHandleAndTheKeySize() {
        #expect {
            try HCILEEnableEncryption(connectionHandle: 0x0F00, longTermKey: testLongTermKey).validate()
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .parameterOutOfRange && error?.field == "Connection_Handle"
        }
        var reply = HCILELongTermKeyRequestReply(connectionHandle: 0x0040, longTermKey: testLongTermKey)
        reply.longTermKey.removeLast()
        #expect {
            try reply.validate()
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .parameterOutOfRange && error?.field == "Long_Term_Key"
        }
        for command in [
            HCILELongTermKeyRequestNegativeReply(connectionHandle: 0x0F00) as any HCICommand,
            HCIReadEncryptionKeySize(connectionHandle: 0xFFFF),
        ] {
            #expect(throws: HCIDecodingError.self) { try command.validate() }
        }
    }

    @Test(arguments: encryptionReturnParameters)
    func returnParametersEncodeAndDecodeThroughCommandComplete(_ parametersCase: HCIReturnParametersCase) throws {
        let bytes = parametersCase.bytes
        let opcode = parametersCase.command.opcode
        #expect(parametersCase.value.encode() == bytes)
        let own = try decodeAsOwnType(parametersCase.value, bytes, opcode: opcode)
        let sameOwn = sameReturnParameters(parametersCase.value, own)
        #expect(sameOwn)
        let eventBytes = [0x0E, UInt8(3 + bytes.count), 0x01] + HCIOpcodeBytes(opcode) + bytes
        guard case .commandComplete(let complete) = try HCIEvent(decoding: eventBytes) else {
            Issue.record("not a Command Complete")
            return
        }
        let decoded = try decodeReturnParameters(for: parametersCase.command, from: complete)
        let same = sameReturnParameters(parametersCase.value, decoded)
        #expect(same)
        if parametersCase.value.status.isSuccess {
            for count in 1..<bytes.count {
                #expect(throws: HCIDecodingError.self) { try decodeAsOwnType(parametersCase.value, Array(bytes.prefix(count)), opcode: opcode) }
            }
            #expect(throws: HCIDecodingError.self) { try decodeAsOwnType(parametersCase.value, bytes + [0], opcode: opcode) }
        } else {
            // A failed status alone decodes with every other field zero.
            let alone = try decodeAsOwnType(parametersCase.value, [bytes[0]], opcode: opcode)
            #expect(alone.encode() == failedValue(like: parametersCase.value, parametersCase.value.status).encode())
        }
    }

    @Test func enableEncryptionCompletesWithTheEncryptionEventsOrTheLinkEnding() {
        let command = HCILEEnableEncryption(connectionHandle: 0x0040, longTermKey: testLongTermKey)
        let change = HCIEvent.encryptionChange(HCIEncryptionChange(connectionHandle: 0x0040, encryptionEnabled: 0x01))
        let refresh = HCIEvent.encryptionKeyRefreshComplete(HCIEncryptionKeyRefreshComplete(connectionHandle: 0x0040))
        let micFailure = HCIEvent.disconnectionComplete(.init(connectionHandle: 0x0040, reason: .connectionTerminatedDueToMICFailure))
        #expect(command.isCompleted(by: change))
        #expect(command.isCompleted(by: refresh))
        #expect(command.isCompleted(by: micFailure))
        #expect(!HCILEEnableEncryption(connectionHandle: 0x0041, longTermKey: testLongTermKey).isCompleted(by: change))
        let request = HCIEvent(HCILELongTermKeyRequest(connectionHandle: 0x0040, randomNumber: 0, encryptedDiversifier: 0))
        #expect(!command.isCompleted(by: request))
    }

    @Test func opcodesAndNamesAreTheSpecs() {
        let expected: [(HCIOpcode, UInt16, String)] = [
            (.readEncryptionKeySize, 0x1408, "HCI_Read_Encryption_Key_Size"),
            (.leRand, 0x2018, "HCI_LE_Rand"),
            (.leEnableEncryption, 0x2019, "HCI_LE_Enable_Encryption"),
            (.leLongTermKeyRequestReply, 0x201A, "HCI_LE_Long_Term_Key_Request_Reply"),
            (.leLongTermKeyRequestNegativeReply, 0x201B, "HCI_LE_Long_Term_Key_Request_Negative_Reply"),
        ]
        for (opcode, raw, name) in expected {
            #expect(opcode.rawValue == raw)
            #expect(opcode.name == name)
            #expect(HCICommands.type(for: opcode)?.opcode == opcode)
        }
        #expect(HCIOpcode.readEncryptionKeySize.ogf == HCIOpcode.statusParametersOGF)
        #expect(HCIOpcode.leEnableEncryption.ogf == HCIOpcode.leControllerOGF)
        #expect(HCICommands.type(for: .leEnableEncryption) is any HCICommandWithStatus.Type)
        #expect(HCICommands.type(for: .leLongTermKeyRequestReply) is any HCICommandCompleting.Type)
        #expect(HCIStatus.connectionTerminatedDueToMICFailure.description == "Connection Terminated due to MIC Failure (0x3D)")
    }
}
