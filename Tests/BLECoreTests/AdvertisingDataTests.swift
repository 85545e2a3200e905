import BLECore
import Testing

private func hex(_ text: String) -> [UInt8] { [UInt8](hex: text.filter { $0 != " " }) ?? [] }

/// Flags, complete 16-bit services (1812, 180F), name "Nightlight", TX power -12, appearance 0x03C1,
/// manufacturer 0x004C — 34 bytes, more than legacy advertising allows.
private let sample = "020106 050312180f18 0b094e696768746c69676874 020af4 0319c103 05ff4c000215"

/// Real-world-shaped payloads: every one must parse strictly and re-encode to the same bytes.
private let validBlobs: [String] = [
    sample,
    "",
    "020106",
    "0201061aff4c000215e2c56db5dffb48d2b060d0f5a71096e000000000c5",  // an iBeacon
    "0303aafe 1416aafe10f6037275757669742e636f6d2f7a7a7a",  // an Eddystone-URL frame in service data
    "1107c4fa0f4feb32fab3eb484bd000005a7a 05094e4c3031",
    "0d1670fe0102030405060708090a 03190000 021c00",
]

@Suite struct AdvertisingDataTests {
    @Test func parsesAStructureListInOrder() throws {
        let data = try AdvertisingData(bytes: hex(sample))
        #expect(data.structures.map(\.type) == [.flags, .completeServiceUUIDs16, .completeLocalName, .txPowerLevel,
                                                .appearance, .manufacturerSpecificData])
        #expect(data.flags == [.leGeneralDiscoverable, .brEDRNotSupported])
        #expect(data.serviceUUIDs == [BluetoothUUID(0x1812), BluetoothUUID(0x180F)])
        #expect(data.isServiceUUIDListComplete(for: .bits16))
        #expect(!data.isServiceUUIDListComplete(for: .bits128))
        #expect(data.localName == LocalName("Nightlight", isComplete: true))
        #expect(data.name == "Nightlight")
        #expect(data.txPowerLevel == -12)
        #expect(data.appearance == Appearance(rawValue: 0x03C1))
        #expect(data.manufacturerData == [ManufacturerData(companyID: 0x004C, data: [0x02, 0x15])])
        #expect(data.manufacturerData(companyID: 0x004C) == [0x02, 0x15])
        #expect(data.manufacturerData(companyID: 0x0006) == nil)
        #expect(data.encodedCount == 34)
        #expect(data.uri == nil && data.leRole == nil && data.advertisingInterval == nil)
    }

    @Test(arguments: validBlobs)
    func roundTripsExactly(blob: String) throws {
        let bytes = hex(blob)
        let data = try AdvertisingData(bytes: bytes)
        #expect(try data.encoded(maximumLength: nil) == bytes)
        #expect(try AdvertisingData(data.elements).encoded(maximumLength: nil) == bytes)
        let lenient = AdvertisingData.parseLeniently(bytes)
        #expect(lenient.data == data)
        #expect(lenient.errors.isEmpty)
    }

    @Test(arguments: validBlobs)
    func everyPrefixFailsCleanlyOrParsesALeadingSubset(blob: String) throws {
        let bytes = hex(blob)
        let full = try AdvertisingData(bytes: bytes)
        for count in 0...bytes.count {
            let prefix = Array(bytes.prefix(count))
            let (partial, errors) = AdvertisingData.parseLeniently(prefix)
            #expect(Array(full.structures.prefix(partial.structures.count)) == partial.structures)
            let reencoded = try partial.encoded(maximumLength: nil)
            #expect(prefix.starts(with: reencoded))
            do {
                let strict = try AdvertisingData(bytes: prefix)
                #expect(strict == partial)
                #expect(errors.isEmpty)
            } catch {
                #expect(errors.first == error)
            }
        }
    }

    @Test func zeroLengthEndsTheDataEarly() throws {
        let data = try AdvertisingData(bytes: hex("020106 00 ffffff"))
        #expect(data.structures == [ADStructure(type: .flags, data: [0x06])])
        #expect(try AdvertisingData(bytes: hex("00")).structures.isEmpty)
        #expect(try AdvertisingData(bytes: hex("020106 0000000000")).encoded() == [0x02, 0x01, 0x06])
    }

    @Test(arguments: [
        ("01", AdvertisingDataError.truncatedStructure(offset: 0, length: 1, available: 0)),
        ("05020a18", .truncatedStructure(offset: 0, length: 5, available: 3)),
        ("020106 0409 41", .truncatedStructure(offset: 3, length: 4, available: 2)),
        ("020106 ff", .truncatedStructure(offset: 3, length: 255, available: 0)),
        ("020106 02030a", .invalidLength(type: .completeServiceUUIDs16, offset: 3, dataLength: 1, expected: "a multiple of 2")),
    ])
    func rejectsMalformedData(blob: String, error: AdvertisingDataError) {
        #expect(throws: error) { try AdvertisingData(bytes: hex(blob)) }
        #expect(AdvertisingData.parseLeniently(hex(blob)).errors == [error])
    }

    @Test func lenientParseKeepsEveryWellFormedStructure() {
        // flags; a 16-bit list of odd length; the name; a TX power of 2 bytes; a truncated tail.
        let bytes = hex("020106 04030a180f 03094e4c 030af400 0509")
        let (data, errors) = AdvertisingData.parseLeniently(bytes)
        #expect(data.structures.map(\.type) == [.flags, .completeLocalName])
        #expect(data.name == "NL")
        #expect(errors == [
            .invalidLength(type: .completeServiceUUIDs16, offset: 3, dataLength: 3, expected: "a multiple of 2"),
            .invalidLength(type: .txPowerLevel, offset: 12, dataLength: 2, expected: "exactly 1"),
            .truncatedStructure(offset: 16, length: 5, available: 1),
        ])
        #expect(errors[0].description == "Complete List of 16-bit Service UUIDs (0x03) at offset 3 has 3 data bytes; expected a multiple of 2")
    }

    @Test func builderEncodesTypedValuesAndEnforcesTheLegacyLimit() throws {
        var data = try AdvertisingData([
            .flags(.leGeneralDiscoverableOnly),
            .localName(LocalName("SN-1")),
            .txPowerLevel(0),
        ])
        for list in ServiceUUIDList.grouping([BluetoothUUID(0x180F), BluetoothUUID("7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")],
                                             isComplete: true) {
            try data.append(.serviceUUIDs(list))
        }
        #expect(data.encodedCount == 3 + 6 + 3 + 4 + 18)
        #expect(throws: AdvertisingDataError.exceedsMaximumLength(length: 34, maximum: 31)) { try data.encoded() }
        #expect(try data.encoded(maximumLength: AdvertisingData.extendedPDUMaximumLength).count == 34)
        #expect(AdvertisingData.extendedMaximumLength == 1650)

        let small = try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("SN-1"))])
        #expect(try small.encoded() == hex("020106 0509534e2d31"))
        let full = try AdvertisingData([.manufacturerData(ManufacturerData(companyID: 0xFFFF, data: Array(repeating: 0xAA, count: 27)))])
        #expect(try full.encoded().count == 31)
    }

    @Test func rawStructuresThatAreTooLongFailToEncode() {
        let data = AdvertisingData(structures: [ADStructure(type: ADType(rawValue: 0x42), data: Array(repeating: 0, count: 255))])
        #expect(throws: AdvertisingDataError.structureTooLong(type: ADType(rawValue: 0x42), dataLength: 255)) {
            try data.encoded(maximumLength: nil)
        }
    }

    @Test func aStructureTooLongForALengthByteKeepsItsPlaceAmongTheOthers() throws {
        // Built by hand, never parsed: kept whole, between its neighbours, until encoding refuses it.
        let long = ADStructure(type: ADType(rawValue: 0x42), data: (0..<300).map { UInt8(truncatingIfNeeded: $0) })
        let flags = ADStructure(type: .flags, data: [0x06])
        let name = ADStructure(type: .completeLocalName, data: Array("NL".utf8))
        var data = AdvertisingData(structures: [flags, long, name])
        #expect(data.structures == [flags, long, name])
        #expect(data.structures(of: ADType(rawValue: 0x42)) == [long])
        #expect(data.name == "NL")
        #expect(data.flags == .leGeneralDiscoverableOnly)
        #expect(data.encodedCount == 3 + 302 + 4)
        #expect(throws: AdvertisingDataError.structureTooLong(type: ADType(rawValue: 0x42), dataLength: 300)) {
            try data.encoded(maximumLength: nil)
        }
        data.structures.removeAll { $0.type == ADType(rawValue: 0x42) }
        #expect(try data.encoded() == hex("020106 03094e4c"))
        #expect(data == AdvertisingData(structures: [flags, name]))
    }

    @Test func equalStructuresAreEqualDataHoweverTheyWereMade() throws {
        // Parsed with padding, parsed after a dropped structure, built from elements, built from
        // structures: one value, one hash.
        let padded = try AdvertisingData(bytes: hex("020106 03094e4c 000000"))
        let lenient = AdvertisingData.parseLeniently(hex("020106 030af400 03094e4c")).data
        let built = try AdvertisingData([.flags(.leGeneralDiscoverableOnly), .localName(LocalName("NL"))])
        let raw = AdvertisingData(structures: [ADStructure(type: .flags, data: [0x06]), ADStructure(type: .completeLocalName, data: [0x4E, 0x4C])])
        #expect(Set([padded, lenient, built, raw]).count == 1)
        #expect(padded != (try AdvertisingData(bytes: hex("020106 03094e4d"))))
        #expect(try lenient.encoded() == hex("020106 03094e4c"))
    }

    @Test func accessorsCoverEveryTypedField() throws {
        let random = try DeviceAddress(parsing: "F1:22:33:44:55:66", isRandom: true)
        let target = try DeviceAddress(parsing: "5C:31:3E:F2:16:13")
        let data = try AdvertisingData([
            .localName(LocalName("Nigh", isComplete: false)),
            .classOfDevice(0x5A020C),
            .peripheralConnectionIntervalRange(ConnectionIntervalRange(minimum: 6, maximum: 0xFFFF)),
            .solicitedServiceUUIDs(SolicitedServiceUUIDs(uuids: [BluetoothUUID(0x180D), BluetoothUUID(0x180D)], size: .bits16)),
            .serviceData(ServiceData(uuid: BluetoothUUID(0x180F), data: [0x57])),
            .serviceData(ServiceData(uuid: BluetoothUUID(0x181A), data: [0x01], size: .bits32)),
            .publicTargetAddresses([target]),
            .randomTargetAddresses([random]),
            .advertisingIntervalLong(AdvertisingInterval(units: 0x061A80)),
            .leBluetoothDeviceAddress(random),
            .leRole(.peripheralOnly),
            .uri(AdvertisingURI("https://example.com")),
        ])
        #expect(data.localName == LocalName("Nigh", isComplete: false))
        #expect(data.classOfDevice == 0x5A020C)
        #expect(data.peripheralConnectionIntervalRange?.maximumMilliseconds == nil)
        #expect(data.peripheralConnectionIntervalRange?.minimumMilliseconds == 7.5)
        #expect(data.solicitedServiceUUIDs == [BluetoothUUID(0x180D)])
        #expect(data.serviceData(for: BluetoothUUID(0x180F)) == [0x57])
        #expect(data.serviceData(for: BluetoothUUID(0x181A)) == [0x01])
        #expect(data.serviceData.map(\.size) == [.bits16, .bits32])
        #expect(data.publicTargetAddresses == [target])
        #expect(data.randomTargetAddresses == [random])
        #expect(data.advertisingInterval?.milliseconds == 250_000)
        #expect(data.leBluetoothDeviceAddress == random)
        #expect(data.leRole == .peripheralOnly)
        #expect(data.uri?.string == "https://example.com")
        #expect(data.uri?.scheme == .https)
        #expect(try AdvertisingData(bytes: data.encoded(maximumLength: nil)) == data)
    }
}

