import BLECore
import BLEGATT
import Testing

/// One valid PDU: its spec hex (hand-derived from the layouts of Core 5.4, Vol 3, Part F, 3.4)
/// and the value it decodes to.
struct ATTPDUCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let message: ATTMessage

    init(_ name: String, _ hex: String, _ message: ATTMessage) {
        self.name = name
        self.hex = hex
        self.message = message
    }

    init(_ name: String, _ hex: String, _ pdu: some ATTPDU) {
        self.init(name, hex, ATTMessage(pdu))
    }

    var bytes: [UInt8] { [UInt8](hex: hex)! }
    var testDescription: String { "\(name) [\(hex)]" }
}

/// `12345678-1234-5678-1234-56789ABCDEF0`; on the wire, little-endian:
/// `f0debc9a785634127856341278563412`.
let customUUID = BluetoothUUID("12345678-1234-5678-1234-56789ABCDEF0")
let customUUIDWire = "f0debc9a785634127856341278563412"

let validATTPDUs: [ATTPDUCase] = [
    // 3.4.1.1 Error Response: opcode, Request Opcode In Error, Attribute Handle In Error, Error Code.
    ATTPDUCase(
        "Error Response", "01 0a 2a00 01",
        ATTErrorResponse(requestOpcodeInError: .readRequest, attributeHandleInError: 0x002A, errorCode: .invalidHandle)
    ),
    ATTPDUCase(
        "Error Response, Attribute Not Found", "01 10 0100 0a",
        ATTErrorResponse(requestOpcodeInError: .readByGroupTypeRequest, attributeHandleInError: 1, errorCode: .attributeNotFound)
    ),
    ATTPDUCase(
        "Error Response, unknown request and application error", "01 7f 0000 80",
        ATTErrorResponse(requestOpcodeInError: ATTOpcode(rawValue: 0x7F), attributeHandleInError: 0, errorCode: .application(0x80))
    ),
    // 3.4.2 Exchange MTU.
    ATTPDUCase("Exchange MTU Request 517", "02 0502", ATTExchangeMTURequest(clientRxMTU: 517)),
    ATTPDUCase("Exchange MTU Request below default", "02 1000", ATTExchangeMTURequest(clientRxMTU: 16)),
    ATTPDUCase("Exchange MTU Response 23", "03 1700", ATTExchangeMTUResponse(serverRxMTU: 23)),
    // 3.4.3.1 / 3.4.3.2 Find Information.
    ATTPDUCase("Find Information Request", "04 0100 ffff", ATTFindInformationRequest(startingHandle: 1, endingHandle: 0xFFFF)),
    ATTPDUCase(
        "Find Information Request, handle 0 (decoded; the server answers Invalid Handle)", "04 0000 0500",
        ATTFindInformationRequest(startingHandle: 0, endingHandle: 5)
    ),
    ATTPDUCase(
        "Find Information Response, 16-bit", "05 01 0100 0028 0200 0328",
        ATTFindInformationResponse(information: [
            .init(handle: 1, uuid: BluetoothUUID(0x2800)),
            .init(handle: 2, uuid: BluetoothUUID(0x2803)),
        ])
    ),
    ATTPDUCase(
        "Find Information Response, 128-bit", "05 02 1000 \(customUUIDWire)",
        ATTFindInformationResponse(information: [.init(handle: 0x10, uuid: customUUID)])
    ),
    ATTPDUCase(
        "Find Information Response, two 128-bit", "05 02 1000 \(customUUIDWire) 1100 \(customUUIDWire)",
        ATTFindInformationResponse(information: [.init(handle: 0x10, uuid: customUUID), .init(handle: 0x11, uuid: customUUID)])
    ),
    // 3.4.3.3 / 3.4.3.4 Find By Type Value.
    ATTPDUCase(
        "Find By Type Value Request, Battery Service", "06 0100 ffff 0028 0f18",
        ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: [0x0F, 0x18])
    ),
    ATTPDUCase(
        "Find By Type Value Request, 128-bit value", "06 0100 ffff 0028 \(customUUIDWire)",
        ATTFindByTypeValueRequest(
            startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800,
            attributeValue: customUUID.littleEndianBytes(size: .bits128)!
        )
    ),
    ATTPDUCase(
        "Find By Type Value Request, empty value", "06 0100 ffff 0028",
        ATTFindByTypeValueRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: 0x2800, attributeValue: [])
    ),
    ATTPDUCase(
        "Find By Type Value Response", "07 0100 0500 1000 2000",
        ATTFindByTypeValueResponse(handlesInformationList: [
            .init(foundAttributeHandle: 1, groupEndHandle: 5),
            .init(foundAttributeHandle: 0x10, groupEndHandle: 0x20),
        ])
    ),
    // 3.4.4.1 / 3.4.4.2 Read By Type.
    ATTPDUCase(
        "Read By Type Request, 16-bit", "08 0100 ffff 0328",
        ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: BluetoothUUID(0x2803))
    ),
    ATTPDUCase(
        "Read By Type Request, 128-bit", "08 0100 ffff \(customUUIDWire)",
        ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: customUUID)
    ),
    ATTPDUCase(
        "Read By Type Response, characteristic declarations", "09 07 0200 0a0300002a 0400 020500012a",
        ATTReadByTypeResponse(attributeDataList: [
            .init(attributeHandle: 2, attributeValue: [0x0A, 0x03, 0x00, 0x00, 0x2A]),
            .init(attributeHandle: 4, attributeValue: [0x02, 0x05, 0x00, 0x01, 0x2A]),
        ])
    ),
    ATTPDUCase(
        "Read By Type Response, 128-bit characteristic declaration", "09 15 0200 0a 0300 \(customUUIDWire)",
        ATTReadByTypeResponse(attributeDataList: [
            .init(attributeHandle: 2, attributeValue: [0x0A, 0x03, 0x00] + customUUID.littleEndianBytes(size: .bits128)!)
        ])
    ),
    ATTPDUCase(
        "Read By Type Response, empty values (Length 2)", "09 02 0100 0200",
        ATTReadByTypeResponse(attributeDataList: [
            .init(attributeHandle: 1, attributeValue: []), .init(attributeHandle: 2, attributeValue: []),
        ])
    ),
    // 3.4.4.3 – 3.4.4.6 Read, Read Blob.
    ATTPDUCase("Read Request", "0a 2a00", ATTReadRequest(attributeHandle: 0x002A)),
    ATTPDUCase("Read Response", "0b 010203", ATTReadResponse(attributeValue: [1, 2, 3])),
    ATTPDUCase("Read Response, empty", "0b", ATTReadResponse(attributeValue: [])),
    ATTPDUCase("Read Blob Request", "0c 2a00 1600", ATTReadBlobRequest(attributeHandle: 0x002A, valueOffset: 22)),
    ATTPDUCase("Read Blob Response", "0d 0405", ATTReadBlobResponse(partAttributeValue: [4, 5])),
    ATTPDUCase("Read Blob Response, empty", "0d", ATTReadBlobResponse(partAttributeValue: [])),
    // 3.4.4.7 / 3.4.4.8 Read Multiple.
    ATTPDUCase("Read Multiple Request, two handles", "0e 0300 0500", ATTReadMultipleRequest(setOfHandles: [3, 5])),
    ATTPDUCase("Read Multiple Request, three handles", "0e 0300 0500 0001", ATTReadMultipleRequest(setOfHandles: [3, 5, 0x0100])),
    ATTPDUCase("Read Multiple Response", "0f 01020304", ATTReadMultipleResponse(setOfValues: [1, 2, 3, 4])),
    ATTPDUCase("Read Multiple Response, empty", "0f", ATTReadMultipleResponse(setOfValues: [])),
    // 3.4.4.9 / 3.4.4.10 Read By Group Type.
    ATTPDUCase(
        "Read By Group Type Request, primary services", "10 0100 ffff 0028",
        ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: BluetoothUUID(0x2800))
    ),
    ATTPDUCase(
        "Read By Group Type Request, 128-bit", "10 0100 ffff \(customUUIDWire)",
        ATTReadByGroupTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeGroupType: customUUID)
    ),
    ATTPDUCase(
        "Read By Group Type Response, 16-bit services", "11 06 0100 0500 0018 0600 0900 0118",
        ATTReadByGroupTypeResponse(attributeDataList: [
            .init(attributeHandle: 1, endGroupHandle: 5, attributeValue: [0x00, 0x18]),
            .init(attributeHandle: 6, endGroupHandle: 9, attributeValue: [0x01, 0x18]),
        ])
    ),
    ATTPDUCase(
        "Read By Group Type Response, 128-bit service", "11 14 1000 2000 \(customUUIDWire)",
        ATTReadByGroupTypeResponse(attributeDataList: [
            .init(attributeHandle: 0x10, endGroupHandle: 0x20, attributeValue: customUUID.littleEndianBytes(size: .bits128)!)
        ])
    ),
    // 3.4.5 Writes.
    ATTPDUCase("Write Request", "12 2a00 0102", ATTWriteRequest(attributeHandle: 0x002A, attributeValue: [1, 2])),
    ATTPDUCase("Write Request, empty value", "12 2a00", ATTWriteRequest(attributeHandle: 0x002A, attributeValue: [])),
    ATTPDUCase("Write Response", "13", ATTWriteResponse()),
    ATTPDUCase("Write Command", "52 2a00 ff", ATTWriteCommand(attributeHandle: 0x002A, attributeValue: [0xFF])),
    ATTPDUCase(
        "Signed Write Command", "d2 2a00 0102 01000000 0102030405060708",
        ATTSignedWriteCommand(
            attributeHandle: 0x002A, attributeValue: [1, 2],
            authenticationSignature: [1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
        )
    ),
    ATTPDUCase(
        "Signed Write Command, empty value", "d2 2a00 01000000 0102030405060708",
        ATTSignedWriteCommand(
            attributeHandle: 0x002A, attributeValue: [],
            authenticationSignature: [1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
        )
    ),
    // 3.4.6 Queued writes.
    ATTPDUCase(
        "Prepare Write Request", "16 2a00 1200 0102",
        ATTPrepareWriteRequest(attributeHandle: 0x002A, valueOffset: 18, partAttributeValue: [1, 2])
    ),
    ATTPDUCase(
        "Prepare Write Response", "17 2a00 1200 0102",
        ATTPrepareWriteResponse(attributeHandle: 0x002A, valueOffset: 18, partAttributeValue: [1, 2])
    ),
    ATTPDUCase(
        "Prepare Write Response, empty part", "17 2a00 0000",
        ATTPrepareWriteResponse(attributeHandle: 0x002A, valueOffset: 0, partAttributeValue: [])
    ),
    ATTPDUCase("Execute Write Request, write", "18 01", ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)),
    ATTPDUCase("Execute Write Request, cancel", "18 00", ATTExecuteWriteRequest(flags: .cancelAllPreparedWrites)),
    ATTPDUCase("Execute Write Request, reserved flags kept", "18 02", ATTExecuteWriteRequest(flags: .init(rawValue: 2))),
    ATTPDUCase("Execute Write Response", "19", ATTExecuteWriteResponse()),
    // 3.4.4.11 / 3.4.4.12 Read Multiple Variable.
    ATTPDUCase("Read Multiple Variable Request", "20 0300 0500", ATTReadMultipleVariableRequest(setOfHandles: [3, 5])),
    ATTPDUCase(
        "Read Multiple Variable Response", "21 0200 0102 0300 030405",
        ATTReadMultipleVariableResponse(lengthValueTupleList: [
            .init(attributeValue: [1, 2]), .init(attributeValue: [3, 4, 5]),
        ])
    ),
    ATTPDUCase(
        "Read Multiple Variable Response, last value truncated", "21 0200 0102 0a00 030405",
        ATTReadMultipleVariableResponse(lengthValueTupleList: [
            .init(valueLength: 2, attributeValue: [1, 2]), .init(valueLength: 10, attributeValue: [3, 4, 5]),
        ])
    ),
    ATTPDUCase(
        "Read Multiple Variable Response, empty value", "21 0000 0100 ff",
        ATTReadMultipleVariableResponse(lengthValueTupleList: [
            .init(valueLength: 0, attributeValue: []), .init(valueLength: 1, attributeValue: [0xFF]),
        ])
    ),
    // 3.4.7 Server-initiated.
    ATTPDUCase("Handle Value Notification", "1b 2a00 0102", ATTHandleValueNotification(attributeHandle: 0x002A, attributeValue: [1, 2])),
    ATTPDUCase("Handle Value Indication", "1d 2a00 0102", ATTHandleValueIndication(attributeHandle: 0x002A, attributeValue: [1, 2])),
    ATTPDUCase("Handle Value Confirmation", "1e", ATTHandleValueConfirmation()),
    ATTPDUCase(
        "Multiple Handle Value Notification", "23 0300 0200 0102 0500 0100 03",
        ATTMultipleHandleValueNotification(handleLengthValueTupleList: [
            .init(attributeHandle: 3, attributeValue: [1, 2]), .init(attributeHandle: 5, attributeValue: [3]),
        ])
    ),
    ATTPDUCase(
        "Multiple Handle Value Notification, one tuple (accepted)", "23 0300 0100 01",
        ATTMultipleHandleValueNotification(handleLengthValueTupleList: [.init(attributeHandle: 3, attributeValue: [1])])
    ),
    // Unknown opcodes survive.
    ATTPDUCase("unknown opcode with parameters", "7f 0102", ATTMessage.unknown(opcode: ATTOpcode(rawValue: 0x7F), parameters: [1, 2])),
    ATTPDUCase("unknown command opcode, no parameters", "c0", ATTMessage.unknown(opcode: ATTOpcode(rawValue: 0xC0), parameters: [])),
]

