import BLECore
import BLEGATT
import Testing

/// A malformed PDU: its hex, and a fragment the error's reason must contain (so the message names
/// what is wrong).
struct MalformedATTPDU: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let reason: String

    init(_ name: String, _ hex: String, _ reason: String) {
        self.name = name
        self.hex = hex
        self.reason = reason
    }

    var bytes: [UInt8] { [UInt8](hex: hex)! }
    var testDescription: String { "\(name) [\(hex)]" }
}

let malformedATTPDUs: [MalformedATTPDU] = [
    // Fields missing.
    MalformedATTPDU("Error Response without Error Code", "01 0a 2a00", "Error Code: 1 bytes expected, 0 left"),
    MalformedATTPDU("Error Response with half a handle", "01 0a 2a", "Attribute Handle In Error: 2 bytes expected, 1 left"),
    MalformedATTPDU("Exchange MTU Request without MTU", "02", "Client Rx MTU"),
    MalformedATTPDU("Read Blob Request without offset", "0c 2a00 16", "Value Offset: 2 bytes expected, 1 left"),
    MalformedATTPDU("Find By Type Value Request without type", "06 0100 ffff 00", "Attribute Type"),
    MalformedATTPDU("Prepare Write Request without offset", "16 2a00", "Value Offset"),
    MalformedATTPDU("Execute Write Request without flags", "18", "Flags"),
    MalformedATTPDU("Write Request without handle", "12", "Attribute Handle"),
    MalformedATTPDU("Handle Value Notification with half a handle", "1b 2a", "Attribute Handle"),
    // Trailing bytes after fixed-size PDUs.
    MalformedATTPDU("Error Response with a trailing byte", "01 0a 2a00 01 00", "1 unexpected trailing bytes"),
    MalformedATTPDU("Exchange MTU Request with a trailing byte", "02 1700 00", "trailing"),
    MalformedATTPDU("Exchange MTU Response with a trailing byte", "03 1700 00", "trailing"),
    MalformedATTPDU("Find Information Request with a trailing byte", "04 0100 ffff 00", "trailing"),
    MalformedATTPDU("Read Request with a trailing byte", "0a 2a00 00", "trailing"),
    MalformedATTPDU("Read Blob Request with trailing bytes", "0c 2a00 1600 ffff", "2 unexpected trailing bytes"),
    MalformedATTPDU("Write Response with a parameter", "13 00", "trailing"),
    MalformedATTPDU("Execute Write Request with a trailing byte", "18 01 00", "trailing"),
    MalformedATTPDU("Execute Write Response with a parameter", "19 00", "trailing"),
    MalformedATTPDU("Handle Value Confirmation with a parameter", "1e 00", "trailing"),
    // Find Information Response.
    MalformedATTPDU("Find Information Response, format 0", "05 00 0100 0028", "Format: 0x01 (16-bit UUIDs) or 0x02"),
    MalformedATTPDU("Find Information Response, format 3", "05 03 0100 0028", "got 0x03"),
    MalformedATTPDU("Find Information Response, no format", "05", "Format"),
    MalformedATTPDU("Find Information Response, empty list", "05 01", "at least one entry"),
    MalformedATTPDU("Find Information Response, 16-bit list not a multiple of 4", "05 01 0100 0028 02", "5 bytes is not a multiple of the 4-byte entry"),
    MalformedATTPDU("Find Information Response, 128-bit list not a multiple of 18", "05 02 0100 0028", "not a multiple of the 18-byte entry"),
    // Find By Type Value Response.
    MalformedATTPDU("Find By Type Value Response, empty list", "07", "at least one entry"),
    MalformedATTPDU("Find By Type Value Response, not a multiple of 4", "07 0100 05", "not a multiple of the 4-byte entry"),
    // Read By Type.
    MalformedATTPDU("Read By Type Request, UUID of 3 bytes", "08 0100 ffff 002800", "Attribute Type: a UUID is 2 or 16 bytes, got 3"),
    MalformedATTPDU("Read By Type Request, 32-bit UUID", "08 0100 ffff 00280000", "got 4"),
    MalformedATTPDU("Read By Type Request, no UUID", "08 0100 ffff", "got 0"),
    MalformedATTPDU("Read By Type Request, UUID of 17 bytes", "08 0100 ffff \(customUUIDWire) 00", "got 17"),
    MalformedATTPDU("Read By Type Response, Length 0", "09 00 0100", "Length: at least 2"),
    MalformedATTPDU("Read By Type Response, Length 1", "09 01 0100", "got 1"),
    MalformedATTPDU("Read By Type Response, no Length", "09", "Length"),
    MalformedATTPDU("Read By Type Response, empty list", "09 07", "at least one entry"),
    MalformedATTPDU("Read By Type Response, list not a multiple of Length", "09 07 0200 0a0300002a 0400", "9 bytes is not a multiple of Length 7"),
    // Read By Group Type.
    MalformedATTPDU("Read By Group Type Request, UUID of 3 bytes", "10 0100 ffff 002800", "Attribute Group Type: a UUID is 2 or 16 bytes"),
    MalformedATTPDU("Read By Group Type Response, Length 3", "11 03 010002", "Length: at least 4"),
    MalformedATTPDU("Read By Group Type Response, empty list", "11 06", "at least one entry"),
    MalformedATTPDU("Read By Group Type Response, list not a multiple of Length", "11 06 0100 0500 0018 01", "not a multiple of Length 6"),
    // Read Multiple and Read Multiple Variable.
    MalformedATTPDU("Read Multiple Request, one handle", "0e 0300", "at least 2 handles expected, got 1"),
    MalformedATTPDU("Read Multiple Request, no handles", "0e", "got 0"),
    MalformedATTPDU("Read Multiple Request, odd length", "0e 0300 0500 07", "not a whole number of handles"),
    MalformedATTPDU("Read Multiple Variable Request, one handle", "20 0300", "at least 2 handles"),
    MalformedATTPDU("Read Multiple Variable Request, odd length", "20 0300 05", "not a whole number of handles"),
    MalformedATTPDU("Read Multiple Variable Response, empty", "21", "at least one tuple"),
    MalformedATTPDU("Read Multiple Variable Response, half a Value Length", "21 02", "at least one tuple"),
    // Signed Write Command.
    MalformedATTPDU("Signed Write Command, 11-byte signature", "d2 2a00 0102030405060708090a0b", "Authentication Signature: 12 bytes expected, 11 left"),
    MalformedATTPDU("Signed Write Command, no signature", "d2 2a00", "Authentication Signature"),
    // Multiple Handle Value Notification.
    MalformedATTPDU("Multiple Handle Value Notification, empty", "23", "at least one tuple"),
    MalformedATTPDU("Multiple Handle Value Notification, value cut", "23 0300 0200 01", "Attribute Value: 2 bytes expected, 1 left"),
    MalformedATTPDU("Multiple Handle Value Notification, Length missing", "23 0300", "Length"),
    MalformedATTPDU("Multiple Handle Value Notification, lone trailing byte", "23 0300 0100 01 05", "Attribute Handle"),
]

