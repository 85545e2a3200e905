import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLEVirtual
import Foundation
import Logging
import Nightlight

/// A virtual Smart Nightlight: the SN's firmware on our GATT server, behaving as
/// shared/SN-PROFILE.md says, on the injected clock of its ``VirtualDeviceContext``.
///
/// - Advertising (§1), every 100 ms: Flags, the LED Service UUID, manufacturer data (version 1,
///   battery, status flags, active mode; updated when they change) and the name `SN-XXXX` in the
///   scan response. Two centrals may be connected at once (an app and a dashboard); the SN keeps
///   advertising while one is. Instance `n` (0…254) has the static random address
///   `C4:4E:4C:00:00:(n+1)`, so it is `SN-0001`, `SN-0002`, …. On a host started without that
///   address, the SN names itself after the address the host advertises with.
/// - The whole database of §2–§7 (``SNDatabase``), every write checked with the profile's codec.
/// - Firmware: the priority engine of §4.5 with fades (``LightPlan``), Active State notified
///   when the mode or a color changes (evaluated every second and on every write), the child
///   button with its daily limit and deactivation window, LED proof mode with its 120 s timeout,
///   the temporary schedule's countdown and the uses' reset at local midnight, a battery that
///   drains while lit and charges while plugged in (``SNBatteryModel``) and loses the clock when
///   it runs flat, a clock that drifts by ``Status/driftPPM``, and the firmware update of §7 with
///   the signed images of §7.1: it holds ``vendorKey`` (the test vendor key unless given another)
///   and rejects at Validate an unsigned image or one whose signature does not verify with it.
/// - Security (§9, ``hostConfiguration``): LE Secure Connections pairing only while the pairing
///   window is open (no bond, or 60 s after ``hold(seconds:)`` of 3 s; status flag bit5), up to 4
///   bonds kept in flash (the least recently used replaced), every setting behind a bonded,
///   encrypted link, the Bond Management Service, and a factory reset by a 10 s hold.
/// - Flash: the settings, the bonds and the runtime state live in `<directory>/nightlight-<index>.json`
///   (memory only without a directory), written atomically and readable by its owner only. A device starting on a flash file
///   catches up on the host time since it was written, as if it had kept running. Without flash,
///   instance 0 starts at factory settings and instance 1 configured (child "Mia", week schedule
///   "School nights", clock set to the host's local time).
///
/// The simulator controls (``press()``, ``shake()``, ``plug()``, …) act on the running firmware;
/// they wait until it runs. One value runs at most one firmware at a time.
///
/// ```swift
/// let nightlight = try VirtualNightlight(index: 1, directory: "/tmp/sn")
/// try await world.add(nightlight)
/// let outcome = try await nightlight.press()   // .turnOn, or why it was ignored
/// ```
public struct VirtualNightlight: VirtualDevice {
    /// The host's wall clock: dates the flash and measures the time between runs. The firmware
    /// itself runs on the context's clock.
    public struct WallClock: Sendable {
        /// Seconds since 1970-01-01 00:00 UTC.
        public var now: @Sendable () -> Double
        /// The host's offset from UTC in seconds at an instant (seconds since 1970).
        public var utcOffset: @Sendable (Double) -> Int

        /// A wall clock from its two functions.
        public init(now: @escaping @Sendable () -> Double, utcOffset: @escaping @Sendable (Double) -> Int) {
            self.now = now
            self.utcOffset = utcOffset
        }

