import BLECore
import Testing

private func hex(_ text: String) -> [UInt8] { [UInt8](hex: text) ?? [] }
private func address(_ text: String, random: Bool = false) -> DeviceAddress {
    try! DeviceAddress(parsing: text, isRandom: random)
}
private let uuid128 = BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")
private let uuid128Wire = "c4fa0f4feb32fab3eb484bd000005a7a"

/// One AD structure per row, in spec hex (length, type, data), with the typed value it decodes to.
let adElementTable: [(String, ADElement)] = [
    ("020106", .flags([.leGeneralDiscoverable, .brEDRNotSupported])),
    ("02011f", .flags([.leLimitedDiscoverable, .leGeneralDiscoverable, .brEDRNotSupported,
                       .simultaneousLEAndBREDRController, .simultaneousLEAndBREDRHost])),
    ("03020a18", .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180A)], size: .bits16, isComplete: false))),
    ("050312180f18", .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x1812), BluetoothUUID(0x180F)], size: .bits16, isComplete: true))),
    ("0103", .serviceUUIDs(ServiceUUIDList(uuids: [], size: .bits16, isComplete: true))),
    ("050478563412", .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(uuid32: 0x1234_5678)], size: .bits32, isComplete: false))),
    ("05050a180000", .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180A)], size: .bits32, isComplete: true))),
    ("1106" + uuid128Wire, .serviceUUIDs(ServiceUUIDList(uuids: [uuid128], size: .bits128, isComplete: false))),
    ("1107" + uuid128Wire, .serviceUUIDs(ServiceUUIDList(uuids: [uuid128], size: .bits128, isComplete: true))),
    ("04084e6967", .localName(LocalName("Nig", isComplete: false))),
    ("0b094e696768746c69676874", .localName(LocalName("Nightlight"))),
    ("0109", .localName(LocalName(""))),
    ("020af4", .txPowerLevel(-12)),
    ("020a04", .txPowerLevel(4)),
    ("040d0c025a", .classOfDevice(0x5A_020C)),
    ("051206008000", .peripheralConnectionIntervalRange(ConnectionIntervalRange(minimum: 6, maximum: 128))),
    ("0512ffffffff", .peripheralConnectionIntervalRange(ConnectionIntervalRange(minimum: 0xFFFF, maximum: 0xFFFF))),
    ("03140d18", .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: [BluetoothUUID(0x180D)], size: .bits16))),
    ("051f78563412", .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: [BluetoothUUID(uuid32: 0x1234_5678)], size: .bits32))),
    ("1115" + uuid128Wire, .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: [uuid128], size: .bits128))),
    ("04160f1857", .serviceData(ServiceData(uuid: BluetoothUUID(0x180F), data: [0x57]))),
    ("03160f18", .serviceData(ServiceData(uuid: BluetoothUUID(0x180F), data: []))),
    ("072078563412aabb", .serviceData(ServiceData(uuid: BluetoothUUID(uuid32: 0x1234_5678), data: [0xAA, 0xBB]))),
    ("1221" + uuid128Wire + "01", .serviceData(ServiceData(uuid: uuid128, data: [0x01]))),
    ("07171316f23e315c", .publicTargetAddresses([address("5C:31:3E:F2:16:13")])),
    ("0d171316f23e315c665544332211", .publicTargetAddresses([address("5C:31:3E:F2:16:13"), address("11:22:33:44:55:66")])),
    ("0718665544332 2f1".replacingSpaces, .randomTargetAddresses([address("F1:22:33:44:55:66", random: true)])),
    ("0319c103", .appearance(Appearance(rawValue: 0x03C1))),
    ("031aa000", .advertisingInterval(AdvertisingInterval(units: 160))),
    ("042f801a06", .advertisingIntervalLong(AdvertisingInterval(units: 0x06_1A80))),
    ("052f00000001", .advertisingIntervalLong(AdvertisingInterval(units: 0x0100_0000))),
    ("081b1316f23e315c00", .leBluetoothDeviceAddress(address("5C:31:3E:F2:16:13"))),
    ("081b665544332 2c101".replacingSpaces, .leBluetoothDeviceAddress(address("C1:22:33:44:55:66", random: true))),
    ("021c02", .leRole(.bothPeripheralPreferred)),
    ("021c07", .leRole(LERole(rawValue: 7))),
    ("0f24172f2f6578616d706c652e636f6d", .uri(AdvertisingURI(scheme: .https, remainder: "//example.com"))),
    ("0524c2806162", .uri(AdvertisingURI(scheme: URIScheme(rawValue: 0x80), remainder: "ab"))),
    ("0824012f2f782e7930", .uri(AdvertisingURI(scheme: .empty, remainder: "//x.y0"))),
    ("0724687474703a2f", .uri(AdvertisingURI(scheme: nil, remainder: "http:/"))),
    ("05ff4c000215", .manufacturerData(ManufacturerData(companyID: 0x004C, data: [0x02, 0x15]))),
    ("03ffe502", .manufacturerData(ManufacturerData(companyID: 0x02E5, data: []))),
    ("03420102", .other(ADStructure(type: ADType(rawValue: 0x42), data: [0x01, 0x02]))),
    ("110e" + uuid128Wire, .other(ADStructure(type: .simplePairingHashC192, data: hex(uuid128Wire)))),
    ("0210ab", .other(ADStructure(type: .deviceIDOrSecurityManagerTKValue, data: [0xAB]))),
]

