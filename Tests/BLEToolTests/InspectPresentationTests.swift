import BLECore
import BLEGATT
@testable import BLETool
@testable import BLEToolKit
import Foundation
import Testing

@Suite struct InspectPresentationTests {
    static let vendorService: BluetoothUUID = "7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4"
    static let secret: BluetoothUUID = "7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4"
    static let alarm: BluetoothUUID = "7A5A0203-D04B-48EB-B3FA-32EB4F0FFAC4"

    /// Generic Access, Battery with a CCCD, and a secondary vendor service with a failed read.
    static let services = [
        InspectedService(uuid: BluetoothUUID(0x1800), startHandle: 1, endHandle: 5, characteristics: [
            InspectedCharacteristic(
                uuid: BluetoothUUID(0x2A00), declarationHandle: 2, valueHandle: 3, properties: [.read],
                read: .value(Array("Thermo".utf8))
            ),
            InspectedCharacteristic(
                uuid: BluetoothUUID(0x2A01), declarationHandle: 4, valueHandle: 5, properties: [.read], read: .value([0x41, 0x03])
            ),
        ]),
        InspectedService(uuid: BluetoothUUID(0x180F), startHandle: 8, endHandle: 11, characteristics: [
            InspectedCharacteristic(
                uuid: BluetoothUUID(0x2A19), declarationHandle: 9, valueHandle: 10, properties: [.read, .notify],
                read: .value([0x57]),
                descriptors: [InspectedDescriptor(uuid: BluetoothUUID(0x2902), handle: 11, read: .value([0x01, 0x00]))]
            ),
        ]),
        InspectedService(uuid: vendorService, startHandle: 12, endHandle: 0xFFFF, isPrimary: false, characteristics: [
            InspectedCharacteristic(
                uuid: secret, declarationHandle: 13, valueHandle: 14,
                properties: [.read, .write, .writeWithoutResponse, .authenticatedSignedWrites],
                read: .failed("Insufficient Authentication (0x05)")
            ),
            InspectedCharacteristic(uuid: alarm, declarationHandle: 15, valueHandle: 16, properties: [.indicate]),
        ]),
    ]

    @Test func treeGolden() {
        let expected = """
            Thermo (5C:31:3E:F2:16:13)
            ├── Generic Access (1800) · generic · handles 0x0001-0x0005
            │   ├── Device Name (2A00) [read] · handle 0x0003
            │   │       hex: 54 68 65 72 6D 6F | string: "Thermo"
            │   └── Appearance (2A01) [read] · handle 0x0005
            │           hex: 41 03 | number: 833 | Appearance: Heart Rate Sensor: Heart Rate Belt
            ├── Battery Service (180F) · battery · handles 0x0008-0x000B
            │   └── Battery Level (2A19) [read] [notify] · handle 0x000A
            │       │   hex: 57 | string: "W" | number: 87 | Battery Level: 87 %
            │       └── Client Characteristic Configuration (2902) · handle 0x000B
            │               hex: 01 00 | number: 1 | Client Characteristic Configuration: notifications on
            └── 7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4 · vendor · secondary · handles 0x000C-0xFFFF
                ├── 7A5A0202-D04B-48EB-B3FA-32EB4F0FFAC4 [read] [write] [write-no-rsp] [auth] · handle 0x000E
                │       read failed: Insufficient Authentication (0x05)
                └── 7A5A0203-D04B-48EB-B3FA-32EB4F0FFAC4 [indicate] · handle 0x0010
            3 services, 5 characteristics, 1 descriptor

            """
        #expect(InspectTree(name: "Thermo", address: "5C:31:3E:F2:16:13", services: Self.services).text == expected)
    }

    @Test func asciiTreeAndTitles() {
        let tree = InspectTree(address: "5C:31:3E:F2:16:13", services: [Self.services[1]], glyphs: .ascii)
        let expected = """
            5C:31:3E:F2:16:13
            `-- Battery Service (180F) - battery - handles 0x0008-0x000B
                `-- Battery Level (2A19) [read] [notify] - handle 0x000A
                    |   hex: 57 | string: "W" | number: 87 | Battery Level: 87 %
                    `-- Client Characteristic Configuration (2902) - handle 0x000B
                            hex: 01 00 | number: 1 | Client Characteristic Configuration: notifications on
            1 service, 1 characteristic, 1 descriptor
            """
        #expect(tree.lines.joined(separator: "\n") == expected)
        #expect(InspectTree(services: []).lines == ["[No Name]", "0 services, 0 characteristics, 0 descriptors"])
        #expect(InspectTree(name: "Bad\u{7}Name", services: []).title == "Bad\u{FFFD}Name")
    }