@Suite struct ATTPDUValidationTests {
    @Test(arguments: malformedATTPDUs)
    func malformedInputThrowsNamingTheProblem(_ malformed: MalformedATTPDU) {
        let bytes = malformed.bytes
        let error = #expect(throws: ATTDecodingError.self) { try ATTMessage(decoding: bytes) }
        #expect(error?.opcode?.rawValue == bytes.first)
        #expect(error?.reason.contains(malformed.reason) == true, "reason was: \(error?.reason ?? "none")")
        #expect(error?.description.hasPrefix("malformed \(ATTOpcode(rawValue: bytes[0]).name): ") == true)
    }

    @Test func emptyInputThrows() {
        let error = #expect(throws: ATTDecodingError.self) { try ATTMessage(decoding: []) }
        #expect(error?.opcode == nil)
    }

    @Test func decodeChecksTheOpcode() {
        let error = #expect(throws: ATTDecodingError.self) { try ATTReadRequest.decode([0x0C, 0x2A, 0x00, 0x00, 0x00]) }
        #expect(error?.reason.contains("expected Read Request") == true)
        #expect(throws: ATTDecodingError.self) { try ATTReadRequest.decode([]) }
        #expect(throws: ATTDecodingError.self) { try ATTReadRequest.decode([0x0A, 0x2A, 0x00, 0x00]) }
    }

