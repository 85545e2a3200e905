import BLECore
import BLEGATT
import BLEHost
import BLEProfiles
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Synchronization

/// A virtual Mi Band 2 on our GATT server: the database of ``MiBand2UUID``, the authentication
/// handshake, a wearer who walks now and then, a battery, and a heart rate sensor, on the
/// injected clock of its ``VirtualDeviceContext``.
///
/// - Advertising every 100 ms: Flags, the name `MI Band 2` (`MI Band 2 #2`, … for further
///   instances) and the Mi Band service `FEE0`; one central at a time. Instance `n` (0…254) has
///   the static random address `C8:0F:10:B2:00:(n+1)`.
/// - Pairing: an app writes `01 08` and its key; the band asks its wearer to tap it. The tap is a
///   simulator event: ``tap()``, or the simulated wearer, who taps ``wearerTapDelay`` after the
///   request (2 s for the tools' bands). Without a tap within ``pairingTimeout`` the band answers
///   `10 01 04`. A new key replaces the old one only when tapped.
/// - Authentication on every connection: `02 08` → `10 02 01` and 16 random bytes;
///   `03 08` and AES-128-ECB(key, random) → `10 03 01`, or `10 03 04` for a wrong key (or a band
///   not paired yet).
/// - Realtime activity `0x0007` (read, notify): steps, meters (0.7 m a step) and kilocalories;
///   the wearer walks for 10–60 s now and then, at about 1.8 steps a second.
/// - Battery `0x0006` (read, notify): 1 % less every 20 minutes, down to 5 %.
/// - Heart Rate: the control point takes ``MiBand2HeartRateCommand``s once the app has
///   authenticated (Not Authenticated, 0x81, before; Control Point Not Supported, 0x80, for an
///   unknown command). A single measurement is notified after 5 s; continuous mode notifies every
///   3 s and stops when no keep-alive came for 15 s.
/// - Flash: the paired key, the activity counters and the battery live in
///   `<directory>/miband-<index>.json` (memory only without a directory), so a band stays paired
///   across runs of the tools.
///
/// ```swift
/// let band = try VirtualMiBand2(index: 0, wearerTapDelay: nil)
/// try await world.add(band)
/// // … an app sends its key …
/// try await band.tap()
/// ```
public struct VirtualMiBand2: VirtualDevice {
    /// What the running firmware is doing, for tools and tests.
    public struct Status: Sendable, Hashable {
        /// Whether the band has a key.
        public var isPaired: Bool
        /// Whether a pairing waits for the wearer's tap.
        public var isWaitingForTap: Bool
        /// Whether the connected app has authenticated.
        public var isAuthenticated: Bool
        /// Steps, meters and kilocalories today.
        public var activity: MiBand2Activity
        /// The battery's charge, percent.
        public var batteryLevel: UInt8
        /// The heart rate now, in beats per minute.
        public var heartRate: Int
        /// `idle`, `single measurement` or `continuous`.
        public var heartRateMode: String
    }

    /// The `miband` kind of ``VirtualDeviceCatalog``: its wearer taps 2 s after a pairing request.
    public static let kind = VirtualDeviceKind(
        name: "miband",
        summary: "Mi Band 2: the FEE0/FEE1 services, the AES-128 key handshake with tap-to-pair (its wearer taps after 2 s), steps, battery and heart rate; its key kept in flash"
    ) { instance in
        try VirtualMiBand2(index: instance.index, directory: instance.directory, wearerTapDelay: .seconds(2))
    }

    /// The highest instance index: its address ends in 0xFF.
    public static let maximumIndex = VirtualSeedDevice.maximumIndex
    /// The advertised name of instance 0.
    public static let advertisedName = MiBand2.advertisedName

