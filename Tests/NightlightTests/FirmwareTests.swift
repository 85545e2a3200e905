import BLEGATT
import Nightlight
import Testing

@Suite struct FirmwareTests {
    @Test(arguments: [
        ("", UInt32(0)),
        ("a", 0xE8B7_BE43),
        ("abc", 0x3524_41C2),
        ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
    func crc32MatchesZlib(text: String, crc: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == crc)
    }

    @Test func crc32CanBeFedPiecewise() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var crc = CRC32()
        for chunk in stride(from: 0, to: data.count, by: 33) { crc.update(data[chunk..<min(chunk + 33, data.count)]) }
        #expect(crc.checksum == CRC32.checksum(data))
        // A sequence without contiguous storage goes byte by byte: the same CRC.
        #expect(CRC32.checksum(data.lazy.map { $0 }) == CRC32.checksum(data))
        #expect(CRC32().checksum == 0)
        #expect(CRC32.checksum(Array(repeating: 0, count: 32)) == 0x190A_55AD)
    }

    static let small = FirmwareImage(model: "SN-1", version: "1.2.0", payload: [1, 2, 3])
    /// The signed bytes of ``small``: header version 2, then the signature follows.
    static let smallSigned = wire("534E4657 02 04 534E2D31 05 312E322E30 03000000 010203")
    static let smallBytes = smallSigned + small.signature

    @Test func imagesHaveTheProfileFormat() throws {
        #expect(Self.small.headerVersion == 2 && Self.small.signature.count == 64 && Self.small.isSigned)
        #expect(Self.small.signedBytes == Self.smallSigned)
        expectRoundTrip(Self.small, Self.smallBytes)
        #expect(Self.small.headerByteCount == 20)
        #expect(Self.small.crc32 == CRC32.checksum(Self.smallBytes))
        #expect(Self.small.isSignatureValid(for: .testVendor), "signed with the test vendor key by default")
        let test = FirmwareImage.testImage(version: "2.0.0", payloadSize: 5000)
        #expect(test.payload.count == 5000)
        #expect(test.encode().count == test.headerByteCount + 5000 + 64, "the payload length counts the payload only")
        #expect(try FirmwareImage(bytes: test.encode()) == test)
        #expect(FirmwareImage.testImage(version: "2.0.1", payloadSize: 5000).payload != test.payload)
        #expect(FirmwareImage.testImage(version: "2.0.0", payloadSize: 5000).signedBytes == test.signedBytes)
        #expect(try FirmwareImage(bytes: FirmwareImage(model: "SN-2", version: "1.0.0", payload: []).encode(), expectedModel: nil).model == "SN-2")
        #expect(FirmwareImage.unsigned(version: "1.2.0", payload: [1, 2, 3]).encode() == wire("534E4657 01 04 534E2D31 05 312E322E30 03000000 010203"))
    }

