import BLECore
import Testing

@Suite struct AsyncFIFOTests {
    /// Values queued before the consumer asks come out in order, without waiting.
    @Test func queuedValuesComeOutInOrder() async {
        let queue = AsyncFIFO<Int>()
        for value in 0..<200 { #expect(queue.yield(value)) }
        var received: [Int] = []
        for _ in 0..<200 { received.append(await queue.next() ?? -1) }
        #expect(received == Array(0..<200))
    }

    /// A consumer that waits gets each value a producer yields later, in order.
    @Test func waitingConsumerGetsLaterValues() async {
        let queue = AsyncFIFO<Int>()
        let consumer = Task {
            var received: [Int] = []
            while let value = await queue.next() { received.append(value) }
            return received
        }
        for value in 0..<500 {
            queue.yield(value)
            if value % 7 == 0 { await Task.yield() }
        }
        queue.finish()
        #expect(await consumer.value == Array(0..<500))
    }

    /// After finish, the values already queued still come out, then nil; later values are dropped.
    @Test func finishDeliversQueuedValuesThenEnds() async {
        let queue = AsyncFIFO<String>()
        queue.yield("a")
        queue.yield("b")
        queue.finish()
        #expect(queue.yield("c") == false)
        #expect(await queue.next() == "a")
        #expect(await queue.next() == "b")
        #expect(await queue.next() == nil)
        #expect(await queue.next() == nil)
    }

    /// Finishing wakes a consumer waiting on an empty queue with nil.
    @Test func finishWakesWaitingConsumer() async {
        let queue = AsyncFIFO<Int>()
        let consumer = Task { await queue.next() }
        await Task.yield()
        queue.finish()
        #expect(await consumer.value == nil)
    }

    /// Cancelling the waiting consumer's task ends its wait with nil; the queue stays usable.
    @Test func cancellingTheConsumerEndsItsWait() async {
        let queue = AsyncFIFO<Int>()
        let consumer = Task { await queue.next() }
        await Task.yield()
        consumer.cancel()
        #expect(await consumer.value == nil)
        queue.yield(7)
        #expect(await queue.next() == 7)
    }
}
