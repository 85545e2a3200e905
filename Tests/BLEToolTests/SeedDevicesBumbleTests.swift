import BLETesting
import Foundation
import Testing

/// The virtual seed devices of docs/devices.md (`ble simulate bulb|bean|miband|sensortag`), each
/// on one of Bumble's virtual controllers, driven by a Bumble central on the other
/// (Tests/Interop/bumble_seed_central.py): what they advertise, their databases, reads, writes,
/// refusals and notifications, with the bytes checked against the documented behaviour. Runs in
/// CI; a missing Bumble fails there.
@Suite(
    .serialized,
    .enabled("Bumble is not available (create .venv with scripts/test, or set NIGHTLIGHT_PYTHON)") { await BumbleHarness.shouldRun() },
    .timeLimit(.minutes(3))
)
struct SeedDevicesBumbleTests {
    /// The central's own random address, one per device kind.
    static let centralAddresses = [
        "bulb": "C3:4E:4C:0C:00:06", "bean": "C3:4E:4C:0C:00:07", "miband": "C3:4E:4C:0C:00:08", "sensortag": "C3:4E:4C:0C:00:09",
    ]

    /// Characteristic properties (Core 5.4, Vol 3, Part G, 3.3.1.1).
    static let read = 0x02, writeWithoutResponse = 0x04, write = 0x08, notify = 0x10, indicate = 0x20

    /// ATT errors: Read Not Permitted, Invalid Attribute Value Length, Value Not Allowed, Out of
    /// Range; the Heart Rate service's Control Point Not Supported; the Mi Band's Not Authenticated.
    static let readNotPermitted = 0x02, invalidLength = 0x0D, valueNotAllowed = 0x13, outOfRange = 0xFF
    static let controlPointNotSupported = 0x80, notAuthenticated = 0x81

    // MARK: Colorific-style bulb

    @Test func aBumbleCentralSetsTheBulbsColorAtHandle0x0028() async throws {
        try await Self.withDevice("bulb") { central, address, cli, _ in
            let (advertisement, discovery) = try await Self.connect(central, to: address)
            // Flags, Immediate Alert in an incomplete list of 16-bit UUIDs, the name.
            #expect(advertisement.string("name") == "Colorific")
            #expect(advertisement.strings("services") == ["1802"])
            #expect(advertisement.string("advertising_data") == "020106" + "03020218" + Self.nameElement("Colorific"))

            // The layout of the doc's table: the color command's value lands on handle 0x0028.
            #expect(discovery.services.map { "\($0.uuid) \(Self.handle($0.start))-\(Self.handle($0.end))" } == [
                "1800 0x0001-0x0007", "1801 0x0008-0x0011", "180A 0x0012-0x0022", "1803 0x0023-0x0025", "1802 0x0026-0x0028",
            ])
            #expect(discovery.characteristics(of: "1802") == [.init(uuid: "2A06", handle: 0x0028, properties: Self.write | Self.writeWithoutResponse)])
            #expect(discovery.characteristics(of: "1803") == [.init(uuid: "2A06", handle: 0x0025, properties: Self.read | Self.write)])
            #expect(discovery.characteristics(of: "180A").map(\.uuid) == ["2A29", "2A24", "2A25", "2A27", "2A26", "2A28", "2A23", "2A50"])

            #expect(try await Self.read("2A00", central) == Array("Colorific".utf8))
            #expect(try await Self.read("2A01", central) == [0xC2, 0x07], "Appearance: LED Lamp")
            #expect(try await Self.read("2A24", central) == Array("Colorific-style bulb".utf8))
            let factory = Self.flash("bulb-0.json", cli)?["color"] as? String
            #expect(factory == nil || factory == "#FFFFFF", "a new bulb starts full white: \(String(describing: factory))")