    /// Which band this is (0 for the first).
    public let index: Int
    /// `MI Band 2` for instance 0, then `MI Band 2 #2`, ….
    public let name: String
    /// `C8:0F:10:B2:00:01` (static random) for instance 0, counting up.
    public let address: DeviceAddress
    /// How long the band waits for its wearer to tap when an app sends a key.
    public let pairingTimeout: Duration
    /// When the simulated wearer taps after a pairing request; nil: only ``tap()`` does.
    public let wearerTapDelay: Duration?
    /// The flash file, or nil when the flash is in memory.
    public var flashPath: String? { firmware.flash.path }
    /// The clock the firmware runs on, when not the context's (tests drive a manual one while the
    /// radio runs in real time).
    public let firmwareClock: (any Clock<Duration>)?
    let firmware: MiBand2Firmware

    /// Creates instance `index` (0…``maximumIndex``), keeping its flash in `directory` (nil: in
    /// memory), its firmware on `firmwareClock` (nil: the context's clock).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index or a negative delay.
    public init(
        index: Int = 0,
        directory: String? = nil,
        pairingTimeout: Duration = .seconds(30),
        wearerTapDelay: Duration? = nil,
        firmwareClock: (any Clock<Duration>)? = nil
    ) throws(VirtualError) {
        (name, address) = try VirtualSeedDevice.instance(
            index, of: "miband", name: Self.advertisedName, separator: " #", firstAddress: Self.firstAddress, isRandom: true
        )
        guard pairingTimeout >= .seconds(1), (wearerTapDelay ?? .zero) >= .zero else {
            throw VirtualError(.invalidArgument, "the pairing timeout must be at least 1 s and the tap delay not negative")
        }
        self.index = index
        self.pairingTimeout = pairingTimeout
        self.wearerTapDelay = wearerTapDelay
        self.firmwareClock = firmwareClock
        firmware = MiBand2Firmware(flash: DeviceSettingsFile(directory: directory, name: "miband-\(index).json", label: "flash"), index: index)
    }

    /// The static random address of instance `index`: `C8:0F:10:B2:00:(index+1)`.
    public static func address(index: Int) -> DeviceAddress {
        // Cannot fail: the value fits 48 bits and its two most significant bits are 1.
        try! DeviceAddress(value: firstAddress + UInt64(min(max(index, 0), maximumIndex)), isRandom: true)
    }

    /// The address of instance 0.
    private static let firstAddress: UInt64 = 0xC80F_10B2_0001

    /// Serial Number String: `NLB2-` and the instance number, e.g. `NLB2-000001`.
    public var serialNumber: String { VirtualSeedDevice.serialNumber("NLB2-", index: index) }

    // MARK: Firmware

    /// Loads the flash, serves the database, advertises and runs the firmware on the context's
    /// clock until cancelled; the flash is written when it stops.
    public func run(_ context: VirtualDeviceContext) async throws {
        let logger = context.logger
        firmware.boot(
            pairingTimeout: Int(pairingTimeout.components.seconds),
            tapDelay: wearerTapDelay.map { Int($0.components.seconds) },
            logger: logger
        )
        let server = try GATTServer(services: services())
        let firmware = firmware
        await server.setDisconnectHandler { _ in firmware.perform(logger: logger) { $0.clientDisconnected(); return MiBand2Output() } }
        let services = ServiceUUIDList(uuids: [MiBand2UUID.miBandService], size: .bits16, isComplete: false)
        try await VirtualSeedDevice.serve(server, advertising: try VirtualSeedDevice.advertisingData(name: name, services: services), in: context)
        defer { firmware.save(logger: logger) }
        try await firmware.loop.run(server: server, clock: firmwareClock ?? context.clock, every: .seconds(1)) { _ in
            firmware.perform(logger: logger) { $0.tick() }
        }
    }

