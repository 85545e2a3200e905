import BLE
import BLECore
import BLEHost
import DBus
import DBusClient
import Synchronization

extension BlueZ {
    /// Where advertisements are registered, on the adapter (`doc/org.bluez.LEAdvertisingManager.rst`).
    static let advertisingManager = "org.bluez.LEAdvertisingManager1"
    /// The interface of an advertisement (`doc/org.bluez.LEAdvertisement.rst`).
    static let advertisement = "org.bluez.LEAdvertisement1"
}

/// Our advertising data as BlueZ's `org.bluez.LEAdvertisement1` (BlueZ
/// `doc/org.bluez.LEAdvertisement.rst`): the properties bluetoothd builds the advertising and
/// scan response data from, and what of ours it cannot carry.
public struct BlueZAdvertisementProperties: Sendable {
    /// The `LEAdvertisement1` properties.
    public var properties: [String: DBusValue]
    /// What of the advertising data and parameters BlueZ does not carry as given, in words.
    public var notCarried: [String]

    /// The properties of `data` and `scanResponse` (merged: bluetoothd decides what goes into
    /// the scan response) under `parameters` (AD types: Core Specification Supplement, Part A).
    public init(data: AdvertisingData, scanResponse: AdvertisingData?, parameters: AdvertisingParameters) {
        var properties: [String: DBusValue] = ["Type": .string(parameters.isConnectable ? "peripheral" : "broadcast")]
        var notCarried: [String] = []
        var serviceUUIDs: [String] = []
        var solicited: [String] = []
        var manufacturerData: [(DBusValue, DBusValue)] = []
        var serviceData: [(DBusValue, DBusValue)] = []
        var includes: [String] = []
        let elements = data.elements + (scanResponse?.elements ?? [])
        let undecoded = data.structures.count + (scanResponse?.structures.count ?? 0) - elements.count
        if undecoded > 0 { notCarried.append("\(undecoded) malformed AD structure(s)") }
        func uuid(_ value: BluetoothUUID) -> String { value.uuidString.lowercased() }
        for element in elements {
            switch element {
            case .flags(let flags):
                // bluetoothd writes the flags: LE General Discoverable when Discoverable, BR/EDR not supported.
                properties["Discoverable"] = .boolean(flags.contains(.leGeneralDiscoverable) || flags.contains(.leLimitedDiscoverable))
                if flags.contains(.leLimitedDiscoverable) { notCarried.append("the LE Limited Discoverable flag (bluetoothd advertises General Discoverable)") }
            case .serviceUUIDs(let list):
                serviceUUIDs += list.uuids.map(uuid)
                if !list.isComplete { notCarried.append("the service UUID list's incompleteness (bluetoothd says complete)") }
            case .solicitedServiceUUIDs(let list):
                solicited += list.uuids.map(uuid)
            case .localName(let name):
                properties["LocalName"] = .string(name.name)
                if !name.isComplete { notCarried.append("the local name's shortening (bluetoothd shortens it itself when it does not fit)") }
            case .txPowerLevel:
                includes.append("tx-power")
                notCarried.append("the TX power value (bluetoothd puts the controller's own)")
            case .appearance(let appearance):
                properties["Appearance"] = .uint16(appearance.rawValue)
            case .serviceData(let entry):
                serviceData.append((.string(uuid(entry.uuid)), .variant(.bytes(entry.data))))
            case .manufacturerData(let entry):
                manufacturerData.append((.uint16(entry.companyID), .variant(.bytes(entry.data))))
            default:
                notCarried.append("the \(element.adType) AD structure (LEAdvertisement1 has no property for it)")
            }
        }
        if !serviceUUIDs.isEmpty { properties["ServiceUUIDs"] = .strings(serviceUUIDs) }
        if !solicited.isEmpty { properties["SolicitUUIDs"] = .strings(solicited) }
        if !manufacturerData.isEmpty { properties["ManufacturerData"] = .dictionary(key: .uint16, value: .variant, manufacturerData) }
        if !serviceData.isEmpty { properties["ServiceData"] = .dictionary(key: .string, value: .variant, serviceData) }
        if !includes.isEmpty { properties["Includes"] = .strings(includes) }
        // The interval, in milliseconds (bluetoothd may still pick its own).
        let milliseconds = { (duration: Duration) in UInt32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) }
        properties["MinInterval"] = .uint32(milliseconds(parameters.interval.lowerBound))
        properties["MaxInterval"] = .uint32(milliseconds(parameters.interval.upperBound))
        if parameters.maximumConnections != 1 {
            notCarried.append("the limit of \(parameters.maximumConnections) connections (bluetoothd stops advertising when a central connects and may not advertise again while one is connected)")
        }
        self.properties = properties
        self.notCarried = notCarried
    }
}

