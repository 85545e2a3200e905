import BLECore
import BLEGATT
import Foundation

/// Codec throughput benchmarks: advertising data parsing and ATT PDU decode/encode.
///
/// Reads the inputs from `Benchmarks/samples.json` (the peer's script reads the same file) and
/// prints one JSON object per benchmark on standard output:
/// `{"name": "...", "operations": N, "seconds": S, "nsPerOperation": X}`.
/// Usage: `BLEBenchmarks [samples.json] [seconds per benchmark]`; for the link benchmarks,
/// `BLEBenchmarks link (--controllers P0,P1 | --virtual)` (LinkBenchmarks.swift); for counting
/// instructions, `BLEBenchmarks count OPERATION N` (CountBenchmarks.swift); for a firmware
/// update on the in-process radio, `BLEBenchmarks firmware` (FirmwareBenchmark.swift); for the
/// stack at scale in the sim world, `BLEBenchmarks scale` (ScaleBenchmark.swift).
@main
struct Benchmarks {
    /// Runs the benchmarks on a detached task while the main thread waits on a semaphore: an
    /// `async` main parks the main thread in `dispatch_main`, whose `sigsuspend` Valgrind 3.19
    /// cannot run (it crashes), and `Benchmarks/count-instructions` runs this under Valgrind.
    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await runBenchmarks()
            } catch {
                FileHandle.standardError.write(Data("BLEBenchmarks: \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
    }

    static func runBenchmarks() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "link" {
            try await LinkBenchmarks.main(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "scale" {
            try await ScaleBenchmark.main(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "firmware" {
            try await FirmwareBenchmark.main(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "count" {
            try await CountBenchmarks.main(Array(arguments.dropFirst()))
            return
        }
        let samplesPath = arguments.first ?? "Benchmarks/samples.json"
        let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 1.0
        let samples = try Samples.load(path: samplesPath)
        // Every sample must be well formed: a sample that fails would time our error path against
        // the peer's (lenient) parse of the same bytes, which is not the comparison asked for.
        for sample in samples.advertising {
            do { _ = try AdvertisingData(bytes: sample.bytes) } catch {
                throw BenchmarkError("\(samplesPath): advertising.\(sample.name) is malformed: \(error)")
            }
        }
        for sample in samples.att {
            do { _ = try ATTMessage(decoding: sample.bytes) } catch {
                throw BenchmarkError("\(samplesPath): att.\(sample.name) is malformed: \(error)")
            }
        }

        let advertising = samples.advertising.map(\.bytes)
        run("ad-parse", seconds: seconds, batch: advertising.count) {
            var checksum = 0
            for bytes in advertising {
                guard let data = try? AdvertisingData(bytes: bytes) else { continue }
                checksum &+= data.name?.utf8.count ?? 0
                checksum &+= data.serviceUUIDs.count
                checksum &+= data.manufacturerData.count
                checksum &+= Int(data.txPowerLevel ?? 0)
                checksum &+= data.flags == nil ? 0 : 1
            }
            return checksum
        }

        let pdus = samples.att.map(\.bytes)
        run("att-decode", seconds: seconds, batch: pdus.count) {
            var checksum = 0
            for bytes in pdus {
                if let message = try? ATTMessage(decoding: bytes) { checksum &+= Int(message.opcode.rawValue) }
            }
            return checksum
        }

        // Into one writer reused from PDU to PDU, as a sender can (Bumble's `bytes(pdu)` returns
        // the bytes it kept from decoding, without encoding anything).
        let messages = pdus.compactMap { try? ATTMessage(decoding: $0) }
        var writer = ByteWriter(capacity: 64)
        run("att-encode", seconds: seconds, batch: messages.count) {
            var checksum = 0
            for message in messages {
                writer.removeAll()
                message.encode(into: &writer)
                checksum &+= writer.count
            }
            return checksum
        }
    }

    /// Runs `body` (which handles `batch` inputs) repeatedly for about `seconds` and prints the
    /// cost per input.
    static func run(_ name: String, seconds: Double, batch: Int, _ body: () -> Int) {
        let clock = ContinuousClock()
        var sink = 0
        for _ in 0..<1000 { sink &+= body() }  // warm-up
        var iterations = 0
        let start = clock.now
        let budget = Duration.milliseconds(Int64(seconds * 1000))
        while clock.now - start < budget {
            for _ in 0..<100 { sink &+= body() }
            iterations += 100
        }
        let elapsed = clock.now - start
        let elapsedSeconds = elapsed.inSeconds
        let operations = iterations * batch
        let nanoseconds = elapsedSeconds * 1e9 / Double(operations)
        print(#"{"name": "\#(name)", "operations": \#(operations), "seconds": \#(elapsedSeconds), "nsPerOperation": \#(nanoseconds), "sink": \#(sink & 1)}"#)
    }
}

/// The shared benchmark inputs.
struct Samples {
    struct Sample {
        let name: String
        let bytes: [UInt8]
    }

    let advertising: [Sample]
    let att: [Sample]

    static func load(path: String) throws -> Samples {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchmarkError("\(path): expected a JSON object")
        }
        func section(_ key: String) throws -> [Sample] {
            guard let table = root[key] as? [String: String] else { throw BenchmarkError("\(path): no '\(key)' table") }
            return try table.keys.sorted().map { name in
                guard let bytes = [UInt8](hex: table[name]!) else { throw BenchmarkError("\(path): \(key).\(name) is not hex") }
                return Sample(name: name, bytes: bytes)
            }
        }
        return Samples(advertising: try section("advertising"), att: try section("att"))
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