        /// The system's clock and time zone.
        public static let system = WallClock(
            now: { Date().timeIntervalSince1970 },
            utcOffset: { TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) }
        )
    }

    /// What the running firmware is doing, for tools and tests.
    public struct Status: Sendable, Hashable {
        /// The running image's version (Firmware Revision String).
        public var firmwareVersion: String
        /// Child Name.
        public var childName: String
        /// Current Time (``SNClockTime/notSet`` while not set).
        public var clock: SNClockTime
        /// How fast the clock runs wrong, in parts per million.
        public var driftPPM: Double
        /// What the LEDs show and why.
        public var light: LightDecision
        /// Battery Level and Battery Level Status.
        public var battery: BatteryStatus
        /// Button Status.
        public var button: ButtonStatus
        /// Whether LED proof mode is on.
        public var isProofModeOn: Bool
        /// The week schedule's name.
        public var weekScheduleName: String
        /// The temporary day schedule.
        public var temporarySchedule: TemporaryDaySchedule
        /// The manufacturer data advertised.
        public var advertisement: SNAdvertisement
        /// Bytes of a firmware image received so far (0 without a transfer).
        public var firmwareBytesReceived: Int
    }

    /// The `nightlight` kind of ``VirtualDeviceCatalog``.
    public static let kind = VirtualDeviceKind(
        name: "nightlight",
        summary: "Smart Nightlight (SN-1): four RGB LEDs on schedules, a child button, a battery, a clock and firmware updates; settings kept in flash"
    ) { instance in
        try VirtualNightlight(index: instance.index, directory: instance.directory)
    }

    /// The highest instance index: its address ends in 0xFF.
    public static let maximumIndex = 254
    /// How long after answering Activate the SN restarts (on the context's clock).
    public static let activationRestartDelay = Duration.milliseconds(500)
    /// How long after answering a Bond Management request to delete its own bond (0x03) the SN
    /// disconnects the requester (on the context's clock).
    public static let bondDeletionDisconnectDelay = Duration.milliseconds(100)
    /// The largest clock drift: 100 000 ppm (10 %) either way.
    public static let maximumDriftPPM = 100_000.0
    /// The longest time between runs the firmware catches up on: 400 days.
    public static let maximumCatchUp = 400.0 * 86_400

    /// Which SN this is (0 for the first).
    public let index: Int
    /// `SN-0001` for instance 0: the factory Device Name.
    public let name: String
    /// `C4:4E:4C:00:00:01` (static random) for instance 0, counting up.
    public let address: DeviceAddress
    /// The flash file, or nil when the flash is in memory.
    public var flashPath: String? { runtime.flash.path }
    /// How the battery drains and charges.
    public let battery: SNBatteryModel
    /// The host's clock, for the flash.
    public let wallClock: WallClock
    /// The vendor's public key: the firmware update accepts images signed with its private key
    /// only (§7.1).
    public let vendorKey: FirmwarePublicKey
    let runtime: SNRuntime

    /// Creates instance `index` (0…``maximumIndex``), keeping its flash in `directory` (nil:
    /// in memory), trusting the firmware images signed for `vendorKey` (the test vendor key's
    /// public key by default, ``FirmwarePublicKey/testVendor``).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` for another index.
    public init(
        index: Int = 0, directory: String? = nil, battery: SNBatteryModel = .standard, wallClock: WallClock = .system,
        vendorKey: FirmwarePublicKey = .testVendor
    ) throws(VirtualError) {
        guard (0...Self.maximumIndex).contains(index) else {
            throw VirtualError(.invalidArgument, "nightlight index \(index) is out of range; use 0…\(Self.maximumIndex)")
        }
        self.index = index
        address = Self.address(index: index)
        name = SNAdvertisement.factoryName(for: address)
        self.battery = battery
        self.wallClock = wallClock
        self.vendorKey = vendorKey
        let path = directory.map { URL(fileURLWithPath: $0).appendingPathComponent("nightlight-\(index).json").path }
        runtime = SNRuntime(flash: SNFlash(path: path))
    }

    /// The static random address of instance `index`: `C4:4E:4C:00:00:(index+1)` (the two most
    /// significant bits 11, Core 5.4, Vol 6, Part B, 1.3.2.1).
    public static func address(index: Int) -> DeviceAddress {
        try! DeviceAddress(value: 0xC44E_4C00_0001 + UInt64(min(max(index, 0), maximumIndex)), isRandom: true)
    }

    // MARK: Firmware

    /// Boots from flash, serves the database and advertises, runs the firmware on the context's
    /// clock, and restarts after a firmware activation or ``restart()``; returns only by throwing
    /// (cancellation when the world shuts down), after writing the flash.
    public func run(_ context: VirtualDeviceContext) async throws {
        try await run(context, clock: context.clock)
    }

    private func run<C: Clock<Duration>>(_ context: VirtualDeviceContext, clock: C) async throws {
        let onAir = await context.host.controllerAddress ?? address
        let deviceName = SNAdvertisement.factoryName(for: onAir)
        let logger = context.logger
        while true {
            let session = boot(clock: clock, logger: logger)
            runtime.publish(session)
            let restart: SNRestart
            do {
                restart = try await serve(session, host: context.host, name: deviceName, address: onAir, clock: clock)
            } catch {
                runtime.withdraw(session)
                save(session.snapshot(), logger: logger)
                throw error
            }
            runtime.withdraw(session)
            save(session.snapshot(), logger: logger)
            if restart == .activation {
                // The write response to Activate leaves before the link goes down.
                try await clock.sleep(for: Self.activationRestartDelay)
            }
            try? await context.host.stopAdvertising()
            for connection in await context.host.peripheralLinks {
                await connection.waitUntilTransmitted()
                try? await connection.disconnect()
            }
        }
    }

    /// Loads the flash (or the instance's first settings) and catches up on the host time since
    /// it was written.
    private func boot<C: Clock<Duration>>(clock: C, logger: Logger) -> SNSession {
        let now = wallClock.now()
        let core: SNFirmwareCore
        if let (state, savedAt) = runtime.flash.load(logger: logger) {
            let gap = min(max(now - savedAt, 0), Self.maximumCatchUp)
            var catchUp = SNFirmwareCore(state: state, battery: battery)
            catchUp.advance(by: gap)
            for event in catchUp.collect(savedAt: now)?.events ?? [] { logger.info("while off: \(event)") }
            // The pairing window's end, kept in host time, back into this run's uptime.
            var booted = catchUp.state
            booted.pairingWindowCloses = state.pairingWindowCloses.flatMap { closes in closes > now ? closes - now : nil }
            core = SNFirmwareCore(state: booted, battery: battery, needsSave: gap > 0, vendorKey: vendorKey)
            logger.info("booted from flash, firmware \(state.firmwareVersion), caught up on \(Int(gap)) s")
        } else {
            let state = index == 1
                ? SNDeviceState.configured(localSeconds: now + Double(wallClock.utcOffset(now)), utcOffset: wallClock.utcOffset(now))
                : SNDeviceState.factory
            core = SNFirmwareCore(state: state, battery: battery, needsSave: true, vendorKey: vendorKey)
            logger.info("booted at \(index == 1 ? "configured" : "factory") settings")
        }
        return SNSession(generation: runtime.nextGeneration(), core: core, clock: clock, hostTime: wallClock.now, logger: logger)
    }

    /// Serves one session until it asks for a restart; returns why.
    private func serve<C: Clock<Duration>>(_ session: SNSession, host: any PeripheralHost, name: String, address: DeviceAddress, clock: C) async throws -> SNRestart {
        let identity = SNDatabase.Identity(
            name: name, serialNumber: serialNumber, systemID: Self.systemID(address),
            firmwareVersion: session.perform { $0.state.firmwareVersion }
        )
        // A requester that deleted its own bond is disconnected once the answer has left.
        let bondManager = SNBondManager(host: host, logger: session.logger) { try await clock.sleep(for: Self.bondDeletionDisconnectDelay) }
        let server = try GATTServer(services: SNDatabase.services(identity, session: session) { opcode, client in
            await bondManager.perform(opcode, for: client)
        })
        bondManager.attach(server)
        await server.setDisconnectHandler { client in session.perform { $0.clientDisconnected(client) } }
        await host.setGATTServer(server)
        let flash = runtime.flash
        let restart = try await withThrowingTaskGroup(of: SNRestart?.self) { group in
            group.addTask {
                let start = clock.now
                while true {
                    let elapsed = start.duration(to: clock.now)
                    try await clock.sleep(until: start.advanced(by: .seconds(elapsed.components.seconds + 1)), tolerance: nil)
                    session.perform(force: true) { _ in }
                }
            }
            group.addTask {
                var advertiser = SNAdvertiser(host: host, name: name, logger: session.logger)
                await advertiser.update(session.perform { Self.advertisement(of: $0) })
                for await output in session.outputs {
                    for event in output.events { session.logger.info("\(event)") }
                    for (uuid, value) in output.notifications {
                        _ = try? await server.updateValue(value, for: uuid)
                    }
                    await advertiser.update(output.advertisement)
                    if let save = output.save { flash.save(save.state, savedAt: save.savedAt, logger: session.logger) }
                    session.outputDone()
                    if let restart = output.restart { return restart }
                }
                return nil
            }
            let restart = try await group.next() ?? nil
            group.cancelAll()
            return restart
        }
        session.finish()
        try Task.checkCancellation()
        return restart ?? .requested
    }

    private func save(_ snapshot: (state: SNDeviceState, savedAt: Double), logger: Logger) {
        runtime.flash.save(snapshot.state, savedAt: snapshot.savedAt, logger: logger)
    }

    /// Serial Number String: `SN1-` and the instance number, e.g. `SN1-000001`.
    public var serialNumber: String {
        let digits = String(index + 1)
        return "SN1-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// System ID (8 bytes): the low 40 bits of the address as the manufacturer-defined
    /// identifier, then the OUI `4E:4C:53` ("NLS"), least significant octets first.
    static func systemID(_ address: DeviceAddress) -> [UInt8] {
        let identifier = address.value & 0xFF_FFFF_FFFF
        return (0..<5).map { UInt8(truncatingIfNeeded: identifier >> (8 * $0)) } + [0x53, 0x4C, 0x4E]
    }

    // MARK: Simulator controls

    /// `press`, `shake`, `plug`, `unplug`, `clock MINUTES`, `battery PERCENT`, `hold SECONDS` and
    /// `drift PPM`: what a child, a charger and time do to the SN (the controls below).
    public var actions: [VirtualDeviceAction] {
        [
            VirtualDeviceAction("press", summary: "the child presses the button (§5)") { _ in
                Self.describe(try await press())
            },
            VirtualDeviceAction("shake", summary: "the child shakes the nightlight (shake mode turns the button light's hue)") { _ in
                try await shake() ? "the light's hue turned" : "nothing happened (the light is off or shake mode is off)"
            },
            VirtualDeviceAction("plug", summary: "wired power connected: the battery charges") { _ in
                try await plug()
                return "charging"
            },
            VirtualDeviceAction("unplug", summary: "wired power disconnected: on battery") { _ in
                try await unplug()
                return "on battery"
            },
            VirtualDeviceAction("clock", arguments: ["MINUTES"], summary: "moves the clock by -1440…1440 minutes (negative: behind), as months of drift would") { words in
                let minutes = try VirtualDeviceAction.number(words[0], "MINUTES", in: -1440...1440)
                try await shiftClock(by: minutes * 60)
                return "moved \(minutes >= 0 ? "ahead" : "back") by \(minutes.magnitude.formatted(.number.precision(.fractionLength(0...1)))) min"
            },
            VirtualDeviceAction("battery", arguments: ["PERCENT"], summary: "sets the battery charge 0-100 % (0 unplugged runs it flat and loses the clock)") { words in
                let percent = try VirtualDeviceAction.integer(words[0], "PERCENT", in: 0...100)
                try await setBatteryLevel(percent)
                return "battery at \(percent) %"
            },
            VirtualDeviceAction("hold", arguments: ["SECONDS"], summary: "the child button held down: 3 s opens the pairing window for 60 s, 10 s resets to factory settings (§9.1)") { words in
                let seconds = try VirtualDeviceAction.number(words[0], "SECONDS", in: 0...60)
                return try await hold(seconds: seconds).description
            },
            VirtualDeviceAction("drift", arguments: ["PPM"], summary: "how fast the clock runs wrong, in parts per million (positive: it gains)") { words in
                let ppm = try VirtualDeviceAction.number(words[0], "PPM", in: -Self.maximumDriftPPM...Self.maximumDriftPPM)
                try await setDrift(ppm: ppm)
                return "the clock drifts \(ppm.formatted(.number.precision(.fractionLength(0...1)))) ppm"
            },
        ]
    }

    /// What a press did, in words.
    public static func describe(_ outcome: ButtonPressOutcome) -> String {
        switch outcome {
        case .turnOn: "the child button light turned on"
        case .turnOff: "the child button light turned off"
        case .ignored(.disabled): "ignored: the child button is disabled"
        case .ignored(.deactivationWindow): "ignored: it is within the deactivation window"
        case .ignored(.dailyLimitReached): "ignored: today's presses are used up"
        }
    }

    /// The child presses the button (§5); returns what the press did.
    public func press() async throws -> ButtonPressOutcome {
        try await runtime.session().perform { $0.press() }
    }

    /// The child shakes the SN; returns whether the button light's hue turned (shake mode on and
    /// the light on).
    @discardableResult
    public func shake() async throws -> Bool {
        try await runtime.session().perform { $0.shake() }
    }

    /// Connects wired power: the battery charges.
    public func plug() async throws {
        try await runtime.session().perform { $0.setPluggedIn(true) }
    }

    /// Disconnects wired power.
    public func unplug() async throws {
        try await runtime.session().perform { $0.setPluggedIn(false) }
    }

    /// Sets how fast the clock runs wrong, in parts per million (positive: it gains; at most
    /// ``maximumDriftPPM`` either way).
    public func setDrift(ppm: Double) async throws {
        guard ppm.isFinite, abs(ppm) <= Self.maximumDriftPPM else {
            throw VirtualError(.invalidArgument, "a drift of \(ppm) ppm is out of range; use −100000…100000")
        }
        try await runtime.session().perform { $0.setDrift(ppm: ppm) }
    }

    /// Moves the SN's clock by `seconds` (positive: ahead), as months of drift would, to try the
    /// §8 rules (at most a day either way).
    /// - Throws: ``VirtualError`` when the clock is not set or the shift is out of range.
    public func shiftClock(by seconds: Double) async throws {
        guard seconds.isFinite, abs(seconds) <= 86_400 else {
            throw VirtualError(.invalidArgument, "a clock shift of \(seconds) s is out of range; use −86400…86400 (a day)")
        }
        guard try await runtime.session().perform({ $0.shiftClock(by: seconds) }) else {
            throw VirtualError(.invalidArgument, "\(name)'s clock is not set; set it first (nightlight clock sync)")
        }
    }

    /// Sets the battery charge (for tests); 0 unplugged runs it flat and loses the clock.
    public func setBatteryLevel(_ percent: Int) async throws {
        guard (0...100).contains(percent) else {
            throw VirtualError(.invalidArgument, "a battery level of \(percent) % is out of range; use 0…100")
        }
        try await runtime.session().perform { $0.setBatteryLevel(percent) }
    }

    /// Restarts the firmware as a power cycle would: connections end, the flash is reloaded, and
    /// the SN advertises again. Returns once the new firmware runs.
    public func restart() async throws {
        let session = try await runtime.session()
        session.perform { $0.requestRestart() }
        _ = try await runtime.session(after: session.generation)
    }

    /// The manufacturer data the SN advertises now (§1), the pairing window flag included.
    static func advertisement(of core: SNFirmwareCore) -> SNAdvertisement {
        var advertisement = core.advertisement
        if core.state.isPairingWindowOpen(at: core.uptime) { advertisement.status.insert(.pairingWindowOpen) }
        return advertisement
    }

    /// Returns once the running firmware's notifications, advertising updates and flash writes
    /// so far are done (waiting for it to run first).
    func waitUntilIdle() async throws {
        while true {
            if try await runtime.session().isIdle { return }
            try Task.checkCancellation()
            await Task.yield()
        }
    }

    /// What the running firmware is doing now.
    public func status() async throws -> Status {
        try await runtime.session().perform { core in
            Status(
                firmwareVersion: core.state.firmwareVersion, childName: core.state.childName, clock: core.state.clockTime,
                driftPPM: core.state.driftPPM, light: core.decision, battery: core.batteryStatus, button: core.state.buttonStatus,
                isProofModeOn: core.proof != nil, weekScheduleName: core.state.weekSchedule.name,
                temporarySchedule: core.state.temporarySchedule, advertisement: Self.advertisement(of: core),
                firmwareBytesReceived: core.transfer.receivedCount
            )
        }
    }
}