    @Test func findInformationResponseFormatFollowsTheEntries() throws {
        let short = ATTFindInformationResponse.Entry(handle: 1, uuid: BluetoothUUID(0x2800))
        let long = ATTFindInformationResponse.Entry(handle: 2, uuid: customUUID)
        #expect(ATTFindInformationResponse.fits(short, formatOf: short))
        #expect(!ATTFindInformationResponse.fits(long, formatOf: short))
        #expect(!ATTFindInformationResponse.fits(short, formatOf: long))
        // A 32-bit UUID has no 16-bit form: ATT carries it as 128-bit.
        #expect(ATTFindInformationResponse.Entry(handle: 3, uuid: BluetoothUUID(uuid32: 0x1234_5678)).format == .uuid128)
        // Mixed entries never trap: every UUID is written in its 128-bit form.
        let mixed = ATTFindInformationResponse(information: [short, long])
        #expect(mixed.format == .uuid128)
        let wire = mixed.encode()
        #expect(wire.count == 2 + 2 * 18)
        #expect(try ATTFindInformationResponse.decode(wire) == mixed)
    }

    @Test func uuidsOnTheBaseSentLongDecodeToTheirShortForm() throws {
        // 0x2800 in its 128-bit form: 00002800-0000-1000-8000-00805F9B34FB, little-endian.
        let long2800 = "fb349b5f800000800010000000280000"
        let findInformation = try ATTMessage(decoding: [UInt8](hex: "05 02 0100 \(long2800)")!)
        #expect(findInformation == .findInformationResponse(.init(information: [.init(handle: 1, uuid: BluetoothUUID(0x2800))])))
        #expect(findInformation.encode() == [UInt8](hex: "05 01 0100 0028")!)
        let readByType = try ATTReadByTypeRequest.decode([UInt8](hex: "08 0100 ffff \(long2800)")!)
        #expect(readByType.attributeType == BluetoothUUID(0x2800))
        #expect(readByType.encode() == [UInt8](hex: "08 0100 ffff 0028")!)
    }

    @Test func readByTypeResponseHelpers() {
        let first = ATTReadByTypeResponse.AttributeData(attributeHandle: 2, attributeValue: [1, 2, 3])
        #expect(ATTReadByTypeResponse.fits(.init(attributeHandle: 4, attributeValue: [4, 5, 6]), lengthOf: first))
        #expect(!ATTReadByTypeResponse.fits(.init(attributeHandle: 4, attributeValue: [4]), lengthOf: first))
        #expect(ATTReadByTypeResponse(attributeDataList: [first]).length == 5)
        let maximal = ATTReadByTypeResponse(attributeDataList: [
            .init(attributeHandle: 1, attributeValue: [UInt8](repeating: 7, count: ATTReadByTypeResponse.maximumValueCount))
        ])
        #expect(maximal.encode()[1] == 0xFF)
        let group = ATTReadByGroupTypeResponse.AttributeData(attributeHandle: 1, endGroupHandle: 5, attributeValue: [0, 0x18])
        #expect(ATTReadByGroupTypeResponse(attributeDataList: [group]).length == 6)
        #expect(!ATTReadByGroupTypeResponse.fits(.init(attributeHandle: 6, endGroupHandle: 9, attributeValue: []), lengthOf: group))
    }

    @Test func readMultipleVariableResponseTruncation() throws {
        // The cut fell inside the second tuple's Value Length: the lone octet is dropped.
        let cut = try ATTReadMultipleVariableResponse.decode([UInt8](hex: "21 0200 0102 03")!)
        #expect(cut.lengthValueTupleList == [.init(attributeValue: [1, 2])])
        #expect(cut.encode() == [UInt8](hex: "21 0200 0102")!)
        let truncated = try ATTReadMultipleVariableResponse.decode([UInt8](hex: "21 0200 0102 0a00 030405")!)
        #expect(truncated.lengthValueTupleList.map(\.isTruncated) == [false, true])
        #expect(truncated.description == "Read Multiple Variable Response [0102, 030405…/10]")
    }