    /// The GATT database, wired to the firmware.
    func services() -> [GATTServiceDefinition] {
        let firmware = firmware
        return [
            VirtualSeedDevice.genericAccess(name),
            .genericAttribute(),
            GATTServiceDefinition(uuid: MiBand2UUID.deviceInformation, characteristics: [
                VirtualSeedDevice.string(.serialNumber, serialNumber),
                VirtualSeedDevice.string(.hardwareRevision, "V0.1.3.4"),
                VirtualSeedDevice.string(.softwareRevision, "V1.0.1.81"),
            ]),
            GATTServiceDefinition(uuid: MiBand2UUID.miBandService, characteristics: [
                GATTCharacteristicDefinition(
                    uuid: MiBand2UUID.battery, properties: [.read, .notify],
                    onRead: { _ in firmware.state.withLock { $0.battery.encoded() } }
                ),
                GATTCharacteristicDefinition(
                    uuid: MiBand2UUID.activity, properties: [.read, .notify],
                    onRead: { _ in firmware.state.withLock { $0.activity.encoded() } }
                ),
            ]),
            GATTServiceDefinition(uuid: MiBand2UUID.miBand2Service, characteristics: [
                GATTCharacteristicDefinition(
                    uuid: MiBand2UUID.authentication, properties: [.writeWithoutResponse, .notify], maximumLength: 18,
                    onWrite: { context in firmware.perform(logger: nil) { $0.authenticationWrite(context.value) } }
                ),
            ]),
            GATTServiceDefinition(uuid: MiBand2UUID.heartRateService, characteristics: [
                GATTCharacteristicDefinition(uuid: MiBand2UUID.heartRateMeasurement, properties: .notify),
                GATTCharacteristicDefinition(
                    uuid: MiBand2UUID.heartRateControlPoint, properties: [.read, .write], value: [0x00, 0x00], maximumLength: 3,
                    validate: { context throws(GATTError) in
                        if let refusal = firmware.state.withLock({ $0.heartRateRefusal(context.value) }) {
                            throw .attError(refusal, handle: context.handle)
                        }
                    },
                    onWrite: { context in
                        guard let command = try? MiBand2HeartRateCommand(bytes: context.value) else { return }
                        firmware.perform(logger: nil) { $0.heartRateCommand(command) }
                    }
                ),
            ]),
        ]
    }

    // MARK: Simulator controls

    /// The wearer taps the band: a pairing waiting for confirmation is accepted. Returns whether
    /// one was waiting.
    @discardableResult
    public func tap() async -> Bool {
        firmware.tapped()
    }

    /// The wearer takes `count` steps at once (for tests and demonstrations).
    public func walk(steps count: Int) async throws {
        guard (1...100_000).contains(count) else {
            throw VirtualError(.invalidArgument, "walk 1…100000 steps at a time, not \(count)")
        }
        firmware.perform(logger: nil) { $0.addSteps(UInt32(count)) }
    }

    /// Forgets the paired key, as a factory reset does.
    public func forgetKey() async {
        firmware.forgetKey()
    }

    /// `tap`, `walk STEPS` and `forget-key`: what its wearer does (``tap()``, ``walk(steps:)``,
    /// ``forgetKey()``).
    public var actions: [VirtualDeviceAction] {
        [
            VirtualDeviceAction("tap", summary: "the wearer taps the band, accepting a pairing that waits for it") { _ in
                await tap() ? "tapped: the pairing is accepted" : "tapped: no pairing was waiting"
            },
            VirtualDeviceAction("walk", arguments: ["STEPS"], summary: "the wearer takes 1-100000 steps at once (the activity record is notified)") { words in
                let steps = try VirtualDeviceAction.integer(words[0], "STEPS", in: 1...100_000)
                try await walk(steps: steps)
                return "walked \(steps) steps: \(await status().activity.steps) in all today"
            },
            VirtualDeviceAction("forget-key", summary: "factory reset: the band forgets its key, the next app must pair again") { _ in
                await forgetKey()
                return "the key is forgotten: the next app must pair (tap) again"
            },
        ]
    }

    /// What the firmware is doing now.
    public func status() async -> Status {
        firmware.state.withLock { state in
            Status(
                isPaired: state.key != nil, isWaitingForTap: state.pairing != nil, isAuthenticated: state.isAuthenticated,
                activity: state.activity, batteryLevel: state.batteryLevel, heartRate: state.heartRate,
                heartRateMode: state.heartRateMode.description
            )
        }
    }
}

/// The band's firmware: its state, shared by its timer, its GATT handlers and the simulator
/// controls, and the way out for what it notifies.
final class MiBand2Firmware: Sendable {
    let state: Mutex<MiBand2FirmwareState>
    let flash: DeviceSettingsFile<MiBand2FlashRecord>
    /// The timer and the notifications of a running band.
    let loop = VirtualFirmwareLoop()
    private let logger = Mutex<Logger?>(nil)
    private let seed: UInt64
    /// The steps of a band that has no flash yet: 3000 for the first, a few more for the next.
    private let firstSteps: UInt32