    @Test func colouredTreeUsesTheScannerColours() {
        let tree = InspectTree(name: "Thermo", services: [Self.services[1]], style: ANSIStyle(isEnabled: true))
        let text = tree.text
        #expect(text.contains("\u{1B}[32mbattery\u{1B}[0m"))
        #expect(text.contains("\u{1B}[34m[read]\u{1B}[0m \u{1B}[33m[notify]\u{1B}[0m"))
        #expect(text.hasPrefix("\u{1B}[1mThermo\u{1B}[0m\n"))
    }

    @Test(arguments: [
        (BluetoothUUID(0x1800), ServiceCategory.generic), (BluetoothUUID(0x1801), .generic),
        (BluetoothUUID(0x180F), .battery), (BluetoothUUID(0x180A), .deviceInformation),
        (BluetoothUUID(0xFE59), .vendor), (vendorService, .vendor),
        (BluetoothUUID(0x1812), .other), (BluetoothUUID(0x180D), .other), (BluetoothUUID(uuid32: 0x1234_5678), .other),
    ])
    func serviceCategories(uuid: BluetoothUUID, category: ServiceCategory) {
        #expect(ServiceCategory(uuid) == category)
    }

    @Test func categoryLabels() {
        #expect(ServiceCategory.allCases.map(\.label) == ["generic", "battery", "device information", "vendor", "other"])
    }

    @Test func pills() {
        #expect(PropertyPill.text(for: [.read, .write, .writeWithoutResponse, .notify, .indicate, .authenticatedSignedWrites])
            == "[read] [write] [write-no-rsp] [notify] [indicate] [auth]")
        #expect(PropertyPill.text(for: [.notify, .read]) == "[read] [notify]")
        #expect(PropertyPill.text(for: [.broadcast, .extendedProperties, .write]) == "[write] [broadcast] [ext-props]")
        #expect(PropertyPill.text(for: []) == "")
        #expect(PropertyPill.pills(for: GATTCharacteristicProperties(rawValue: 0xFF)).count == 8)
    }

    @Test func jsonIsTheSameTree() throws {
        let text = try InspectTree(name: "Thermo", address: "5C:31:3E:F2:16:13", services: Self.services).json()
        let root = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["name", "address", "services"])
        let services = try #require(root["services"] as? [[String: Any]])
        #expect(services.map { $0["category"] as? String } == ["generic", "battery", "vendor"])
        #expect(services.map { $0["name"] as? String } == ["Generic Access", "Battery Service", nil])
        #expect(services[2]["primary"] as? Bool == false)
        #expect(services[2]["endHandle"] as? Int == 0xFFFF)

        let battery = try #require((services[1]["characteristics"] as? [[String: Any]])?.first)
        #expect(Set(battery.keys) == [
            "uuid", "name", "declarationHandle", "valueHandle", "properties", "value", "error", "descriptors",
        ])
        #expect(battery["properties"] as? [String] == ["read", "notify"])
        #expect(battery["valueHandle"] as? Int == 10)
        let value = try #require(battery["value"] as? [String: Any])
        #expect(value["hex"] as? String == "57")
        #expect(value["number"] as? Int == 87)
        #expect(value["meaning"] as? String == "87 %")
        #expect(battery["error"] is NSNull)
        let cccd = try #require((battery["descriptors"] as? [[String: Any]])?.first)
        #expect(cccd["handle"] as? Int == 11)
        #expect((cccd["value"] as? [String: Any])?["meaning"] as? String == "notifications on")

        let secret = try #require((services[2]["characteristics"] as? [[String: Any]])?.first)
        #expect(secret["value"] is NSNull)
        #expect(secret["error"] as? String == "Insufficient Authentication (0x05)")
        #expect(secret["properties"] as? [String] == ["read", "write", "write-no-rsp", "auth"])

        let decoded = try JSONDecoder().decode(InspectRecord.self, from: Data(text.utf8))
        #expect(decoded == InspectRecord(InspectTree(name: "Thermo", address: "5C:31:3E:F2:16:13", services: Self.services)))
    }
}
