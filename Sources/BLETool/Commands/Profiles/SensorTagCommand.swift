import ArgumentParser
import BLE
import BLECore
import BLEProfiles
import BLEToolKit
import Foundation

/// `ble sensortag TARGET [--sensors …] [--watch]`: a TI SensorTag's readings in physical units
/// (seed 004).
struct SensorTagCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensortag",
        abstract: "Read a TI SensorTag (CC2541): IR temperature, acceleration, humidity, magnetic field, pressure, rotation and keys, in physical units.",
        discussion: """
            Without --watch each sensor is switched on at its shortest period, read once and \
            switched off again. --watch follows the sensors live (every --period, and the keys \
            when a button changes) until Ctrl-C or --count. Sensors: \
            \(SensorTagSensor.allCases.map(\.rawValue).joined(separator: ", ")) (also ir, accel, \
            magnet, pressure, gyro, buttons).
            """
    )

    @Argument(help: ArgumentHelp("The tag: its address or advertised name (SensorTag).", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("The sensors, separated by commas (default: all; the keys only with --watch).", valueName: "list"))
    var sensors: String?

    @Flag(name: .long, help: "Follow the readings live.")
    var watch = false

    @Option(name: .long, help: ArgumentHelp("With --watch: seconds between readings (0.1…2.55; the IR sensor takes at least 0.3).", valueName: "seconds"))
    var period: Double = 1

    @Option(name: .long, help: ArgumentHelp("With --watch: stop after this many readings.", valueName: "n"))
    var count: Int?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        let chosen = try parsedSensors()
        _ = try parsedPeriod()
        if let count, count < 1 { throw ValidationError("--count must be at least 1, not \(count)") }
        if !watch, chosen == [.keys] {
            throw ValidationError("the keys cannot be read, only followed: add --watch")
        }
    }

    /// --period.
    func parsedPeriod() throws -> Duration {
        try Arguments.seconds(period, "--period", in: 0.1...2.55, " (the tag counts in 10 ms steps up to 255)")
    }

    /// The sensors asked for, in the order given.
    func parsedSensors() throws -> [SensorTagSensor] {
        guard let sensors else { return SensorTagSensor.allCases.filter { watch || $0 != .keys } }
        var result: [SensorTagSensor] = []
        for name in sensors.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let sensor = SensorTagSensor(name: name) else {
                throw ValidationError("unknown sensor '\(name)'; known sensors: \(SensorTagSensor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !result.contains(sensor) { result.append(sensor) }
        }
        guard !result.isEmpty else { throw ValidationError("--sensors names no sensor") }
        return result
    }

    func execute() async throws {
        let chosen = try parsedSensors()
        if watch {
            try await follow(chosen)
            return
        }
        let (name, readings) = try await Connected.run(target, options: options, profile: { SensorTag($0) }) { tag, device in
            device.step("measuring \(chosen.map(\.description).joined(separator: ", "))…")
            return ("\(device.peripheral)", try await tag.measure(chosen))
        }
        try options.report(SensorTagReport(tag: name, readings: readings.map { SensorTagReadingRecord($0, at: nil) }), String(Self.table(name, readings).dropLast()))
    }

    /// The readings as aligned lines under the tag's name.
    static func table(_ name: String, _ readings: [SensorTagReading]) -> String {
        let width = readings.map(\.sensor.description.count).max() ?? 0
        var text = name + "\n"
        for reading in readings {
            let label = reading.sensor.description
            text += "  " + label + String(repeating: " ", count: width - label.count) + "  " + reading.summary + "\n"
        }
        return text
    }

    private func follow(_ chosen: [SensorTagSensor]) async throws {
        let terminal = TerminalOutput.standardOutput()
        let live = terminal.isTerminal && !options.json
        let (json, count) = (options.json, count)
        let period = try parsedPeriod()
        try await Connected.run(target, options: options, profile: { SensorTag($0) }) { tag, device in
            device.step("switching on \(chosen.map(\.description).joined(separator: ", "))…")
            let readings = try await tag.readings(chosen, period: period)
            let name = "\(device.peripheral)"
            var latest: [SensorTagSensor: SensorTagReading] = [:]
            var frame = LiveFrame(columns: terminal.columns)
            try await device.follow(readings, count: count) { reading in
                let now = Date()
                if json {
                    ToolOutput.print(try PresentationJSON.encode(SensorTagReadingRecord(reading, at: now), layout: .line))
                } else if live {
                    latest[reading.sensor] = reading
                    let shown = chosen.compactMap { latest[$0] }
                    var lines = Self.table(name, shown).split(separator: "\n").map(String.init)
                    lines.append("every \(self.period) s · Ctrl-C stops")
                    ToolOutput.write(frame.redraw(lines))
                } else {
                    ToolOutput.print("\(Timestamp.iso8601(now))  \(reading.sensor.description): \(reading.summary)")
                }
            }
        }
    }
}

/// `ble sensortag --json`.
struct SensorTagReport: Codable {
    var tag: String
    var readings: [SensorTagReadingRecord]
}

/// One reading in JSON: the sensor, its raw bytes, and its quantities.
struct SensorTagReadingRecord: Codable {
    var sensor: String
    var raw: String
    var values: [SensorTagQuantity]
    var keys: String?
    var time: String?

    init(_ reading: SensorTagReading, at time: Date?) {
        sensor = reading.sensor.rawValue
        raw = reading.raw.hexString
        values = reading.quantities
        keys = reading.keysDown?.names
        self.time = time.map(Timestamp.iso8601)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sensor, forKey: .sensor)
        try container.encode(raw, forKey: .raw)
        try container.encode(values, forKey: .values)
        try container.encode(keys, forKey: .keys)
        try container.encode(time, forKey: .time)
    }
}
