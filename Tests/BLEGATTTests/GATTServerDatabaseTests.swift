import BLECore
@testable import BLEGATT
import Testing

@Suite struct GATTServerDatabaseTests {
    // MARK: Layout

    @Test func handlesAndDeclarationsFollowTheDefinitions() throws {
        let database = try ServerSample.database()
        #expect(database.attributes.map(\.handle) == Array(1...31))
        func value(_ handle: UInt16) -> [UInt8]? { database.attribute(at: handle)?.value }
        func type(_ handle: UInt16) -> BluetoothUUID? { database.attribute(at: handle)?.type }

        // Generic Attribute service.
        #expect(type(1) == GATTAttributeType.primaryService)
        #expect(value(1) == [0x01, 0x18])
        #expect(value(2) == [0x20, 0x03, 0x00, 0x05, 0x2A])
        #expect(type(4) == GATTAttributeType.clientCharacteristicConfiguration)
        #expect(value(5) == [0x0A, 0x06, 0x00, 0x29, 0x2B])
        #expect(value(7) == [0x02, 0x08, 0x00, 0x2A, 0x2B])
        #expect(value(9) == [0x02, 0x0A, 0x00, 0x3A, 0x2B])
        #expect(value(10) == [0x00])
        #expect(database.attribute(at: 1)?.endGroupHandle == 10)

        // Battery: notify adds a CCCD before the application's descriptors.
        #expect(value(12) == [0x12, 0x0D, 0x00, 0x19, 0x2A])
        #expect(type(14) == GATTAttributeType.clientCharacteristicConfiguration)
        #expect(value(15) == [0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00])
        #expect(database.attribute(at: 11)?.endGroupHandle == 15)

        // LED service: 128-bit UUIDs, an include of a 16-bit secondary service.
        #expect(value(16) == serverUUIDBytes(ServerSample.led))
        #expect(database.attribute(at: 16)?.endGroupHandle == 28)
        #expect(type(17) == GATTAttributeType.include)
        #expect(value(17) == [0x1D, 0x00, 0x1F, 0x00, 0xF0, 0xFF])
        #expect(value(18) == [0x0A, 0x13, 0x00] + serverUUIDBytes(ServerSample.childName))
        #expect(type(19) == ServerSample.childName)
        #expect(value(20) == Array("Child Name".utf8))
        #expect(value(26) == [0x28, 0x1B, 0x00] + serverUUIDBytes(ServerSample.controlPoint))
        #expect(type(28) == GATTAttributeType.clientCharacteristicConfiguration)

        // Secondary service.
        #expect(type(29) == GATTAttributeType.secondaryService)
        #expect(database.attribute(at: 29)?.endGroupHandle == 31)
        #expect(value(31) == Array("abc".utf8))
    }

    @Test func permissionsComeFromPropertiesAndDescriptorKinds() throws {
        let database = try ServerSample.database()
        #expect(database.attribute(at: 1)?.permissions == .read)
        #expect(database.attribute(at: 3)?.permissions.isReadable == false)
        #expect(database.attribute(at: 13)?.permissions == .read)
        #expect(database.attribute(at: 19)?.permissions == [.read, .write])
        #expect(database.attribute(at: 20)?.permissions == .read)  // no writable auxiliaries
        #expect(database.attribute(at: 27)?.permissions == .write)
        #expect(database.attribute(at: 14)?.permissions == [.read, .write])
    }

