import BLETesting
import Foundation
import Testing

/// `ble bulb|bean|miband|sensortag` (docs/devices.md) end to end on the default `sim` transport, as
/// processes: every subcommand in text and with `--json`, what the devices keep in their flash,
/// bad arguments as one line with exit 64, runtime failures as one line with exit 1.
@Suite(.timeLimit(.minutes(3)))
struct SeedDeviceCLITests {
    static let bulb = "Colorific (5C:31:3E:F2:16:13)"
    static let bean = "Bean (D0:39:72:BE:A0:01)"
    static let band = "MI Band 2 (C8:0F:10:B2:00:01)"
    static let tag = "SensorTag (BC:6A:29:AC:00:01)"
    /// The tools' Mi Band 2 key, the text `Nightlight-Band2`.
    static let key = "4e696768746c696768742d42616e6432"

    // MARK: ble bulb

    @Test func bulbColorSetsTheColorAndCycleWalksThroughTheHues() async throws {
        let cli = try CLIRunner()
        let orange = try await cli.run(["bulb", "color", "Colorific", "#FF8000"])
        #expect(orange.status == 0, "\(orange.stderr)")
        #expect(orange.stdout == "\(Self.bulb) is now #FF8000 · sent 58010301ff00ff8000\n")
        #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#FF8000", "the bulb keeps its color in flash")

        let off = try await cli.run(["bulb", "color", "Colorific", "off", "--json"])
        #expect(off.status == 0, "\(off.stderr)")
        let record = try #require(try off.json() as? [String: Any])
        #expect(record["bulb"] as? String == Self.bulb)
        #expect(record["color"] as? String == "#000000")
        #expect(record["command"] as? String == "58010301ff00000000")
        #expect(record["withResponse"] as? Bool == true)

        let white = try await cli.run(["bulb", "color", "5C:31:3E:F2:16:13", "white", "--without-response"])
        #expect(white.status == 0, "\(white.stderr)")
        #expect(white.stdout == "\(Self.bulb) is now #FFFFFF · sent 58010301ff00ffffff without response\n")
        #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#FFFFFF")

        let green = try await cli.run(["bulb", "color", "colorific", "0x00ff00", "--without-response", "--json"])
        #expect(green.status == 0, "\(green.stderr)")
        let greenRecord = try #require(try green.json() as? [String: Any])
        #expect(greenRecord["color"] as? String == "#00FF00" && greenRecord["withResponse"] as? Bool == false)

        // The seed's raw way: handle 0x0028 is the color.
        let raw = try await cli.run(["write-handle", "Colorific", "0x0028", "58010301ff00ff0000"])
        #expect(raw.stdout == "wrote 9 bytes to handle 0x0028 (without response)\n", "\(raw.stderr)")
        #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#FF0000")

        // colorsys.hsv_to_rgb truncated to bytes: 4 hues end at #7F00FF, 12 at #FF007F.
        let cycle = try await cli.run(["bulb", "cycle", "Colorific", "--cycles", "1", "--period", "0.2", "--steps", "4"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        #expect(cycle.stdout == "\(Self.bulb): 1 cycle of 4 hues, 0.2 s each (4 colors, #FF0000 to #7F00FF)\n")
        #expect(Self.flash("bulb-0.json", cli)?["color"] as? String == "#7F00FF", "the last color of the cycle stays on")

        let cycles = try await cli.run(["bulb", "cycle", "Colorific", "--cycles", "2", "--period", "0.2", "--steps", "12", "--json"])
        #expect(cycles.status == 0, "\(cycles.stderr)")
        let summary = try #require(try cycles.json() as? [String: Any])
        #expect(summary["bulb"] as? String == Self.bulb)
        #expect(summary["colors"] as? Int == 24 && summary["cycles"] as? Int == 2 && summary["steps"] as? Int == 12)
        #expect(summary["period"] as? Double == 0.2)
        #expect(summary["last"] as? String == "#FF007F")
    }

    // MARK: ble bean

    @Test func beanListShowAndSetTheSketchsLight() async throws {
        let cli = try CLIRunner()
        let list = try await cli.run(["bean", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines.count == 2 && list.lines.first == "NAME  ADDRESS            RSSI", "only the Beans: \(list.stdout)")
        #expect(list.lines.last.map { $0.hasPrefix("Bean  D0:39:72:BE:A0:01  -") && $0.hasSuffix(" dBm") } == true, "\(list.stdout)")

        let listed = try await cli.run(["bean", "list", "--duration", "1", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let beans = try #require(try listed.json() as? [[String: Any]])
        #expect(beans.count == 1)
        #expect(beans.first?["name"] as? String == "Bean" && beans.first?["address"] as? String == "D0:39:72:BE:A0:01")
        #expect((beans.first?["rssi"] as? Int).map { (-100...(-20)).contains($0) } == true)

        // A new Bean: bank 1 empty; the first `set` needs a color.
        let empty = try await cli.run(["bean", "show"])
        #expect(empty.stdout == "\(Self.bean): scratch bank 1 is empty; the sketch needs 4 (on, R, G, B) and leaves the strip as it is\n", "\(empty.stderr)")
        let emptyJSON = try #require(try await cli.run(["bean", "show", "Bean", "--json"]).json() as? [String: Any])
        #expect(emptyJSON["bean"] as? String == Self.bean && emptyJSON["bank1"] as? String == "")
        #expect(emptyJSON.keys.contains("light") && emptyJSON["light"] is NSNull, "light is null while bank 1 holds fewer than 4 bytes")
        let noColor = try await cli.run(["bean", "set", "--on"])
        #expect(noColor.status == 1)
        #expect(noColor.stderr == "ble: error: scratch bank 1 of \(Self.bean) holds no color yet; give one with --rgb R,G,B\n")

        let set = try await cli.run(["bean", "set", "Bean", "--on", "--rgb", "255,128,0"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "\(Self.bean): on, #FF8000 (255,128,0) · scratch bank 1 = 01ff8000; the strip follows at the sketch's next loop\n")
        let shown = try await cli.run(["bean", "show"])
        #expect(shown.stdout == "\(Self.bean): on, #FF8000 (255,128,0) · scratch bank 1 = 01ff8000\n", "\(shown.stderr)")

        // What is not given is kept from bank 1: --off keeps the color.
        let off = try await cli.run(["bean", "set", "--off"])
        #expect(off.stdout == "\(Self.bean): off, #FF8000 (255,128,0) · scratch bank 1 = 00ff8000; the strip follows at the sketch's next loop\n", "\(off.stderr)")
        let offJSON = try #require(try await cli.run(["bean", "show", "Bean", "--json"]).json() as? [String: Any])
        #expect(offJSON["bank1"] as? String == "00ff8000")
        let light = try #require(offJSON["light"] as? [String: Any])
        #expect(light["color"] as? String == "#FF8000" && light["isOn"] as? Bool == false)

        // --rgb alone keeps on/off.
        let blue = try await cli.run(["bean", "set", "D0:39:72:BE:A0:01", "--rgb", "0,0,255", "--json"])
        #expect(blue.status == 0, "\(blue.stderr)")
        let blueJSON = try #require(try blue.json() as? [String: Any])
        #expect(blueJSON["bean"] as? String == Self.bean && blueJSON["bank1"] as? String == "000000ff")
        #expect((blueJSON["light"] as? [String: Any])?["color"] as? String == "#0000FF")
        #expect((blueJSON["light"] as? [String: Any])?["isOn"] as? Bool == false)
        #expect((Self.flash("bean-0.json", cli)?["scratch"] as? [String])?.first == "000000ff", "the banks are kept in flash")
    }

    // MARK: ble miband

    @Test func mibandPairsThenReadsStepsBatteryAndHeartRate() async throws {
        let cli = try CLIRunner()
        let unpaired = try await cli.run(["miband", "steps", "MI Band 2"])
        #expect(unpaired.status == 1)
        #expect(unpaired.stderr == "ble: error: \(Self.band) refused key 4e696768…: it is paired with another key, or not paired yet; pair it with this key (its wearer taps the band to accept): `ble miband auth C8:0F:10:B2:00:01`\n")

        let paired = try await cli.run(["miband", "auth", "MI Band 2"])
        #expect(paired.status == 0, "\(paired.stderr)")
        #expect(paired.stdout == "\(Self.band): paired (the wearer tapped the band) and authenticated with key \(Self.key)\n")
        #expect(Self.flash("miband-0.json", cli)?["keyHex"] as? String == Self.key, "the band keeps the key in flash")
        let again = try #require(try await cli.run(["miband", "auth", "MI Band 2", "--json"]).json() as? [String: Any])
        #expect(again["band"] as? String == Self.band && again["key"] as? String == Self.key)
        #expect(again["paired"] as? Bool == false && again["authenticated"] as? Bool == true)
        let text = try await cli.run(["miband", "auth", "C8:0F:10:B2:00:01"])
        #expect(text.stdout == "\(Self.band): authenticated with key \(Self.key) (already paired)\n", "\(text.stderr)")

        let steps = try await cli.run(["miband", "steps", "MI Band 2"])
        #expect(steps.status == 0, "\(steps.stderr)")
        #expect(steps.stdout.range(of: #"^MI Band 2 \(C8:0F:10:B2:00:01\): \d+ steps · \d+ m · \d+ kcal \(raw 0c[0-9a-f]{24}\)\n$"#, options: .regularExpression) != nil, "\(steps.stdout)")
        let activity = try #require(try await cli.run(["miband", "steps", "MI Band 2", "--json"]).json() as? [String: Any])
        #expect(activity["band"] as? String == Self.band)
        let (count, meters, kilocalories) = (activity["steps"] as? Int ?? 0, activity["meters"] as? Int ?? -1, activity["kilocalories"] as? Int ?? -1)
        #expect(count >= 3000, "a new band starts at 3000 steps")
        #expect(abs(meters - Int(Double(count) * 0.7)) <= 1 && abs(kilocalories - Int(Double(count) * 0.045)) <= 1, "\(activity)")
        #expect(activity["raw"] as? String == "0c" + Self.uint32(count) + Self.uint32(meters) + Self.uint32(kilocalories))

        let battery = try await cli.run(["miband", "battery", "MI Band 2"])
        #expect(battery.stdout == "\(Self.band): battery 83 %, on battery, last charged 2025-03-14 07:30 to 100 %\n", "\(battery.stderr)")
        let batteryJSON = try #require(try await cli.run(["miband", "battery", "MI Band 2", "--json"]).json() as? [String: Any])
        #expect(batteryJSON["band"] as? String == Self.band && batteryJSON["level"] as? Int == 83 && batteryJSON["charging"] as? Bool == false)
        #expect(batteryJSON["lastCharge"] as? String == "2025-03-14 07:30" && batteryJSON["lastChargeLevel"] as? Int == 100)

        let heartRate = try await cli.run(["miband", "heart-rate", "MI Band 2"])
        #expect(heartRate.status == 0, "\(heartRate.stderr)")
        #expect(Self.bpm(in: heartRate.stdout, after: "\(Self.band): ").map { (50...150).contains($0) } == true, "\(heartRate.stdout)")
        let measured = try #require(try await cli.run(["miband", "heart-rate", "MI Band 2", "--json"]).json() as? [String: Any])
        #expect(measured["band"] as? String == Self.band)
        #expect((measured["bpm"] as? Int).map { (50...150).contains($0) } == true)
        #expect((measured["time"] as? String)?.hasSuffix("Z") == true)

        let continuous = try await cli.run(["miband", "heart-rate", "MI Band 2", "--continuous", "--count", "2"])
        #expect(continuous.status == 0, "\(continuous.stderr)")
        #expect(continuous.lines.count == 2, "\(continuous.stdout)")
        for line in continuous.lines {
            #expect(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z  \d+ bpm$"#, options: .regularExpression) != nil, "\(line)")
        }
        let lines = try await cli.run(["miband", "heart-rate", "C8:0F:10:B2:00:01", "--continuous", "--count", "1", "--json"])
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.lines.count == 1, "one JSON line per rate: \(lines.stdout)")
        let rate = try #require(try JSONSerialization.jsonObject(with: Data((lines.lines.first ?? "").utf8)) as? [String: Any])
        #expect(rate["band"] as? String == Self.band && (rate["bpm"] as? Int).map { (50...150).contains($0) } == true)

        let wrongKey = try await cli.run(["miband", "steps", "MI Band 2", "--key", "000102030405060708090a0b0c0d0e0f"])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr == "ble: error: \(Self.band) refused key 00010203…: it is paired with another key, or not paired yet; pair it with this key (its wearer taps the band to accept): `ble miband auth C8:0F:10:B2:00:01 --key 000102030405060708090a0b0c0d0e0f`\n")
    }

    @Test func mibandStepsWatchPrintsEachNewCount() async throws {
        let cli = try CLIRunner()
        #expect(try await cli.run(["miband", "auth", "MI Band 2"]).status == 0)
        // The first count is the band's now; the next comes when its wearer walks (the virtual
        // wearer starts a walk about every 20 s).
        let watched = try await cli.run(["miband", "steps", "MI Band 2", "--watch", "--count", "3"], timeout: .seconds(150))
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(watched.lines.count == 3, "\(watched.stdout)")
        var counts: [Int] = []
        for line in watched.lines {
            let match = line.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z  (\d+) steps · \d+ m · \d+ kcal/#)
            #expect(match != nil, "\(line)")
            if let match { counts.append(Int(match.1) ?? 0) }
        }
        #expect(counts.count == 3 && counts[0] >= 3000 && counts[0] <= counts[1] && counts[1] < counts[2], "each line a count as notified, growing: \(counts)")

        let json = try await cli.run(["miband", "steps", "C8:0F:10:B2:00:01", "--watch", "--count", "1", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.lines.count == 1, "one JSON line per count: \(json.stdout)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data((json.lines.first ?? "").utf8)) as? [String: Any])
        #expect(record["band"] as? String == Self.band && (record["steps"] as? Int ?? 0) >= 3000)
        #expect((record["time"] as? String)?.hasSuffix("Z") == true && (record["raw"] as? String)?.hasPrefix("0c") == true)
    }

    // MARK: ble sensortag

    @Test func sensortagMeasuresEverySensorOnce() async throws {
        let cli = try CLIRunner()
        let all = try await cli.run(["sensortag", "SensorTag"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.lines.first == Self.tag)
        #expect(all.lines.dropFirst().map { String($0.prefix(18)) } == [
            "  IR temperature  ", "  accelerometer   ", "  humidity        ", "  magnetometer    ", "  barometer       ", "  gyroscope       ",
        ], "\(all.stdout)")
        let units = [["object", "°C", "ambient"], ["x", " g", "z"], ["humidity", "%RH", "temperature"], ["µT"], ["pressure", "hPa"], ["°/s"]]
        for (line, words) in zip(all.lines.dropFirst(), units) {
            #expect(words.allSatisfy { line.contains($0) }, "\(line)")
        }

        let two = try await cli.run(["sensortag", "SensorTag", "--sensors", "ir,barometer"])
        #expect(two.lines.count == 3 && two.lines.first == Self.tag, "\(two.stdout) \(two.stderr)")
        #expect(two.lines.dropFirst().map { String($0.prefix(18)) } == ["  IR temperature  ", "  barometer       "])

        // The quantities, in the units of TI's guide, for the desk scene the virtual tag measures.
        let report = try #require(try await cli.run(["sensortag", "BC:6A:29:AC:00:01", "--json"]).json() as? [String: Any])
        #expect(report["tag"] as? String == Self.tag)
        let readings = try #require(report["readings"] as? [[String: Any]])
        #expect(readings.map { $0["sensor"] as? String ?? "" } == ["ir-temperature", "accelerometer", "humidity", "magnetometer", "barometer", "gyroscope"])
        let values = Dictionary(uniqueKeysWithValues: readings.map { ($0["sensor"] as? String ?? "", Self.quantities($0)) })
        #expect(values["ir-temperature"]?["object"].map { (29.0...43.0).contains($0.value) && $0.unit == "°C" } == true, "a warm mug: \(readings)")
        #expect(values["ir-temperature"]?["ambient"].map { (22.0...28.0).contains($0.value) } == true)
        #expect(values["accelerometer"]?["z"].map { (0.9...1.1).contains($0.value) && $0.unit == "g" } == true, "lying flat")
        #expect(values["humidity"]?["humidity"].map { (40.0...50.0).contains($0.value) && $0.unit == "%RH" } == true)
        #expect(values["magnetometer"]?["z"].map { (-50.0...(-34.0)).contains($0.value) && $0.unit == "µT" } == true, "the Earth's field")
        #expect(values["barometer"]?["pressure"].map { (1011.0...1015.5).contains($0.value) && $0.unit == "hPa" } == true)
        #expect(values["gyroscope"]?.values.allSatisfy { abs($0.value) < 5 && $0.unit == "°/s" } == true, "a gently tilting tag")
        for reading in readings {
            let raw = reading["raw"] as? String ?? ""
            #expect(!raw.isEmpty && raw.count % 2 == 0, "\(reading)")
            #expect(reading["keys"] is NSNull && reading["time"] is NSNull, "\(reading)")
        }

        let humidity = try await cli.run(["sensortag", "SensorTag", "--sensors", "humidity", "--json"])
        let only = try #require((try humidity.json() as? [String: Any])?["readings"] as? [[String: Any]])
        #expect(only.count == 1 && only.first?["sensor"] as? String == "humidity" && (only.first?["raw"] as? String)?.count == 8)
    }

    @Test func sensortagWatchFollowsTheReadingsLive() async throws {
        let cli = try CLIRunner()
        let accelerometer = try await cli.run(["sensortag", "SensorTag", "--watch", "--sensors", "accelerometer", "--period", "0.5", "--count", "2"])
        #expect(accelerometer.status == 0, "\(accelerometer.stderr)")
        #expect(accelerometer.lines.count == 2, "\(accelerometer.stdout)")
        for line in accelerometer.lines {
            #expect(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z  accelerometer: x -?\d+\.\d\d g · y -?\d+\.\d\d g · z -?\d+\.\d\d g$"#, options: .regularExpression) != nil, "\(line)")
        }

        let barometer = try await cli.run(["sensortag", "SensorTag", "--watch", "--sensors", "pressure", "--count", "1", "--json"])
        #expect(barometer.status == 0, "\(barometer.stderr)")
        #expect(barometer.lines.count == 1, "one JSON line per reading: \(barometer.stdout)")
        let reading = try #require(try JSONSerialization.jsonObject(with: Data((barometer.lines.first ?? "").utf8)) as? [String: Any])
        #expect(reading["sensor"] as? String == "barometer" && reading["keys"] is NSNull)
        #expect((reading["time"] as? String)?.hasSuffix("Z") == true)
        #expect(Self.quantities(reading)["pressure"].map { (1011.0...1015.5).contains($0.value) } == true, "\(reading)")

        let two = try await cli.run(["sensortag", "SensorTag", "--watch", "--sensors", "gyro,magnet", "--period", "0.1", "--count", "2", "--json"])
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.lines.count == 2, "\(two.stdout)")
        for line in two.lines {
            let sensor = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["sensor"] as? String
            #expect(sensor == "gyroscope" || sensor == "magnetometer", "\(line)")
        }

        // The simulated user presses the right button for a second, 10 s after the tag starts.
        let keys = try await cli.run(["sensortag", "SensorTag", "--watch", "--sensors", "keys", "--count", "2"], timeout: .seconds(40))
        #expect(keys.status == 0, "\(keys.stderr)")
        #expect(keys.lines.map { $0.split(separator: "  ", maxSplits: 1).last.map(String.init) ?? "" } == ["simple keys: right pressed", "simple keys: none pressed"], "\(keys.stdout)")
    }

    // MARK: Bad input and failures

    @Test(arguments: [
        (["bulb", "color", "Colorific", "purple"], "invalid color 'purple': expected #RRGGBB (six hex digits), e.g. #FF8000, or off or white (see `ble bulb color --help`)"),
        (["bulb", "color", "Colorific"], "Missing expected argument '<color>' (see `ble bulb color --help`)"),
        (["bulb", "cycle", "Colorific", "--steps", "1"], "--steps must be between 2 and 10000, not 1 (see `ble bulb cycle --help`)"),
        (["bulb", "cycle", "Colorific", "--cycles", "0"], "--cycles must be at least 1, not 0 (see `ble bulb cycle --help`)"),
        (["bulb", "cycle", "Colorific", "--period", "0"], "--period must be between 0.1 and 3600 seconds, not 0.0 (see `ble bulb cycle --help`)"),
        (["bean", "set"], "give --on, --off and/or --rgb R,G,B (see `ble bean set --help`)"),
        (["bean", "set", "--rgb", "255,0"], "invalid color '255,0': expected R,G,B: three numbers 0…255 separated by commas, e.g. 255,128,0 (see `ble bean set --help`)"),
        (["bean", "set", "--on", "--off"], "Value to be set with flag '--off' had already been set with flag '--on' (see `ble bean set --help`)"),
        (["bean", "list", "--duration", "0"], "--duration must be between 0.1 and 3600 seconds, not 0.0 (see `ble bean list --help`)"),
        (["miband", "auth", "MI Band 2", "--key", "00112233"], "invalid key '00112233': expected 32 hex digits, e.g. 4e696768746c696768742d42616e6432 (see `ble miband auth --help`)"),
        (["miband", "auth", "MI Band 2", "--tap-timeout", "0"], "--tap-timeout must be between 1 and 600 seconds, not 0.0 (see `ble miband auth --help`)"),
        (["miband", "heart-rate", "MI Band 2", "--count", "2"], "--count goes with --continuous (see `ble miband heart-rate --help`)"),
        (["miband", "heart-rate", "MI Band 2", "--continuous", "--count", "0"], "--count must be at least 1, not 0 (see `ble miband heart-rate --help`)"),
        (["miband", "steps"], "Missing expected argument '<target>' (see `ble miband steps --help`)"),
        (["miband", "steps", "MI Band 2", "--count", "2"], "--count goes with --watch (see `ble miband steps --help`)"),
        (["miband", "steps", "MI Band 2", "--watch", "--count", "0"], "--count must be at least 1, not 0 (see `ble miband steps --help`)"),
        (["sensortag", "SensorTag", "--sensors", "keys"], "the keys cannot be read, only followed: add --watch (see `ble sensortag --help`)"),
        (["sensortag", "SensorTag", "--sensors", "thermometer"], "unknown sensor 'thermometer'; known sensors: ir-temperature, accelerometer, humidity, magnetometer, barometer, gyroscope, keys (see `ble sensortag --help`)"),
        (["sensortag", "SensorTag", "--sensors", ","], "--sensors names no sensor (see `ble sensortag --help`)"),
        (["sensortag", "SensorTag", "--watch", "--period", "0.05"], "--period must be between 0.1 and 2.55 seconds (the tag counts in 10 ms steps up to 255), not 0.05 (see `ble sensortag --help`)"),
        (["sensortag", "SensorTag", "--watch", "--count", "0"], "--count must be at least 1, not 0 (see `ble sensortag --help`)"),
    ])
    func badArgumentsGiveOneLineAndStatus64(arguments: [String], message: String) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "ble: error: \(message)\n")
    }

    @Test(arguments: [
        (["bulb", "color", "MI Band 2", "#FF0000"], "MI Band 2 (C8:0F:10:B2:00:01) is not a color bulb: it has no Immediate Alert service (1802)"),
        (["write-handle", "Colorific", "0x0028", "58010301ff01ff0000", "--with-response"], "Write Characteristic Value failed on handle 0x0028: Write Request: Value Not Allowed (0x13)"),
        (["write-handle", "Colorific", "0x0028", "5801", "--with-response"], "Write Characteristic Value failed on handle 0x0028: Write Request: Invalid Attribute Value Length (0x0D)"),
        (["bean", "set", "MI Band 2", "--on", "--rgb", "1,2,3"], "MI Band 2 (C8:0F:10:B2:00:01) is not a LightBlue Bean: it has no scratch service (A495FF20-C5B1-4B44-B512-1370F02D74DE)"),
        (["miband", "steps", "Colorific"], "Colorific (5C:31:3E:F2:16:13) is not a Mi Band 2: it has no Mi Band 2 service (FEE1)"),
        (["bean", "show", "Nobody Here"], "no device named 'Nobody Here' was heard within 5.0 seconds; `ble scan` lists the devices around (names are matched whole, ignoring case)"),
    ])
    func runtimeFailuresGiveOneLineAndStatus1(arguments: [String], message: String) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "ble: error: \(message)\n")
    }

