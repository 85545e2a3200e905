import BLE
import BLECore
import BLEHost
import BLESimulation
import Foundation
import Logging
import Nightlight
import Synchronization
import NightlightSimulation

/// Issue 17, target 6: a firmware update (SN profile §7) of a signed image on the in-process radio:
/// our central (`BLE` + `NightlightClient`) and a virtual SN in one `SimWorld`, at ATT_MTU 247.
///
/// Prints one JSON line `{"name": "firmware-247", "bytesPerSecond", "bytes", "transferSeconds",
/// "updateSeconds", "mtu"}`: `bytesPerSecond` is the image over the transfer (from the first Data
/// write to the last byte confirmed by Query, as the client's progress reports them);
/// `updateSeconds` the whole update (Start … Validate, Activate, the SN's restart, reconnection
/// and the version check). `Benchmarks/run-link` divides it by the same run's `write-cmd-247`.
///
/// Usage: `BLEBenchmarks firmware [--size BYTES] [--runs N]` (default 262144 bytes, 3 runs;
/// the median run is printed).
enum FirmwareBenchmark {
    static func main(_ arguments: [String]) async throws {
        var size = 256 * 1024
        var runs = 3
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch arguments[index] {
            case "--size": size = max(1024, Int(value) ?? size)
            case "--runs": runs = max(1, Int(value) ?? runs)
            default: throw BenchmarkError("unknown argument \(arguments[index]); usage: BLEBenchmarks firmware [--size BYTES] [--runs N]")
            }
            index += 2
        }
        // Every wait is bounded.
        let budget = 120.0 + Double(runs) * Double(size) / 4096
        Task.detached {
            try? await Task.sleep(for: .seconds(budget))
            FileHandle.standardError.write(Data("BLEBenchmarks firmware: no result within \(Int(budget)) s\n".utf8))
            exit(2)
        }
        var results: [(transfer: Double, update: Double, mtu: Int, cpu: Double)] = []
        for run in 0..<runs {
            results.append(try await measure(size: size, version: "2.\(run).0"))
        }
        results.sort { $0.transfer < $1.transfer }
        let median = results[results.count / 2]
        let rate = Double(size) / median.transfer
        print(#"{"name": "firmware-247", "bytesPerSecond": \#(LinkBenchmarks.format(rate)), "bytes": \#(size), "transferSeconds": \#(LinkBenchmarks.format(median.transfer)), "updateSeconds": \#(LinkBenchmarks.format(median.update)), "mtu": \#(median.mtu), "cpuSeconds": \#(LinkBenchmarks.format(median.cpu)), "runs": \#(runs)}"#)
    }

    /// One update on a fresh world: paired first (not timed), then the image.
    static func measure(size: Int, version: String) async throws -> (transfer: Double, update: Double, mtu: Int, cpu: Double) {
        let quiet = LinkBenchmarks.logger("bench.firmware")
        let world = SimWorld(logger: quiet)
        let device = try VirtualNightlight(index: 0)
        try await world.add(device, distance: 1)
        let backend = HostBackend(host: BLEHost(
            transport: try await world.makeCentral(), clock: world.clock, logger: quiet,
            configuration: BLEHost.Configuration(preferredATTMTU: 247)
        ))
        try await backend.start()
        let central = Central(backend: backend)
        let address = device.address
        guard let heard = try await central.scan(for: .seconds(10), until: { $0.address == address }).first(where: { $0.address == address }) else {
            throw BenchmarkError("the virtual SN was not heard")
        }
        let client = NightlightClient(heard.peripheral)
        try await client.secure()
        let mtu = try await heard.peripheral.mtu
        // The image's payload makes the whole encoded image `size` bytes.
        let overhead = FirmwareImage.testImage(version: version, payloadSize: 0).encode().count
        let image = FirmwareImage.testImage(version: version, payloadSize: size - overhead)
        let marks = TransferMarks()
        let clock = ContinuousClock()
        let start = clock.now
        try await client.updateFirmware(image) { progress in
            switch progress.phase {
            case .sending: marks.mark(first: true, clock.now, cpu: ScaleBenchmark.cpuSeconds())
            case .validating: marks.mark(first: false, clock.now, cpu: ScaleBenchmark.cpuSeconds())
            default: break
            }
        }
        let update = (clock.now - start).inSeconds
        await central.close()
        await world.shutDown()
        guard let (from, to, cpu) = marks.window else { throw BenchmarkError("the update reported no transfer") }
        return ((to - from).inSeconds, update, mtu, cpu)
    }

    /// When the transfer began (the first `sending`) and ended (`validating`).
    final class TransferMarks: Sendable {
        private let marks = Mutex<(from: (ContinuousClock.Instant, cpu: Double)?, to: (ContinuousClock.Instant, cpu: Double)?)>((nil, nil))

        /// Marks the transfer's first (`first`) or last moment, with the process's CPU time then.
        func mark(first: Bool, _ now: ContinuousClock.Instant, cpu: Double) {
            marks.withLock { marks in
                if first { marks.from = marks.from ?? (now, cpu) } else { marks.to = (now, cpu) }
            }
        }

        /// The transfer's first and last moments and the CPU seconds the process spent between them.
        var window: (ContinuousClock.Instant, ContinuousClock.Instant, cpu: Double)? {
            marks.withLock { marks in marks.from.flatMap { from in marks.to.map { (from.0, $0.0, $0.cpu - from.cpu) } } }
        }
    }
}
