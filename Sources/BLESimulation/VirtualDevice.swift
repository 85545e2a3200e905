import BLECore
import BLEGATT
import BLEHost
import BLEVirtual
import Logging

/// A device of the simulated world: its own controller on the ``VirtualLink``, with our own host
/// on it in the peripheral role, running the device's firmware (which sees its host only as a
/// ``PeripheralHost``, so `ble simulate` runs the same firmware on BlueZ's `bluetoothd`).
///
/// A ``SimWorld`` gives each device a ``VirtualController`` at ``address`` and a started
/// ``BLEHost`` on it, then calls ``run(_:)`` in a task of its own. `run` sets the GATT server,
/// starts advertising and performs whatever the firmware does over time (timers on
/// ``VirtualDeviceContext/clock``); it returns when the firmware has nothing left to do, or
/// throws when the world is shut down (task cancellation) or the device fails.
///
/// ```swift
/// struct Thermometer: VirtualDevice {
///     let name = "Thermometer"
///     let address = try! DeviceAddress(parsing: "00:1B:DC:44:00:01")
///     func run(_ context: VirtualDeviceContext) async throws {
///         try await context.host.setGATTServer(GATTServer(services: [/* … */]))
///         try await context.host.startAdvertising(data: AdvertisingData([.localName(LocalName(name))]))
///     }
/// }
/// ```
public protocol VirtualDevice: Sendable {
    /// A short name for listings and logs ("Nightlight", "Bean"); not necessarily what it
    /// advertises.
    var name: String { get }
    /// The device's public address (its controller's BD_ADDR). Unique within a world.
    var address: DeviceAddress { get }
    /// Runs the firmware on a started host; see the type's description.
    func run(_ context: VirtualDeviceContext) async throws
    /// What can be done to the device while it runs, from outside its radio (none by default);
    /// see ``VirtualDeviceAction``.
    var actions: [VirtualDeviceAction] { get }
    /// How the device's host is configured when it starts: above all its own ``BondStore`` and
    /// ``SMPPairingPolicy`` (read once per start). The default is a host with its bonds in a new
    /// ``MemoryBondStore`` and Just Works pairing; a device that keeps settings files keeps its
    /// bonds beside them, in a ``FileBondStore`` (0600).
    var hostConfiguration: BLEHost.Configuration { get }
}

extension VirtualDevice {
    /// A host with the defaults: bonds in memory, Just Works pairing.
    public var hostConfiguration: BLEHost.Configuration { BLEHost.Configuration() }
}

/// What a ``VirtualDevice`` runs with: its started host and the clock of its timers.
///
/// In a ``SimWorld`` the host is our ``BLEHost`` on a ``VirtualController`` of the world's link;
/// under `ble simulate` it is our host on any controller (Bumble's, a UART one) or BlueZ's
/// `bluetoothd` (`--transport bluez`), and ``controller`` and ``link`` are nil.
public struct VirtualDeviceContext: Sendable {
    /// The host in the peripheral role, started: our ``BLEHost``, or another ``PeripheralHost``.
    public let host: any PeripheralHost
    /// The device's controller, when it is a virtual one.
    public let controller: VirtualController?
    /// The world's link (distances, simulated link loss), when in a ``SimWorld``.
    public let link: VirtualLink?
    /// The clock every timer of the firmware uses.
    public let clock: any Clock<Duration>
    /// A logger labelled with the device.
    public let logger: Logger

    /// Creates a context.
    public init(host: any PeripheralHost, controller: VirtualController? = nil, link: VirtualLink? = nil, clock: any Clock<Duration>, logger: Logger) {
        self.host = host
        self.controller = controller
        self.link = link
        self.clock = clock
        self.logger = logger
    }
}

/// A device whose behaviour is its GATT database: it serves `makeServer()` and advertises
/// `advertisingData` (with `scanResponse`) until the world shuts down. Values written by a
/// central stay in the server; ``GATTServer/updateValue(_:for:)`` from elsewhere notifies.
public struct GATTPeripheralDevice: VirtualDevice {
    public let name: String
    public let address: DeviceAddress
    /// The advertisement (at most 31 bytes encoded).
    public var advertisingData: AdvertisingData
    /// The scan response, if any (at most 31 bytes encoded).
    public var scanResponse: AdvertisingData?
    /// Advertising interval and connection slots.
    public var advertisingParameters: AdvertisingParameters
    /// Makes the device's GATT server; called once each time the device starts.
    public var makeServer: @Sendable () throws -> GATTServer

    /// Creates a device serving `makeServer()`'s database under `advertisingData`.
    public init(
        name: String,
        address: DeviceAddress,
        advertisingData: AdvertisingData,
        scanResponse: AdvertisingData? = nil,
        advertisingParameters: AdvertisingParameters = AdvertisingParameters(),
        makeServer: @escaping @Sendable () throws -> GATTServer
    ) {
        self.name = name
        self.address = address
        self.advertisingData = advertisingData
        self.scanResponse = scanResponse
        self.advertisingParameters = advertisingParameters
        self.makeServer = makeServer
    }

    public func run(_ context: VirtualDeviceContext) async throws {
        await context.host.setGATTServer(try makeServer())
        try await context.host.startAdvertising(data: advertisingData, scanResponse: scanResponse, parameters: advertisingParameters)
    }
}
