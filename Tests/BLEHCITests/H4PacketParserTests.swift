import BLECore
import BLEHCI
import Testing

/// A stream a host reads: an event, an ACL fragment, an LE advertising report event, an empty ACL
/// packet and a credits-only Command Complete.
let hostStream: [HCIPacket] = [
    .event(.init(eventCode: .commandComplete, parameters: hex("01030c00"))),
    .aclData(.init(handle: 0x40, packetBoundaryFlag: .firstAutomaticallyFlushable, data: hex("0300 0400 02 0502"))),
    .event(HCIEventPacketOrTrap("3e 0c 02 01 00 00 554433221100 00 64")),
    .aclData(.init(handle: 1, packetBoundaryFlag: .continuing, data: [])),
    .event(.init(eventCode: .commandComplete, parameters: hex("010000"))),
]

func HCIEventPacketOrTrap(_ text: String) -> HCIEventPacket {
    guard let packet = try? HCIEventPacket(decoding: hex(text)) else { fatalError("bad event packet in test: \(text)") }
    return packet
}

let hostStreamBytes = hostStream.flatMap { $0.encodeH4() }

@Suite struct H4PacketParserTests {
    @Test func byteByByteFeeding() {
        var parser = H4PacketParser.forHost()
        var packets: [HCIPacket] = []
        for byte in hostStreamBytes {
            packets += parser.feed([byte])
            #expect(parser.bufferedByteCount <= parser.maximumBufferedByteCount)
        }
        #expect(packets == hostStream)
        #expect(parser.bufferedByteCount == 0)
        #expect(parser.discardedByteCount == 0)
    }

    @Test func manyPacketsInOneChunk() {
        var parser = H4PacketParser()
        #expect(parser.feed(hostStreamBytes + hostStreamBytes) == hostStream + hostStream)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func randomChunking() {
        var generator = SplitMix64(state: 7)
        for _ in 0..<200 {
            var parser = H4PacketParser.forHost()
            var packets: [HCIPacket] = []
            var index = 0
            while index < hostStreamBytes.count {
                let size = Int.random(in: 1...12, using: &generator)
                let end = min(index + size, hostStreamBytes.count)
                packets += parser.feed(hostStreamBytes[index..<end])
                index = end
            }
            #expect(packets == hostStream)
        }
    }

    @Test func incompleteInputReturnsNothingAndKeepsTheBytes() {
        var parser = H4PacketParser.forHost()
        let first = hostStream[1].encodeH4()
        #expect(parser.parse(first.dropLast()).isEmpty)
        #expect(parser.bufferedByteCount == first.count - 1)
        #expect(parser.feed([first.last!]) == [hostStream[1]])
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func garbageBeforeAndBetweenPacketsIsReportedAndSkipped() {
        var parser = H4PacketParser.forHost()
        let garbage: [UInt8] = [0x00, 0xFF, 0x07, 0x01]  // 0x01 (command) is not accepted by a host
        let stream = garbage + hostStream[0].encodeH4() + [0x09, 0x09] + hostStream[1].encodeH4()
        let outputs = parser.parse(stream)
        #expect(outputs.count == 4)
        guard outputs.count == 4 else { return }
        #expect(outputs[0] == .discarded(.init(byteCount: 4, reason: "unexpected packet indicator 0x00")))
        #expect(outputs[1] == .packet(hostStream[0]))
        if case .discarded(let discard) = outputs[2] {
            #expect(discard.byteCount == 2)
            #expect(discard.description == "dropped 2 bytes: unexpected packet indicator 0x09")
        } else {
            Issue.record("expected a discard, got \(outputs[2])")
        }
        #expect(outputs[3] == .packet(hostStream[1]))
        #expect(parser.discardedByteCount == 6)
    }

    @Test func garbageFedByteByByteResynchronises() {
        var parser = H4PacketParser.forHost()
        var packets: [HCIPacket] = []
        for byte in [0xAA, 0xBB, 0xCC] + hostStreamBytes {
            packets += parser.feed([byte])
        }
        #expect(packets == hostStream)
        #expect(parser.discardedByteCount == 3)
    }

    @Test func anImplausibleACLLengthIsGarbage() {
        var parser = H4PacketParser.forHost(maximumACLDataLength: 251)
        // An ACL header claiming 0xFFFF bytes, then a real event: the header is dropped byte by byte.
        let stream = hex("02 4020 ffff") + hostStream[0].encodeH4()
        let packets = parser.feed(stream)
        #expect(packets == [hostStream[0]])
        #expect(parser.discardedByteCount == 5)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func aHugeClaimedLengthIsBoundedByTheLargestLegalPacket() {
        var parser = H4PacketParser.forHost()
        let maximum = parser.maximumBufferedByteCount
        #expect(maximum == H4.maximumFrameLength - 1)
        #expect(parser.feed(hex("02 4020 ffff")).isEmpty)
        var generator = SplitMix64(state: 1)
        var fed = 0
        var packets: [HCIPacket] = []
        while fed < 70_000 {
            let chunk = (0..<1_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
            packets += parser.feed(chunk)
            fed += chunk.count
            #expect(parser.bufferedByteCount <= maximum)
        }
        // The 65535-byte packet completed; whatever followed was parsed or dropped, not hoarded.
        #expect(packets.first.map { if case .aclData(let acl) = $0 { acl.data.count == 0xFFFF } else { false } } == true)
        #expect(parser.bufferedByteCount <= maximum)
        // And the parser is back in sync for real packets.
        parser.reset()
        #expect(parser.feed(hostStreamBytes) == hostStream)
    }

    @Test func isoLengthWithRFUBitsIsGarbage() {
        var parser = H4PacketParser()
        #expect(parser.feed(hex("05 6020 0340 aabbcc")).isEmpty)
        #expect(parser.discardedByteCount >= 1)
    }

    @Test func onlyGarbageLeavesNothingBuffered() {
        var parser = H4PacketParser.forController()
        let outputs = parser.parse([0x04, 0x0E, 0x00, 0x08])  // an event: not accepted by a controller
        #expect(outputs == [.discarded(.init(byteCount: 4, reason: "unexpected packet indicator 0x04"))])
        #expect(parser.bufferedByteCount == 0)
        #expect(parser.feed(HCIReset().packet.encodeH4Frame()) == [.command(HCIReset().packet)])
    }
}

extension HCICommandPacket {
    /// The H4 frame of this command.
    func encodeH4Frame() -> [UInt8] { HCIPacket.command(self).encodeH4() }
}
