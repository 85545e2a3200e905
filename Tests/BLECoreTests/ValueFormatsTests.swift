import BLECore
import Testing

private func hex(_ text: String) -> [UInt8] { [UInt8](hex: text.filter { $0 != " " }) ?? [] }

@Suite struct ValueFormatsTests {
    @Test func rendersEveryFormatByLength() {
        let one = ValueFormats([0x57])
        #expect(one.uint8 == 87 && one.uint16 == nil && one.uint32 == nil && one.float32 == nil)
        #expect(one.summary == "87")
        #expect(one.preferredRendering == .uint8)

        let two = ValueFormats([0x34, 0x12])
        #expect(two.uint16 == 0x1234 && two.uint8 == nil)
        #expect(two.summary == "4660")

        let four = ValueFormats(hex("da0f4940"))
        #expect(four.uint32 == 0x4049_0FDA)
        #expect(four.float32 == Float.pi)
        #expect(four.summary == "1078530010 / 3.1415925")
        #expect(four.preferredRendering == .uint32AndFloat)
        #expect(four.hex == "da0f4940")
        #expect(four.hexDump == "DA 0F 49 40")

        let three = ValueFormats([0x01, 0x02, 0x03])
        #expect(three.uint8 == nil && three.uint16 == nil && three.uint32 == nil)
        #expect(three.summary == "01 02 03")

        #expect(ValueFormats([]).summary == "(empty)")
        #expect(ValueFormats([]).utf8 == nil)
    }

    @Test(arguments: [
        ("4e696768746c69676874", Optional("Nightlight")),
        ("76312e30", "v1.0"),
        ("72657620c3a9", "rev é"),
        ("6c696e65310a6c696e6532", "line1\nline2"),
        ("534e0000", "SN"),
        ("ff", nil),
        ("72657620c3", nil),
        ("4e0149", nil),
        ("00", nil),
        ("c280", nil),
    ])
    func utf8OnlyWhenValidAndPrintable(wire: String, text: String?) {
        #expect(ValueFormats(hex(wire)).utf8 == text)
    }

    @Test func textWinsFromThreeBytesNumbersBelow() {
        #expect(ValueFormats(Array("v1.0".utf8)).summary == "\"v1.0\"")
        #expect(ValueFormats(Array("v1.0".utf8)).preferredRendering == .text)
        #expect(ValueFormats(Array("OK".utf8)).preferredRendering == .uint16)
        #expect(ValueFormats(Array("Nightlight".utf8)).summary == "\"Nightlight\"")
        #expect(ValueFormats(hex("0102030405")).preferredRendering == .hex)
    }

    // Blue < 30 %, green < 60 %, yellow < 80 %, red ≥ 80 % of 255; 30 % of 255 is 76.5.
    @Test(arguments: [
        (UInt8(0), ByteMagnitude.Band.low), (76, .low), (77, .medium), (152, .medium), (153, .high),
        (203, .high), (204, .veryHigh), (255, .veryHigh),
    ])
    func byteBarBands(byte: UInt8, band: ByteMagnitude.Band) {
        #expect(ByteMagnitude(byte).band == band)
    }

    @Test func byteBarsOnlyForShortValues() {
        #expect(ValueFormats(Array(repeating: 0xFF, count: 8)).byteBars.count == 8)
        #expect(ValueFormats(Array(repeating: 0xFF, count: 9)).byteBars.isEmpty)
        #expect(ByteMagnitude(255).percent == 100)
        #expect(ByteMagnitude.Band.allCases.map(\.colorName) == ["blue", "green", "yellow", "red"])
    }
}
