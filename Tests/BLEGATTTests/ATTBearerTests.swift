import BLECore
import BLEGATT
import BLETesting
import Synchronization
import Testing

/// A server role that answers every Read Request with the handle's two bytes, counts what it saw,
/// and can be told to hold its answers.
private final class EchoServer: ATTServerRequestHandler {
    let seen = Mutex<[ATTMessage]>([])
    let closed = Mutex(false)

    func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
        seen.withLock { $0.append(message) }
        switch message {
        case .readRequest(let request):
            return .readResponse(ATTReadResponse(attributeValue: [UInt8(request.attributeHandle & 0xFF), UInt8(request.attributeHandle >> 8)]))
        case .writeRequest:
            return .writeResponse(ATTWriteResponse())
        case .writeCommand:
            return nil
        default:
            return .errorResponse(ATTErrorResponse(requestOpcodeInError: message.opcode, attributeHandleInError: 0, errorCode: .requestNotSupported))
        }
    }

    func bearerDidClose(_ bearer: ATTBearer) async {
        closed.withLock { $0 = true }
    }
}

@Suite struct ATTBearerTests {
    @Test(arguments: [(UInt16(517), UInt16(247), UInt16(247)), (23, 517, 23), (517, 517, 517), (100, 64, 64)])
    func exchangeMTUAgreesOnTheSmaller(central: UInt16, peripheral: UInt16, expected: UInt16) async throws {
        let link = InMemoryATTLink(clock: ManualClock(), centralMTU: central, peripheralMTU: peripheral)
        let mtu = try await link.central.exchangeMTU()
        #expect(mtu == expected)
        #expect(await link.central.mtu == expected)
        #expect(await link.peripheral.mtu == expected)
    }

