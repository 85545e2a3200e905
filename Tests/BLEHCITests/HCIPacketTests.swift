import BLECore
import BLEHCI
import Testing

/// One valid H4 frame (indicator, then the packet; Core 5.4, Vol 4, Part E, 5.4) and its value.
struct HCIPacketCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let packet: HCIPacket

    init(_ name: String, _ hex: String, _ packet: HCIPacket) {
        self.name = name
        self.hex = hex
        self.packet = packet
    }

    var bytes: [UInt8] { BLEHCITests.hex(hex) }
    var testDescription: String { "\(name) [\(hex)]" }
}

let validHCIPackets: [HCIPacketCase] = [
    HCIPacketCase("command, Reset", "01 030c 00", .command(HCIReset().packet)),
    HCIPacketCase("command, unknown (Bumble)", "01 6655 03 aabbcc", .command(.init(opcode: HCIOpcode(rawValue: 0x5566), parameters: hex("aabbcc")))),
    HCIPacketCase(
        "ACL, first flushable ATT MTU request", "02 4020 0700 0300 0400 02 0502",
        .aclData(.init(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: hex("0300 0400 02 0502")))
    ),
    HCIPacketCase(
        "ACL, first non-flushable", "02 4000 0700 0300 0400 02 0502",
        .aclData(.init(handle: 0x40, packetBoundaryFlag: .firstNonFlushable, data: hex("0300 0400 02 0502")))
    ),
    HCIPacketCase(
        "ACL, continuing, max handle, broadcast bits", "02 ff5e 0200 aabb",
        .aclData(.init(handle: 0xEFF, packetBoundaryFlag: .continuing, broadcastFlag: .bredrBroadcast, data: hex("aabb")))
    ),
    HCIPacketCase("ACL, empty", "02 0100 0000", .aclData(.init(handle: 1, packetBoundaryFlag: .firstNonFlushable, data: []))),
    HCIPacketCase("SCO", "03 0100 03 010203", .synchronousData(.init(handleAndFlags: 0x0001, data: hex("010203")))),
    HCIPacketCase("event, Command Complete", "04 0e 04 01 030c 00", .event(.init(eventCode: .commandComplete, parameters: hex("01030c00")))),
    HCIPacketCase("ISO", "05 6020 0300 aabbcc", .isoData(.init(handleAndFlags: 0x2060, dataLoad: hex("aabbcc")))),
]

@Suite struct HCIPacketTests {
    @Test(arguments: validHCIPackets)
    func decodesAndEncodesH4(_ packetCase: HCIPacketCase) throws {
        let bytes = packetCase.bytes
        #expect(try HCIPacket(h4: bytes) == packetCase.packet)
        #expect(try H4.decode(bytes) == packetCase.packet)
        #expect(packetCase.packet.encodeH4() == bytes)
        #expect(H4.encode(packetCase.packet) == bytes)
        #expect(packetCase.packet.packetType.rawValue == bytes[0])
        #expect(!packetCase.packet.description.isEmpty)
    }

    @Test(arguments: validHCIPackets)
    func everyStrictPrefixAndEveryLongerFrameThrows(_ packetCase: HCIPacketCase) {
        let bytes = packetCase.bytes
        for count in 0..<bytes.count {
            #expect(throws: HCIDecodingError.self) { try HCIPacket(h4: Array(bytes.prefix(count))) }
        }
        #expect(throws: HCIDecodingError.self) { try HCIPacket(h4: bytes + [0]) }
    }

    @Test func aclFlagsDecode() throws {
        guard case .aclData(let acl) = try HCIPacket(h4: hex("02 ff5e 0200 aabb")) else {
            Issue.record("not ACL")
            return
        }
        #expect(acl.handle == 0x0EFF)
        #expect(acl.packetBoundaryFlag == .continuing && !acl.packetBoundaryFlag.isFirst)
        #expect(acl.broadcastFlag == .bredrBroadcast)
        #expect(HCIACLDataPacket.PacketBoundaryFlag.firstAutomaticallyFlushable.isFirst)
    }

    @Test func isoLengthWithRFUBitsIsMalformed() {
        #expect {
            try HCIPacket(h4: hex("05 6020 0340 aabbcc"))
        } throws: { error in
            (error as? HCIDecodingError)?.code == .invalidValue
        }
    }

    @Test func unknownIndicatorThrows() {
        #expect {
            try HCIPacket(h4: hex("07 0000"))
        } throws: { error in
            (error as? HCIDecodingError)?.code == .unexpectedType
        }
    }

    @Test func commandLengthMismatchNamesTheField() {
        #expect {
            try HCICommandPacket(decoding: hex("030c 01"))
        } throws: { error in
            let error = error as? HCIDecodingError
            return error?.code == .lengthMismatch && error?.field == "Parameter_Total_Length"
                && error?.description == "malformed Command packet: Parameter_Total_Length: says 1 bytes, 0 follow"
        }
    }

    @Test func aclLengthMismatchNamesTheField() {
        #expect {
            try HCIACLDataPacket(decoding: hex("4020 0800 0300 0400 02 0502"))
        } throws: { error in
            (error as? HCIDecodingError)?.field == "Data_Total_Length"
        }
    }
}
