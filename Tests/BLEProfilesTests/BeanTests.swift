import BLE
import BLECore
import BLEGATT
import BLEHost
import BLESimulation
import BLETesting
import BLEVirtual
import Foundation
import Logging
import Testing
@testable import BLEProfiles
@testable import BLEProfilesSimulation

/// The LightBlue Bean: the light codec with the seed's bytes, the sketch's timeline on its own,
/// and the virtual Bean against the `Bean` profile over the sim radio, its sketch on a manual
/// clock.
@Suite(.timeLimit(.minutes(1)))
struct BeanTests {
    typealias Bench = ProfileWorld<VirtualBean>

    // MARK: The light codec

    /// Bank 1 as the seed's app writes it (on, R, G, B), and what the sketch makes of it.
    static let lightVectors: [(hex: String, light: BeanLight, strip: RGB)] = [
        ("01ff0000", BeanLight(isOn: true, color: .red), .red),
        ("00ff0000", BeanLight(isOn: false, color: .red), .off),
        ("0100ff00", BeanLight(isOn: true, color: .green), .green),
        ("010000ff", BeanLight(isOn: true, color: .blue), .blue),
        ("01ffffff", BeanLight(isOn: true, color: .white), .white),
        ("01000000", BeanLight(isOn: true, color: .off), .off),
        ("02804020", BeanLight(isOn: true, color: RGB(rgb: 0x804020)), RGB(rgb: 0x804020)),
    ]