/// The PDUs that have only fixed-size fields: every strict prefix must throw.
let fixedSizeOpcodes: Set<ATTOpcode> = [
    .errorResponse, .exchangeMTURequest, .exchangeMTUResponse, .findInformationRequest, .readRequest,
    .readBlobRequest, .writeResponse, .executeWriteRequest, .executeWriteResponse, .handleValueConfirmation,
]

/// Decodes with the PDU's own type (the existential is opened).
func decodeAsOwnType<PDU: ATTPDU>(_ pdu: PDU, _ bytes: [UInt8]) throws -> any ATTPDU {
    try PDU.decode(bytes)
}

/// Whether two PDUs of possibly different types are equal.
func samePDU<PDU: ATTPDU>(_ pdu: PDU, _ other: any ATTPDU) -> Bool {
    (other as? PDU) == pdu
}

@Suite struct ATTPDUTests {
    @Test(arguments: validATTPDUs)
    func decodesAndEncodesSpecHex(_ pduCase: ATTPDUCase) throws {
        let bytes = pduCase.bytes
        let decoded = try ATTMessage(decoding: bytes)
        #expect(decoded == pduCase.message)
        #expect(pduCase.message.encode() == bytes)
        #expect(decoded.opcode.rawValue == bytes[0])
        #expect(!decoded.description.isEmpty)
        if let pdu = pduCase.message.pdu {
            // The PDU's own type decodes and encodes the same bytes, and wraps back into the case.
            let own = try decodeAsOwnType(pdu, bytes)
            let same = samePDU(pdu, own)
            let encoded = pdu.encode()
            let wrapped = ATTMessage(pdu)
            #expect(same)
            #expect(encoded == bytes)
            #expect(wrapped == pduCase.message)
        }
    }

