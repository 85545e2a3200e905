import BLECore
import Testing

@Suite struct BluetoothUUIDTests {
    @Test(arguments: [
        ("180A", "180A"),
        ("0x180a", "180A"),
        ("180a", "180A"),
        ("0000180a-0000-1000-8000-00805f9b34fb", "180A"),
        ("0000180A00001000800000805F9B34FB", "180A"),
        ("0000FEE0", "FEE0"),
        ("12345678", "12345678"),
        ("12345678-0000-1000-8000-00805F9B34FB", "12345678"),
        ("7a5a0000-d04b-48eb-b3fa-32eb4f0ffac4", "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4"),
        ("7A5A0000D04B48EBB3FA32EB4F0FFAC4", "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4"),
        (" 2902 ", "2902"),
    ])
    func parsesEveryCommonSpelling(text: String, canonical: String) throws {
        let uuid = try BluetoothUUID(parsing: text)
        #expect(uuid.description == canonical)
        #expect(BluetoothUUID(canonical) == uuid)
    }

    @Test(arguments: ["", "18", "180", "180G", "0x", "1234-5678", "0000180a-0000-1000-8000-00805f9b34f",
                      "0000180a-00001000-8000-00805f9b34fb", "12345", "é80A"])
    func rejectsMalformedSpellings(text: String) {
        #expect(throws: BluetoothUUIDParseError.self) { try BluetoothUUID(parsing: text) }
        #expect(BluetoothUUID(text) == nil)
    }

    @Test func sixteenBitEqualsItsBaseUUIDForm() throws {
        let long = try BluetoothUUID(parsing: "0000180a-0000-1000-8000-00805f9b34fb")
        #expect(long == BluetoothUUID(0x180A))
        #expect(long.size == .bits16)
        #expect(long.uuid16 == 0x180A)
        #expect(BluetoothUUID(uuid32: 0x180A) == BluetoothUUID(0x180A))
    }

    @Test func wireEncodingIsLittleEndianForEachSize() throws {
        let uuid16 = BluetoothUUID(0x180A)
        #expect(uuid16.littleEndianBytes(size: .bits16) == [0x0A, 0x18])
        #expect(uuid16.littleEndianBytes(size: .bits32) == [0x0A, 0x18, 0x00, 0x00])
        #expect(uuid16.littleEndianBytes(size: .bits128) ==
            [0xFB, 0x34, 0x9B, 0x5F, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0x0A, 0x18, 0x00, 0x00])
        #expect(uuid16.attBytes == [0x0A, 0x18])

        let uuid32 = BluetoothUUID(uuid32: 0x1234_5678)
        #expect(uuid32.size == .bits32)
        #expect(uuid32.littleEndianBytes(size: .bits16) == nil)
        #expect(uuid32.shortestBytes == [0x78, 0x56, 0x34, 0x12])
        #expect(uuid32.attBytes.count == 16)

        let custom = try BluetoothUUID(parsing: "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4")
        #expect(custom.size == .bits128)
        #expect(custom.uuid16 == nil && custom.uuid32 == nil)
        #expect(custom.attBytes == custom.bigEndianBytes.reversed())
        #expect(custom.littleEndianBytes(size: .bits16) == nil)
    }

    @Test(arguments: [[UInt8]([0x0A, 0x18]), [0x78, 0x56, 0x34, 0x12],
                      [0xC4, 0xFA, 0x0F, 0x4F, 0xEB, 0x32, 0xFA, 0xB3, 0xEB, 0x48, 0x4B, 0xD0, 0x00, 0x00, 0x5A, 0x7A]])
    func wireRoundTrip(bytes: [UInt8]) throws {
        let uuid = try #require(BluetoothUUID(littleEndianBytes: bytes))
        #expect(uuid.littleEndianBytes(size: BluetoothUUID.Size(rawValue: bytes.count * 8)!) == bytes)
    }

    @Test(arguments: [0, 1, 3, 5, 15, 17])
    func wireDecodingRejectsOtherLengths(count: Int) {
        #expect(BluetoothUUID(littleEndianBytes: [UInt8](repeating: 0, count: count)) == nil)
    }
}

@Suite struct BluetoothUUIDLiteralTests {
    @Test func literalsParseLikeText() {
        let literal: BluetoothUUID = "7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4"
        #expect(literal == (try? BluetoothUUID(parsing: "7a5a0201d04b48ebb3fa32eb4f0ffac4")))
        let short: BluetoothUUID = "2A19"
        #expect(short == BluetoothUUID(0x2A19))
    }
}