    init(flash: DeviceSettingsFile<MiBand2FlashRecord>, index: Int) {
        self.flash = flash
        seed = 0x4D42_3200_0000 + UInt64(index)
        firstSteps = UInt32(3_000 + 137 * index)
        state = Mutex(Self.stored(in: flash, seed: seed, firstSteps: firstSteps, pairingTimeout: 30, tapDelay: nil, logger: nil))
    }

    /// Starts a run: state from the flash (or the first settings), with the run's timings.
    func boot(pairingTimeout: Int, tapDelay: Int?, logger: Logger) {
        let fresh = Self.stored(in: flash, seed: seed, firstSteps: firstSteps, pairingTimeout: pairingTimeout, tapDelay: tapDelay, logger: logger)
        state.withLock { $0 = fresh }
        self.logger.withLock { $0 = logger }
        logger.info("booted \(fresh.key == nil ? "unpaired" : "paired"), \(fresh.steps) steps today")
    }

    /// The state `flash` holds (or the first settings), with `pairingTimeout` and `tapDelay`.
    private static func stored(
        in flash: DeviceSettingsFile<MiBand2FlashRecord>, seed: UInt64, firstSteps: UInt32, pairingTimeout: Int, tapDelay: Int?, logger: Logger?
    ) -> MiBand2FirmwareState {
        let record = flash.load(logger: logger, fallback: "starting unpaired") { try $0.validated() }
        return MiBand2FirmwareState(
            seed: seed, key: record?.key, steps: record?.steps ?? firstSteps, battery: record?.batteryLevel ?? 83,
            pairingTimeout: pairingTimeout, tapDelay: tapDelay
        )
    }

    /// Runs one step of the firmware and sends what it produced.
    func perform(logger explicit: Logger?, _ step: (inout MiBand2FirmwareState) -> MiBand2Output) {
        let output = state.withLock { step(&$0) }
        deliver(output, logger: explicit)
    }

    /// ``MiBand2FirmwareState/tap()``; whether a pairing was waiting.
    func tapped() -> Bool {
        guard let output = state.withLock({ $0.tap() }) else { return false }
        deliver(output, logger: nil)
        return true
    }

    /// ``MiBand2FirmwareState/forgetKey()``, then writes the flash.
    func forgetKey() {
        state.withLock { $0.forgetKey() }
        save(logger: nil)
    }

    private func deliver(_ output: MiBand2Output, logger explicit: Logger?) {
        let log = explicit ?? logger.withLock { $0 }
        for event in output.events { log?.info("\(event)") }
        if output.needsSave { save(logger: log) }
        loop.send(output.updates)
    }

    /// Writes the key, the counters and the battery to the flash.
    func save(logger: Logger?) {
        let record = state.withLock { MiBand2FlashRecord(key: $0.key, steps: $0.steps, batteryLevel: $0.batteryLevel) }
        flash.save(record, logger: logger)
    }
}

/// What a band keeps in its flash.
struct MiBand2FlashRecord: Codable, Sendable, Hashable {
    /// The paired key in hex, if any.
    var keyHex: String?
    /// Steps today.
    var steps: UInt32
    /// The battery level.
    var batteryLevel: UInt8

    init(key: MiBand2Key?, steps: UInt32, batteryLevel: UInt8) {
        keyHex = key?.hex
        self.steps = steps
        self.batteryLevel = min(batteryLevel, 100)
    }

    var key: MiBand2Key? { keyHex.flatMap { try? MiBand2Key(hex: $0) } }

    /// The record, once checked: a battery level of at most 100 % and a well-formed key.
    func validated() throws(ProfileError) -> MiBand2FlashRecord {
        guard batteryLevel <= 100 else { throw ProfileError(.invalidValue, "a battery level of \(batteryLevel) %") }
        if let keyHex { _ = try MiBand2Key(hex: keyHex) }
        return self
    }
}
