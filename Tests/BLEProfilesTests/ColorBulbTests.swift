import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Synchronization
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// The Colorific-style bulb: its command codec with the seed's bytes as test vectors, the hues of
/// the seed's script, and the virtual bulb against the `ColorBulb` profile over the sim radio.
@Suite(.timeLimit(.minutes(1)))
struct ColorBulbTests {
    typealias Bench = ProfileWorld<VirtualColorBulb>

    /// `0x0028`.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    // MARK: The command codec

    /// The seed's five `char-write-cmd 0x0028 …` values and what the bulb showed.
    static let seedVectors: [(hex: String, color: RGB)] = [
        ("58010301ff00ff0000", .red),
        ("58010301ff0000ff00", .green),
        ("58010301ff000000ff", .blue),
        ("58010301ff00000000", .off),
        ("58010301ff00ffffff", .white),
    ]

    @Test(arguments: seedVectors)
    func seedCommandsRoundTrip(hex: String, color: RGB) throws {
        let bytes = try #require([UInt8](hex: hex))
        let command = try ColorBulbCommand(bytes: bytes)
        #expect(command.color == color)
        #expect(ColorBulbCommand(color: color).encoded() == bytes)
        #expect(ColorBulbCommand.refusal(for: bytes) == nil)
    }

    @Test func everyPrefixAndLongerValuesAreTheWrongLength() throws {
        let red = ColorBulbCommand(color: .red).encoded()
        for length in 0..<red.count {
            let prefix = Array(red.prefix(length))
            #expect(throws: ProfileError.self) { try ColorBulbCommand(bytes: prefix) }
            #expect(ColorBulbCommand.refusal(for: prefix) == .invalidAttributeValueLength)
        }
        #expect(ColorBulbCommand.refusal(for: red + [0x00]) == .invalidAttributeValueLength)
        #expect(ColorBulbCommand.refusal(for: [0x02]) == .invalidAttributeValueLength, "an Immediate Alert level is not a color command")
    }

    @Test(arguments: ["59010301ff00ff0000", "58020301ff00ff0000", "58010301fe00ff0000", "58010301ff01ff0000", "000000000000ff0000"])
    func anotherHeaderIsNotAllowed(hex: String) throws {
        let bytes = try #require([UInt8](hex: hex))
        let error = #expect(throws: ProfileError.self) { try ColorBulbCommand(bytes: bytes) }
        #expect(error?.code == .invalidValue)
        #expect(ColorBulbCommand.refusal(for: bytes) == .valueNotAllowed)
    }

    @Test(arguments: [("#FF8000", 0xFF8000), ("ff8000", 0xFF8000), ("0x0080ff", 0x0080FF), ("off", 0x000000), ("WHITE", 0xFFFFFF), (" #402000 ", 0x402000)])
    func colorsParse(text: String, rgb: UInt32) throws {
        #expect(try RGB(hex: text) == RGB(rgb: rgb))
    }

    @Test(arguments: ["", "#", "#FFF", "red", "#GG0000", "#FF80001", "FF 80 00", "#-12345"])
    func badColorsAreRefused(text: String) {
        let error = #expect(throws: RGB.ParseError.self) { try RGB(hex: text) }
        #expect(error?.description.hasPrefix("invalid color '\(text)': expected #RRGGBB") == true)
    }

    // MARK: The hues of colorific.py

    /// `colorsys.hsv_to_rgb(i / 100, 1, 1)`, each component `int(x * 255)`, as the seed's script
    /// computes them (Python 3).
    static let pythonHues = """
        FF0000,FF0F00,FF1E00,FF2D00,FF3D00,FF4C00,FF5B00,FF6B00,FF7A00,FF8900,FF9900,FFA800,FFB700,FFC600,FFD600,FFE500,FFF400,F9FF00,EAFF00,DBFF00,\
        CBFF00,BCFF00,ADFF00,9EFF00,8EFF00,7FFF00,70FF00,60FF00,51FF00,42FF00,33FF00,23FF00,14FF00,05FF00,00FF0A,00FF19,00FF28,00FF38,00FF47,00FF56,\
        00FF66,00FF75,00FF84,00FF93,00FFA3,00FFB2,00FFC1,00FFD1,00FFE0,00FFEF,00FFFF,00EFFF,00E0FF,00D1FF,00C1FF,00B2FF,00A3FF,0093FF,0084FF,0075FF,\
        0066FF,0056FF,0047FF,0038FF,0028FF,0019FF,000AFF,0500FF,1400FF,2300FF,3200FF,4200FF,5100FF,6000FF,7000FF,7F00FF,8E00FF,9E00FF,AD00FF,BC00FF,\
        CC00FF,DB00FF,EA00FF,F900FF,FF00F4,FF00E5,FF00D6,FF00C6,FF00B7,FF00A8,FF0098,FF0089,FF007A,FF006B,FF005B,FF004C,FF003D,FF002D,FF001E,FF000F
        """

