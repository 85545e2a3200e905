import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import Foundation
import Logging
import Synchronization

/// Issue 17, target 5: the stack at scale in the sim world. The CPU time of the whole process
/// (`CLOCK_PROCESS_CPUTIME_ID`: central, radio and devices) per advertising report a scanning
/// central receives, with 10 … 200 devices advertising every 100 ms (and, beside it, what
/// scanning adds to the same window without a scan), and per notification it receives,
/// with 1 … 16 connected peripherals each notifying a 20-byte value every 10 ms; and the growth
/// of each from the smallest to the largest count.
///
/// Prints one JSON line per point, `{"name": "scale-advertisers" | "scale-connections", "count",
/// "received", "cpuMicrosecondsPer", "seconds", "distinct"}`.
///
/// Usage: `BLEBenchmarks scale [--seconds S] [--advertisers N | --connections N]` (default 3 s
/// per point; one point alone to profile it).
enum ScaleBenchmark {
    static let service = BluetoothUUID("4E4C2001-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let notifying = BluetoothUUID("4E4C2002-7A5A-4B3C-9D1E-0F1A2B3C4D5E")

    static func main(_ arguments: [String]) async throws {
        var seconds = 3.0
        var advertiserCounts = [10, 50, 100, 200]
        var connectionCounts = [1, 4, 8, 16]
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch arguments[index] {
            case "--seconds": seconds = Double(value) ?? seconds
            // One curve point alone (to profile it): `--advertisers 200` or `--connections 16`.
            case "--advertisers": (advertiserCounts, connectionCounts) = ([Int(value) ?? 200], [])
            case "--connections": (advertiserCounts, connectionCounts) = ([], [Int(value) ?? 16])
            default: throw BenchmarkError("unknown argument \(arguments[index]); usage: BLEBenchmarks scale [--seconds S] [--advertisers N | --connections N]")
            }
            index += 2
        }
        let budget = 120.0 + seconds * 12
        Task.detached {
            try? await Task.sleep(for: .seconds(budget))
            FileHandle.standardError.write(Data("BLEBenchmarks scale: no result within \(Int(budget)) s\n".utf8))
            exit(2)
        }
        for count in advertiserCounts {
            try await advertisers(count, seconds: seconds)
        }
        for count in connectionCounts {
            try await connections(count, seconds: seconds)
        }
    }

    /// The process's CPU time in seconds.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The address of device `index`: a static random address.
    static func address(_ index: Int) throws -> DeviceAddress {
        try DeviceAddress(value: 0xC24E_4C10_0000 + UInt64(index), isRandom: true)
    }

