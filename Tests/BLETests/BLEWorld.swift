import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETransport
import BLEVirtual
import Logging
import Synchronization
import Testing

/// A sim world with two test devices, and a central on it through the `BLE` API.
struct BLEWorld {
    static let quiet = Logger(label: "test.ble", factory: { _ in SwiftLogNoOpLogHandler() })

    static let service = BluetoothUUID("4E4C7E50-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let text = BluetoothUUID("4E4C7E51-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let counter = BluetoothUUID("4E4C7E52-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let sink = BluetoothUUID("4E4C7E53-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let secret = BluetoothUUID("4E4C7E54-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let reliable = BluetoothUUID("4E4C7E55-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let locked = BluetoothUUID("4E4C7E56-7A5A-4B3C-9D1E-0F1A2B3C4D5E")
    static let battery = BluetoothUUID("180F")
    static let batteryLevel = BluetoothUUID("2A19")

    static let nearAddress = try! DeviceAddress(parsing: "00:1B:DC:7E:00:01")
    static let farAddress = try! DeviceAddress(parsing: "00:1B:DC:7E:00:02")

    /// What the devices' servers saw.
    final class Log: Sendable {
        let sinkBytes = Mutex(0)
        let writes = Mutex<[GATTWriteContext]>([])
    }

    /// A device with a battery, a long text, a counter that notifies, a write-without-response
    /// sink, a value nobody may read, a value only an encrypted link may use and a
    /// reliable-write characteristic.
    static func device(_ name: String, _ address: DeviceAddress, level: UInt8, log: Log) -> GATTPeripheralDevice {
        GATTPeripheralDevice(
            name: name,
            address: address,
            advertisingData: try! AdvertisingData([
                .flags(.leGeneralDiscoverableOnly), .localName(LocalName(name)),
                .serviceUUIDs(ServiceUUIDList(uuids: [battery], size: .bits16, isComplete: false)),
            ]),
            advertisingParameters: AdvertisingParameters(interval: .milliseconds(20) ... .milliseconds(20))
        ) {
            try GATTServer(services: [
                .genericAttribute(),
                GATTServiceDefinition(uuid: battery, characteristics: [
                    GATTCharacteristicDefinition(uuid: batteryLevel, properties: [.read, .notify], value: [level]),
                ]),
                GATTServiceDefinition(uuid: service, includedServices: [battery], characteristics: [
                    GATTCharacteristicDefinition(
                        uuid: text, properties: [.read, .write], value: Array("Hello".utf8),
                        descriptors: [GATTDescriptorDefinition(uuid: BluetoothUUID(0x2901), value: Array("Text".utf8))],
                        onWrite: { context in log.writes.withLock { $0.append(context) } }
                    ),
                    GATTCharacteristicDefinition(uuid: counter, properties: [.read, .notify, .indicate], value: [0]),
                    GATTCharacteristicDefinition(uuid: sink, properties: [.writeWithoutResponse], onWrite: { context in
                        log.sinkBytes.withLock { $0 += context.value.count }
                    }),
                    GATTCharacteristicDefinition(uuid: secret, properties: [.write], value: [7]),
                    GATTCharacteristicDefinition(
                        uuid: locked, properties: [.read, .write], permissions: [.readEncrypted, .writeEncrypted], value: Array("vault".utf8)
                    ),
                    GATTCharacteristicDefinition(
                        uuid: reliable, properties: [.read, .write], extendedProperties: [.reliableWrite],
                        onWrite: { context in log.writes.withLock { $0.append(context) } }
                    ),
                ]),
            ])
        }
    }

    let world: SimWorld
    let central: Central
    let log = Log()

    init(securesOnDemand: Bool = true) async throws {
        let log = self.log
        world = SimWorld(logger: Self.quiet)
        try await world.add(Self.device("Near", Self.nearAddress, level: 80, log: log), distance: 1)
        try await world.add(Self.device("Far", Self.farAddress, level: 20, log: log), distance: 12)
        // ATT_MTU 64, so long reads and writes (and 61-byte write commands) are exercised.
        let backend = HostBackend(host: BLEHost(
            transport: try await world.makeCentral(), clock: world.clock, logger: Self.quiet,
            configuration: BLEHost.Configuration(preferredATTMTU: 64)
        ), securesOnDemand: securesOnDemand)
        try await backend.start()
        central = Central(backend: backend)
    }

    /// The device's server, to change values as its firmware would.
    func server(_ address: DeviceAddress) async -> GATTServer? {
        await world.device(at: address)?.host.gattServer
    }

    /// Scans until `name` is heard; returns its peripheral.
    func find(_ name: String) async throws -> Peripheral {
        for try await discovery in try await central.scan(filter: ScanFilter(nameContains: name)) where discovery.name == name {
            return discovery.peripheral
        }
        throw BLEError(.failed, "\(name) not found")
    }

    /// Finds `name` and connects to it.
    func connected(_ name: String) async throws -> Peripheral {
        let peripheral = try await find(name)
        try await peripheral.connect()
        return peripheral
    }

    func close() async {
        await central.close()
        await world.shutDown()
    }
}
