import Nightlight
import Testing

@Suite struct ColorTests {
    @Test(arguments: [("#402000", 0x402000), ("#FFA040", 0xFFA040), ("#000000", 0), ("#0000FF", 0x0000FF)])
    func hexPrintsAndParses(text: String, rgb: UInt32) throws {
        let color = RGBColor(rgb: rgb)
        #expect(color.hex == text)
        #expect(try RGBColor(hex: text) == color)
        #expect(try RGBColor(hex: String(text.dropFirst()).lowercased()) == color)
        #expect(color.encode() == [UInt8(rgb >> 16), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF)])
    }

    @Test(arguments: ["#40200", "#4020000", "402G00", "", "#", "##402000", "+40200"])
    func badHexIsRefused(text: String) {
        expectRefusal("color \"\(text)\" is not #RRGGBB", .outOfRange) { _ = try RGBColor(hex: text) }
    }

    @Test func colorsAreThreeBytes() {
        expectRoundTrip(RGBColor(red: 0xFF, green: 0xA0, blue: 0x40), wire("FFA040"))
        expectRefusal("color is 4 bytes long; it must be 3", .invalidAttributeValueLength) { _ = try RGBColor(bytes: [1, 2, 3, 4]) }
    }

    @Test func theDimmerScalesEveryComponentByOneFactorClamped() {
        let color = RGBColor(rgb: 0x804020)
        #expect(color.dimmed(by: 0.5) == RGBColor(rgb: 0x402010))
        #expect(color.dimmed(by: 1) == color)
        #expect(color.dimmed(by: 0) == .off)
        #expect(color.dimmed(by: -1) == .off)
        #expect(color.dimmed(by: 2) == RGBColor(rgb: 0xFF8040))
        #expect(color.dimmed(by: 3) == RGBColor(rgb: 0xFFC060))
        #expect(color.dimmed(by: .infinity) == RGBColor(rgb: 0xFFFFFF))
        #expect(RGBColor(rgb: 0x030201).dimmed(by: 0.5) == RGBColor(rgb: 0x020101))
    }

    @Test func theWheelHasWhiteAtItsCentre() {
        #expect(RGBColor(hue: 0, saturation: 0) == .white)
        #expect(RGBColor(hue: 200, saturation: 0, intensity: 0.5) == RGBColor(rgb: 0x808080))
        #expect(RGBColor(hue: 0, saturation: 1) == RGBColor(rgb: 0xFF0000))
        #expect(RGBColor(hue: 120, saturation: 1) == RGBColor(rgb: 0x00FF00))
        #expect(RGBColor(hue: 240, saturation: 1) == RGBColor(rgb: 0x0000FF))
        #expect(RGBColor(hue: 360, saturation: 1) == RGBColor(rgb: 0xFF0000))
        #expect(RGBColor(hue: -60, saturation: 1) == RGBColor(rgb: 0xFF00FF))
        #expect(RGBColor(hue: 30, saturation: 1, intensity: 0) == .off)
        #expect(RGBColor.white.wheelPosition == ColorWheelPosition(hue: 0, saturation: 0, intensity: 1))
        let amberPosition = scheduleAmber.wheelPosition
        #expect(abs(amberPosition.hue - 30) < 0.001)
        #expect(amberPosition.saturation == 1)
        #expect(abs(amberPosition.intensity - 64.0 / 255) < 1e-9)
    }

    @Test func everyColorSurvivesTheWheelWithinOneUnit() {
        var worst = 0
        for red in stride(from: 0, through: 255, by: 15) {
            for green in stride(from: 0, through: 255, by: 17) {
                for blue in stride(from: 0, through: 255, by: 5) {
                    let color = RGBColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
                    let back = color.wheelPosition.color
                    worst = max(worst, abs(Int(back.red) - red), abs(Int(back.green) - green), abs(Int(back.blue) - blue))
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test func intensityKeepsHueAndShakeTurnsIt() {
        #expect(RGBColor(rgb: 0xFF8000).withIntensity(0.5) == RGBColor(rgb: 0x804000))
        #expect(RGBColor(rgb: 0xFF0000).rotatingHue(by: 120) == RGBColor(rgb: 0x00FF00))
        let shaken = RGBColor.factoryButtonColor.rotatingHue(by: 15)
        #expect(shaken != .factoryButtonColor)
        #expect(shaken.intensity == RGBColor.factoryButtonColor.intensity)
        #expect(abs(shaken.wheelPosition.hue - RGBColor.factoryButtonColor.wheelPosition.hue - 15) < 1)
        #expect(RGBColor(rgb: 0x808080).rotatingHue(by: 15) == RGBColor(rgb: 0x808080))
    }
}
