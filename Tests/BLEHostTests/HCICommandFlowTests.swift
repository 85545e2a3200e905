import BLEHCI
import Testing

@testable import BLEHost

@Suite struct HCICommandFlowTests {
    private func command(_ id: UInt64, _ opcode: HCIOpcode = .reset) -> HCICommandFlow.Command {
        HCICommandFlow.Command(id: id, packet: HCICommandPacket(opcode: opcode))
    }

    @Test func oneCreditBeforeAnyEvent() {
        var flow = HCICommandFlow()
        #expect(flow.submit(command(1)).map(\.id) == [1])
        #expect(flow.submit(command(2)).isEmpty)
        #expect(flow.queue.map(\.id) == [2])
    }

    @Test func answerSetsCreditsAbsolutelyAndSendsQueued() {
        var flow = HCICommandFlow()
        _ = flow.submit(command(1, .reset))
        _ = flow.submit(command(2, .readBDADDR))
        _ = flow.submit(command(3, .readBDADDR))
        let (answered, send) = flow.answer(opcode: .reset, credits: 2)
        #expect(answered == 1)
        #expect(send.map(\.id) == [2, 3])
        #expect(flow.credits == 0)
    }

    @Test func zeroCreditsHoldTheQueue() {
        var flow = HCICommandFlow()
        _ = flow.submit(command(1, .reset))
        _ = flow.submit(command(2, .readBDADDR))
        let first = flow.answer(opcode: .reset, credits: 0)
        #expect(first.answered == 1)
        #expect(first.send.isEmpty)
        // A credit-only Command Complete (opcode 0x0000) releases the queue.
        let second = flow.answer(opcode: .noOperation, credits: 1)
        #expect(second.answered == nil)
        #expect(second.send.map(\.id) == [2])
    }

    @Test func neverMoreOutstandingThanCredits() {
        var flow = HCICommandFlow()
        _ = flow.answer(opcode: .noOperation, credits: 3)
        var sent: [UInt64] = []
        for id in 1...10 { sent += flow.submit(command(UInt64(id), .readRSSI)).map(\.id) }
        #expect(sent == [1, 2, 3])
        #expect(flow.outstanding.count == 3)
    }

    @Test func answersMatchTheOldestCommandWithTheOpcode() {
        var flow = HCICommandFlow()
        _ = flow.answer(opcode: .noOperation, credits: 3)
        _ = flow.submit(command(1, .readRSSI))
        _ = flow.submit(command(2, .reset))
        _ = flow.submit(command(3, .readRSSI))
        #expect(flow.answer(opcode: .reset, credits: 1).answered == 2)
        #expect(flow.answer(opcode: .readRSSI, credits: 1).answered == 1)
        #expect(flow.answer(opcode: .readRSSI, credits: 1).answered == 3)
        #expect(flow.answer(opcode: .readRSSI, credits: 1).answered == nil)
    }

    @Test func removeAndRemoveAll() {
        var flow = HCICommandFlow()
        _ = flow.submit(command(1))
        _ = flow.submit(command(2))
        let removed = flow.remove(id: 2)
        let removedAgain = flow.remove(id: 2)
        #expect(removed)
        #expect(!removedAgain)
        #expect(flow.removeAll() == [1])
        #expect(flow.submit(command(3)).isEmpty)
    }
}
