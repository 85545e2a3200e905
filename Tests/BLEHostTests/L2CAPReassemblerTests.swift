import BLEHCI
import Testing

@testable import BLEHost

@Suite struct L2CAPReassemblerTests {
    private func acl(_ handle: UInt16, first: Bool, _ data: [UInt8]) -> HCIACLDataPacket {
        HCIACLDataPacket(handle: handle, packetBoundaryFlag: first ? .firstAutomaticallyFlushable : .continuing, data: data)
    }

    private func frames(_ outputs: [L2CAPReassembler.Output]) -> [L2CAPBasicFrame] {
        outputs.compactMap { if case .frame(_, let frame) = $0 { frame } else { nil } }
    }

    private func drops(_ outputs: [L2CAPReassembler.Output]) -> [String] {
        outputs.compactMap { if case .dropped(_, let reason) = $0 { reason } else { nil } }
    }

    @Test func wholeFrameInOnePacket() {
        var reassembler = L2CAPReassembler()
        let out = reassembler.receive(acl(1, first: true, [3, 0, 4, 0, 0x0A, 0x01, 0x00]))
        #expect(frames(out) == [L2CAPBasicFrame(channelID: .att, payload: [0x0A, 0x01, 0x00])])
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func splitAtEveryPoint(_ split: Int) {
        let bytes: [UInt8] = [3, 0, 4, 0, 0x0A, 0x01, 0x00]
        var reassembler = L2CAPReassembler()
        #expect(reassembler.receive(acl(1, first: true, Array(bytes[..<split]))).isEmpty)
        #expect(reassembler.isReassembling(1))
        let out = reassembler.receive(acl(1, first: false, Array(bytes[split...])))
        #expect(frames(out) == [L2CAPBasicFrame(channelID: .att, payload: [0x0A, 0x01, 0x00])])
        #expect(!reassembler.isReassembling(1))
    }

    @Test func oneByteFragments() {
        let bytes: [UInt8] = [2, 0, 6, 0, 0x01, 0x02]
        var reassembler = L2CAPReassembler()
        var out: [L2CAPReassembler.Output] = []
        for (index, byte) in bytes.enumerated() { out += reassembler.receive(acl(7, first: index == 0, [byte])) }
        #expect(frames(out) == [L2CAPBasicFrame(channelID: .securityManager, payload: [1, 2])])
    }

    @Test func interleavedConnections() {
        var reassembler = L2CAPReassembler()
        var out: [L2CAPReassembler.Output] = []
        out += reassembler.receive(acl(1, first: true, [2, 0, 4, 0]))
        out += reassembler.receive(acl(2, first: true, [1, 0, 5, 0]))
        out += reassembler.receive(acl(1, first: false, [0xAA]))
        out += reassembler.receive(acl(2, first: false, [0xBB]))
        out += reassembler.receive(acl(1, first: false, [0xCC]))
        #expect(out == [
            .frame(handle: 2, L2CAPBasicFrame(channelID: .leSignaling, payload: [0xBB])),
            .frame(handle: 1, L2CAPBasicFrame(channelID: .att, payload: [0xAA, 0xCC])),
        ])
    }

    @Test func frameLongerThanItsLengthIsDropped() {
        var reassembler = L2CAPReassembler()
        let out = reassembler.receive(acl(1, first: true, [1, 0, 4, 0, 0xAA, 0xBB]))
        #expect(frames(out).isEmpty)
        #expect(drops(out).count == 1)
        // The next frame is fine.
        #expect(frames(reassembler.receive(acl(1, first: true, [1, 0, 4, 0, 0xAA]))).count == 1)
    }

    @Test func oversizedLengthIsDroppedWithItsContinuations() {
        var reassembler = L2CAPReassembler(maximumPayloadLength: 100)
        let out = reassembler.receive(acl(1, first: true, [0xFF, 0x00, 4, 0, 1, 2]))
        #expect(drops(out).count == 1 && drops(out)[0].contains("oversized"))
        #expect(reassembler.receive(acl(1, first: false, [3, 4, 5])).isEmpty)
        #expect(frames(reassembler.receive(acl(1, first: true, [1, 0, 4, 0, 0xAA]))).count == 1)
    }

    @Test func truncatedFrameIsDroppedWhenTheNextStarts() {
        var reassembler = L2CAPReassembler()
        _ = reassembler.receive(acl(1, first: true, [5, 0, 4, 0, 1]))
        let out = reassembler.receive(acl(1, first: true, [1, 0, 4, 0, 9]))
        #expect(drops(out).count == 1 && drops(out)[0].contains("truncated"))
        #expect(frames(out) == [L2CAPBasicFrame(channelID: .att, payload: [9])])
    }

    @Test func aHeaderSplitAcrossFragmentsCountsTowardTheFrame() {
        // Length 5 split after its first octet, the channel after the third: 6 of 9 octets, then
        // a whole frame starts on the same connection and comes out beside the drop.
        var reassembler = L2CAPReassembler()
        #expect(reassembler.receive(acl(3, first: true, [5])).isEmpty)
        #expect(reassembler.receive(acl(3, first: false, [0, 4])).isEmpty)
        #expect(reassembler.receive(acl(3, first: false, [0, 1, 2])).isEmpty)
        let out = reassembler.receive(acl(3, first: true, [1, 0, 4, 0, 0xEE]))
        #expect(drops(out) == ["truncated L2CAP frame: 6 of 9 bytes received before the next frame started"])
        #expect(frames(out) == [L2CAPBasicFrame(channelID: .att, payload: [0xEE])])
        #expect(!reassembler.isReassembling(3))
    }

    @Test func continuationWithoutStartIsDropped() {
        var reassembler = L2CAPReassembler()
        let out = reassembler.receive(acl(1, first: false, [1, 2, 3]))
        #expect(drops(out).count == 1)
    }

    @Test func removingAConnectionForgetsItsPartialFrame() {
        var reassembler = L2CAPReassembler()
        _ = reassembler.receive(acl(1, first: true, [5, 0, 4, 0, 1]))
        reassembler.removeConnection(1)
        #expect(!reassembler.isReassembling(1))
        #expect(drops(reassembler.receive(acl(1, first: false, [2]))).count == 1)
    }

    @Test func emptyFrame() {
        var reassembler = L2CAPReassembler()
        #expect(frames(reassembler.receive(acl(1, first: true, [0, 0, 4, 0]))) == [L2CAPBasicFrame(channelID: .att, payload: [])])
    }
}
