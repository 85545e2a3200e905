import BLECore
import Testing

@Suite struct ByteReaderTests {
    @Test func readsLittleEndianIntegersAndStopsAtTheEnd() {
        var reader = ByteReader([0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xAA])
        #expect(reader.readUInt8() == 0x01)
        #expect(reader.readUInt16() == 0x1234)
        #expect(reader.readUInt32() == 0x1234_5678)
        #expect(reader.readUInt16() == nil)
        #expect(reader.offset == 7)
        #expect(reader.readUInt8() == 0xAA)
        #expect(reader.isAtEnd)
        #expect(reader.readBytes(1) == nil)
        #expect(reader.readBytes(-1) == nil)
    }

    @Test func writerMirrorsReader() {
        var writer = ByteWriter()
        writer.writeUInt8(1)
        writer.writeUInt16(0xBEEF)
        writer.writeUInt24(0x0A0B0C)
        writer.writeUInt32(0xDEAD_BEEF)
        writer.writeUInt48(0x0102_0304_0506)
        writer.writeInt8(-2)
        var reader = ByteReader(writer.bytes)
        #expect(reader.readUInt8() == 1)
        #expect(reader.readUInt16() == 0xBEEF)
        #expect(reader.readUInt24() == 0x0A0B0C)
        #expect(reader.readUInt32() == 0xDEAD_BEEF)
        #expect(reader.readUInt48() == 0x0102_0304_0506)
        #expect(reader.readInt8() == -2)
        #expect(reader.isAtEnd)
    }

    @Test(arguments: [("0a1b", [UInt8]([0x0A, 0x1B])), ("0A 1B", [0x0A, 0x1B]), ("0x0a1b", [0x0A, 0x1B]),
                      ("0a:1b", [0x0A, 0x1B]), ("", [])])
    func parsesHex(text: String, bytes: [UInt8]) {
        #expect([UInt8](hex: text) == bytes)
        #expect(bytes.hexString == bytes.hexString.lowercased())
    }

    @Test(arguments: ["0", "0g", "0a1", "0 a", "zz"])
    func rejectsBadHex(text: String) {
        #expect([UInt8](hex: text) == nil)
    }
}
