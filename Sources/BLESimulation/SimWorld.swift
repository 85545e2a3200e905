import BLECore
import BLEHCI
import BLEHost
import BLETransport
import BLEVirtual
import Logging

/// The `sim` transport's world: one ``VirtualLink`` with virtual devices on it, each our own
/// host in the peripheral role on its own ``VirtualController``, and any number of centrals,
/// each a controller whose HCI is handed to a host (ours, in process) as an ``HCITransport``.
///
/// Nothing leaves the process and nothing needs set-up, so the tools default to it and most
/// tests run the whole stack on it, HCI included.
///
/// ```swift
/// let world = SimWorld()
/// try await world.add(thermometer, distance: 2)
/// let host = BLEHost(transport: try await world.makeCentral(), clock: world.clock)
/// ```
public actor SimWorld {
    /// A device running in the world.
    public struct RunningDevice: Sendable {
        /// The device as it was added.
        public let device: any VirtualDevice
        /// Its controller on ``SimWorld/link``.
        public let controller: VirtualController
        /// Our host on that controller, in the peripheral role.
        public let host: BLEHost
        let firmware: Task<Void, Never>

        /// The device's address on the air.
        public var address: DeviceAddress { device.address }
    }

    /// The address of the first central made by ``makeCentral(address:distance:)`` when none is
    /// given; the next ones count up from it.
    public static let firstCentralAddress = try! DeviceAddress(parsing: "00:1B:DC:5E:00:01")

    /// The air every controller of the world is on.
    public nonisolated let link: VirtualLink
    /// The clock of the link, the devices' hosts and their firmware.
    public nonisolated let clock: any Clock<Duration>
    private let logger: Logger
    private var running: [RunningDevice] = []
    private var centrals: [VirtualController] = []
    private var isShutDown = false

    /// Creates an empty world.
    /// - Parameters:
    ///   - clock: times advertising, connections and the devices' firmware (`ContinuousClock()`
    ///     for the tools; tests may pass a manual clock).
    ///   - radio: the path-loss model that turns distances into RSSI.
    ///   - seed: the seed of the RSSI noise, so runs repeat.
    ///   - logger: the devices' hosts and firmware log here, with a `device` metadata entry.
    public init(
        clock: some Clock<Duration> = ContinuousClock(),
        radio: VirtualRadioModel = VirtualRadioModel(),
        seed: UInt64 = 0x4E69_6768_746C_6967,
        logger: Logger = Logger(label: "nightlight.sim")
    ) {
        self.clock = clock
        self.logger = logger
        link = VirtualLink(clock: clock, radio: radio, seed: seed, logger: logger)
    }

    /// The devices running now, in the order they were added.
    public var devices: [RunningDevice] { running }

    /// The running device at `address`, if any.
    public func device(at address: DeviceAddress) -> RunningDevice? {
        running.first { $0.address == address }
    }

    /// Adds a device `distance` metres from the vantage point: makes its controller, starts our
    /// host on it and runs its firmware. Returns once the host is ready; the firmware may still
    /// be setting up (advertising starts a moment later).
    ///
    /// Throws ``VirtualError/Code/invalidArgument`` when a device or central already uses the
    /// address, and the host's error when it cannot start.
    @discardableResult
    public func add(_ device: any VirtualDevice, distance: Double = 1) async throws -> RunningDevice {
        try checkRunning()
        try checkAddressIsFree(device.address, for: "device \(device.name)")
        var deviceLogger = logger
        deviceLogger[metadataKey: "device"] = "\(device.name)"
        let controller = VirtualController(publicAddress: device.address, name: device.name, logger: deviceLogger)
        link.attach(controller, distance: distance)
        let host = BLEHost(transport: controller.hostTransport, clock: clock, logger: deviceLogger, configuration: device.hostConfiguration)
        do {
            try await host.start()
        } catch {
            link.detach(controller)
            await host.stop()
            throw error
        }
        let context = VirtualDeviceContext(host: host, controller: controller, link: link, clock: clock, logger: deviceLogger)
        let firmware = Task {
            do {
                try await device.run(context)
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                deviceLogger.error("the device's firmware stopped: \(error)")
            }
        }
        let member = RunningDevice(device: device, controller: controller, host: host, firmware: firmware)
        running.append(member)
        return member
    }

    /// Stops the device at `address` and takes it off the air (its connections end with
    /// Connection Timeout on the other side). Returns whether there was one.
    @discardableResult
    public func remove(_ address: DeviceAddress) async -> Bool {
        guard let index = running.firstIndex(where: { $0.address == address }) else { return false }
        let member = running.remove(at: index)
        await stop(member)
        return true
    }

    /// Moves the device (or central) with `address` to `distance` metres: its RSSI changes at
    /// the next advertisement. Returns whether it is in the world.
    @discardableResult
    public func setDistance(_ distance: Double, of address: DeviceAddress) -> Bool {
        guard let controller = controller(at: address) else { return false }
        link.setDistance(distance, of: controller)
        return true
    }

    /// Makes a central: a new controller on the link whose HCI is returned as a transport for a
    /// host. Closing the transport takes the controller off the link.
    /// - Parameters:
    ///   - address: its public address; nil counts up from ``firstCentralAddress``.
    ///   - distance: metres from the vantage point.
    public func makeCentral(address: DeviceAddress? = nil, distance: Double = 0.5) throws -> SimTransport {
        let controller = try makeController(address: address, distance: distance)
        return SimTransport(base: controller.hostTransport, world: self, owner: nil)
    }

    /// Makes a bare controller on the link for a host elsewhere, e.g. one served by
    /// ``VirtualHCIServer`` to another stack. It stays until ``shutDown()``.
    /// - Parameters:
    ///   - address: its public address; nil counts up from ``firstCentralAddress``.
    ///   - distance: metres from the vantage point.
    public func makeController(address: DeviceAddress? = nil, distance: Double = 0.5) throws -> VirtualController {
        try checkRunning()
        let address = try address ?? nextCentralAddress()
        try checkAddressIsFree(address, for: "a central")
        let controller = VirtualController(publicAddress: address, name: "central \(address)", logger: logger)
        link.attach(controller, distance: distance)
        centrals.append(controller)
        return controller
    }

    /// Stops every device and central: firmware cancelled, hosts stopped, controllers off the
    /// link. The world cannot be used afterwards.
    public func shutDown() async {
        guard !isShutDown else { return }
        isShutDown = true
        let members = running
        running = []
        for member in members { await stop(member) }
        for controller in centrals { link.detach(controller) }
        centrals = []
    }

    /// A factory for ``Transports/open(_:options:sim:)``: each call makes a world (real time,
    /// logging to the options' logger), lets `populate` add its devices, and returns a central's
    /// transport that owns the world: closing it shuts the world down.
    public static func transportFactory(
        _ populate: @escaping @Sendable (SimWorld) async throws -> Void
    ) -> Transports.SimFactory {
        { options in
            let world = SimWorld(logger: options.logger)
            do {
                try await populate(world)
                let central = try await world.makeCentral()
                return SimTransport(base: central.base, world: world, owner: world)
            } catch {
                await world.shutDown()
                throw error
            }
        }
    }

    func detach(_ controller: VirtualController) {
        link.detach(controller)
        centrals.removeAll { $0 === controller }
    }

    private func stop(_ member: RunningDevice) async {
        // The firmware stops at once; the host first finishes what its radio already received (a
        // pairing's last events, a Write Command): every event its controller queued reaches the
        // host, the answer to a command sent behind them shows the host has handled them (it
        // handles packets in order), and its GATT server then applies what they carried.
        member.firmware.cancel()
        await member.controller.waitUntilIdle()
        _ = try? await member.host.send(HCIReadBDADDR())
        await member.host.waitUntilServed()
        await member.host.stop()
        _ = await member.firmware.value
        link.detach(member.controller)
    }

    private func controller(at address: DeviceAddress) -> VirtualController? {
        running.first { $0.address == address }?.controller ?? centrals.first { $0.publicAddress == address }
    }

    private func checkRunning() throws {
        if isShutDown { throw VirtualError(.closed, "the simulated world was shut down") }
    }

    private func checkAddressIsFree(_ address: DeviceAddress, for what: String) throws {
        if controller(at: address) != nil {
            throw VirtualError(.invalidArgument, "\(address) is already used in the simulated world; give \(what) another address")
        }
    }

    private func nextCentralAddress() throws -> DeviceAddress {
        var value = Self.firstCentralAddress.value
        while controller(at: try DeviceAddress(value: value, isRandom: false)) != nil { value += 1 }
        return try DeviceAddress(value: value, isRandom: false)
    }
}

/// A central's HCI in a ``SimWorld``: the host's end of its virtual controller. Closing it
/// takes the controller off the link and, for the transport of
/// ``SimWorld/transportFactory(_:)``, shuts the whole world down.
public struct SimTransport: HCITransport {
    let base: VirtualHCIHostTransport
    /// The world the central is in.
    public let world: SimWorld
    let owner: SimWorld?

    /// The central's controller.
    public var controller: VirtualController { base.controller }

    public func send(_ packet: HCIPacket) async throws {
        try await base.send(packet)
    }

    public func send(contentsOf packets: [HCIPacket]) async throws {
        try await base.send(contentsOf: packets)
    }

    public var packets: AsyncThrowingStream<HCIPacket, any Error> { base.packets }

    public var inbound: HCIInbound { base.inbound }

    public func close() async {
        await base.close()
        await world.detach(base.controller)
        if let owner { await owner.shutDown() }
    }
}