    /// A device advertising every 100 ms with a notifying characteristic; `server` is its database.
    static func device(_ index: Int, server: GATTServer) throws -> GATTPeripheralDevice {
        GATTPeripheralDevice(
            name: "Scale \(index)", address: try address(index),
            advertisingData: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("Scale \(index)"))]),
            advertisingParameters: AdvertisingParameters(interval: .milliseconds(100) ... .milliseconds(100)),
            makeServer: { server }
        )
    }

    static func server() throws -> GATTServer {
        try GATTServer(services: [
            GATTServiceDefinition(uuid: service, characteristics: [
                GATTCharacteristicDefinition(uuid: notifying, properties: [.read, .notify], value: [UInt8](repeating: 0, count: 20)),
            ]),
        ])
    }

    /// A world of `count` devices and a central on our host through `BLE`.
    static func world(_ count: Int) async throws -> (SimWorld, Central, [GATTServer]) {
        let quiet = LinkBenchmarks.logger("bench.scale")
        let world = SimWorld(logger: quiet)
        var servers: [GATTServer] = []
        for index in 0..<count {
            let server = try server()
            servers.append(server)
            try await world.add(try device(index, server: server), distance: 1 + Double(index % 10))
        }
        let backend = HostBackend(host: BLEHost(transport: try await world.makeCentral(), clock: world.clock, logger: quiet))
        try await backend.start()
        return (world, Central(backend: backend), servers)
    }

    static func advertisers(_ count: Int, seconds: Double) async throws {
        let (world, central, _) = try await world(count)
        // A second to settle (every device started advertising), then the same window without
        // scanning: what the devices and the radio cost by themselves, taken off below.
        try await Task.sleep(for: .seconds(1))
        let idleStart = cpuSeconds()
        try await Task.sleep(for: .seconds(seconds))
        let idle = cpuSeconds() - idleStart
        let tally = Tally()
        let stream = try await central.scan(filter: ScanFilter(allowDuplicates: true), active: false)
        let cpu = cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        let reader = Task {
            for try await discovery in stream {
                tally.count(discovery.peripheral.identifier)
            }
        }
        try await Task.sleep(for: .seconds(seconds))
        let used = cpuSeconds() - cpu
        let elapsed = (clock.now - start).inSeconds
        let reports = tally.received
        reader.cancel()
        await central.close()
        await world.shutDown()
        report("scale-advertisers", count: count, received: reports, cpu: used, seconds: elapsed, distinct: tally.distinct, idle: idle)
    }

    static func connections(_ count: Int, seconds: Double) async throws {
        let (world, central, servers) = try await world(count)
        var subscriptions: [AsyncThrowingStream<[UInt8], any Error>] = []
        for index in 0..<count {
            let peripheral = await central.peripheral(for: try address(index))
            try await peripheral.connect(timeout: .seconds(20))
            guard let service = try await peripheral.discoverServices([service]).first,
                let characteristic = try await service.discoverCharacteristics([notifying]).first
            else { throw BenchmarkError("peripheral \(index) has no notifying characteristic") }
            subscriptions.append(try await characteristic.subscribe())
        }
        let tally = Tally()
        let readers = subscriptions.map { stream in
            Task {
                for try await _ in stream { tally.count(nil) }
            }
        }
        let value = [UInt8](repeating: 0x4E, count: 20)
        let notifiers = servers.map { server in
            Task {
                while !tally.stopped {
                    _ = try? await server.updateValue(value, for: notifying)
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
        }
        try await Task.sleep(for: .seconds(1))
        let before = tally.received
        let cpu = cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        try await Task.sleep(for: .seconds(seconds))
        let used = cpuSeconds() - cpu
        let elapsed = (clock.now - start).inSeconds
        let notifications = tally.received - before
        tally.stop()
        for task in notifiers { await task.value }
        for reader in readers { reader.cancel() }
        await central.close()
        await world.shutDown()
        report("scale-connections", count: count, received: notifications, cpu: used, seconds: elapsed, distinct: count, idle: nil)
    }

    /// What the readers count, and when the notifiers stop.
    final class Tally: Sendable {
        private let state = Mutex((received: 0, heard: Set<DeviceAddress>(), stopped: false))

        func count(_ address: DeviceAddress?) {
            state.withLock { state in
                state.received += 1
                if let address { state.heard.insert(address) }
            }
        }

        var received: Int { state.withLock { $0.received } }
        var distinct: Int { state.withLock { $0.heard.count } }
        var stopped: Bool { state.withLock { $0.stopped } }
        func stop() { state.withLock { $0.stopped = true } }
    }

    /// `cpu`: the process's CPU seconds in the window; `idle` (advertisers): the same window with
    /// the devices advertising and nobody scanning, for the share scanning adds (`marginal…`,
    /// noisy where the devices' own timers dominate).
    static func report(_ name: String, count: Int, received: Int, cpu: Double, seconds: Double, distinct: Int, idle: Double?) {
        let per = received > 0 ? cpu * 1e6 / Double(received) : 0
        let idleField = idle.map { idle in
            let marginal = received > 0 ? max(0, cpu - idle) * 1e6 / Double(received) : 0
            return #", "idleCPUSeconds": \#(LinkBenchmarks.format(idle)), "marginalMicrosecondsPer": \#(LinkBenchmarks.format(marginal))"#
        } ?? ""
        print(#"{"name": "\#(name)", "count": \#(count), "received": \#(received), "cpuMicrosecondsPer": \#(LinkBenchmarks.format(per)), "cpuSeconds": \#(LinkBenchmarks.format(cpu))\#(idleField), "seconds": \#(LinkBenchmarks.format(seconds)), "distinct": \#(distinct)}"#)
    }
}