@Suite struct AdvertisementViewTests {
    @Test func mergesAdvertisementAndScanResponse() throws {
        let advertisement = try AdvertisingData([
            .flags(.leGeneralDiscoverableOnly),
            .localName(LocalName("Night", isComplete: false)),
            .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180F), BluetoothUUID(0x180A)], size: .bits16, isComplete: false)),
            .manufacturerData(ManufacturerData(companyID: 0x004C, data: [1])),
        ])
        let scanResponse = try AdvertisingData([
            .localName(LocalName("Nightlight")),
            .serviceUUIDs(ServiceUUIDList(uuids: [BluetoothUUID(0x180A), BluetoothUUID(0x1812)], size: .bits16, isComplete: true)),
            .txPowerLevel(-4),
            .manufacturerData(ManufacturerData(companyID: 0x0006, data: [2])),
        ])
        let view = AdvertisementView(advertisement: advertisement, scanResponse: scanResponse)
        #expect(view.name == "Nightlight")
        #expect(view.localName?.isComplete == true)
        #expect(view.serviceUUIDs == [BluetoothUUID(0x180F), BluetoothUUID(0x180A), BluetoothUUID(0x1812)])
        #expect(view.isServiceUUIDListComplete(for: .bits16))
        #expect(view.txPowerLevel == -4)
        #expect(view.flags == .leGeneralDiscoverableOnly)
        #expect(view.manufacturerData.map(\.companyID) == [0x004C, 0x0006])

        let alone = AdvertisementView(advertisement: advertisement)
        #expect(alone.name == "Night")
        #expect(alone.localName?.isComplete == false)
        #expect(!alone.isServiceUUIDListComplete(for: .bits16))
        #expect(alone.txPowerLevel == nil)
    }

    @Test func advertisementWinsForSingleValuedFields() throws {
        let advertisement = try AdvertisingData([.txPowerLevel(4), .localName(LocalName("A"))])
        let scanResponse = try AdvertisingData([.txPowerLevel(-20), .localName(LocalName("B"))])
        let view = AdvertisementView(advertisement: advertisement, scanResponse: scanResponse)
        #expect(view.txPowerLevel == 4)
        #expect(view.name == "A")
    }
}
