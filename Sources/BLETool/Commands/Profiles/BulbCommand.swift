import ArgumentParser
import BLE
import BLECore
import BLEProfiles
import BLESimulation
import BLEToolKit
import BLEVirtual
import Foundation

/// `ble bulb …`: a Colorific-style color bulb (seed 000, second half).
struct BulbCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bulb",
        abstract: "Set a Colorific-style color bulb's color, or walk it through every hue.",
        discussion: """
            The bulb takes 58 01 03 01 FF 00 RR GG BB on its Immediate Alert service (0x1802), \
            at handle 0x0028. The raw way, as with gatttool: \
            ble write-handle TARGET 0x0028 58010301ff00ff0000 (red).
            """,
        subcommands: [BulbColorCommand.self, BulbCycleCommand.self]
    )
}

/// `ble bulb color TARGET #RRGGBB`.
struct BulbColorCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "color",
        abstract: "Set the bulb's color: #RRGGBB, or off (#000000) or white (#FFFFFF)."
    )

    @Argument(help: ArgumentHelp("The bulb: its address or advertised name.", valueName: "target"))
    var target: String

    @Argument(help: ArgumentHelp("The color: #RRGGBB (e.g. #FF8000), off or white.", valueName: "color"))
    var color: String

    @Flag(name: .long, help: "Write Command (as gatttool char-write-cmd): the bulb does not confirm, nor report a refusal.")
    var withoutResponse = false

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try parsedColor()
    }

    private func parsedColor() throws -> RGB {
        do {
            return try RGB(hex: color)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func execute() async throws {
        let color = try parsedColor()
        let withResponse = !withoutResponse
        let name = try await Connected.run(target, options: options, profile: ColorBulb.init) { bulb, device in
            device.step("setting \(color)…")
            try await bulb.setColor(color, withoutResponse: !withResponse)
            return "\(device.peripheral)"
        }
        let command = ColorBulbCommand(color: color).encoded().hexString
        try options.report(
            BulbColorRecord(bulb: name, color: color, command: command, withResponse: withResponse),
            "\(name) is now \(color)\(color.isOff ? " (off)" : "") · sent \(command)\(withResponse ? "" : " without response")"
        )
    }
}

/// `ble bulb cycle TARGET`: every hue, as the seed's colorific.py does.
struct BulbCycleCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle",
        abstract: "Walk the bulb through every hue, as the seed's colorific.py does (one cycle in 5 s, a color every 50 ms).",
        discussion: "Runs until Ctrl-C unless --cycles is given."
    )

    @Argument(help: ArgumentHelp("The bulb: its address or advertised name.", valueName: "target"))
    var target: String

    @Option(name: .long, help: ArgumentHelp("Seconds for one cycle through the hues.", valueName: "seconds"))
    var period: Double = 5

    @Option(name: .long, help: ArgumentHelp("Colors per cycle.", valueName: "n"))
    var steps: Int = ColorBulb.cycleSteps

    @Option(name: .long, help: ArgumentHelp("Stop after this many cycles (default: until Ctrl-C).", valueName: "n"))
    var cycles: Int?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try Arguments.seconds(period, "--period", in: 0.1...3600)
        guard (2...10_000).contains(steps) else {
            throw ValidationError("--steps must be between 2 and 10000, not \(steps)")
        }
        if let cycles, cycles < 1 { throw ValidationError("--cycles must be at least 1, not \(cycles)") }
    }

    func execute() async throws {
        let period = try Arguments.seconds(self.period, "--period", in: 0.1...3600)
        let (steps, cycles) = (self.steps, self.cycles)
        let (name, sent) = try await Connected.run(target, options: options, profile: ColorBulb.init) { bulb, device in
            device.step("cycling through \(steps) hues every \(self.period) s\(cycles == nil ? "; Ctrl-C stops" : "")…")
            let sent = try await bulb.cycle(period: period, steps: steps, cycles: cycles, clock: ContinuousClock())
            return ("\(device.peripheral)", sent)
        }
        let last = ColorBulb.cycleColors(steps: steps)[(sent - 1) % steps]
        let count = sent / steps
        try options.report(
            BulbCycleRecord(bulb: name, colors: sent, cycles: count, steps: steps, period: self.period, last: last),
            "\(name): \(count) cycle\(count == 1 ? "" : "s") of \(steps) hues, \(self.period) s each (\(sent) colors, #FF0000 to \(last))"
        )
    }
}

/// `ble bulb color --json`.
struct BulbColorRecord: Codable {
    var bulb: String
    var color: RGB
    var command: String
    var withResponse: Bool
}

/// `ble bulb cycle --json`.
struct BulbCycleRecord: Codable {
    var bulb: String
    var colors: Int
    var cycles: Int
    var steps: Int
    var period: Double
    var last: RGB
}
