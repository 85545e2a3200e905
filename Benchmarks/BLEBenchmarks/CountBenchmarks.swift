import BLECore
import BLEGATT
import BLEHost
import Foundation
import Synchronization

/// A fixed number of operations end to end on the in-process radio (`VirtualLink`), for counting
/// instructions and allocations under Valgrind (`Benchmarks/count-instructions`).
///
/// `BLEBenchmarks count OPERATION N`: connects our central to our peripheral on the in-process
/// radio, then runs exactly `N` of OPERATION and waits until the other side has them all:
/// - `notify`: the peripheral's server notifies a 20-byte value (ATT_MTU 23) to the subscribed
///   central, which receives it on its subscription stream;
/// - `write-cmd-23`, `write-cmd-247`: the central writes ATT_MTU − 3 bytes without response,
///   which the peripheral's server hands to the characteristic's write handler.
///
/// Set-up and tear-down are the same for every `N`, so the difference of two runs divided by the
/// difference of their `N` is the cost of one operation. Prints one JSON object:
/// `{"name": OPERATION, "operations": N, "received": R}`; exits 1 when not all arrived in time.
enum CountBenchmarks {
    static func main(_ arguments: [String]) async throws {
        guard arguments.count == 2, let count = Int(arguments[1]), count >= 0 else {
            throw BenchmarkError("usage: BLEBenchmarks count (notify | write-cmd-23 | write-cmd-247) N")
        }
        let operation = arguments[0]
        guard ["notify", "write-cmd-23", "write-cmd-247"].contains(operation) else {
            throw BenchmarkError("unknown operation \(operation): notify, write-cmd-23 or write-cmd-247")
        }
        // Bounded: under Valgrind everything is some 50 times slower.
        let budget = 600.0 + Double(count) / 10
        Task.detached {
            try? await Task.sleep(for: .seconds(budget))
            FileHandle.standardError.write(Data("BLEBenchmarks count: not done within \(Int(budget)) s\n".utf8))
            exit(2)
        }

        let pair = try await LinkBenchmarks.makePair(.virtual)
        // Bytes written so far and the total that ends the run (signalled on `done`).
        let bytes = Mutex((received: 0, expected: Int.max))
        let (done, finished) = AsyncStream<Void>.makeStream()
        let server = try GATTServer(services: [
            .genericAttribute(),
            GATTServiceDefinition(uuid: LinkBenchmarks.serviceUUID, characteristics: [
                GATTCharacteristicDefinition(uuid: LinkBenchmarks.writeUUID, properties: [.writeWithoutResponse], onWrite: { context in
                    let complete = bytes.withLock { total in
                        total.received += context.value.count
                        return total.received >= total.expected
                    }
                    if complete { finished.yield() }
                }),
                GATTCharacteristicDefinition(uuid: LinkBenchmarks.notifyUUID, properties: [.read, .notify], value: [UInt8](repeating: 0, count: 20)),
            ]),
        ])
        await pair.peripheral.setGATTServer(server)
        try await pair.peripheral.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("NightlightBench"))]),
            parameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(20))
        )
        let (connection, accepted, _) = try await LinkBenchmarks.connect(pair, discover: false, exchangeMTU: operation == "write-cmd-247")
        let client = connection.gattClient
        let database = try await client.discoverAll()

        let received: Int
        if operation == "notify" {
            guard let characteristic = database.characteristic(LinkBenchmarks.notifyUUID) else { throw BenchmarkError("notify characteristic not found") }
            let stream = try await client.subscribe(to: characteristic)
            let counter = Task {
                var seen = 0
                do {
                    for try await _ in stream {
                        seen += 1
                        if seen == count { break }
                    }
                } catch {}
                return seen
            }
            let value = [UInt8](repeating: 0x4E, count: 20)
            for _ in 0..<count {
                _ = try await server.updateValue(value, for: LinkBenchmarks.notifyUUID)
            }
            received = count == 0 ? 0 : await counter.value
            counter.cancel()
        } else {
            guard let characteristic = database.characteristic(LinkBenchmarks.writeUUID) else { throw BenchmarkError("write characteristic not found") }
            let value = [UInt8](repeating: 0x57, count: Int(await client.mtu) - 3)
            bytes.withLock { $0.expected = count * value.count }
            for _ in 0..<count {
                try await client.writeWithoutResponse(handle: characteristic.valueHandle, value: value)
            }
            if count > 0 {
                for await _ in done { break }
            }
            received = bytes.withLock { $0.received } / max(value.count, 1)
        }
        try await LinkBenchmarks.disconnect(connection, accepted)
        await pair.stop()
        print(#"{"name": "\#(operation)", "operations": \#(count), "received": \#(received)}"#)
        if received != count { throw BenchmarkError("\(received) of \(count) arrived") }
    }
}