    @Test func aCycleHasTheScriptsHues() throws {
        let expected = try Self.pythonHues.split(separator: ",").map { try RGB(hex: String($0)) }
        #expect(expected.count == 100)
        #expect(ColorBulb.cycleColors() == expected)
        #expect(RGB(hue: 1.0 / 3) == .green)
        #expect(RGB(hue: 2.0 / 3) == .blue)
        #expect(RGB(hue: 1) == .red, "the hue wraps around")
        #expect(RGB(hue: 0.5, saturation: 0) == .white)
    }

    // MARK: The virtual bulb over the radio

    @Test func theColorCharacteristicIsAtHandle0x0028() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            #expect(bulb.colorValueHandle == ColorBulb.colorHandle)
            let services = try await bulb.peripheral.discoverAll()
            let layout = services.map { "\($0.uuid) \(Self.hex($0.startHandle))-\(Self.hex($0.endHandle))" }
            #expect(layout == ["1800 0x0001-0x0007", "1801 0x0008-0x0011", "180A 0x0012-0x0022", "1803 0x0023-0x0025", "1802 0x0026-0x0028"])
            let alert = try #require(services.last?.characteristics.first)
            #expect(alert.uuid == ColorBulb.colorCharacteristicUUID)
            #expect(alert.declarationHandle == 0x0027)
            #expect(alert.valueHandle == 0x0028)
            #expect(alert.properties == [.write, .writeWithoutResponse])
        }
    }

    @Test func theSeedsRawWritesSetTheColor() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            var colors = bench.device.colors().makeAsyncIterator()
            #expect(await colors.next() == VirtualColorBulb.factoryColor, "a new bulb shines full white")
            for (hex, color) in Self.seedVectors {
                // gatttool's char-write-cmd: a Write Command to the handle.
                try await bulb.peripheral.write(handle: 0x0028, value: try #require([UInt8](hex: hex)), withoutResponse: true)
                #expect(await colors.next() == color, "\(hex)")
            }
            #expect(bench.device.color == .white)
            #expect(bench.device.commandCount == 5)
        }
    }

    @Test func theProfileSetsColorsWithAndWithoutResponse() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            try await bulb.setColor(RGB(rgb: 0xFF8000))
            #expect(bench.device.color == RGB(rgb: 0xFF8000), "a Write Request is answered once the color is set")
            var colors = bench.device.colors().makeAsyncIterator()
            _ = await colors.next()
            try await bulb.turnOff(withoutResponse: true)
            #expect(await colors.next() == .off)
        }
    }

    @Test func otherBytesAreRefusedWithAnATTError() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            try await bulb.setColor(.blue)

            let header = await #expect(throws: ProfileError.self) { try await bulb.write([0x58, 0x01, 0x03, 0x01, 0xFF, 0x01, 0xFF, 0x00, 0x00]) }
            #expect(header?.code == .refused)
            #expect(header?.attErrorCode == .valueNotAllowed)
            #expect(header?.message == "writing 58010301ff01ff0000: Colorific (5C:31:3E:F2:16:13) refused it: Value Not Allowed (0x13): a color command starts 58 01 03 01 FF 00, then RR GG BB")

            let length = await #expect(throws: ProfileError.self) { try await bulb.write([0x01]) }
            #expect(length?.attErrorCode == .invalidAttributeValueLength)
            #expect(length?.message.contains("a color command is exactly 9 bytes") == true)

            // The raw way, with a Write Request: the ATT error comes back as is.
            let raw = await #expect(throws: BLEError.self) {
                try await bulb.peripheral.write(handle: 0x0028, value: [0x58, 0x01], withoutResponse: false)
            }
            #expect(raw?.code == .attError)
            #expect(raw?.attErrorCode == .invalidAttributeValueLength)

            // A refused Write Command is dropped; the next good one still works.
            var colors = bench.device.colors().makeAsyncIterator()
            _ = await colors.next()
            try await bulb.peripheral.write(handle: 0x0028, value: [0x00, 0x00, 0x00], withoutResponse: true)
            try await bulb.peripheral.write(handle: 0x0028, value: ColorBulbCommand(color: .green).encoded(), withoutResponse: true)
            #expect(await colors.next() == .green)
            #expect(bench.device.commandCount == 2)
        }
    }

    @Test func aCycleWalksThroughEveryHueOnTheClock() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            let clock = ManualClock()
            var colors = bench.device.colors().makeAsyncIterator()
            _ = await colors.next()
            let cycling = Task { try await bulb.cycle(cycles: 1, clock: clock) }
            var ticks = 0
            while ticks < ColorBulb.cycleSteps {
                if await clock.waitForSleepers(count: 1) {
                    clock.advance(by: .milliseconds(50))
                    ticks += 1
                }
            }
            #expect(try await cycling.value == 100)
            #expect(clock.now.offset == .seconds(5), "one cycle in 5 s, a color every 50 ms")
            var shown: [RGB] = []
            while shown.count < 100, let color = await colors.next() { shown.append(color) }
            #expect(shown == ColorBulb.cycleColors())
            #expect(bench.device.color == RGB(rgb: 0xFF000F))
        }
    }

    @Test func cyclingArgumentsAreChecked() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            for (steps, cycles) in [(1, 1), (100, 0)] {
                await #expect(throws: ProfileError.self) { try await bulb.cycle(steps: steps, cycles: cycles, clock: ManualClock()) }
            }
        }
    }

    /// `--cycles` as large as an `Int` goes: counting the colors to send must not overflow (it
    /// trapped on `cycles * steps`); the cycle runs until cancelled.
    @Test func aHugeCycleCountDoesNotOverflow() async throws {
        try await Bench().closing { bench in
            let bulb = try await bench.connect()
            let clock = ManualClock()
            let sent = Mutex(0)
            let cycling = Task { try await bulb.cycle(steps: 100, cycles: .max, clock: clock) { index, _ in sent.withLock { $0 = index + 1 } } }
            for _ in 0..<3 {
                #expect(await clock.waitForSleepers(count: 1))
                clock.advance(by: .milliseconds(50))
            }
            #expect(await clock.waitForSleepers(count: 1))
            #expect(sent.withLock { $0 } == 4)
            cycling.cancel()
            await #expect(throws: CancellationError.self) { try await cycling.value }
        }
    }

    @Test func aDeviceWithoutTheServiceIsNotABulb() async throws {
        try await expectWrongDevice(ColorBulb.init, recognizes: ColorBulb.isColorBulb)
    }

    @Test func theColorIsKeptInFlashAcrossRuns() async throws {
        try await withTemporaryDirectory { directory in
            try await Bench(try VirtualColorBulb(index: 0, directory: directory)).closing { first in
                try await first.connect().setColor(RGB(rgb: 0x123456))
            }
            #expect(try String(contentsOfFile: directory + "/bulb-0.json", encoding: .utf8).contains("#123456"))
            try await Bench(try VirtualColorBulb(index: 0, directory: directory)).closing { second in
                _ = try await second.connect()
                #expect(second.device.color == RGB(rgb: 0x123456))
            }
        }
    }

    @Test func theKindMakesNumberedBulbs() throws {
        #expect(VirtualColorBulb.kind.name == "bulb")
        let catalog = VirtualDeviceCatalog.standard.adding(VirtualColorBulb.kind)
        let bulbs = try catalog.makeDevices(names: ["bulb", "BULB"])
        #expect(bulbs.map(\.name) == ["Colorific", "Colorific 2"])
        #expect(bulbs.map(\.address.description) == ["5C:31:3E:F2:16:13", "5C:31:3E:F2:16:14"])
        #expect(throws: VirtualError.self) { try VirtualColorBulb(index: 255) }
    }
}

extension ProfileWorld where Device == VirtualColorBulb {
    /// `device` (by default a new bulb) 3 m away.
    init(_ device: VirtualColorBulb? = nil) async throws {
        try await self.init(try device ?? VirtualColorBulb(), distance: 3)
    }

    /// Finds the bulb by its advertisement and connects the profile to it.
    func connect() async throws -> ColorBulb {
        let address = device.address
        let discovery = try await discovery { $0.address == address }
        #expect(ColorBulb.isColorBulb(discovery.advertisement))
        #expect(discovery.name == "Colorific")
        let bulb = ColorBulb(discovery.peripheral)
        try await bulb.connect()
        return bulb
    }
}