    @Test func aDeviceOfAnotherKindIsNotASensorTag() async throws {
        let result = try await CLIRunner().run(["sensortag", "MI Band 2"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("ble: error: \(Self.band) is not a "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(": it has no IR temperature service (F000AA00-0451-4000-B000-000000000000)\n"), "\(result.stderr)")
    }

    @Test func noControllerIsARuntimeFailure() async throws {
        let result = try await CLIRunner().run(["bean", "list", "--transport", "tcp-client:127.0.0.1:9"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("ble: error: tcp-client:127.0.0.1:9: connection to 127.0.0.1:9 refused"), "\(result.stderr)")
    }

    // MARK: Helpers

    /// A device's flash file (`bulb-0.json`, …) in the runner's directory, decoded.
    static func flash(_ name: String, _ cli: CLIRunner) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: cli.deviceDirectory.appending(path: name).path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A reading's `values`, by name.
    static func quantities(_ reading: [String: Any]) -> [String: (value: Double, unit: String)] {
        var result: [String: (value: Double, unit: String)] = [:]
        for quantity in reading["values"] as? [[String: Any]] ?? [] {
            if let name = quantity["name"] as? String, let value = quantity["value"] as? Double, let unit = quantity["unit"] as? String {
                result[name] = (value, unit)
            }
        }
        return result
    }

    /// The rate of a `PREFIX NN bpm` line.
    static func bpm(in text: String, after prefix: String) -> Int? {
        guard text.hasPrefix(prefix), text.hasSuffix(" bpm\n") else { return nil }
        return Int(text.dropFirst(prefix.count).dropLast(" bpm\n".count))
    }

    /// A `uint32` as 8 hex digits, least significant byte first.
    static func uint32(_ value: Int) -> String {
        (0..<4).map { String(format: "%02x", (value >> (8 * $0)) & 0xFF) }.joined()
    }
}
