import BLE
import BLEBlueZ
import BLECore
import BLEHost
import DBus
import DBusClient
import DBusTesting
import Testing

/// Our advertising data as an `org.bluez.LEAdvertisement1`, registered with a fake bluetoothd.
@Suite(.timeLimit(.minutes(2))) struct BlueZAdvertisementTests {
    static let service = BluetoothUUID("4E4C0001-6465-6D6F-8000-6E696768746C")

    static func data() throws -> AdvertisingData {
        try AdvertisingData([
            .flags(.leGeneralDiscoverableOnly),
            .serviceUUIDs(ServiceUUIDList(uuids: [service], size: .bits128, isComplete: true)),
            .manufacturerData(ManufacturerData(companyID: 0xFFFF, data: [1, 2, 3])),
            .serviceData(ServiceData(uuid: BluetoothUUID(0x180F), data: [0x64])),
            .appearance(Appearance(rawValue: 0x05C1)),
        ])
    }

    @Test func thePropertiesCarryWhatBlueZCanAndSayWhatItCannot() throws {
        let scanResponse = try AdvertisingData([.localName(LocalName("Nightlight 0001")), .leRole(.peripheralOnly)])
        let advertisement = BlueZAdvertisementProperties(
            data: try Self.data(), scanResponse: scanResponse,
            parameters: AdvertisingParameters(interval: .milliseconds(100) ... .milliseconds(150), maximumConnections: 2)
        )
        let properties = advertisement.properties
        #expect(properties["Type"] == .string("peripheral"))
        #expect(properties["Discoverable"] == .boolean(true))
        #expect(properties["ServiceUUIDs"]?.stringArray == ["4e4c0001-6465-6d6f-8000-6e696768746c"])
        #expect(properties["ManufacturerData"] == .dictionary(key: .uint16, value: .variant, [(.uint16(0xFFFF), .variant(.bytes([1, 2, 3])))]))
        #expect(properties["ServiceData"] == .dictionary(key: .string, value: .variant, [(.string("0000180f-0000-1000-8000-00805f9b34fb"), .variant(.bytes([0x64])))]))
        #expect(properties["Appearance"] == .uint16(0x05C1))
        #expect(properties["LocalName"] == .string("Nightlight 0001"))
        #expect(properties["MinInterval"] == .uint32(100))
        #expect(properties["MaxInterval"] == .uint32(150))
        #expect(advertisement.notCarried.count == 2)
        #expect(advertisement.notCarried.contains { $0.contains("LEAdvertisement1 has no property") })
        #expect(advertisement.notCarried.contains { $0.contains("2 connections") })
        let broadcast = BlueZAdvertisementProperties(data: try Self.data(), scanResponse: nil, parameters: AdvertisingParameters(isConnectable: false))
        #expect(broadcast.properties["Type"] == .string("broadcast"))
        #expect(broadcast.notCarried.isEmpty)
    }

    @Test func registeringUpdatingAndRelease() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            let fake = try await FakeBluetoothdManagers(on: bluetoothd)
            let advertisement = BlueZAdvertisement(bus: client, adapter: FakeBluetoothdManagers.adapter)
            let first = BlueZAdvertisementProperties(data: try Self.data(), scanResponse: nil, parameters: AdvertisingParameters())
            try await advertisement.advertise(first)
            #expect(advertisement.isRegistered)
            let registered = fake.registered.withLock { $0.advertisement }
            #expect(registered?.owner == client.uniqueName)
            #expect(registered?.properties["Type"] == .string("peripheral"))
            #expect(registered?.properties["ServiceUUIDs"]?.stringArray == ["4e4c0001-6465-6d6f-8000-6e696768746c"])
            // An update is an unregister and a register: bluetoothd reads the properties once.
            let renamed = BlueZAdvertisementProperties(
                data: try AdvertisingData([.localName(LocalName("Renamed"))]), scanResponse: nil, parameters: AdvertisingParameters()
            )
            try await advertisement.advertise(renamed)
            #expect(fake.registered.withLock { ($0.advertisementRegistrations, $0.advertisementUnregistrations) } == (2, 1))
            #expect(fake.registered.withLock { $0.advertisement?.properties["LocalName"] } == .string("Renamed"))
            try await fake.releaseAdvertisement()
            #expect(advertisement.wasReleased)
            #expect(!advertisement.isRegistered)
            // Released: stopping does not unregister again.
            await advertisement.stop()
            #expect(fake.registered.withLock { $0.advertisementUnregistrations } == 1)
        }
    }

    @Test func anAdapterWithoutAdvertisingSaysSo() async throws {
        try await DBusTestBus.withTwoConnections { _, bluetoothd, client in
            _ = try await FakeBluetoothdManagers(on: bluetoothd, advertising: false)
            let advertisement = BlueZAdvertisement(bus: client, adapter: FakeBluetoothdManagers.adapter)
            await #expect(performing: {
                try await advertisement.advertise(BlueZAdvertisementProperties(data: try Self.data(), scanResponse: nil, parameters: AdvertisingParameters()))
            }, throws: { error in
                guard let error = error as? BLEError else { return false }
                return error.code == .unsupported && error.message.contains("org.bluez.LEAdvertisingManager1") && error.message.contains("hci0")
            })
            #expect(!advertisement.isRegistered)
            let missing = BlueZAdvertisement(bus: client, adapter: "/org/bluez/hci3")
            await #expect(performing: {
                try await missing.advertise(BlueZAdvertisementProperties(data: try Self.data(), scanResponse: nil, parameters: AdvertisingParameters()))
            }, throws: { error in
                (error as? BLEError)?.code == .radioUnavailable && (error as? BLEError)?.message.contains("no adapter hci3") == true
            })
        }
    }
}
