import BLECore
import Foundation
import Testing

@Suite struct DeviceAddressTests {
    @Test(arguments: [
        ("5C:31:3E:F2:16:13", "5C:31:3E:F2:16:13"),
        ("5c:31:3e:f2:16:13", "5C:31:3E:F2:16:13"),
        ("5c-31-3e-f2-16-13", "5C:31:3E:F2:16:13"),
        (" 00:00:00:00:00:00 ", "00:00:00:00:00:00"),
        ("FF:FF:FF:FF:FF:FF", "FF:FF:FF:FF:FF:FF"),
    ])
    func parsesAndPrints(text: String, canonical: String) throws {
        let address = try DeviceAddress(parsing: text)
        #expect(address.description == canonical)
        #expect(address.type == .public)
        #expect(try DeviceAddress(parsing: canonical) == address)
    }

    @Test(arguments: [
        ("", DeviceAddressError.wrongGroupCount(text: "", count: 1)),
        ("5C:31:3E:F2:16", .wrongGroupCount(text: "5C:31:3E:F2:16", count: 5)),
        ("5C:31:3E:F2:16:13:00", .wrongGroupCount(text: "5C:31:3E:F2:16:13:00", count: 7)),
        ("5C:31:3E:F2:16:1G", .invalidGroup(text: "5C:31:3E:F2:16:1G", group: "1G", position: 6)),
        ("5C:31:3E:F2:6:13", .invalidGroup(text: "5C:31:3E:F2:6:13", group: "6", position: 5)),
        ("5C::3E:F2:16:13", .invalidGroup(text: "5C::3E:F2:16:13", group: "", position: 2)),
        ("+C:31:3E:F2:16:13", .invalidGroup(text: "+C:31:3E:F2:16:13", group: "+C", position: 1)),
        ("5C:31-3E:F2:16:13", .mixedSeparators(text: "5C:31-3E:F2:16:13")),
        ("5C313EF21613", .wrongGroupCount(text: "5C313EF21613", count: 1)),
    ])
    func rejectsMalformedText(text: String, error: DeviceAddressError) {
        #expect(throws: error) { try DeviceAddress(parsing: text) }
        #expect(!error.description.isEmpty)
    }

    @Test func wireFormIsLittleEndian() throws {
        let address = try DeviceAddress(parsing: "5C:31:3E:F2:16:13")
        #expect(address.littleEndianBytes == [0x13, 0x16, 0xF2, 0x3E, 0x31, 0x5C])
        #expect(address.bigEndianBytes == [0x5C, 0x31, 0x3E, 0xF2, 0x16, 0x13])
        #expect(address.value == 0x5C31_3EF2_1613)
        #expect(address.organizationallyUniqueIdentifier == 0x5C313E)
        #expect(try DeviceAddress(littleEndianBytes: address.littleEndianBytes, isRandom: false) == address)

        var writer = ByteWriter()
        address.write(to: &writer)
        var reader = ByteReader(writer.bytes + [0xAA])
        #expect(DeviceAddress.read(from: &reader, isRandom: false) == address)
        #expect(reader.remainingCount == 1)
    }

    @Test(arguments: 0...5)
    func readingAShortAddressConsumesNothing(count: Int) throws {
        var reader = ByteReader([UInt8](repeating: 0xAB, count: count))
        #expect(DeviceAddress.read(from: &reader, isRandom: true) == nil)
        #expect(reader.offset == 0)
        #expect(throws: DeviceAddressError.wrongByteCount(count)) {
            try DeviceAddress(littleEndianBytes: [UInt8](repeating: 0, count: count), isRandom: false)
        }
    }

    @Test(arguments: [
        ("C1:22:33:44:55:66", DeviceAddressType.randomStatic),
        ("FF:FF:FF:FF:FF:FF", .randomStatic),
        ("4A:22:33:44:55:66", .resolvablePrivate),
        ("7F:FF:FF:FF:FF:FF", .resolvablePrivate),
        ("3A:22:33:44:55:66", .nonResolvablePrivate),
        ("00:00:00:00:00:01", .nonResolvablePrivate),
        ("8A:22:33:44:55:66", .reservedRandom),
    ])
    func randomSubtypeComesFromTheTopTwoBits(text: String, type: DeviceAddressType) throws {
        let address = try DeviceAddress(parsing: text, isRandom: true)
        #expect(address.type == type)
        #expect(address.isRandom)
        #expect(address.hciAddressType == .random)
        #expect(address.organizationallyUniqueIdentifier == nil)
        #expect(try DeviceAddress(parsing: text, type: type) == address)
    }

    @Test func declaredTypeMustMatchTheBits() throws {
        #expect(throws: DeviceAddressError.typeMismatch(address: "4A:22:33:44:55:66", declared: .randomStatic, actual: .resolvablePrivate)) {
            try DeviceAddress(parsing: "4A:22:33:44:55:66", type: .randomStatic)
        }
        #expect(throws: DeviceAddressError.valueTooLarge(0x1_0000_0000_0000)) {
            try DeviceAddress(value: 0x1_0000_0000_0000, isRandom: false)
        }
        // Any bits are fine for a public address.
        #expect(try DeviceAddress(parsing: "C1:22:33:44:55:66", type: .public).type == .public)
    }

    @Test(arguments: [
        (UInt8(0x00), Optional(false)), (0x01, true), (0x02, false), (0x03, true), (0xFF, nil), (0x04, nil),
    ])
    func hciAddressTypeMapping(byte: UInt8, isRandom: Bool?) throws {
        let hciType = HCIAddressType(rawValue: byte)
        #expect(hciType.isRandom == isRandom)
        let bytes: [UInt8] = [0x66, 0x55, 0x44, 0x33, 0x22, 0xC1]
        if let isRandom {
            let address = try DeviceAddress(littleEndianBytes: bytes, hciAddressType: hciType)
            #expect(address.isRandom == isRandom)
            #expect(address.type == (isRandom ? .randomStatic : .public))
        } else {
            #expect(throws: DeviceAddressError.unknownHCIAddressType(byte)) {
                try DeviceAddress(littleEndianBytes: bytes, hciAddressType: hciType)
            }
        }
        #expect(HCIAddressType.publicIdentity.isIdentityAddress)
        #expect(!HCIAddressType.random.isIdentityAddress)
        #expect(HCIAddressType(rawValue: 0x42).description == "0x42")
    }

    @Test func codableAsStringPlusType() throws {
        let address = try DeviceAddress(parsing: "C1:22:33:44:55:66", isRandom: true)
        let json = try JSONEncoder().encode(address)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: String]
        #expect(object == ["address": "C1:22:33:44:55:66", "type": "randomStatic"])
        #expect(try JSONDecoder().decode(DeviceAddress.self, from: json) == address)

        let wrong = Data(#"{"address":"41:22:33:44:55:66","type":"randomStatic"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeviceAddress.self, from: wrong) }
        let garbage = Data(#"{"address":"nope","type":"public"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeviceAddress.self, from: garbage) }
    }

    @Test func hashableAndComparable() throws {
        let low = try DeviceAddress(parsing: "00:00:00:00:00:01")
        let high = try DeviceAddress(parsing: "00:00:00:00:00:02")
        let lowRandom = try DeviceAddress(parsing: "00:00:00:00:00:01", isRandom: true)
        #expect(low < high)
        #expect(low < lowRandom)
        #expect(lowRandom < high)
        #expect(low != lowRandom)
        #expect(Set([low, high, lowRandom, low]).count == 3)
        #expect([high, lowRandom, low].sorted() == [low, lowRandom, high])
    }
}