/// An advertisement registered with bluetoothd (`LEAdvertisingManager1.RegisterAdvertisement`
/// on the adapter): bluetoothd advertises it with its own address, interval and flags until it
/// is unregistered, or releases it (`Release`: the adapter went off, or a connection ended it).
public final class BlueZAdvertisement: Sendable {
    /// Where this program exports its advertisement unless told otherwise.
    public static let defaultPath: DBusObjectPath = "/org/nightlight/advertisement0"
    /// The advertisement's object.
    public let path: DBusObjectPath
    /// The adapter it is registered on.
    public let adapter: DBusObjectPath
    private let bus: DBusConnection
    private let state = Mutex(State())

    private struct State {
        var current: BlueZAdvertisementProperties?
        var registered = false
        var released = false
    }

    /// An advertisement of `bus` at `path` for `adapter` (nothing registered yet).
    public init(bus: DBusConnection, adapter: DBusObjectPath, path: DBusObjectPath = defaultPath) {
        self.bus = bus
        self.adapter = adapter
        self.path = path
    }

    /// Whether bluetoothd holds the advertisement now.
    public var isRegistered: Bool { state.withLock { $0.registered } }
    /// Whether bluetoothd released it (called `Release`) since it was last registered.
    public var wasReleased: Bool { state.withLock { $0.released } }

    /// Advertises `advertisement`: exported, then registered; a running one is unregistered
    /// first (bluetoothd reads the properties once, when it registers them). Returns what BlueZ
    /// does not carry of it.
    @discardableResult
    public func advertise(_ advertisement: BlueZAdvertisementProperties) async throws(BLEError) -> [String] {
        await stop()
        state.withLock {
            $0.current = advertisement
            $0.released = false
        }
        let properties = advertisement.properties
        bus.export(path, [
            DBusExportedInterface(
                name: BlueZ.advertisement,
                methods: ["Release": { [self] _ in
                    state.withLock {
                        $0.registered = false
                        $0.released = true
                    }
                    return []
                }],
                properties: { properties }
            ),
        ])
        do {
            _ = try await bus.call(.methodCall(
                destination: BlueZ.service, path: adapter, interface: BlueZ.advertisingManager, member: "RegisterAdvertisement",
                body: [.objectPath(path), .properties([:])]
            ))
        } catch {
            bus.unexport(path)
            throw BlueZ.managerError(error, manager: BlueZ.advertisingManager, adapter: BlueZ.name(of: adapter), doing: "registering the advertisement")
        }
        state.withLock { $0.registered = true }
        return advertisement.notCarried
    }

    /// Stops advertising (`UnregisterAdvertisement`, unless bluetoothd released it already).
    public func stop() async {
        let registered = state.withLock { state in
            defer { state.registered = false }
            return state.registered
        }
        if registered {
            _ = try? await bus.call(
                .methodCall(
                    destination: BlueZ.service, path: adapter, interface: BlueZ.advertisingManager, member: "UnregisterAdvertisement",
                    body: [.objectPath(path)]
                ),
                timeout: .seconds(5)
            )
        }
        bus.unexport(path)
    }
}