    @Test func rejectedImagesSayWhy() {
        func reject(_ wire: [UInt8], _ message: String, code: SNValueError.Code = .imageRejected, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try FirmwareImage(bytes: wire)
                Issue.record("accepted", sourceLocation: sourceLocation)
            } catch {
                #expect(error.description == message, sourceLocation: sourceLocation)
                #expect(error.code == code, sourceLocation: sourceLocation)
            }
        }
        var badMagic = Self.smallBytes
        badMagic[3] = 0x58
        reject(badMagic, "firmware image: magic \"SNFX\" (534e4658) is not \"SNFW\"")
        var badHeader = Self.smallBytes
        badHeader[4] = 3
        reject(badHeader, "firmware image: header version 3 is not 2 (a signed image, SN profile §7.1)")
        reject(FirmwareImage(model: "SN-2", version: "1.2.0", payload: [1]).encode(), "firmware image: model \"SN-2\" is not SN-1")
        reject(Self.smallBytes + [4], "firmware image: payload length 3 does not match the 68 bytes after the header (the payload, then a 64-byte signature)")
        reject(Array(Self.smallSigned.dropLast()), "firmware image: payload length 3 does not match the 2 bytes after the header (the payload, then a 64-byte signature)")
        reject(Array(Self.smallBytes.dropLast()), "firmware image: signature is 63 bytes; an Ed25519 signature is 64: the image is truncated or damaged")
        reject(Array(Self.smallBytes.prefix(18)), "firmware image: payload length is missing: the value ends at byte 18, 2 bytes short")
        reject(Array(Self.smallBytes.prefix(2)), "firmware image: magic is missing: the value ends at byte 2, 2 bytes short")
        reject(FirmwareImage(version: "1.2", payload: []).encode(), "firmware image: version \"1.2\" is not a semantic version like 1.2.0")
        reject(FirmwareImage(model: "", version: "1.0.0", payload: []).encode(), "firmware image: model is empty")
        let huge = FirmwareImage(version: "1.0.0", payload: Array(repeating: 0, count: FirmwareImage.maximumByteCount))
        reject(huge.encode(), "firmware image is 1048660 bytes; the most is 1048576 (1 MiB)")
        expectRefusal("firmware image is 1048660 bytes; the most is 1048576 (1 MiB)", .outOfRange) { try huge.validate() }
    }

    @Test func semanticVersions() {
        for good in ["1.0.0", "10.20.30", "1.2.3-beta.1", "1.2.3+build.5", "1.2.3-rc.1+b"] { #expect(FirmwareImage.isSemanticVersion(good), "\(good)") }
        for bad in ["1.2", "1.2.3.4", "v1.2.3", "1..3", "1.2.3-", "1.2.x", ""] { #expect(!FirmwareImage.isSemanticVersion(bad), "\(bad)") }
    }

    @Test(arguments: [
        (FirmwareControlRequest.start(size: 0x1234, crc: 0xCBF4_3926), "01 34120000 2639F4CB"),
        (.query, "02"), (.validate, "03"), (.activate, "04"), (.abort, "05"),
    ])
    func controlPointRequests(request: FirmwareControlRequest, hex: String) throws {
        #expect(request.encode() == wire(hex))
        #expect(try FirmwareControlRequest(bytes: wire(hex)) == request)
    }

    @Test func malformedRequestsAreInvalidParameters() {
        func reject(_ wire: [UInt8], _ field: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(throws: SNValueError(.invalidRequest, path: [field], message), sourceLocation: sourceLocation) {
                try FirmwareControlRequest(bytes: wire)
            }
        }
        reject([], "control point request", "is empty")
        reject([0x06], "control point request: opcode 0x6", "is not a request (0x01…0x05)")
        reject([0x01, 0, 0, 0, 0], "Start request", "is 5 bytes; it must be 9")
        reject([0x02, 0], "Query request", "is 2 bytes; it must be 1")
        #expect(FirmwareControlRequest.start([1, 2, 3]) == .start(size: 3, crc: CRC32.checksum([1, 2, 3])))
        #expect(FirmwareControlRequest.start(size: 16, crc: 0xAB).description == "Start 16 bytes CRC 0x000000AB")
    }

    @Test(arguments: [
        (FirmwareControlResponse.start(offset: 0), "60 01 00 00000000"),
        (.start(offset: 480), "60 01 00 E0010000"),
        (.query(offset: 9, crc: 0xCBF4_3926), "60 02 00 09000000 2639F4CB"),
        (.validate, "60 03 00"), (.activate, "60 04 00"), (.abort, "60 05 00"),
        (.failure(request: .validate, status: .crcMismatch), "60 03 03"),
        (.failure(request: .validate, status: .imageRejected), "60 03 04"),
        (.failure(request: .start, status: .busy), "60 01 05"),
        (.failure(request: .query, status: .invalidState), "60 02 01"),
        (.failure(request: FirmwareOpcode(rawValue: 9), status: .invalidParameter), "60 09 02"),
    ])
    func controlPointResponses(response: FirmwareControlResponse, hex: String) throws {
        #expect(response.encode() == wire(hex))
        #expect(try FirmwareControlResponse(bytes: wire(hex)) == response)
    }

    @Test func malformedResponsesAreRefused() {
        for hex in ["60 01", "61 03 00", "60 01 00 000000", "60 02 00 09000000", "60 03 00 00", "60 03 03 00", "60 09 00"] {
            #expect(throws: SNValueError.self, "\(hex)") { try FirmwareControlResponse(bytes: wire(hex)) }
        }
        #expect(FirmwareControlResponse.failure(request: .validate, status: .crcMismatch).description == "Validate: CRC mismatch")
        #expect(FirmwareControlResponse.query(offset: 9, crc: 1).description == "Query: success, offset 9, CRC 0x00000001")
    }

    @Test func dataPacketsCarryTheOffset() throws {
        let packet = FirmwareDataPacket(offset: 0x0102, data: [0xAA, 0xBB])
        #expect(packet.encode() == wire("02010000 AABB"))
        #expect(try FirmwareDataPacket(bytes: wire("02010000 AABB")) == packet)
        #expect(try FirmwareDataPacket(bytes: wire("02010000")).data.isEmpty)
        expectRefusal("firmware data offset is missing: the value ends at byte 3, 1 byte short", .invalidAttributeValueLength) {
            _ = try FirmwareDataPacket(bytes: wire("020100"))
        }
        // Decoding without a copy: the same offset, the data as a slice of the written bytes.
        let written = wire("02010000 AABBCC")
        let (offset, data) = try FirmwareDataPacket.decode(written)
        #expect(offset == 0x0102 && Array(data) == [0xAA, 0xBB, 0xCC] && data.startIndex == 4)
        #expect(try FirmwareDataPacket.decode(wire("02010000")).data.isEmpty)
        expectRefusal("firmware data offset is missing: the value ends at byte 2, 2 bytes short", .invalidAttributeValueLength) {
            _ = try FirmwareDataPacket.decode(wire("0201"))
        }
        #expect(FirmwareDataPacket.maximumDataLength(mtu: 23) == 16)
        let image = Array(0..<40).map(UInt8.init)
        let packets = FirmwareDataPacket.packets(for: image, mtu: 23)
        #expect(packets.map(\.offset) == [0, 16, 32])
        #expect(packets.flatMap(\.data) == image)
        #expect(FirmwareDataPacket.packets(for: image, from: 20, mtu: 23).map(\.offset) == [20, 36])
    }
}