    @Test func signedWriteCommandHelpers() throws {
        let command = try ATTSignedWriteCommand.decode([UInt8](hex: "d2 2a00 0102 05000000 0102030405060708")!)
        #expect(command.signCounter == 5)
        #expect(command.signedBytes == [0xD2, 0x2A, 0x00, 0x01, 0x02])
        #expect(command.attributeValue == [1, 2])
    }

    @Test func executeWriteFlags() {
        #expect(ATTExecuteWriteRequest.Flags.cancelAllPreparedWrites.isDefined)
        #expect(ATTExecuteWriteRequest.Flags.immediatelyWriteAllPendingPreparedValues.rawValue == 0x01)
        #expect(!ATTExecuteWriteRequest.Flags(rawValue: 0x02).isDefined)
    }

    @Test func messageWrapsAndUnwrapsPDUs() {
        let read = ATTReadRequest(attributeHandle: 3)
        let message = ATTMessage(read)
        #expect(message == .readRequest(read))
        #expect(message.opcode == .readRequest)
        #expect(message.pdu(as: ATTReadRequest.self) == read)
        #expect(message.pdu(as: ATTReadResponse.self) == nil)
        #expect(ATTMessage(ATTHandleValueConfirmation()) == .handleValueConfirmation(ATTHandleValueConfirmation()))
    }

    @Test(arguments: [
        (ATTMessage(ATTReadBlobRequest(attributeHandle: 0x2A, valueOffset: 22)), "Read Blob Request handle=0x002A offset=22"),
        (ATTMessage(ATTErrorResponse(requestOpcodeInError: .readRequest, attributeHandleInError: 0x2A, errorCode: .invalidHandle)),
         "Error Response request=Read Request handle=0x002A error=Invalid Handle (0x01)"),
        (ATTMessage(ATTExchangeMTURequest(clientRxMTU: 517)), "Exchange MTU Request clientRxMTU=517"),
        (ATTMessage(ATTWriteRequest(attributeHandle: 0x2A, attributeValue: [1, 2])), "Write Request handle=0x002A value=0102"),
        (ATTMessage(ATTWriteCommand(attributeHandle: 0x2A, attributeValue: [])), "Write Command handle=0x002A value=(empty)"),
        (ATTMessage(ATTReadResponse(attributeValue: [UInt8](repeating: 0xAB, count: 40))),
         "Read Response value=" + String(repeating: "ab", count: 32) + "…(40 bytes)"),
        (ATTMessage(ATTReadMultipleRequest(setOfHandles: [3, 5])), "Read Multiple Request handles=[0x0003, 0x0005]"),
        (ATTMessage(ATTReadByTypeRequest(startingHandle: 1, endingHandle: 0xFFFF, attributeType: BluetoothUUID(0x2803))),
         "Read By Type Request start=0x0001 end=0xFFFF type=2803"),
        (ATTMessage(ATTFindInformationResponse(information: [.init(handle: 1, uuid: BluetoothUUID(0x2800))])),
         "Find Information Response format=16-bit [0x0001:2800]"),
        (ATTMessage(ATTExecuteWriteRequest(flags: .immediatelyWriteAllPendingPreparedValues)), "Execute Write Request flags=write (0x01)"),
        (ATTMessage(ATTHandleValueConfirmation()), "Handle Value Confirmation"),
        (ATTMessage(ATTMultipleHandleValueNotification(handleLengthValueTupleList: [.init(attributeHandle: 3, attributeValue: [1, 2])])),
         "Multiple Handle Value Notification [0x0003=0102]"),
    ])
    func descriptionsAreOneLine(_ message: ATTMessage, _ expected: String) {
        #expect(message.description == expected)
        #expect(!message.description.contains("\n"))
    }
}