extension String {
    fileprivate var replacingSpaces: String { filter { $0 != " " } }
}

@Suite struct ADElementTests {
    @Test(arguments: adElementTable)
    func decodesAndEncodesEachType(wire: String, element: ADElement) throws {
        let bytes = hex(wire)
        let data = try AdvertisingData(bytes: bytes)
        #expect(data.structures.count == 1)
        #expect(data.elements == [element])
        #expect(try element.encoded() == data.structures[0])
        #expect(try AdvertisingData([element]).encoded(maximumLength: nil) == bytes)
        #expect(element.adType == data.structures[0].type)
    }

    @Test(arguments: [
        (ADType.incompleteServiceUUIDs16, "0a", "a multiple of 2"),
        (.completeServiceUUIDs32, "0a1800", "a multiple of 4"),
        (.completeServiceUUIDs128, "01020304", "a multiple of 16"),
        (.serviceSolicitationUUIDs16, "0a", "a multiple of 2"),
        (.serviceSolicitationUUIDs32, "0a18", "a multiple of 4"),
        (.serviceSolicitationUUIDs128, "0a18", "a multiple of 16"),
        (.txPowerLevel, "f400", "exactly 1"),
        (.txPowerLevel, "", "exactly 1"),
        (.classOfDevice, "0102", "exactly 3"),
        (.peripheralConnectionIntervalRange, "060080", "exactly 4"),
        (.serviceData16, "0f", "at least 2 for the UUID"),
        (.serviceData32, "010203", "at least 4 for the UUID"),
        (.serviceData128, "010203", "at least 16 for the UUID"),
        (.publicTargetAddress, "0102030405", "a non-zero multiple of 6"),
        (.randomTargetAddress, "", "a non-zero multiple of 6"),
        (.appearance, "c1", "exactly 2"),
        (.advertisingInterval, "a00000", "exactly 2"),
        (.advertisingIntervalLong, "0102", "3 or 4"),
        (.advertisingIntervalLong, "0102030405", "3 or 4"),
        (.leBluetoothDeviceAddress, "00", "exactly 7"),
        (.leRole, "", "exactly 1"),
        (.manufacturerSpecificData, "4c", "at least 2 for the company identifier"),
        (.simplePairingHashC192, "0102", "exactly 16"),
        (.securityManagerOOBFlags, "0102", "exactly 1"),
    ])
    func rejectsWrongSizeForType(type: ADType, data: String, expected: String) {
        let structure = ADStructure(type: type, data: hex(data))
        let bytes = [UInt8(structure.data.count + 1), type.rawValue] + structure.data
        let error = AdvertisingDataError.invalidLength(type: type, offset: 0, dataLength: structure.data.count, expected: expected)
        #expect(throws: error) { try AdvertisingData(bytes: bytes) }
        #expect(throws: error) { try ADElement(decoding: structure) }
        #expect(error.description.contains(type.description))
    }

