import BLECore
import BLEGATT
import BLEHost
import BLEProfiles
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Synchronization

/// A virtual LightBlue Bean running the seed's sketch (seed 001) with a 30-pixel NeoPixel strip.
///
/// - Advertising every 100 ms: Flags, the serial service UUID (what the Bean picker scans for)
///   and the name `Bean` (instance 0; then `Bean 2`, …). One central at a time.
/// - The database: Generic Access, Generic Attribute, Device Information (Punch Through Design,
///   LightBlue Bean), Battery (100 %), the serial service (`A495FF10-…`, its characteristic
///   takes writes and ignores them: the serial messages are not interpreted), and the scratch
///   service (`A495FF20-…`) with banks 1–5 (`A495FF21-…` to `A495FF25-…`): read, write, notify,
///   0…20 bytes each (longer writes get Invalid Attribute Value Length, 0x0D).
/// - Firmware: ``BeanSketch``: every loop reads bank 1 (on, R, G, B) and wipes the strip to that
///   color, or to off, one pixel every 50 ms, then sleeps a second. ``strip()`` and
///   ``stripUpdates(includingCurrent:)`` show the strip.
/// - Flash: the banks live in `<directory>/bean-<index>.json` (memory only without a
///   directory), so what a central wrote is still there in the next run; the strip starts dark
///   at each boot, and the sketch's first loop lights it.
///
/// The sketch runs on the context's clock, or on `sketchClock` when one is given, so a test can
/// drive the strip with a manual clock while the radio runs in real time.
public struct VirtualBean: VirtualDevice {
    /// The `bean` kind of ``VirtualDeviceCatalog``.
    public static let kind = VirtualDeviceKind(
        name: "bean",
        summary: "LightBlue Bean with a 30-pixel NeoPixel strip: scratch banks 1-5; the sketch wipes the strip to bank 1 (on, R, G, B) every second; banks kept in flash"
    ) { instance in
        try VirtualBean(index: instance.index, directory: instance.directory)
    }

    /// The highest instance index.
    public static let maximumIndex = VirtualSeedDevice.maximumIndex

    /// Which Bean this is (0 for the first).
    public let index: Int
    /// The advertised name: `Bean`, then `Bean 2`, `Bean 3`, ….
    public let name: String
    /// `D0:39:72:BE:A0:01` for instance 0, counting up.
    public let address: DeviceAddress
    /// The settings file, or nil when the banks are kept in memory.
    public var settingsPath: String? { runtime.flash.path }
    let runtime: BeanRuntime
    private let sketchClock: (any Clock<Duration>)?

    /// Creates instance `index` (0…``maximumIndex``) with a strip of `pixelCount` pixels, keeping
    /// its banks in `directory` (nil: in memory); the sketch runs on `sketchClock` (nil: the
    /// world's clock).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index or a pixel count outside
    /// 1…1000.
    public init(
        index: Int = 0, directory: String? = nil, pixelCount: Int = NeoPixelStrip.seedPixelCount,
        sketchClock: (any Clock<Duration>)? = nil
    ) throws(VirtualError) {
        (name, address) = try VirtualSeedDevice.instance(index, of: "bean", name: "Bean", firstAddress: 0xD039_72BE_A001)
        guard (1...1000).contains(pixelCount) else {
            throw VirtualError(.invalidArgument, "a strip of \(pixelCount) pixels is out of range; use 1…1000")
        }
        self.index = index
        self.sketchClock = sketchClock
        runtime = BeanRuntime(flash: DeviceSettingsFile(directory: directory, name: "bean-\(index).json"), pixelCount: pixelCount)
    }

    /// The advertisement: Flags, the serial service (complete list of 128-bit UUIDs), the name.
    public var advertisingData: AdvertisingData {
        get throws {
            try VirtualSeedDevice.advertisingData(name: name, services: ServiceUUIDList(uuids: [Bean.serialServiceUUID], size: .bits128, isComplete: true))
        }
    }

    // MARK: Firmware

    /// Boots (banks from flash, a dark strip), serves the database, advertises, and runs the
    /// sketch until the world shuts down.
    public func run(_ context: VirtualDeviceContext) async throws {
        let clock: any Clock<Duration> = sketchClock ?? context.clock
        try await run(context, clock: clock)
    }