    @Test func requestsAreAnsweredInOrderOneAtATime() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        let server = EchoServer()
        await link.peripheral.setServerHandler(server)
        let values = try await withThrowingTaskGroup(of: (UInt16, [UInt8]).self) { group in
            for handle in UInt16(1)...20 {
                group.addTask {
                    let response = try await link.central.request(ATTReadRequest(attributeHandle: handle), expecting: ATTReadResponse.self)
                    return (handle, response.attributeValue)
                }
            }
            var results: [UInt16: [UInt8]] = [:]
            for try await (handle, value) in group { results[handle] = value }
            return results
        }
        for handle in UInt16(1)...20 {
            #expect(values[handle] == [UInt8(handle), 0])
        }
        // Never two requests in flight: each request is followed by its response before the next.
        let central = link.sentByCentral.map { $0[0] }
        #expect(central.count == 20)
        #expect(server.seen.withLock { $0.count } == 20)
    }

    @Test func errorResponseThrowsWithTheCodeAndHandle() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        await link.peripheral.setServerHandler(EchoServer())
        let error = await #expect(throws: GATTError.self) {
            _ = try await link.central.request(ATTReadBlobRequest(attributeHandle: 7, valueOffset: 0))
        }
        #expect(error?.code == .attError)
        #expect(error?.attErrorCode == .requestNotSupported)
        #expect(error?.procedure == "Read Blob Request")
    }

    @Test func aPeerThatNeverAnswersTimesOutAndClosesTheBearer() async throws {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock)
        link.dropsFromCentral = true
        let pending = Task { try await link.central.request(ATTReadRequest(attributeHandle: 3)) }
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(29))
        #expect(await link.central.isOpen)
        clock.advance(by: .seconds(1))
        let error = await #expect(throws: GATTError.self) { try await pending.value }
        #expect(error?.code == .timeout)
        #expect(await !link.central.isOpen)
        let later = await #expect(throws: GATTError.self) {
            _ = try await link.central.request(ATTReadRequest(attributeHandle: 3))
        }
        #expect(later?.code == .bearerClosed)
        #expect(later?.message.contains("no answer within") == true)
        #expect(link.sentByCentral.count == 1, "nothing is sent after a timeout")
    }

    @Test func closingFailsThePendingAndQueuedRequestsAtOnce() async throws {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock)
        link.dropsFromCentral = true
        let first = Task { try await link.central.request(ATTReadRequest(attributeHandle: 1)) }
        #expect(await clock.waitForSleepers(count: 1))
        let second = Task { try await link.central.request(ATTReadRequest(attributeHandle: 2)) }
        await Task.yield()
        await link.disconnect(GATTError(.bearerClosed, "link lost"))
        for task in [first, second] {
            let error = await #expect(throws: GATTError.self) { try await task.value }
            #expect(error?.code == .bearerClosed)
        }
    }

    @Test func cancellingACallerKeepsTheTransactionOutstanding() async throws {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock)
        await link.peripheral.setServerHandler(EchoServer())
        link.dropsFromCentral = true
        let first = Task { try await link.central.request(ATTReadRequest(attributeHandle: 1)) }
        #expect(await clock.waitForSleepers(count: 1))
        first.cancel()
        let error = await #expect(throws: GATTError.self) { try await first.value }
        #expect(error?.code == .cancelled)
        // The next request must wait for the first transaction: it is not sent yet.
        link.dropsFromCentral = false
        let second = Task { try await link.central.request(ATTReadRequest(attributeHandle: 2), expecting: ATTReadResponse.self) }
        for _ in 0..<100 { await Task.yield() }
        #expect(link.sentByCentral.count == 1)
        // The first transaction times out; the bearer closes and the queued request fails too.
        clock.advance(by: .seconds(30))
        let secondError = await #expect(throws: GATTError.self) { try await second.value }
        #expect(secondError?.code == .bearerClosed)
    }

    @Test func indicationsWaitForConfirmationOneAtATime() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        let received = Mutex<[ATTHandleValue]>([])
        await link.central.addValueHandler { value in received.withLock { $0.append(value) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for handle in UInt16(1)...5 {
                group.addTask { try await link.peripheral.sendIndication(handle: handle, value: [UInt8(handle)]) }
            }
            try await group.waitForAll()
        }
        try await link.peripheral.sendNotification(handle: 9, value: [9])
        for _ in 0..<100 { await Task.yield() }
        let values = received.withLock { $0 }
        #expect(values.filter(\.isIndication).count == 5)
        #expect(values.contains(ATTHandleValue(attributeHandle: 9, attributeValue: [9], isIndication: false)))
        #expect(link.sentByCentral.allSatisfy { $0 == [ATTOpcode.handleValueConfirmation.rawValue] })
    }

    @Test func anUnconfirmedIndicationTimesOut() async throws {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock)
        link.dropsFromPeripheral = true
        let indication = Task { try await link.peripheral.sendIndication(handle: 1, value: [1]) }
        #expect(await clock.waitForSleepers(count: 1))
        clock.advance(by: .seconds(30))
        let error = await #expect(throws: GATTError.self) { try await indication.value }
        #expect(error?.code == .timeout)
        #expect(await !link.peripheral.isOpen)
    }

    /// Commands received before the bearer closed are still applied; requests that can no longer
    /// be answered are dropped.
    @Test func commandsReceivedBeforeTheCloseAreStillServed() async throws {
        /// Holds the first message until released.
        final class GatedServer: ATTServerRequestHandler {
            let seen = Mutex<[ATTMessage]>([])
            let gate = AsyncStream<Void>.makeStream()
            func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
                let first = seen.withLock { seen in
                    seen.append(message)
                    return seen.count == 1
                }
                if first { for await _ in gate.stream { break } }
                return message.opcode.isCommand ? nil : .writeResponse(ATTWriteResponse())
            }
            func bearerDidClose(_ bearer: ATTBearer) async {}
        }
        let link = InMemoryATTLink(clock: ManualClock())
        let server = GatedServer()
        await link.peripheral.setServerHandler(server)
        await link.peripheral.receive(ATTWriteCommand(attributeHandle: 1, attributeValue: [1]).encode())
        await link.peripheral.receive(ATTWriteRequest(attributeHandle: 2, attributeValue: [2]).encode())
        await link.peripheral.receive(ATTWriteCommand(attributeHandle: 3, attributeValue: [3]).encode())
        await link.peripheral.close(GATTError(.bearerClosed, "the link ended"))
        server.gate.continuation.yield()
        for _ in 0..<200 where server.seen.withLock({ $0.count }) < 2 {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await Task.sleep(for: .milliseconds(30))
        #expect(server.seen.withLock { $0.map(\.opcode) } == [.writeCommand, .writeCommand])
        #expect(!link.sentByPeripheral.contains { $0.first == ATTOpcode.writeResponse.rawValue })
    }

    @Test func waitUntilServedReturnsOnceTheQueuedCommandsAreHandled() async throws {
        /// Holds every message until released, one release per message.
        final class HeldServer: ATTServerRequestHandler {
            let handled = Mutex(0)
            let gate = AsyncStream<Void>.makeStream()
            func handle(_ message: ATTMessage, on bearer: ATTBearer) async -> ATTMessage? {
                for await _ in gate.stream { break }
                handled.withLock { $0 += 1 }
                return nil
            }
            func bearerDidClose(_ bearer: ATTBearer) async {}
        }
        let link = InMemoryATTLink(clock: ManualClock())
        // Without a server there is nothing to wait for.
        await link.peripheral.waitUntilServed()
        let server = HeldServer()
        await link.peripheral.setServerHandler(server)
        await link.peripheral.receive(ATTWriteCommand(attributeHandle: 1, attributeValue: [1]).encode())
        await link.peripheral.receive(ATTWriteCommand(attributeHandle: 2, attributeValue: [2]).encode())
        let served = Mutex(false)
        let waiter = Task {
            await link.peripheral.waitUntilServed()
            served.withLock { $0 = true }
        }
        server.gate.continuation.yield()
        for _ in 0..<200 where server.handled.withLock({ $0 }) < 1 { try? await Task.sleep(for: .milliseconds(5)) }
        try? await Task.sleep(for: .milliseconds(30))
        #expect(server.handled.withLock { $0 } == 1)
        #expect(!served.withLock { $0 }, "one of the two commands is still held")
        server.gate.continuation.yield()
        await waiter.value
        #expect(server.handled.withLock { $0 } == 2)
        // Closed: returns at once.
        await link.peripheral.close(GATTError(.bearerClosed, "the link ended"))
        await link.peripheral.waitUntilServed()
    }

    @Test func pdusLargerThanTheMTUAreRefusedOnBothSides() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        await link.peripheral.setServerHandler(EchoServer())
        let error = await #expect(throws: GATTError.self) {
            try await link.central.sendCommand(ATTWriteCommand(attributeHandle: 1, attributeValue: [UInt8](repeating: 0, count: 21)))
        }
        #expect(error?.code == .pduTooLarge)
        // A peer that ignores the MTU gets Invalid PDU for its request.
        await link.peripheral.receive(ATTWriteRequest(attributeHandle: 1, attributeValue: [UInt8](repeating: 0, count: 30)).encode())
        #expect(link.sentByPeripheral.last == [0x01, 0x12, 0x00, 0x00, 0x04])
    }

    @Test func malformedAndUnknownRequestsGetTheRightErrors() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        let server = EchoServer()
        await link.peripheral.setServerHandler(server)
        await link.peripheral.receive([0x0A, 0x01])                 // Read Request missing a byte
        #expect(link.sentByPeripheral.last == [0x01, 0x0A, 0x00, 0x00, 0x04])
        await link.peripheral.receive([0x3F, 0x01, 0x02])           // unknown request
        #expect(link.sentByPeripheral.last == [0x01, 0x3F, 0x00, 0x00, 0x06])
        let before = link.sentByPeripheral.count
        await link.peripheral.receive([0x7F, 0x01, 0x02])           // unknown command: ignored
        await link.peripheral.receive([])                           // empty: dropped
        await link.peripheral.receive([0x0B, 0x01])                 // unexpected response: dropped
        #expect(link.sentByPeripheral.count == before)
        #expect(await link.peripheral.droppedPDUCount == 4, "the malformed request, the unknown command, the empty PDU, the unexpected response")
        #expect(server.seen.withLock { $0.isEmpty })
    }

    @Test func withoutAServerRequestsAreNotSupported() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        let error = await #expect(throws: GATTError.self) {
            _ = try await link.central.request(ATTReadRequest(attributeHandle: 1))
        }
        #expect(error?.attErrorCode == .requestNotSupported)
    }

    @Test func aMismatchedResponseIsInvalid() async throws {
        let clock = ManualClock()
        let link = InMemoryATTLink(clock: clock)
        link.dropsFromCentral = true
        let pending = Task { try await link.central.request(ATTReadRequest(attributeHandle: 1)) }
        #expect(await clock.waitForSleepers(count: 1))
        await link.central.receive(ATTWriteResponse().encode())
        let error = await #expect(throws: GATTError.self) { try await pending.value }
        #expect(error?.code == .invalidResponse)
    }

    @Test func theServerHearsAboutTheClose() async throws {
        let link = InMemoryATTLink(clock: ManualClock())
        let server = EchoServer()
        await link.peripheral.setServerHandler(server)
        await link.disconnect()
        for _ in 0..<100 { await Task.yield() }
        #expect(server.closed.withLock { $0 })
    }
}
