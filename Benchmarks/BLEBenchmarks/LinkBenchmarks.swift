import BLECore
import BLEGATT
import BLEHost
import BLETransport
import BLEVirtual
import Foundation
import Logging
import Synchronization

/// Link benchmarks: our host as central against our host as peripheral, either over two Bumble
/// virtual controllers served on H4/TCP (`--controllers P0,P1`: central on P0, peripheral on P1,
/// e.g. from `Tests/Interop/bumble_controllers.py`) or over our in-process `VirtualLink`
/// (`--virtual`).
///
/// Prints one JSON object per measurement, as `Benchmarks/peer/bumble_link.py` does:
/// - `connect-discover`: connect + ATT_MTU exchange + full discovery, `ms` (median of `runs`);
/// - `notify`: the peripheral notifies a 20-byte value as fast as its bearer allows for about
///   `seconds`; `perSecond` = notifications the central received / the sending window;
/// - `write-cmd-23`, `write-cmd-247`: the central writes without response ATT_MTU-3 bytes for
///   about `seconds`; `bytesPerSecond` = bytes the peripheral received / the sending window.
/// Received counts include a short drain after the sender stops (`drain`), counted in the window.
///
/// Usage: `BLEBenchmarks link (--controllers P0,P1 | --virtual) [--runs N] [--seconds S]`.
enum LinkBenchmarks {
    static let serviceUUID = BluetoothUUID("4E4C1001-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let writeUUID = BluetoothUUID("4E4C1002-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let notifyUUID = BluetoothUUID("4E4C1003-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let drain = Duration.milliseconds(300)

    enum Setup {
        case controllers(Int, Int)
        case virtual
    }

    /// Our two started hosts, and how to stop them.
    struct Pair {
        let central: BLEHost
        let peripheral: BLEHost
        let peripheralAddress: DeviceAddress
        let stop: @Sendable () async -> Void
    }

    static func main(_ arguments: [String]) async throws {
        var setup: Setup?
        var runs = 5
        var seconds = 2.0
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--virtual":
                setup = .virtual
            case "--controllers":
                let ports = value.split(separator: ",").compactMap { Int($0) }
                guard ports.count == 2 else { throw BenchmarkError("--controllers wants P0,P1") }
                setup = .controllers(ports[0], ports[1])
                index += 1
            case "--runs":
                runs = max(1, Int(value) ?? runs)
                index += 1
            case "--seconds":
                seconds = Double(value) ?? seconds
                index += 1
            default:
                throw BenchmarkError("unknown argument \(argument)")
            }
            index += 1
        }
        guard let setup else { throw BenchmarkError("usage: BLEBenchmarks link (--controllers P0,P1 | --virtual) [--runs N] [--seconds S]") }

        // Every wait is bounded: the whole run ends within a fixed budget.
        let budget = 60.0 + Double(runs) * 5 + seconds * 3 * 4
        Task.detached {
            try? await Task.sleep(for: .seconds(budget))
            FileHandle.standardError.write(Data("BLEBenchmarks link: no result within \(Int(budget)) s\n".utf8))
            exit(2)
        }

        let window = Duration.milliseconds(Int64(seconds * 1000))
        let pair = try await makePair(setup)
        let counters = Counters()
        let server = try GATTServer(services: [
            .genericAttribute(),
            GATTServiceDefinition(uuid: serviceUUID, characteristics: [
                GATTCharacteristicDefinition(uuid: writeUUID, properties: [.writeWithoutResponse], onWrite: { context in
                    counters.bytes.withLock { $0 += context.value.count }
                }),
                GATTCharacteristicDefinition(uuid: notifyUUID, properties: [.read, .notify], value: [UInt8](repeating: 0, count: 20)),
            ]),
        ])
        await pair.peripheral.setGATTServer(server)
        try await pair.peripheral.startAdvertising(
            data: try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("NightlightBench"))]),
            parameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(20))
        )

        // Connect + discovery, `runs` times.
        var times: [Double] = []
        for _ in 0..<runs {
            let (connection, accepted, elapsed) = try await connect(pair, discover: true, exchangeMTU: true)
            times.append(elapsed)
            try await disconnect(connection, accepted)
        }
        times.sort()
        let median = times[times.count / 2]
        print(#"{"name": "connect-discover", "ms": \#(format(median)), "runs": \#(runs), "min": \#(format(times.first!)), "max": \#(format(times.last!))}"#)

        // LE Secure Connections Just Works: connect, pair, encrypted (bonds kept in memory and
        // dropped before each run, so every run pairs).
        do {
            var pairTimes: [Double] = []
            for _ in 0..<runs {
                try await pair.central.bondStore.removeAllBonds()
                try await pair.peripheral.bondStore.removeAllBonds()
                let clock = ContinuousClock()
                let start = clock.now
                let (connection, accepted, _) = try await connect(pair, discover: false, exchangeMTU: false)
                try await connection.pair()
                guard connection.security.isEncrypted else { throw BenchmarkError("the link is not encrypted after pairing") }
                pairTimes.append((clock.now - start).inSeconds * 1000)
                try await disconnect(connection, accepted)
            }
            pairTimes.sort()
            print(#"{"name": "pair-sc-just-works", "ms": \#(format(pairTimes[pairTimes.count / 2])), "runs": \#(runs), "min": \#(format(pairTimes.first!)), "max": \#(format(pairTimes.last!))}"#)
        }

        // Notifications per second (ATT_MTU 23: 20-byte values fit).
        do {
            let (connection, accepted, _) = try await connect(pair, discover: false, exchangeMTU: false)
            let database = try await connection.gattClient.discoverAll()
            guard let characteristic = database.characteristic(notifyUUID) else { throw BenchmarkError("notify characteristic not found") }
            let stream = try await connection.gattClient.subscribe(to: characteristic)
            let received = Mutex(0)
            let counter = Task {
                do {
                    for try await _ in stream { received.withLock { $0 += 1 } }
                } catch {}
            }
            let value = [UInt8](repeating: 0x4E, count: 20)
            let clock = ContinuousClock()
            let start = clock.now
            var sent = 0
            while clock.now - start < window {
                if try await server.updateValue(value, for: notifyUUID) > 0 { sent += 1 }
            }
            try await Task.sleep(for: drain)
            let count = received.withLock { $0 }
            let elapsed = (clock.now - start).inSeconds
            counter.cancel()
            print(#"{"name": "notify", "perSecond": \#(format(Double(count) / elapsed)), "received": \#(count), "sent": \#(sent), "seconds": \#(format(elapsed))}"#)
            try await disconnect(connection, accepted)
        }

        // Write-command throughput at ATT_MTU 23 and 247.
        for mtu in [23, 247] {
            let (connection, accepted, _) = try await connect(pair, discover: false, exchangeMTU: mtu != 23)
            let client = connection.gattClient
            let database = try await client.discoverAll()
            guard let characteristic = database.characteristic(writeUUID) else { throw BenchmarkError("write characteristic not found") }
            let actualMTU = Int(await client.mtu)
            let value = [UInt8](repeating: 0x57, count: actualMTU - 3)
            counters.bytes.withLock { $0 = 0 }
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = ScaleBenchmark.cpuSeconds()
            var sent = 0
            while clock.now - start < window {
                try await client.writeWithoutResponse(handle: characteristic.valueHandle, value: value)
                sent += value.count
            }
            try await Task.sleep(for: drain)
            let bytes = counters.bytes.withLock { $0 }
            let elapsed = (clock.now - start).inSeconds
            let cpu = ScaleBenchmark.cpuSeconds() - cpuStart
            print(#"{"name": "write-cmd-\#(mtu)", "bytesPerSecond": \#(format(Double(bytes) / elapsed)), "mtu": \#(actualMTU), "received": \#(bytes), "sent": \#(sent), "seconds": \#(format(elapsed)), "cpuSeconds": \#(format(cpu))}"#)
            try await disconnect(connection, accepted)
        }
        await pair.stop()
    }

    final class Counters: Sendable {
        let bytes = Mutex(0)
    }

    /// Whether the in-process hosts ask for the longest data PDUs (the host's default);
    /// `NIGHTLIGHT_BENCH_DATA_LENGTH=27` keeps 27-octet PDUs, as every connection had before the
    /// host asked, to compare with counts taken then.
    static var suggestsLongestDataLength: Bool {
        ProcessInfo.processInfo.environment["NIGHTLIGHT_BENCH_DATA_LENGTH"] != "27"
    }

    static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        // NIGHTLIGHT_BENCH_LOG=debug (or trace, info, …) to see what the hosts do.
        logger.logLevel = ProcessInfo.processInfo.environment["NIGHTLIGHT_BENCH_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        return logger
    }

    static func makePair(_ setup: Setup) async throws -> Pair {
        switch setup {
        case .controllers(let centralPort, let peripheralPort):
            let options = TransportOptions(logger: logger("bench.transport"))
            let centralTransport = try await TCPClientTransport.connect(host: "127.0.0.1", port: centralPort, options: options)
            let peripheralTransport = try await TCPClientTransport.connect(host: "127.0.0.1", port: peripheralPort, options: options)
            let peripheralAddress = try DeviceAddress(parsing: "C2:4E:4C:00:00:02", isRandom: true)
            let central = BLEHost(
                transport: centralTransport, clock: ContinuousClock(), logger: logger("bench.central"),
                configuration: BLEHost.Configuration(randomAddress: try DeviceAddress(parsing: "C2:4E:4C:00:00:01", isRandom: true), preferredATTMTU: 247)
            )
            let peripheral = BLEHost(
                transport: peripheralTransport, clock: ContinuousClock(), logger: logger("bench.peripheral"),
                configuration: BLEHost.Configuration(randomAddress: peripheralAddress)
            )
            _ = try await central.start()
            _ = try await peripheral.start()
            return Pair(central: central, peripheral: peripheral, peripheralAddress: peripheralAddress) {
                await central.stop()
                await peripheral.stop()
            }
        case .virtual:
            let link = VirtualLink(clock: ContinuousClock(), logger: logger("bench.link"))
            let centralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:0B:00:01"), name: "central", logger: logger("bench.virtual"))
            let peripheralController = VirtualController(publicAddress: try DeviceAddress(parsing: "00:1B:DC:0B:00:02"), name: "peripheral", logger: logger("bench.virtual"))
            link.attach(centralController)
            link.attach(peripheralController)
            let central = BLEHost(
                transport: centralController.hostTransport, clock: ContinuousClock(), logger: logger("bench.central"),
                configuration: BLEHost.Configuration(preferredATTMTU: 247, suggestsLongestDataLength: suggestsLongestDataLength)
            )
            let peripheral = BLEHost(
                transport: peripheralController.hostTransport, clock: ContinuousClock(), logger: logger("bench.peripheral"),
                configuration: BLEHost.Configuration(suggestsLongestDataLength: suggestsLongestDataLength)
            )
            _ = try await central.start()
            _ = try await peripheral.start()
            return Pair(central: central, peripheral: peripheral, peripheralAddress: peripheralController.publicAddress) {
                await central.stop()
                await peripheral.stop()
                withExtendedLifetime(link) {}  // the controllers do not keep their link alive
            }
        }
    }

    /// Connects the central to the advertising peripheral (optionally exchanging ATT_MTU and
    /// discovering everything); returns both ends and the milliseconds it took.
    static func connect(_ pair: Pair, discover: Bool, exchangeMTU: Bool) async throws -> (HostConnection, HostConnection, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let incoming = pair.peripheral.incomingConnections
        async let acceptedConnection: HostConnection? = {
            var iterator = incoming.makeAsyncIterator()
            return await iterator.next()
        }()
        let connection = try await pair.central.connect(to: pair.peripheralAddress, timeout: .seconds(10))
        if exchangeMTU { _ = try await connection.gattClient.exchangeMTU() }
        if discover { _ = try await connection.gattClient.discoverAll() }
        let elapsed = (clock.now - start).inSeconds * 1000
        guard let accepted = await acceptedConnection else { throw BenchmarkError("incomingConnections ended") }
        return (connection, accepted, elapsed)
    }

    /// Disconnects and waits until the peripheral has seen it and advertises again.
    static func disconnect(_ connection: HostConnection, _ accepted: HostConnection) async throws {
        try await connection.disconnect()
        _ = await accepted.waitUntilDisconnected()
    }

    static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