    @Test(arguments: validATTPDUs)
    func everyStrictPrefixThrowsOrDecodesToAShorterValue(_ pduCase: ATTPDUCase) throws {
        let bytes = pduCase.bytes
        guard case .unknown = pduCase.message else {
            for count in 0..<bytes.count {
                let prefix = Array(bytes.prefix(count))
                let message: ATTMessage
                do {
                    message = try ATTMessage(decoding: prefix)
                } catch {
                    continue
                }
                #expect(
                    !fixedSizeOpcodes.contains(pduCase.message.opcode),
                    "a fixed-size PDU decoded from \(count) of \(bytes.count) bytes: \(message)"
                )
                #expect(message.opcode == pduCase.message.opcode)
                // A shorter valid value encodes to the prefix itself, except that a Read Multiple
                // Variable Response drops a lone octet of a cut Value Length.
                let encoded = message.encode()
                if encoded != prefix {
                    #expect(message.opcode == .readMultipleVariableResponse)
                    #expect(encoded == Array(prefix.dropLast()))
                }
            }
            return
        }
        // An unknown opcode keeps whatever follows it; only the empty prefix throws.
        #expect(throws: ATTDecodingError.self) { try ATTMessage(decoding: []) }
        for count in 1..<bytes.count {
            #expect(try ATTMessage(decoding: Array(bytes.prefix(count))).encode() == Array(bytes.prefix(count)))
        }
    }

    @Test func everyKnownOpcodeHasACaseAndATableEntry() throws {
        let known = (UInt8.min...UInt8.max).map(ATTOpcode.init(rawValue:)).filter { $0.kind != nil }
        let covered = Set(validATTPDUs.map(\.message.opcode))
        #expect(known.count == 31)
        for opcode in known {
            #expect(covered.contains(opcode), "no spec hex for \(opcode)")
        }
        for pduCase in validATTPDUs {
            if case .unknown(let opcode, _) = pduCase.message {
                #expect(opcode.kind == nil)
            }
        }
    }

    @Test func unknownOpcodeSurvivesRoundTrip() throws {
        let bytes: [UInt8] = [0x3F, 0xDE, 0xAD, 0xBE, 0xEF]
        let message = try ATTMessage(decoding: bytes)
        #expect(message == .unknown(opcode: ATTOpcode(rawValue: 0x3F), parameters: [0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(message.opcode == ATTOpcode(rawValue: 0x3F))
        #expect(message.pdu == nil)
        #expect(message.encode() == bytes)
        #expect(message.description == "opcode 0x3f parameters=deadbeef")
    }

    /// Every opcode followed by pseudo-random parameters of every length up to 40: decoding never
    /// traps, and whatever decodes re-encodes to bytes that decode to the same value.
    @Test func arbitraryBytesNeverTrapAndReencodeStably() throws {
        var state: UInt32 = 0x1234_5678
        func nextByte() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        var decodedCount = 0
        for opcode in UInt8.min...UInt8.max {
            for length in 0...40 {
                var bytes = [opcode]
                for _ in 0..<length { bytes.append(nextByte() % 8 == 0 ? 0 : nextByte()) }
                guard let message = try? ATTMessage(decoding: bytes) else { continue }
                decodedCount += 1
                let again = try ATTMessage(decoding: message.encode())
                #expect(again == message, "\(bytes.hexString) → \(message)")
                _ = message.description
            }
        }
        #expect(decodedCount > 0)
    }
}
