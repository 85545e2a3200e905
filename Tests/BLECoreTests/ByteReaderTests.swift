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

    /// Every kind of write, at the end of a fresh writer and over the room a reused one keeps.
    private func writeEveryKind(_ writer: inout ByteWriter) {
        writer.writeUInt8(1)
        writer.writeUInt16(0xBEEF)
        writer.writeUInt24(0x0A0B0C)
        writer.writeUInt32(0xDEAD_BEEF)
        writer.writeUInt48(0x0102_0304_0506)
        writer.writeUInt64(0x1122_3344_5566_7788)
        writer.writeInt8(-2)
        writer.writeBytes([0xAA, 0xBB])
        writer.writeBytes([0xCC].lazy.map { $0 })
        writer.append(count: 5) { room in
            room.writeUInt8(0x01)
            room.writeUInt16(0x0302)
            room.writeBytes([0x04, 0x05])
        }
        writer.writeATTUUID(BluetoothUUID(0x2A19))
    }

    private static let everyKind: [UInt8] = [
        0x01, 0xEF, 0xBE, 0x0C, 0x0B, 0x0A, 0xEF, 0xBE, 0xAD, 0xDE, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
        0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0xFE, 0xAA, 0xBB, 0xCC, 0x01, 0x02, 0x03, 0x04,
        0x05, 0x19, 0x2A,
    ]

    @Test func aReusedWriterWritesOverItsOldBytesInPlace() {
        var fresh = ByteWriter()
        writeEveryKind(&fresh)
        #expect(fresh.bytes == Self.everyKind)
        #expect(fresh.count == Self.everyKind.count)

        // Longer first, then the same writes over the kept room: the same bytes, and only them.
        var reused = ByteWriter(capacity: 4)
        reused.writeBytes([UInt8](repeating: 0x77, count: 60))
        reused.removeAll()
        #expect(reused.count == 0 && reused.bytes.isEmpty)
        writeEveryKind(&reused)
        #expect(reused.bytes == Self.everyKind)
        // Shorter than the room, then longer than it: the writer grows past its old end.
        reused.removeAll()
        reused.writeUInt16(0x0102)
        #expect(reused.bytes == [0x02, 0x01])
        reused.writeBytes([UInt8](repeating: 0x33, count: 70))
        #expect(reused.bytes == [0x02, 0x01] + [UInt8](repeating: 0x33, count: 70))
        reused.append(count: 0) { _ in }
        #expect(reused.count == 72)
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
