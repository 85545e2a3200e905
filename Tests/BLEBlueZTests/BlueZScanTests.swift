import BLE
import BLEBlueZ
import BLECore
import DBus
import DBusClient
import DBusTesting
import Synchronization
import Testing

/// What a fake adapter was asked: its discovery filters, and how often to stop discovering.
final class Filters: Sendable {
    let values = Mutex<[[String: DBusValue]]>([])
    let stops = Mutex(0)
}

/// A stand-in for bluetoothd on a real dbus-daemon, shaped as BlueZ's API documents it: the name
/// `org.bluez`, an ObjectManager at `/`, adapter `hci0` whose `StartDiscovery` makes a device appear
/// (`InterfacesAdded`) and then hears it again (`PropertiesChanged` of its RSSI).
///
/// This proves the backend's D-Bus side; the proof against the real bluetoothd is the VM's guest test.
enum FakeBluetoothd {
    static let adapter: DBusObjectPath = "/org/bluez/hci0"
    static let device: DBusObjectPath = "/org/bluez/hci0/dev_C0_FF_EE_00_00_01"

    static let deviceProperties: [String: DBusValue] = [
        "Address": .string("C0:FF:EE:00:00:01"),
        "AddressType": .string("random"),
        "Name": .string("Nightlight Demo"),
        "RSSI": .int16(-48),
        "TxPower": .int16(4),
        "UUIDs": .strings(["0000180f-0000-1000-8000-00805f9b34fb"]),
        "ManufacturerData": .dictionary(key: .uint16, value: .variant, [(.uint16(0xFFFF), .variant(.bytes([1, 2, 3])))]),
        "ServiceData": .dictionary(key: .string, value: .variant, [(.string("0000180f-0000-1000-8000-00805f9b34fb"), .variant(.bytes([0x64])))]),
        "AdvertisingFlags": .bytes([0x06]),
    ]

    static func start(on connection: DBusConnection, filters: Filters) async throws {
        _ = try await connection.call(.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "RequestName",
            body: [.string("org.bluez"), .uint32(0)]
        ))
        connection.export(.root, [])
        connection.export(adapter, [
            DBusExportedInterface(
                name: "org.bluez.Adapter1",
                methods: [
                    "SetDiscoveryFilter": { call in
                        filters.values.withLock { $0.append(call.body.first?.stringDictionary ?? [:]) }
                        return []
                    },
                    "StartDiscovery": { _ in
                        Task {
                            try connection.send(.signal(
                                path: .root, interface: "org.freedesktop.DBus.ObjectManager", member: "InterfacesAdded",
                                body: [
                                    .objectPath(device),
                                    .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)), [
                                        (.string("org.bluez.Device1"), .properties(deviceProperties)),
                                    ]),
                                ]
                            ))
                            try connection.emitPropertiesChanged(path: device, interface: "org.bluez.Device1", changed: ["RSSI": .int16(-60)])
                            try connection.emitPropertiesChanged(path: device, interface: "org.bluez.Device1", changed: ["RSSI": .int16(127)])
                        }
                        return []
                    },
                    "StopDiscovery": { _ in
                        filters.stops.withLock { $0 += 1 }
                        return []
                    },
                ],
                properties: { ["Powered": .boolean(true), "Address": .string("00:AA:01:00:00:23")] }
            ),
        ])
    }
}

@Suite(.timeLimit(.minutes(2))) struct BlueZScanTests {
    @Test func aDeviceBecomesAReportWithEveryPartOfItsAdvertisement() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let filters = Filters()
            try await FakeBluetoothd.start(on: bluetoothd, filters: filters)
            let backend = try await BlueZBackend.open(connection: client)
            #expect(backend.adapterName == "hci0")
            #expect(await backend.radioState == .poweredOn)
            let reports = try await backend.scan(active: true, filterDuplicates: false)
            var iterator = reports.makeAsyncIterator()
            let first = try await iterator.next()
            #expect(first?.address == (try DeviceAddress(parsing: "C0:FF:EE:00:00:01", isRandom: true)))
            #expect(first?.rssi == -48)
            #expect(first?.txPower == 4)
            #expect(first?.isConnectable == true)
            #expect(first?.advertisement.name == "Nightlight Demo")
            #expect(first?.advertisement.serviceUUIDs == [BluetoothUUID(0x180F)])
            #expect(first?.advertisement.manufacturerData == [ManufacturerData(companyID: 0xFFFF, data: [1, 2, 3])])
            #expect(first?.advertisement.serviceData.map(\.data) == [[0x64]])
            #expect(first?.advertisement.serviceData.first?.uuid == BluetoothUUID(0x180F))
            let again = try await iterator.next()
            #expect(again?.rssi == -60)
            // 127 is a controller's "RSSI not available": no RSSI.
            let unknown = try await iterator.next()
            #expect(unknown != nil)
            #expect(unknown?.rssi == nil)
            #expect(again?.advertisement.name == "Nightlight Demo")
            #expect(filters.values.withLock { $0 } == [["Transport": .string("le"), "DuplicateData": .boolean(true)]])
            await backend.close()
        }
    }

    @Test func withoutBluetoothdOpeningSaysSo() async throws {
        try await DBusTestBus.withTwoConnections { _, _, client in
            await #expect {
                _ = try await BlueZBackend.open(connection: client)
            } throws: { error in
                guard let error = error as? BLEError else { return false }
                return error.code == .radioUnavailable && error.message.contains("bluetoothd is not running")
            }
        }
    }

    @Test func aMissingAdapterIsNamedWithThoseThereAre() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            try await FakeBluetoothd.start(on: bluetoothd, filters: Filters())
            await #expect {
                _ = try await BlueZBackend.open(adapter: "hci7", connection: client)
            } throws: { error in
                guard let error = error as? BLEError else { return false }
                return error.code == .radioUnavailable && error.message.contains("no adapter hci7") && error.message.contains("hci0")
            }
        }
    }
}

@Suite(.timeLimit(.minutes(2))) struct BlueZScanLifecycleTests {
    /// A scan replaced by another ends without an error, and its end does not stop the discovery
    /// of the scan that replaced it (one `StopDiscovery` for the replacement, one for `stopScan`).
    @Test func aReplacedScanEndsQuietlyAndDoesNotStopTheNextOne() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let calls = Filters()
            try await FakeBluetoothd.start(on: bluetoothd, filters: calls)
            let backend = try await BlueZBackend.open(connection: client)
            let first = try await backend.scan(active: true, filterDuplicates: true)
            let second = try await backend.scan(active: true, filterDuplicates: true)
            // The first ends (a hang fails the time limit) and throws nothing.
            for try await _ in first {}
            var reports = second.makeAsyncIterator()
            #expect(try await reports.next()?.advertisement.name == "Nightlight Demo")
            #expect(calls.stops.withLock { $0 } == 1)
            await backend.stopScan()
            while try await reports.next() != nil {}
            #expect(calls.stops.withLock { $0 } == 2)
            await backend.close()
        }
    }
}