    @Test(arguments: lightVectors)
    func lightsDecode(hex: String, light: BeanLight, strip: RGB) throws {
        let bytes = try #require([UInt8](hex: hex))
        #expect(try BeanLight(bytes: bytes) == light)
        #expect(light.stripColor == strip)
        #expect(try BeanLight(bytes: bytes + Array(repeating: 0x55, count: 16)) == light, "bytes past the 4th are ignored")
        if bytes[0] <= 1 { #expect(light.encoded() == bytes) }
    }

    @Test func fewerThanFourBytesAreNoLight() throws {
        let light = try #require([UInt8](hex: "01ff8000"))
        for length in 0..<4 {
            let error = #expect(throws: ProfileError.self) { try BeanLight(bytes: Array(light.prefix(length))) }
            #expect(error?.code == .invalidValue)
        }
    }

    @Test func scratchBanksAreOneToFive() throws {
        #expect(ScratchBank.all.map(\.uuid.description) == (1...5).map { "A495FF2\($0)-C5B1-4B44-B512-1370F02D74DE" })
        #expect(try ScratchBank(3).uuid == BluetoothUUID("A495FF23-C5B1-4B44-B512-1370F02D74DE"))
        for number in [0, 6, -1] {
            let error = #expect(throws: ProfileError.self) { try ScratchBank(number) }
            #expect(error?.code == .invalidArgument)
        }
    }

    // MARK: The sketch on its own

    @Test func theSketchWipesOnePixelEvery50msThenSleepsASecond() {
        var sketch = BeanSketch()
        let red: [UInt8] = [1, 255, 0, 0]
        var shows: [Int] = []
        sketch.advance(to: .zero, bank1: red) { shows.append($0.leadingCount(of: .red)) }
        #expect(sketch.strip.leadingCount(of: .red) == 1, "loop() at boot: pixel 0 at once")
        sketch.advance(to: .milliseconds(49), bank1: red)
        #expect(sketch.strip.leadingCount(of: .red) == 1)
        sketch.advance(to: .milliseconds(50), bank1: red) { shows.append($0.leadingCount(of: .red)) }
        #expect(sketch.strip.leadingCount(of: .red) == 2)
        sketch.advance(to: .milliseconds(1449), bank1: red) { shows.append($0.leadingCount(of: .red)) }
        #expect(sketch.strip.leadingCount(of: .red) == 29)
        sketch.advance(to: .milliseconds(1450), bank1: red) { shows.append($0.leadingCount(of: .red)) }
        #expect(sketch.strip.uniformColor == .red)
        #expect(shows == Array(1...30), "one strip.show() per pixel")
        #expect(sketch.nextStepAt == .milliseconds(2500), "delay(50) after the last pixel, then Bean.sleep(1000)")
        #expect(sketch.loopCount == 1)
        #expect(sketch.lastLight == BeanLight(isOn: true, color: .red))

        // Off: the next loop wipes the strip dark, pixel by pixel.
        let off: [UInt8] = [0, 255, 0, 0]
        sketch.advance(to: .milliseconds(2500), bank1: off)
        #expect(sketch.strip.leadingCount(of: .off) == 1)
        #expect(sketch.strip.pixels[1] == .red)
        sketch.advance(to: .milliseconds(3950), bank1: off)
        #expect(sketch.strip.isOff)
        #expect(sketch.strip.showCount == 60)
    }

    @Test func withoutFourBytesTheSketchLeavesTheStripAlone() {
        var sketch = BeanSketch()
        sketch.advance(to: .milliseconds(1450), bank1: [1, 0, 0, 255])
        #expect(sketch.strip.uniformColor == .blue)
        for short: [UInt8] in [[], [1], [1, 255, 0]] {
            let before = sketch.strip
            let loops = sketch.loopCount
            sketch.advance(to: sketch.nextStepAt + .seconds(3), bank1: short)
            #expect(sketch.strip == before)
            #expect(sketch.loopCount == loops + 4, "a loop a second")
            #expect(sketch.lastLight == nil)
        }
    }

    @Test func theSameLightIsWipedAgainEveryLoop() {
        var sketch = BeanSketch()
        let green: [UInt8] = [1, 0, 255, 0]
        sketch.advance(to: .milliseconds(9900), bank1: green)
        #expect(sketch.loopCount == 4, "loops at 0, 2.5, 5 and 7.5 s")
        #expect(sketch.strip.showCount == 120)
        #expect(sketch.strip.uniformColor == .green)
    }

    // MARK: The virtual Bean over the radio

    @Test func thePickerFindsOnlyBeans() async throws {
        try await Bench().closing { bench in
            try await bench.world.add(try VirtualColorBulb(), distance: 1)
            let heard = try await bench.central.scan(for: .seconds(1), filter: Bean.scanFilter)
            #expect(heard.map(\.name) == ["Bean"])
            #expect(heard.map(\.address.description) == ["D0:39:72:BE:A0:01"])
        }
    }

    @Test func theDatabaseHasTheScratchBanks() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            let services = try await bean.peripheral.discoverAll()
            let scratch = try #require(services.first { $0.uuid == Bean.scratchServiceUUID })
            #expect(scratch.characteristics.map(\.uuid) == ScratchBank.all.map(\.uuid))
            for characteristic in scratch.characteristics {
                #expect(characteristic.properties == [.read, .write, .notify])
            }
            #expect(services.contains { $0.uuid == Bean.serialServiceUUID })
        }
    }

    @Test func theStripFollowsBank1AsTheSketchSays() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            #expect(try await bean.readLight() == nil, "a new Bean's banks are empty")
            #expect(bench.device.strip().isOff)

            // The app's switch and swatch: on, red. The sketch read an empty bank at boot and sleeps
            // until 1 s.
            try await bean.setLight(BeanLight(isOn: true, color: .red))
            #expect(bench.device.scratch(.one) == [1, 255, 0, 0])
            #expect(bench.device.strip().isOff)
            bench.pass(.seconds(1))
            #expect(bench.device.strip().leadingCount(of: .red) == 1)
            bench.pass(.milliseconds(50))
            #expect(bench.device.strip().leadingCount(of: .red) == 2)
            bench.pass(.milliseconds(1400))
            #expect(bench.device.strip().uniformColor == .red)
            #expect(bench.device.strip().count == 30)

            // As the app does on open.
            #expect(try await bean.readLight() == BeanLight(isOn: true, color: .red))

            // Off at 2.45 s: the next loop (3.5 s: 50 ms after the last pixel, then a second's
            // sleep) wipes the strip dark.
            try await bean.setLight(BeanLight(isOn: false, color: .red))
            bench.pass(.milliseconds(1049))
            #expect(bench.device.strip().uniformColor == .red)
            bench.pass(.milliseconds(1))
            let strip = bench.device.strip()
            #expect(strip.leadingCount(of: .off) == 1)
            #expect(strip.pixels[29] == .red)
            bench.pass(.milliseconds(1450))
            #expect(bench.device.strip().isOff)
            #expect(bench.device.sketch().lastLight == BeanLight(isOn: false, color: .red))
        }
    }

    @Test func stripUpdatesFollowEveryShow() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            var updates = bench.device.stripUpdates().makeAsyncIterator()
            try await bean.writeScratch(.one, [1, 0, 0, 255, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9])
            bench.pass(.milliseconds(2450))
            for pixel in 1...30 {
                #expect(await updates.next()?.leadingCount(of: .blue) == pixel)
            }
        }
    }

    @Test func banksHoldTwentyBytes() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            for bank in ScratchBank.all {
                let data = (0..<20).map { UInt8($0 + bank.number) }
                try await bean.writeScratch(bank, data)
                #expect(try await bean.readScratch(bank) == data)
            }
            let tooLong = await #expect(throws: ProfileError.self) { try await bean.writeScratch(.one, Array(repeating: 1, count: 21)) }
            #expect(tooLong?.code == .invalidValue)

            // Past the profile's check, the Bean itself refuses.
            let characteristic = try #require(try await bean.peripheral.discoverServices([Bean.scratchServiceUUID]).first?.discoverCharacteristics().first)
            let refused = await #expect(throws: BLEError.self) { try await characteristic.write(Array(repeating: 1, count: 21), type: .withResponse) }
            #expect(refused?.attErrorCode == .invalidAttributeValueLength)
            #expect(try await bean.readScratch(.one) == (0..<20).map { UInt8($0 + 1) })
        }
    }

    @Test func theSketchSideNotifiesSubscribers() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            var updates = try await bean.scratchUpdates(try ScratchBank(2)).makeAsyncIterator()
            try await bench.device.setScratch(try ScratchBank(2), [0xCA, 0xFE])
            #expect(try await updates.next() == [0xCA, 0xFE])
            #expect(try await bean.readScratch(try ScratchBank(2)) == [0xCA, 0xFE])
        }
    }

    @Test func aBeanThatDisconnectsGivesAClearError() async throws {
        try await Bench().closing { bench in
            let bean = try await bench.connect()
            var updates = try await bean.scratchUpdates(.one).makeAsyncIterator()
            try await bench.loseLink()
            let during = await #expect(throws: ProfileError.self) { _ = try await updates.next() }
            #expect(during?.code == .disconnected)
            #expect(during?.message.hasPrefix("receiving scratch bank 1: Bean (D0:39:72:BE:A0:01) disconnected") == true)

            let after = await #expect(throws: ProfileError.self) { try await bean.setLight(BeanLight(isOn: true, color: .green)) }
            #expect(after?.code == .disconnected)
            #expect(after?.message.contains("check it is powered and in range") == true)
        }
    }

    @Test func banksAreKeptInFlashAndTheSketchUsesThemAtBoot() async throws {
        try await withTemporaryDirectory { directory in
            try await Bench(directory: directory).closing { first in
                try await first.connect().setLight(BeanLight(isOn: true, color: RGB(rgb: 0xFF8000)))
            }
            try await Bench(directory: directory).closing { second in
                let bean = try await second.connect()
                #expect(try await bean.readLight() == BeanLight(isOn: true, color: RGB(rgb: 0xFF8000)))
                #expect(second.device.strip().leadingCount(of: RGB(rgb: 0xFF8000)) == 1, "the first loop, at boot, lit pixel 0")
                second.pass(.milliseconds(1450))
                #expect(second.device.strip().uniformColor == RGB(rgb: 0xFF8000))
            }
        }
    }

    @Test func aDeviceWithoutTheScratchServiceIsNotABean() async throws {
        try await expectWrongDevice(Bean.init, recognizes: Bean.isBean)
    }

    @Test func theKindMakesNumberedBeans() throws {
        #expect(VirtualBean.kind.name == "bean")
        let beans = try VirtualDeviceCatalog.standard.adding(VirtualBean.kind).makeDevices(names: ["bean", "bean"])
        #expect(beans.map(\.name) == ["Bean", "Bean 2"])
        #expect(throws: VirtualError.self) { try VirtualBean(pixelCount: 0) }
    }
}

extension ProfileWorld where Device == VirtualBean {
    /// A Bean 3 m away whose sketch runs on ``clock``, keeping its banks in `directory`.
    init(directory: String? = nil) async throws {
        let clock = ManualClock()
        try await self.init(try VirtualBean(index: 0, directory: directory, sketchClock: clock), distance: 3, clock: clock)
    }

    /// The Bean picker, then a connection to the Bean.
    func connect() async throws -> Bean {
        let heard = try await central.scan(for: .seconds(1), filter: Bean.scanFilter)
        let discovery = try #require(heard.first)
        #expect(heard.count == 1)
        #expect(discovery.name == "Bean")
        #expect(Bean.isBean(discovery.advertisement))
        let bean = Bean(discovery.peripheral)
        try await bean.connect()
        return bean
    }

    /// Moves the sketch's clock on by `duration`.
    func pass(_ duration: Duration) {
        clock.advance(by: duration)
    }
}