    private func run<C: Clock<Duration>>(_ context: VirtualDeviceContext, clock: C) async throws {
        let start = clock.now
        runtime.boot(uptime: { start.duration(to: clock.now) }, logger: context.logger)
        let server = try GATTServer(services: services(logger: context.logger))
        runtime.attach(server)
        try await VirtualSeedDevice.serve(server, advertising: try advertisingData, in: context)
        context.logger.debug("bean sketch running")
        // Wakes at each step of the sketch, so observers see the strip as it changes.
        while true {
            let next = runtime.perform { $0.sketch.nextStepAt }
            try await clock.sleep(until: start.advanced(by: next), tolerance: nil)
            runtime.perform { _ in }
        }
    }

    /// The GATT database.
    func services(logger: Logger) -> [GATTServiceDefinition] {
        let runtime = runtime
        return [
            VirtualSeedDevice.genericAccess(name, [VirtualSeedDevice.readOnly(BluetoothUUID(0x2A01), [0x00, 0x00])]),
            .genericAttribute(),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
                VirtualSeedDevice.string(.manufacturerName, "Punch Through Design"),
                VirtualSeedDevice.string(.modelNumber, "LightBlue Bean"),
                VirtualSeedDevice.string(.firmwareRevision, "virtual-1"),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180F), characteristics: [
                GATTCharacteristicDefinition(uuid: BatteryLevel.uuid, properties: [.read, .notify], value: [100], fixedLength: 1),
            ]),
            GATTServiceDefinition(uuid: Bean.serialServiceUUID, characteristics: [
                GATTCharacteristicDefinition(
                    uuid: Bean.serialCharacteristicUUID, properties: [.writeWithoutResponse, .notify], maximumLength: ScratchBank.maximumLength,
                    onWrite: { context in logger.debug("serial message ignored: \(context.value.hexString)") }
                ),
            ]),
            GATTServiceDefinition(uuid: Bean.scratchServiceUUID, characteristics: ScratchBank.all.map { bank in
                GATTCharacteristicDefinition(
                    uuid: bank.uuid, properties: [.read, .write, .notify], maximumLength: ScratchBank.maximumLength,
                    onRead: { _ in runtime.perform { $0.banks[bank.number - 1] } },
                    onWrite: { context in runtime.write(context.value, to: bank, logger: logger) }
                )
            }),
        ]
    }

    // MARK: Simulator controls and observation

    /// The strip now (dark before the Bean first runs).
    public func strip() -> NeoPixelStrip {
        runtime.perform { $0.sketch.strip }
    }

    /// The sketch now: the strip, the last light read, the loop count, the next step's time.
    public func sketch() -> BeanSketch {
        runtime.perform { $0.sketch }
    }

    /// The strip after each `strip.show()` of the sketch, from now on, until the iteration ends;
    /// first the strip as it is now when `includingCurrent` (what a watcher draws at once).
    public func stripUpdates(includingCurrent: Bool = false) -> AsyncStream<NeoPixelStrip> {
        runtime.stripUpdates(includingCurrent: includingCurrent)
    }

    /// What scratch bank `bank` holds now.
    public func scratch(_ bank: ScratchBank) -> [UInt8] {
        runtime.perform { $0.banks[bank.number - 1] }
    }

    /// Sets a bank from the sketch's side (`Bean.setScratchData`), notifying the subscribed
    /// centrals; up to 20 bytes. Returns how many centrals were notified.
    /// - Throws: ``VirtualError`` for a longer value or before the Bean runs.
    @discardableResult
    public func setScratch(_ bank: ScratchBank, _ data: [UInt8]) async throws -> Int {
        guard data.count <= ScratchBank.maximumLength else {
            throw VirtualError(.invalidArgument, "\(bank) holds at most \(ScratchBank.maximumLength) bytes, not \(data.count)")
        }
        guard let server = runtime.server else {
            throw VirtualError(.invalidArgument, "\(name) is not running; add it to a world first")
        }
        runtime.write(data, to: bank, logger: nil)
        return try await server.updateValue(data, for: bank.uuid)
    }

    /// `scratch BANK HEX`: what a sketch calling `Bean.setScratchData` does (the seed's sketch
    /// only reads bank 1; a sketch that reports something sets a bank this way).
    public var actions: [VirtualDeviceAction] {
        [
            VirtualDeviceAction(
                "scratch", arguments: ["BANK", "HEX"],
                summary: "the sketch sets scratch bank 1-5 to 0-20 bytes (Bean.setScratchData; - for none), notifying a subscribed central"
            ) { words in
                let number = try VirtualDeviceAction.integer(words[0], "BANK", in: ScratchBank.numbers)
                let data = try VirtualDeviceAction.bytes(words[1], "HEX")
                let notified = try await setScratch(try ScratchBank(number), data)
                let value = data.isEmpty ? "nothing" : data.hexString
                return "the sketch set scratch bank \(number) to \(value)" + (notified == 0 ? " (no central subscribed)" : " (notified)")
            }
        ]
    }
}