            // The seed's red, as gatttool's char-write-req to handle 0x0028: kept in the bulb's flash.
            try await Self.write("0x0028", "58010301ff00ff0000", central)
            #expect(try await Self.waitForFlash("bulb-0.json", cli) { $0["color"] as? String == "#FF0000" }, "\(Self.flashText("bulb-0.json", cli))")

            // Anything but a color command is refused, and the color stays.
            #expect(try await Self.writeError("0x0028", "58010301ff01ff0000", central) == Self.valueNotAllowed, "another header")
            #expect(try await Self.writeError("0x0028", "5801", central) == Self.invalidLength, "another length")
            #expect(try await Self.readError("0x0028", central) == Self.readNotPermitted, "the color command is write-only")
            #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#FF0000")

            // gatttool's char-write-cmd: a Write Command sets the color too; a refused one is dropped.
            try await Self.write("0x0028", "58010301ff0000ff00", central, withResponse: false)
            #expect(try await Self.waitForFlash("bulb-0.json", cli) { $0["color"] as? String == "#00FF00" }, "\(Self.flashText("bulb-0.json", cli))")
            try await Self.write("0x0028", "58010301ff01ffffff", central, withResponse: false)
            _ = try await Self.read("2A00", central)  // a round trip after the command: the bulb has handled it
            #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#00FF00")

            // Link Loss: its own Alert Level (read, write; 0-2).
            #expect(try await Self.read("1803/2A06", central) == [0x00])
            try await Self.write("1803/2A06", "02", central)
            #expect(try await Self.read("1803/2A06", central) == [0x02])
            #expect(try await Self.writeError("1803/2A06", "03", central) == Self.outOfRange)

            // The bulb notifies nothing (its color is write-only, as on the real bulb): Service
            // Changed is the one characteristic a central can subscribe to, and its database never
            // changes.
            let subscribed = try await Self.subscribe("2A05", central)
            #expect(subscribed.int("handle") == 0x000A && subscribed.int("cccd") == 0x000B)
            #expect(discovery.characteristics(of: "1801").first == .init(uuid: "2A05", handle: 0x000A, properties: Self.indicate))