    @Test func includeOfA128BitServiceOmitsTheUUID() throws {
        let uuid = BluetoothUUID("12345678-1234-5678-1234-56789ABCDEF0")
        let database = try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1800), includedServices: [uuid], characteristics: []),
            GATTServiceDefinition(uuid: uuid, isPrimary: false, characteristics: []),
        ])
        #expect(database.attribute(at: 2)?.value == [0x03, 0x00, 0x03, 0x00])
        #expect(database.attribute(at: 3)?.value == serverUUIDBytes(uuid))
    }

    @Test func writableAuxiliariesMakesTheUserDescriptionWritable() throws {
        let database = try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1234), characteristics: [
                GATTCharacteristicDefinition(
                    uuid: BluetoothUUID(0x2345), properties: [.read], extendedProperties: [.reliableWrite, .writableAuxiliaries],
                    descriptors: [.userDescription("x")]
                ),
            ]),
        ])
        // declaration, value, extended properties, user description
        #expect(database.attribute(at: 2)?.value.first == 0x82)
        #expect(database.attribute(at: 4)?.type == GATTAttributeType.characteristicExtendedProperties)
        #expect(database.attribute(at: 4)?.value == [0x03, 0x00])
        #expect(database.attribute(at: 5)?.permissions == [.read, .write])
        #expect(database.attribute(at: 3)?.permissions == [.read, .write])  // reliable write implies write
    }

    @Test func invalidDefinitionsAreRefused() {
        #expect(throws: GATTError.self) {
            try GATTAttributeDatabase(services: [
                GATTServiceDefinition(uuid: BluetoothUUID(0x1800), includedServices: [BluetoothUUID(0x9999)], characteristics: []),
            ])
        }
        #expect(throws: GATTError.self) {
            try GATTAttributeDatabase(services: [
                GATTServiceDefinition(uuid: BluetoothUUID(0x1800), characteristics: [
                    GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A00), properties: .read, value: [UInt8](repeating: 0, count: 513)),
                ]),
            ])
        }
        #expect(throws: GATTError.self) {
            try GATTAttributeDatabase(services: [
                GATTServiceDefinition(uuid: BluetoothUUID(0x1800), characteristics: [
                    GATTCharacteristicDefinition(
                        uuid: BluetoothUUID(0x2A00), properties: .notify,
                        descriptors: [GATTDescriptorDefinition(uuid: GATTAttributeType.clientCharacteristicConfiguration, value: [0, 0])]
                    ),
                ]),
            ])
        }
    }

    @Test func lookups() throws {
        let database = try ServerSample.database()
        #expect(database.valueHandle(ofCharacteristic: BluetoothUUID(0x2A19)) == 13)
        #expect(database.valueHandle(ofCharacteristic: ServerSample.childName, inService: ServerSample.led) == 19)
        #expect(database.valueHandle(ofCharacteristic: ServerSample.childName, inService: BluetoothUUID(0x180F)) == nil)
        #expect(database.clientConfigurationHandle(ofValue: 13) == 14)
        #expect(database.clientConfigurationHandle(ofValue: 19) == nil)
        #expect(database.serviceRange(BluetoothUUID(0xFFF0)) == 29...31)
        #expect(database.attributes(in: 14...17).map(\.handle) == [14, 15, 16, 17])
        #expect(database.attribute(at: 0) == nil)
        #expect(database.attribute(at: 32) == nil)
    }

    @Test func addedServicesGoAfterTheLastHandleAndRemovalLeavesAGap() throws {
        var database = try ServerSample.database()
        let range = try database.add([GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [
            GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A29), properties: .read, value: Array("N".utf8)),
        ])])
        #expect(range == 32...34)
        #expect(try database.removeService(at: 11) == 11...15)
        #expect(database.attribute(at: 13) == nil)
        #expect(database.attribute(at: 16)?.type == GATTAttributeType.primaryService)
        #expect(throws: GATTError.self) { try database.removeService(at: 12) }
    }

    // MARK: AES-CMAC (RFC 4493, 4)

    static let rfcKey = [UInt8](hex: "2b7e151628aed2a6abf7158809cf4f3c")!
    static let rfcMessage = [UInt8](hex: """
        6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710
        """.replacingOccurrences(of: "\n", with: ""))!

    @Test(arguments: [
        (0, "bb1d6929e95937287fa37d129b756746"),
        (16, "070a16b46b4d4144f79bdd9dd04a287c"),
        (40, "dfa66747de9ae63030ca32611497c827"),
        (64, "51f0bebf7e3b9d92fc49741779363cfe"),
    ])
    func aesCMACMatchesRFC4493(length: Int, mac: String) {
        #expect(AESCMAC.mac(key: Self.rfcKey, message: Array(Self.rfcMessage.prefix(length))) == [UInt8](hex: mac)!)
    }

    @Test func aesCMACSubkeysMatchRFC4493() {
        let (k1, k2) = AESCMAC.subkeys(.init(data: Self.rfcKey))
        #expect(k1 == [UInt8](hex: "fbeed618357133667c85e08f7236a8de")!)
        #expect(k2 == [UInt8](hex: "f7ddac306ae266ccf90bc11ee46d513b")!)
    }

    // MARK: Database Hash (Core 5.4, Vol 3, Part G, Appendix B)

    /// The example database of Part G, Appendix B: GAP, GATT (Service Changed, Client Supported
    /// Features, Database Hash), Glucose including a secondary Battery service.
    static func appendixBDatabase() throws -> GATTAttributeDatabase {
        try GATTAttributeDatabase(services: [
            GATTServiceDefinition(uuid: BluetoothUUID(0x1800), characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A00), properties: [.read, .write]),
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A01), properties: .read),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x1801), characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A05), properties: .indicate),
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2B29), properties: [.read, .write]),
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2B2A), properties: .read),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x1808), includedServices: [BluetoothUUID(0x180F)], characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A18), properties: [.read, .indicate, .extendedProperties]),
            ]),
            GATTServiceDefinition(uuid: BluetoothUUID(0x180F), isPrimary: false, characteristics: [
                GATTCharacteristicDefinition(uuid: BluetoothUUID(0x2A19), properties: .read),
            ]),
        ])
    }

    @Test func hashMessageMatchesAppendixB() throws {
        let expected = [UInt8](hex: """
            010000280018 020003280a0300002a 04000328020500012a 060000280118 07000328200800052a 09000229 \
            0a0003280a0b00292b 0c000328020d002a2b 0e0000280818 0f00022814001600 0f18 10000328a21100182a \
            12000229 1300002900 00 140001280f18 15000328021600192a
            """)!
        #expect(try Self.appendixBDatabase().hashMessage == expected)
    }

    @Test func hashMatchesAppendixB() throws {
        let database = try Self.appendixBDatabase()
        let cmac = AESCMAC.mac(key: [UInt8](repeating: 0, count: 16), message: database.hashMessage)
        #expect(cmac == [UInt8](hex: "F1CA2D48ECF58BAC8A8830BBB9FBA990")!)
        // The characteristic value is little-endian: the CMAC output reversed.
        #expect(database.hash == [UInt8](hex: "90A9FBB9BB30888AAC8BF5EC482DCAF1")!)
    }

    @Test func hashIgnoresValuesAndOtherDescriptorsButNotDeclarations() throws {
        let base = try ServerSample.database().hash
        let otherValue = try GATTAttributeDatabase(services: ServerSample.services().map { service in
            var service = service
            service.characteristics = service.characteristics.map { var c = $0; c.value = [9, 9]; return c }
            return service
        })
        #expect(otherValue.hash == base)
        var added = try ServerSample.database()
        try added.add([GATTServiceDefinition(uuid: BluetoothUUID(0x180A), characteristics: [])])
        #expect(added.hash != base)
        try added.removeService(at: 32)
        #expect(added.hash == base)
    }
}
