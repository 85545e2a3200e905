import BLECore
import BLEGATT
import BLETesting
import Testing

/// Answers every Read Request with the handle's two bytes.
private final class ReadServer: ATTServerRequestHandler {
    func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
        guard case .readRequest(let request) = message else {
            return .errorResponse(ATTErrorResponse(requestOpcodeInError: message.opcode, attributeHandleInError: 0, errorCode: .requestNotSupported))
        }
        return .readResponse(ATTReadResponse(attributeValue: [UInt8(request.attributeHandle & 0xFF), UInt8(request.attributeHandle >> 8)]))
    }

    func bearerDidClose(_ bearer: ATTBearer) async {}
}

/// A caller's own type for the Read Response (0x0B): the value as one little-endian number.
private struct ReadResponseAsNumber: ATTPDU {
    static let opcode = ATTOpcode.readResponse
    var number: UInt16

    init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        guard let number = reader.readUInt16(), reader.remainingCount == 0 else {
            throw ATTDecodingError(opcode: Self.opcode, reason: "expected exactly two octets")
        }
        self.number = number
    }

    var parametersByteCount: Int { 2 }

    func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(number)
    }

    var description: String { "Read Response number=\(number)" }
}

/// `ATTBearer.request(_:expecting:)`: the response PDU is decoded once, from the wire.
@Suite struct ATTBearerTypedRequestTests {
    @Test func returnsTheResponseAsDecoded() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        await link.peripheral.setServerHandler(ReadServer())
        let response = try await link.central.request(ATTReadRequest(attributeHandle: 0x0102), expecting: ATTReadResponse.self)
        #expect(response == ATTReadResponse(attributeValue: [0x02, 0x01]))
    }

    @Test func aCallersOwnTypeForTheOpcodeIsDecodedFromTheBytes() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        await link.peripheral.setServerHandler(ReadServer())
        let response = try await link.central.request(ATTReadRequest(attributeHandle: 0x0102), expecting: ReadResponseAsNumber.self)
        #expect(response.number == 0x0102)
    }

    @Test func expectingAnotherResponseIsInvalid() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        await link.peripheral.setServerHandler(ReadServer())
        let error = await #expect(throws: GATTError.self) {
            _ = try await link.central.request(ATTReadRequest(attributeHandle: 1), expecting: ATTWriteResponse.self)
        }
        #expect(error?.code == .invalidResponse)
        #expect(error?.message.contains("expected \(ATTOpcode.writeResponse.name), got \(ATTOpcode.readResponse.name)") == true)
    }
}