    @Test func encodingRejectsValuesThatDoNotFit() {
        let list = ServiceUUIDList(uuids: [uuid128], size: .bits16, isComplete: true)
        #expect(throws: AdvertisingDataError.uuidDoesNotFit(type: .completeServiceUUIDs16, uuid: uuid128)) {
            try ADElement.serviceUUIDs(list).encoded()
        }
        #expect(throws: AdvertisingDataError.valueOutOfRange(type: .advertisingInterval, value: 0x10000, maximum: 0xFFFF)) {
            try ADElement.advertisingInterval(AdvertisingInterval(units: 0x10000)).encoded()
        }
        #expect(throws: AdvertisingDataError.valueOutOfRange(type: .classOfDevice, value: 0x100_0000, maximum: 0xFF_FFFF)) {
            try ADElement.classOfDevice(0x100_0000).encoded()
        }
        #expect(throws: AdvertisingDataError.invalidURIScheme(URIScheme(rawValue: 0x41))) {
            try ADElement.uri(AdvertisingURI(scheme: URIScheme(rawValue: 0x41), remainder: "x")).encoded()
        }
        #expect(throws: AdvertisingDataError.structureTooLong(type: .manufacturerSpecificData, dataLength: 255)) {
            try ADElement.manufacturerData(ManufacturerData(companyID: 1, data: Array(repeating: 0, count: 253))).encoded()
        }
        #expect(throws: AdvertisingDataError.invalidLength(type: .txPowerLevel, offset: 0, dataLength: 2, expected: "exactly 1")) {
            try ADElement.other(ADStructure(type: .txPowerLevel, data: [1, 2])).encoded()
        }
        #expect(throws: Never.self) {
            try ADElement.manufacturerData(ManufacturerData(companyID: 1, data: Array(repeating: 0, count: 252))).encoded()
        }
    }

    @Test func adTypesHaveNames() {
        #expect(ADType.flags.name == "Flags")
        #expect(ADType.completeLocalName.description == "Complete Local Name (0x09)")
        #expect(ADType.manufacturerSpecificData.description == "Manufacturer Specific Data (0xFF)")
        #expect(ADType(rawValue: 0x42).name == nil)
        #expect(ADType(rawValue: 0x42).description == "AD type 0x42")
        #expect(ADType.allKnown.count == 50)
        #expect(ADType.allKnown.allSatisfy { $0.name != nil })
        for (code, type) in [(0x12, ADType.peripheralConnectionIntervalRange), (0x14, .serviceSolicitationUUIDs16),
                             (0x1F, .serviceSolicitationUUIDs32), (0x15, .serviceSolicitationUUIDs128),
                             (0x16, .serviceData16), (0x20, .serviceData32), (0x21, .serviceData128),
                             (0x17, .publicTargetAddress), (0x18, .randomTargetAddress), (0x19, .appearance),
                             (0x1A, .advertisingInterval), (0x1B, .leBluetoothDeviceAddress), (0x1C, .leRole),
                             (0x24, .uri), (0x2F, .advertisingIntervalLong), (0x0D, .classOfDevice)] {
            #expect(type.rawValue == UInt8(code))
        }
    }

    @Test func flagsAndRolesDescribeThemselves() {
        #expect(ADFlags.leGeneralDiscoverableOnly.description == "LE General Discoverable, BR/EDR Not Supported")
        #expect(ADFlags.leGeneralDiscoverableOnly.isDiscoverable)
        #expect(!ADFlags.brEDRNotSupported.isDiscoverable)
        #expect(ADFlags(rawValue: 0x80).description == "reserved 0x80")
        #expect(ADFlags().description == "none")
        #expect(LERole.centralOnly.description == "Central only")
        #expect(LERole(rawValue: 9).description == "reserved LE role 0x09")
        #expect(ConnectionIntervalRange(minimum: 6, maximum: 0xFFFF).description == "7.5 ms – any")
        #expect(AdvertisingInterval(units: 160).milliseconds == 100)
        #expect(ManufacturerData(companyID: 0x4C, data: [2, 0x15]).description == "ID: 0x004C, data: 0215")
        #expect(ManufacturerData(companyID: 0x004C, data: []).companyLabel.contains("Apple"))
        #expect(ManufacturerData(companyID: 0xEEEE, data: []).companyLabel == "ID: 0xEEEE")
    }
}

@Suite struct URISchemeTests {
    @Test(arguments: [
        (UInt32(0x16), "http:"), (0x17, "https:"), (0x02, "aaa:"), (0x26, "mailto:"), (0x45, "tel:"),
        (0x4E, "urn:"), (0xBB, "bluetooth:"), (0xBC, "bl:"), (0x01, ""),
    ])
    func knownCodesHavePrefixes(code: UInt32, prefix: String) {
        let scheme = URIScheme(rawValue: code)
        #expect(scheme.prefix == prefix)
        if !prefix.isEmpty { #expect(URIScheme(name: prefix) == scheme) }
    }

    @Test func unknownCodesAreKept() throws {
        let unknown = URIScheme(rawValue: 0xC5)
        #expect(unknown.prefix == nil)
        #expect(unknown.description == "scheme 0xC5")
        let uri = AdvertisingURI(scheme: unknown, remainder: "//x")
        #expect(uri.hasUnknownScheme)
        #expect(uri.description == "<scheme 0xC5>//x")
        let data = try AdvertisingData([.uri(uri)])
        #expect(data.uri == uri)
        #expect(URIScheme(name: "nonsense") == nil)
    }

    @Test func abbreviatesAFullURI() {
        #expect(AdvertisingURI("https://nightlight.example/sn").scheme == .https)
        #expect(AdvertisingURI("https://nightlight.example/sn").remainder == "//nightlight.example/sn")
        #expect(AdvertisingURI("HTTP://a").scheme == .http)
        #expect(AdvertisingURI("weird-scheme://a") == AdvertisingURI(scheme: .empty, remainder: "weird-scheme://a"))
        #expect(AdvertisingURI("https://a.b").string == "https://a.b")
    }
}