/// What a ``VirtualBean`` value shares with its firmware: the banks, the sketch, the flash and
/// the strip's observers. Every access lets the sketch's time pass up to now first.
final class BeanRuntime: Sendable {
    struct State: Sendable {
        var banks: [[UInt8]] = Array(repeating: [], count: ScratchBank.numbers.count)
        var sketch: BeanSketch
    }

    private struct Shared {
        var state: State
        var uptime: (@Sendable () -> Duration)?
        var server: GATTServer?
    }

    let flash: DeviceSettingsFile<BeanFlashRecord>
    private let pixelCount: Int
    private let shared: Mutex<Shared>
    private let observers = ValueObservers<NeoPixelStrip>()

    init(flash: DeviceSettingsFile<BeanFlashRecord>, pixelCount: Int) {
        self.flash = flash
        self.pixelCount = pixelCount
        shared = Mutex(Shared(state: State(sketch: BeanSketch(pixelCount: pixelCount))))
    }

    /// Power on: banks from flash, a dark strip, the sketch's time from `uptime`.
    func boot(uptime: @escaping @Sendable () -> Duration, logger: Logger) {
        let banks = flash.load(logger: logger, fallback: "starting with empty banks") { record in try record.banks() }
            ?? Array(repeating: [], count: ScratchBank.numbers.count)
        shared.withLock { shared in
            shared.state = State(banks: banks, sketch: BeanSketch(pixelCount: pixelCount))
            shared.uptime = uptime
            shared.server = nil
        }
        perform { _ in }
    }

    /// The running server, for notifications.
    func attach(_ server: GATTServer) {
        shared.withLock { $0.server = server }
    }

    var server: GATTServer? { shared.withLock { $0.server } }

    /// Lets the sketch run up to now, then runs `body` on the state.
    @discardableResult
    func perform<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        shared.withLock { shared in
            if let uptime = shared.uptime {
                shared.state.sketch.advance(to: uptime(), bank1: shared.state.banks[0], onShow: observers.yield)
            }
            return body(&shared.state)
        }
    }

    /// A central (or the sketch) wrote `data` to `bank`: kept, and saved in flash.
    func write(_ data: [UInt8], to bank: ScratchBank, logger: Logger?) {
        let banks = perform { state in
            state.banks[bank.number - 1] = data
            return state.banks
        }
        logger?.debug("\(bank) = \(data.hexString)")
        flash.save(BeanFlashRecord(banks: banks), logger: logger ?? Logger(label: "nightlight.bean"))
    }

    /// The strip after each `strip.show()` from now on, the strip now first when `includingCurrent`.
    func stripUpdates(includingCurrent: Bool) -> AsyncStream<NeoPixelStrip> {
        shared.withLock { shared in observers.stream(startingWith: includingCurrent ? shared.state.sketch.strip : nil) }
    }
}

/// The Bean's settings file: the five scratch banks, in hex.
struct BeanFlashRecord: Codable, Hashable, Sendable {
    var scratch: [String]

    init(banks: [[UInt8]]) {
        scratch = banks.map(\.hexString)
    }

    /// The banks; throws ``ProfileError/Code/invalidValue`` when the record does not hold five
    /// banks of at most 20 bytes.
    func banks() throws(ProfileError) -> [[UInt8]] {
        guard scratch.count == ScratchBank.numbers.count else {
            throw ProfileError(.invalidValue, "\(scratch.count) scratch banks instead of \(ScratchBank.numbers.count)")
        }
        var banks: [[UInt8]] = []
        for text in scratch {
            guard let bytes = text.isEmpty ? [] : [UInt8](hex: text), bytes.count <= ScratchBank.maximumLength else {
                throw ProfileError(.invalidValue, "scratch bank \(banks.count + 1) is not 0…20 bytes of hex: \(text)")
            }
            banks.append(bytes)
        }
        return banks
    }
}