            try await Self.disconnect(central)
            #expect(Self.notifications("2A05", central).isEmpty)
        }
    }

    // MARK: LightBlue Bean

    static let serialService = "A495FF10-C5B1-4B44-B512-1370F02D74DE"
    static let serialCharacteristic = "A495FF11-C5B1-4B44-B512-1370F02D74DE"
    static let scratchService = "A495FF20-C5B1-4B44-B512-1370F02D74DE"

    /// Scratch bank `n`, `A495FF2n-C5B1-4B44-B512-1370F02D74DE`.
    static func bank(_ number: Int) -> String { "A495FF2\(number)-C5B1-4B44-B512-1370F02D74DE" }

    @Test func aBumbleCentralWritesTheSketchsLightToScratchBank1() async throws {
        try await Self.withDevice("bean") { central, address, cli, simulator in
            let (advertisement, discovery) = try await Self.connect(central, to: address)
            // Flags, the serial service (what the Bean picker scans for), the name.
            #expect(advertisement.string("name") == "Bean")
            #expect(advertisement.strings("services") == [Self.serialService])
            #expect(advertisement.string("advertising_data") == "020106" + "1107" + Self.littleEndian(Self.serialService) + Self.nameElement("Bean"))

            #expect(discovery.services.map(\.uuid) == ["1800", "1801", "180A", "180F", Self.serialService, Self.scratchService])
            let banks = discovery.characteristics(of: Self.scratchService)
            #expect(banks.map(\.uuid) == (1...5).map(Self.bank))
            #expect(banks.allSatisfy { $0.properties == Self.read | Self.write | Self.notify }, "\(banks)")
            #expect(discovery.characteristics(of: Self.serialService).map(\.uuid) == [Self.serialCharacteristic])
            #expect(discovery.characteristics(of: "180F").first?.properties == Self.read | Self.notify)

            #expect(try await Self.read("2A29", central) == Array("Punch Through Design".utf8))
            #expect(try await Self.read("2A24", central) == Array("LightBlue Bean".utf8))
            #expect(try await Self.read("2A19", central) == [100], "Battery Level 100 %")
            #expect(try await Self.read(Self.bank(1), central) == [], "a new Bean's banks are empty")

            let subscribed = try await Self.subscribe(Self.bank(1), central)
            let bank1 = try #require(banks.first)
            #expect(subscribed.int("handle") == bank1.handle && subscribed.int("cccd") == bank1.handle + 1)

            // What the app's switch and sliders send (seed 001): on, R, G, B.
            try await Self.write(Self.bank(1), "01ff8000", central)
            #expect(try await Self.read(Self.bank(1), central) == [0x01, 0xFF, 0x80, 0x00])
            #expect(try await Self.waitForFlash("bean-0.json", cli) { ($0["scratch"] as? [String])?.first == "01ff8000" }, "\(Self.flashText("bean-0.json", cli))")

            // A bank holds 0-20 bytes: 21 are refused and the bank keeps what it had.
            let twenty = Self.hex(Array(0..<20))
            #expect(try await Self.writeError(Self.bank(2), twenty + "14", central) == Self.invalidLength)
            #expect(try await Self.read(Self.bank(2), central) == [])
            try await Self.write(Self.bank(2), twenty, central)
            #expect(try await Self.read(Self.bank(2), central) == Array(0..<20))

            // Serial messages are taken and ignored.
            try await Self.write(Self.serialCharacteristic, "0102", central, withResponse: false)
            #expect(try await Self.read(Self.bank(1), central) == [0x01, 0xFF, 0x80, 0x00])
            #expect(try await Self.waitForFlash("bean-0.json", cli) { $0["scratch"] as? [String] == ["01ff8000", twenty, "", "", ""] }, "\(Self.flashText("bean-0.json", cli))")

            // A bank is notified when the sketch sets it (Bean.setScratchData): the simulator's
            // `scratch` action, typed on its standard input.
            _ = try await Self.subscribe(Self.bank(3), central)
            let before = central.output.count
            try simulator.send("scratch 3 cafe0102")
            let action = try #require(BumbleEvent(line: try await simulator.waitForLine { $0.contains("\"action\"") }))
            #expect(action.string("device") == "Bean" && action.string("action") == "scratch")
            #expect(action.string("result") == "the sketch set scratch bank 3 to cafe0102 (notified)")
            let notified = try await Self.notification(Self.bank(3), central, since: before, timeout: .seconds(10))
            #expect(notified.string("value") == "cafe0102")
            #expect(try await Self.read(Self.bank(3), central) == [0xCA, 0xFE, 0x01, 0x02])
            // A wrong line is refused with what to type, and the Bean runs on.
            try simulator.send("scratch 9 00")
            let refused = try #require(BumbleEvent(line: try await simulator.waitForLine { $0.contains("\"action_error\"") }))
            #expect(refused.string("input") == "scratch 9 00" && refused.string("message") == "BANK must be a whole number 1…5, not '9'")
            #expect(try await Self.read(Self.bank(1), central) == [0x01, 0xFF, 0x80, 0x00])

            try await Self.disconnect(central)
            // The central's own writes are not notified back.
            #expect(Self.notifications(Self.bank(1), central).isEmpty)
            #expect(Self.notifications(Self.bank(3), central).count == 1)
        }
    }

    // MARK: Mi Band 2

    static let bandAddress = "C8:0F:10:B2:00:01"
    static let batteryUUID = "00000006-0000-3512-2118-0009AF100700"
    static let activityUUID = "00000007-0000-3512-2118-0009AF100700"
    static let authenticationUUID = "00000009-0000-3512-2118-0009AF100700"
    /// The tools' key, the text `Nightlight-Band2`, and another one.
    static let key = "4e696768746c696768742d42616e6432"
    static let wrongKey = "000102030405060708090a0b0c0d0e0f"

    @Test func aBumbleCentralPairsWithTheMiBand2ReadsItsStepsAndMeasuresTheHeartRate() async throws {
        try await Self.withDevice("miband") { central, address, cli, _ in
            // The central's AES-128-ECB, against FIPS-197's example (Appendix C.1).
            #expect(try await central.waitForEvent("aes").string("fips197") == "69c4e0d86a7b0430d8cdb78070b4c55a")
            let (advertisement, discovery) = try await Self.connect(central, to: address)
            #expect(address == Self.bandAddress, "the band keeps its static random address on any controller")
            #expect(advertisement.string("name") == "MI Band 2")
            #expect(advertisement.strings("services") == ["FEE0"])
            #expect(advertisement.string("advertising_data") == "020106" + "0302e0fe" + Self.nameElement("MI Band 2"))

            #expect(discovery.characteristics(of: "FEE0").map { [$0.uuid: $0.properties] } == [
                [Self.batteryUUID: Self.read | Self.notify], [Self.activityUUID: Self.read | Self.notify],
            ])
            #expect(discovery.characteristics(of: "FEE1").map { [$0.uuid: $0.properties] } == [[Self.authenticationUUID: Self.writeWithoutResponse | Self.notify]])
            let heartRate = discovery.characteristics(of: "180D")
            #expect(heartRate.map(\.uuid) == ["2A37", "2A39"])
            #expect(heartRate.first?.properties == Self.notify)
            #expect(heartRate.last.map { $0.properties & Self.write != 0 } == true)

            _ = try await Self.subscribe(Self.authenticationUUID, central)
            _ = try await Self.subscribe("2A37", central)
            _ = try await Self.subscribe(Self.activityUUID, central)

            // The heart rate needs an authenticated app.
            #expect(try await Self.writeError("2A39", "150201", central) == Self.notAuthenticated)

            // A band not paired yet refuses the key: 10 03 04.
            let unpaired = try await Self.authenticate(Self.key, central)
            #expect(unpaired.answer == [0x10, 0x03, 0x04])

            // Pairing: 01 08 + key; the band vibrates, its wearer taps it (2 s), 10 01 01.
            let pairing = try await Self.ask(central, "pair \(Self.key)", timeout: .seconds(40))
            #expect(pairing.name == "auth" && pairing.string("step") == "pair", "\(pairing)")
            #expect(pairing.string("sent") == "0108" + Self.key)
            #expect(pairing.string("response") == "100101")
            #expect(try await Self.waitForFlash("miband-0.json", cli) { $0["keyHex"] as? String == Self.key }, "\(Self.flashText("miband-0.json", cli))")

            // Another key: 10 03 04; the paired key: 10 03 01, each against a new random number.
            let wrong = try await Self.authenticate(Self.wrongKey, central)
            #expect(wrong.answer == [0x10, 0x03, 0x04])
            let accepted = try await Self.authenticate(Self.key, central)
            #expect(accepted.answer == [0x10, 0x03, 0x01])
            #expect(Set([unpaired.random, wrong.random, accepted.random]).count == 3, "a new random number each time")

            // Today's activity: flags 0C, steps, meters (0.7 m a step), kcal (0.045 a step).
            let activity = try await Self.read(Self.activityUUID, central)
            #expect(activity.count == 13 && activity.first == 0x0C, "\(Self.hex(activity))")
            if activity.count == 13 {
                let (steps, meters, kilocalories) = (Self.uint32(activity, 1), Self.uint32(activity, 5), Self.uint32(activity, 9))
                #expect(steps >= 3000, "a new band starts at 3000 steps and its wearer only walks on")
                #expect(abs(Int(meters) - Int(Double(steps) * 0.7)) <= 1, "\(steps) steps, \(meters) m")
                #expect(abs(Int(kilocalories) - Int(Double(steps) * 0.045)) <= 1, "\(steps) steps, \(kilocalories) kcal")
            }

            // The battery: 0F, 83 %, on battery, …, last charged 2025-03-14 07:30 to 100 %.
            let battery = try await Self.read(Self.batteryUUID, central)
            #expect(battery.count == 20, "\(Self.hex(battery))")
            if battery.count == 20 {
                #expect(Array(battery.prefix(3)) == [0x0F, 83, 0x00])
                #expect(Array(battery[11..<19]) == [0xE9, 0x07, 3, 14, 7, 30, 0, 0])
                #expect(battery[19] == 100)
            }

            // An unknown command: Control Point Not Supported; 15 02 01: one measurement, notified
            // about 5 s later as flags 00 and the rate.
            #expect(try await Self.writeError("2A39", "150301", central) == Self.controlPointNotSupported)
            let asked = central.output.count
            try await Self.write("2A39", "150201", central)
            let measured = try await Self.notification("2A37", central, since: asked, timeout: .seconds(20))
            let bpm = try #require(measured.bytes("value"))
            #expect(bpm.count == 2 && bpm.first == 0x00, "\(Self.hex(bpm))")
            #expect(bpm.count == 2 && (50...150).contains(Int(bpm[1])), "\(Self.hex(bpm))")

            try await Self.disconnect(central)
            // The activity is notified as the wearer walks: each a whole record, never fewer steps.
            let walked = Self.notifications(Self.activityUUID, central).compactMap { $0.bytes("value") }
            #expect(walked.allSatisfy { $0.count == 13 && $0.first == 0x0C }, "\(walked.map(Self.hex))")
            let steps = walked.filter { $0.count == 13 }.map { Self.uint32($0, 1) }
            #expect(steps == steps.sorted())
        }
    }

    /// The handshake's `auth KEY`: 02 08 → 10 02 01 + random; 03 08 + AES(KEY, random) → the answer.
    static func authenticate(_ key: String, _ central: BumbleProcess) async throws -> (random: [UInt8], answer: [UInt8]) {
        let challenge = try await ask(central, "auth \(key)")
        try #require(challenge.name == "auth" && challenge.string("step") == "challenge", "\(challenge)")
        #expect(challenge.string("sent") == "0208")
        let response = try #require(challenge.bytes("response"))
        #expect(response.count == 19 && response.prefix(3) == [0x10, 0x02, 0x01], "\(hex(response))")
        let answer = try await central.waitForEvent("auth")
        #expect(answer.string("step") == "answer")
        #expect(answer.string("sent")?.hasPrefix("0308") == true && answer.string("sent")?.count == 36, "\(answer)")
        return (Array(response.dropFirst(3)), try #require(answer.bytes("response")))
    }

    // MARK: TI SensorTag

    /// TI's `F000xxxx-0451-4000-B000-000000000000`.
    static func ti(_ short: Int) -> String { String(format: "F000%04X-0451-4000-B000-000000000000", short) }

    @Test func aBumbleCentralSwitchesOnTheSensorTagsIRSensorAndFollowsItsReadings() async throws {
        try await Self.withDevice("sensortag") { central, address, cli, _ in
            let (advertisement, discovery) = try await Self.connect(central, to: address)
            #expect(advertisement.string("name") == "SensorTag")
            #expect(advertisement.strings("services") == ["FFE0"])
            #expect(advertisement.string("advertising_data") == "020106" + "0302e0ff" + Self.nameElement("SensorTag"))

            // Each sensor: data (read, notify), configuration and period (read, write); the
            // barometer's calibration (read) and its period at AA44; the keys (notify).
            for base in [0xAA00, 0xAA10, 0xAA20, 0xAA30, 0xAA50] {
                #expect(discovery.characteristics(of: Self.ti(base)).map { [$0.uuid: $0.properties] } == [
                    [Self.ti(base + 1): Self.read | Self.notify], [Self.ti(base + 2): Self.read | Self.write], [Self.ti(base + 3): Self.read | Self.write],
                ])
            }
            #expect(Set(discovery.characteristics(of: Self.ti(0xAA40)).map { "\($0.uuid) \($0.properties)" }) == [
                "\(Self.ti(0xAA41)) \(Self.read | Self.notify)", "\(Self.ti(0xAA42)) \(Self.read | Self.write)",
                "\(Self.ti(0xAA43)) \(Self.read)", "\(Self.ti(0xAA44)) \(Self.read | Self.write)",
            ])
            #expect(discovery.characteristics(of: "FFE0").map { [$0.uuid: $0.properties] } == [["FFE1": Self.notify]])

            #expect(try await Self.read("2A24", central) == Array("CC2541 SensorTag".utf8))
            #expect(try await Self.read("2A29", central) == Array("Texas Instruments".utf8))
            #expect(try await Self.read("2A25", central) == Array("NLST-000001".utf8))
            #expect(try await Self.read("2A26", central) == Array("1.5 (Nightlight)".utf8))

            // Every sensor starts off, at its power-up period (1 s), with no measurement yet.
            let (data, configuration, period) = (Self.ti(0xAA01), Self.ti(0xAA02), Self.ti(0xAA03))
            #expect(try await Self.read(data, central) == [0, 0, 0, 0])
            #expect(try await Self.read(configuration, central) == [0x00])
            #expect(try await Self.read(period, central) == [100])
            _ = try await Self.subscribe(data, central)
            _ = try await Self.subscribe("FFE1", central)

            // The period, in 10 ms: at least 300 ms for the IR sensor (Out of Range under it).
            #expect(try await Self.writeError(period, "1d", central) == Self.outOfRange)
            try await Self.write(period, "1e", central)
            #expect(try await Self.read(period, central) == [0x1E])
            // The configuration: 00 or 01 (Out of Range otherwise), one byte.
            #expect(try await Self.writeError(configuration, "02", central) == Self.outOfRange)
            #expect(try await Self.writeError(configuration, "0001", central) == Self.invalidLength)

            // On: it measures one period later and every period, notifying its data.
            let switchedOn = central.output.count
            try await Self.write(configuration, "01", central)
            #expect(try await Self.read(configuration, central) == [0x01])
            let first = try #require(try await Self.notification(data, central, since: switchedOn, timeout: .seconds(10)).bytes("value"))
            #expect(first.count == 4, "\(Self.hex(first))")
            if first.count == 4 {
                let reading = Self.tmp006(first)
                #expect((22.0...28.0).contains(reading.ambient), "a room at about 23.5 °C: \(reading) from \(Self.hex(first))")
                #expect((29.0...43.0).contains(reading.object), "a warm mug at about 35 °C: \(reading) from \(Self.hex(first))")
            }
            // A read gives the latest measurement (one of those notified).
            let latest = try await Self.read(data, central)
            _ = try await Self.notification(data, central, since: switchedOn, timeout: .seconds(5)) { $0.bytes("value") == latest }

            // The accelerometer of firmware 1.5: 01/02/03 choose ±8/±4/±2 g; 04 is Out of Range.
            let accelerometer = Self.ti(0xAA12)
            #expect(try await Self.writeError(accelerometer, "04", central) == Self.outOfRange)
            try await Self.write(accelerometer, "03", central)
            #expect(try await Self.read(accelerometer, central) == [0x03])
            try await Self.write(accelerometer, "00", central)

            // Off: no more measurements; the data keeps the last one.
            try await Self.write(configuration, "00", central)
            let switchedOff = central.output.count
            let kept = try await Self.read(data, central)
            #expect(try await Self.read(configuration, central) == [0x00])

            // The barometer's calibration reads zeros until 02 is written to its configuration;
            // with it, the doc's worked example (Tr 7491, Pr 42431) is 23.999 °C and 1013.26 hPa.
            #expect(try await Self.read(Self.ti(0xAA43), central) == Array(repeating: 0, count: 16))
            try await Self.write(Self.ti(0xAA42), "02", central)
            let calibration = try await Self.read(Self.ti(0xAA43), central)
            #expect(calibration.count == 16, "\(Self.hex(calibration))")
            if calibration.count == 16 {
                let (celsius, pascals) = Self.t5400(rawTemperature: 7491, rawPressure: 42431, calibration: calibration)
                #expect(abs(celsius - 23.999) < 0.0005, "\(celsius) °C from \(Self.hex(calibration))")
                #expect(abs(pascals / 100 - 1013.26) < 0.005, "\(pascals / 100) hPa from \(Self.hex(calibration))")
            }

            // The simulated user presses the right button for a second every 30 s (bit 0).
            let pressed = try await Self.notification("FFE1", central, timeout: .seconds(45)) { ($0.bytes("value")?.first ?? 0) & 0x01 != 0 }
            #expect(pressed.bytes("value")?.count == 1)
            let index = try #require(central.output.firstIndex(of: pressed.line))
            _ = try await Self.notification("FFE1", central, since: index + 1, timeout: .seconds(5)) { $0.bytes("value") == [0x00] }

            try await Self.disconnect(central)
            // Since switched off (more than a second ago): at most the measurement in flight, and
            // the data read back is the last one notified.
            let afterOff = Self.notifications(data, central, since: switchedOff)
            #expect(afterOff.count <= 1, "\(afterOff)")
            #expect(Self.notifications(data, central).last?.bytes("value") == kept)
        }
    }

    /// The TMP006 conversion of TI's SensorTag firmware (hal_irtemp.c, BLE stack 1.3) and User
    /// Guide, S0 = 6.4·10⁻¹⁴ as in the seed's Deanna app: object and ambient temperature, °C.
    static func tmp006(_ raw: [UInt8]) -> (object: Double, ambient: Double) {
        let ambient = Double(int16(raw, 2)) / 128
        let voltage = Double(int16(raw, 0)) * 156.25e-9
        let die = ambient + 273.15
        let (s0, a1, a2, b0, b1, b2, c2, reference) = (6.4e-14, 1.75e-3, -1.678e-5, -2.94e-5, -5.7e-7, 4.63e-9, 13.4, 298.15)
        let d = die - reference
        let sensitivity = s0 * (1 + a1 * d + a2 * d * d)
        let offset = b0 + b1 * d + b2 * d * d
        let f = (voltage - offset) + c2 * (voltage - offset) * (voltage - offset)
        return (pow(pow(die, 4) + f / sensitivity, 0.25) - 273.15, ambient)
    }

    /// The T5400 conversion of TI's guide with the 16 calibration bytes (c1…c4 `uint16`, c5…c8
    /// `int16`, little-endian): °C and Pa.
    static func t5400(rawTemperature: Double, rawPressure: Double, calibration bytes: [UInt8]) -> (celsius: Double, pascals: Double) {
        let c = (0..<8).map { index in index < 4 ? Double(uint16(bytes, 2 * index)) : Double(int16(bytes, 2 * index)) }
        let tr = rawTemperature
        let celsius = c[0] * tr / 16_777_216 + c[1] / 1024
        let s = c[2] + c[3] * tr / 131_072 + c[4] * tr * tr / 17_179_869_184
        let o = c[5] * 16384 + c[6] * tr / 8 + c[7] * tr * tr / 524_288
        return (celsius, (s * rawPressure + o) / 16384)
    }

    @Test func theConversionsOfTheTestMatchTheDocsWorkedExample() {
        // docs/devices.md: `d300 800c` is ambient 25.0 °C, object 33.80 °C.
        let reading = Self.tmp006([0xD3, 0x00, 0x80, 0x0C])
        #expect(reading.ambient == 25.0)
        #expect(abs(reading.object - 33.80) < 0.005, "\(reading.object)")
    }
}
