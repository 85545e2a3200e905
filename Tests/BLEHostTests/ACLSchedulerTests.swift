import BLEHCI
import Testing

@testable import BLEHost

@Suite struct ACLSchedulerTests {
    @Test func fragmentsToThePacketLength() {
        var scheduler = ACLScheduler(maximumPacketLength: 4, totalBuffers: 10)
        scheduler.enqueue(Array(0..<10), channel: 4, on: 0x40)
        let out = scheduler.nextPackets()
        #expect(out.map(\.packet.data) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
        #expect(out.map(\.packet.packetBoundaryFlag) == [.firstNonFlushable, .continuing, .continuing])
        #expect(out.map(\.completedChannel) == [nil, nil, 4])
        #expect(out.allSatisfy { $0.packet.handle == 0x40 })
    }

    @Test func creditsLimitPacketsInTheController() {
        var scheduler = ACLScheduler(maximumPacketLength: 2, totalBuffers: 2)
        scheduler.enqueue([1, 2, 3, 4, 5, 6], channel: 4, on: 1)
        #expect(scheduler.nextPackets().count == 2)
        #expect(scheduler.nextPackets().isEmpty)
        #expect(scheduler.completed(1, on: 1) == 0)
        #expect(scheduler.nextPackets().map(\.packet.data) == [[5, 6]])
        #expect(scheduler.credits == 0)
    }

    @Test func roundRobinAmongConnections() {
        var scheduler = ACLScheduler(maximumPacketLength: 1, totalBuffers: 100)
        scheduler.enqueue([1, 1, 1, 1], channel: 4, on: 1)
        scheduler.enqueue([2, 2], channel: 4, on: 2)
        scheduler.enqueue([3], channel: 4, on: 3)
        let handles = scheduler.nextPackets().map(\.packet.handle)
        #expect(handles == [1, 2, 3, 1, 2, 1, 1])
    }

    @Test func fairnessHoldsAcrossCreditStarvation() {
        var scheduler = ACLScheduler(maximumPacketLength: 1, totalBuffers: 1)
        scheduler.enqueue([1, 1, 1], channel: 4, on: 1)
        scheduler.enqueue([2, 2, 2], channel: 4, on: 2)
        var handles: [UInt16] = []
        for _ in 0..<6 {
            let out = scheduler.nextPackets()
            handles += out.map(\.packet.handle)
            for packet in out { scheduler.completed(1, on: packet.packet.handle) }
        }
        #expect(handles == [1, 2, 1, 2, 1, 2])
    }

    @Test func outOfOrderAndExcessCreditsAreClamped() {
        var scheduler = ACLScheduler(maximumPacketLength: 1, totalBuffers: 2)
        scheduler.enqueue([1, 1], channel: 4, on: 1)
        _ = scheduler.nextPackets()
        // Credits for a handle with nothing in flight, and more than were sent.
        #expect(scheduler.completed(3, on: 9) == 3)
        #expect(scheduler.completed(5, on: 1) == 3)
        #expect(scheduler.credits == 2)
    }

    @Test func removingAConnectionFreesItsBuffersAndQueue() {
        var scheduler = ACLScheduler(maximumPacketLength: 1, totalBuffers: 2)
        scheduler.enqueue([1, 1, 1], channel: 4, on: 1)
        scheduler.enqueue([2], channel: 4, on: 2)
        _ = scheduler.nextPackets()
        #expect(scheduler.credits == 0)
        #expect(scheduler.removeConnection(1) == 1)
        #expect(scheduler.nextPackets().map(\.packet.handle) == [])
        #expect(scheduler.credits == 1)
        scheduler.enqueue([3], channel: 4, on: 3)
        #expect(scheduler.nextPackets().map(\.packet.handle) == [3])
    }
}
