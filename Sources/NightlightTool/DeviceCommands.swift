import ArgumentParser
import BLECore
import BLEToolKit
import Foundation
import Nightlight
import NightlightDashboard
import NightlightStore

/// `nightlight status TARGET`.
struct StatusCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the nightlight shows now and why, its battery, clock, schedules, child button and today's timeline."
    )

    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let status = try await Session.run(target, options: options) { session in
            let status = try await session.client.status(app: SNClockTime(date: Date()))
            await session.store.record(status)
            if let rssi = try? await session.client.peripheral.readRSSI() {
                _ = try? await session.store.appendHistory(.rssi(dBm: rssi), for: status.identity.address)
            }
            return status
        }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(status))
            return
        }
        let terminal = TerminalOutput.standardOutput()
        let name = status.identity.childName.isEmpty ? "(no child name yet)" : status.identity.childName
        var lines = [
            "\(name) · \(status.identity.deviceName) (\(status.identity.address)) · firmware \(status.identity.firmwareVersion)",
            "Now:        \(status.activeState.mode.name) · \(status.activeState.colors.map(\.hex).joined(separator: " "))",
            "Battery:    \(status.batteryLevel) %\(status.powerState.isCharging ? " · charging" : "")",
            "Clock:      \(status.clock.isSet ? status.clock.description : "not set") · \(ClockSyncCheck(offset: status.clockOffsetSeconds.map { Duration.seconds($0) }, decision: status.clockDecision))",
            "Week:       \(status.weekSchedule.name)",
            "Temporary:  " + (status.temporarySchedule.isActive
                ? "\(status.temporarySchedule.remainingDays) day\(status.temporarySchedule.remainingDays == 1 ? "" : "s") left: \(status.temporarySchedule.periodsText)"
                : "none"),
            "Button:     \(status.button.isEnabled ? "enabled" : "disabled") · \(status.button.color.hex) · \(status.button.onTime) s · "
                + "\(status.buttonStatus.usesToday)/\(status.button.isUnlimited ? "∞" : String(status.button.dailyUsage)) today"
                + (status.buttonStatus.isLightOn ? " · light on, \(status.buttonStatus.remainingSeconds) s left" : ""),
            "Today:",
        ]
        lines += TimelineDrawing.lines(status.timeline, width: min(max((terminal.columns ?? 80) - 4, 48), 96), now: status.clock.isSet ? status.clock.minuteOfDay : nil)
        ToolOutput.write(lines.map { $0 + "\n" }.joined())
    }
}

/// Today's timeline in a terminal: a bar of 24 hours, one character per slot, and the segments
/// listed under it.
enum TimelineDrawing {
    static func lines(_ segments: [TimelineSegment], width: Int, now: Int?) -> [String] {
        let slots = max(24, width)
        var bar = ""
        for slot in 0..<slots {
            let minute = slot * 1440 / slots
            let lit = segments.first { $0.contains(minute: minute) && !$0.isIdle }
            bar += lit == nil ? "·" : "█"
        }
        var marker = String(repeating: " ", count: slots)
        if let now {
            let index = min(slots - 1, now * slots / 1440)
            marker = String(repeating: " ", count: index) + "▲ now"
        }
        let scale = "00:00" + String(repeating: " ", count: max(1, slots / 2 - 10)) + "12:00" + String(repeating: " ", count: max(1, slots - slots / 2 - 10)) + "24:00"
        var lines = ["  " + bar, "  " + marker, "  " + scale]
        for segment in segments where !segment.isIdle {
            lines.append("  \(segment)")
        }
        return lines
    }
}

/// `nightlight button show|set`.
struct ButtonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "button",
        abstract: "Show or change the child button: mode, colour, ON time, daily uses, deactivation window, shake mode.",
        subcommands: [ButtonShow.self, ButtonSet.self]
    )
}

struct ButtonShow: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the child button's settings and today's uses.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    struct Record: Codable, Sendable {
        var settings: ChildButtonSettings
        var status: ButtonStatus
    }

    func execute() async throws {
        let record = try await Session.run(target, options: options) { session in
            Record(settings: try await session.client.buttonSettings(), status: try await session.client.read(.buttonStatus))
        }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(record))
        } else {
            let settings = record.settings
            ToolOutput.print("""
                Mode:          \(settings.isEnabled ? "enabled" : "disabled")
                Colour:        \(settings.color.hex)
                ON time:       \(settings.onTime) s
                Daily uses:    \(settings.isUnlimited ? "unlimited" : String(settings.dailyUsage)) (used today: \(record.status.usesToday))
                Deactivation:  \(settings.deactivationWindow)
                Shake mode:    \(settings.shakeMode ? "on" : "off")
                Light:         \(record.status.isLightOn ? "on, \(record.status.remainingSeconds) s left" : "off")
                """)
        }
    }
}

struct ButtonSet: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Change child button settings (only those given).")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Option(name: .long, help: ArgumentHelp("on or off.", valueName: "on|off")) var mode: String?
    @Option(name: .long, help: ArgumentHelp("The light's colour, #RRGGBB.", valueName: "hex")) var color: String?
    @Option(name: .long, help: ArgumentHelp("Seconds the light stays on (1…3600).", valueName: "seconds")) var onTime: Int?
    @Option(name: .long, help: ArgumentHelp("Presses allowed per day (0: unlimited, up to 255).", valueName: "n")) var daily: Int?
    @Option(name: .long, help: ArgumentHelp("When presses are ignored: HH:MM-HH:MM (may wrap past midnight), or none.", valueName: "window")) var deactivation: String?
    @Option(name: .long, help: ArgumentHelp("Shaking turns the light's hue: on or off.", valueName: "on|off")) var shake: String?
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        _ = try changes(to: .factory)
    }

    /// `settings` with the options applied, validated.
    func changes(to settings: ChildButtonSettings) throws -> ChildButtonSettings {
        var settings = settings
        if let mode { settings.isEnabled = try Self.onOff(mode, "--mode") }
        if let shake { settings.shakeMode = try Self.onOff(shake, "--shake") }
        if let color {
            do { settings.color = try RGBColor(hex: color) } catch { throw ValidationError("invalid --color: \(error)") }
        }
        if let onTime { settings.onTime = onTime }
        if let daily { settings.dailyUsage = daily }
        if let deactivation { settings.deactivationWindow = try Self.window(deactivation) }
        do {
            try settings.validate()
        } catch {
            throw ValidationError("\(error)")
        }
        return settings
    }

    static func onOff(_ text: String, _ option: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "yes", "1", "true", "enabled": return true
        case "off", "no", "0", "false", "disabled": return false
        default: throw ValidationError("invalid \(option) '\(text)': expected on or off")
        }
    }

    static func window(_ text: String) throws -> DeactivationWindow {
        if ["none", "off", "never"].contains(text.lowercased()) { return .never }
        let parts = text.split(separator: "-").map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = try? MinuteOfDay.parse(parts[0]), let end = try? MinuteOfDay.parse(parts[1]) else {
            throw ValidationError("invalid --deactivation '\(text)': expected HH:MM-HH:MM (e.g. 08:00-18:00) or none")
        }
        return DeactivationWindow(start: start % 1440, end: end % 1440)
    }

    func execute() async throws {
        let settings = try await Session.run(target, options: options) { session in
            let updated = try changes(to: try await session.client.buttonSettings())
            try await session.client.writeButtonSettings(updated)
            return updated
        }
        try options.report(settings, "Child button updated.")
    }
}

/// `nightlight color TARGET …`: sets LED colours (shown while proof mode is on, §4.4).
struct ColorCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "color",
        abstract: "Set an LED colour: --hex, --rgb, or --hue/--saturation, with --dim.",
        discussion: "The colour shows while LED proof mode is on (`nightlight proof TARGET on`); with LED Link on, LED #1's colour is used for all four."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Option(name: .long, help: ArgumentHelp("#RRGGBB.", valueName: "hex")) var hex: String?
    @Option(name: .long, help: ArgumentHelp("R,G,B (0…255 each).", valueName: "r,g,b")) var rgb: String?
    @Option(name: .long, help: ArgumentHelp("Hue in degrees (0…360), with --saturation.", valueName: "degrees")) var hue: Double?
    @Option(name: .long, help: ArgumentHelp("Saturation 0…1 (0: white at the wheel's centre).", valueName: "s")) var saturation: Double?
    @Option(name: .long, help: ArgumentHelp("The dimmer, percent (1…100).", valueName: "percent")) var dim: Double?
    @Option(name: .long, help: ArgumentHelp("Which LED (1…4).", valueName: "n")) var led: Int = 1
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        _ = try color()
        guard (1...4).contains(led) else { throw ValidationError("--led must be 1…4, not \(led)") }
    }

    func color() throws -> RGBColor {
        let given = [hex != nil, rgb != nil, hue != nil || saturation != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give one colour: --hex #RRGGBB, --rgb R,G,B, or --hue H --saturation S") }
        var color: RGBColor
        if let hex {
            do { color = try RGBColor(hex: hex) } catch { throw ValidationError("invalid --hex: \(error)") }
        } else if let rgb {
            let parts = rgb.split(separator: ",").map { UInt8($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
                throw ValidationError("invalid --rgb '\(rgb)': expected R,G,B with each 0…255, e.g. 255,160,64")
            }
            color = RGBColor(red: r, green: g, blue: b)
        } else {
            guard let hue, let saturation, (0...360).contains(hue), (0...1).contains(saturation) else {
                throw ValidationError("--hue (0…360) and --saturation (0…1) go together")
            }
            color = RGBColor(hue: hue, saturation: saturation)
        }
        if let dim {
            guard (1...100).contains(dim) else { throw ValidationError("--dim must be 1…100 percent, not \(dim)") }
            color = color.withIntensity(dim / 100)
        }
        return color
    }

    func execute() async throws {
        let color = try color()
        try await Session.run(target, options: options) { try await $0.client.write(.ledColor(led), color) }
        try options.report(["led": String(led), "color": color.hex], "LED #\(led) colour set to \(color.hex).")
    }
}

/// `nightlight proof TARGET on|off`: LED proof (test) mode, §4.4.
struct ProofCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "proof",
        abstract: "Turn LED proof mode on or off: the LEDs show the colours set with `nightlight color`.",
        discussion: "The nightlight ends proof mode by itself when this central disconnects, or after 120 s without a write."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Argument(help: ArgumentHelp("on or off.", valueName: "on|off")) var state: String
    @Option(name: .long, help: ArgumentHelp("With on: keep the connection (and so proof mode) this many seconds.", valueName: "seconds")) var hold: Double = 0
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        _ = try ButtonSet.onOff(state, "state")
        guard hold >= 0, hold <= 120 else { throw ValidationError("--hold must be 0…120 seconds") }
    }

    func execute() async throws {
        let on = try ButtonSet.onOff(state, "state")
        let active = try await Session.run(target, options: options) { session in
            try await session.client.write(.ledProofMode, on)
            let state = try await session.client.read(.activeState)
            if on, hold > 0 { try await Task.sleep(for: .milliseconds(Int64(hold * 1000))) }
            return state
        }
        try options.report(active, "Proof mode \(on ? "on" : "off"): now \(active.mode.name), \(active.colors.map(\.hex).joined(separator: " ")).")
    }
}

/// `nightlight leds TARGET [--power on|off] [--link on|off]`: the LED Service's switches (SN
/// profile §4).
struct LEDsCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "leds",
        abstract: "Show the LEDs' settings, or turn the light off now and back on (--power), or link LED #2…#4 to LED #1 (--link).",
        discussion: """
            --power off cuts the LEDs' supply: the nightlight stays dark, whatever its schedules say, until --power on.             --link off lets each LED show its own colour in proof mode (`nightlight color TARGET --led N`).
            """
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Option(name: .long, help: ArgumentHelp("on or off: the LEDs' supply (LED Power Enable).", valueName: "on|off")) var power: String?
    @Option(name: .long, help: ArgumentHelp("on or off: LED #2…#4 follow LED #1 (LED Link).", valueName: "on|off")) var link: String?
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        if let power { _ = try ButtonSet.onOff(power, "--power") }
        if let link { _ = try ButtonSet.onOff(link, "--link") }
    }

    func execute() async throws {
        let power = try self.power.map { try ButtonSet.onOff($0, "--power") }
        let link = try self.link.map { try ButtonSet.onOff($0, "--link") }
        let settings = try await Session.run(target, options: options) { session in
            if let power { try await session.client.write(.ledPowerEnable, power) }
            if let link { try await session.client.write(.ledLink, link) }
            return try await session.client.ledSettings()
        }
        let colors = settings.isLinked
            ? "LED #1 colour \(settings.colors[0].hex) on all four"
            : settings.colors.enumerated().map { "LED #\($0.offset + 1) \($0.element.hex)" }.joined(separator: ", ")
        try options.report(
            settings,
            "LEDs \(settings.isPowerEnabled ? "on" : "off (the light stays dark until --power on)"); \(settings.isLinked ? "linked" : "not linked"); proof mode \(settings.isProofModeOn ? "on" : "off"); \(colors)."
        )
    }
}

/// `nightlight clock show|sync`.
struct ClockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Show or synchronise the nightlight's clock (the rules of SN-PROFILE §8).",
        subcommands: [ClockShow.self, ClockSync.self]
    )
}

struct ClockShow: ToolCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the nightlight's clock and its offset from this computer's.")
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let (clock, check) = try await Session.run(target, options: options) { session in
            let clock = try await session.client.read(.currentTime)
            return (clock, ClockPolicy.check(device: clock, app: SNClockTime(date: Date())))
        }
        try options.report(ClockRecord(clock: clock, offsetSeconds: check.offset?.inSeconds, decision: check.decision.rawValue, written: false), "\(clock.isSet ? clock.description : "not set") · \(check)")
    }
}

struct ClockRecord: Codable, Sendable {
    var clock: SNClockTime
    var offsetSeconds: Double?
    var decision: String
    var written: Bool
}

struct ClockSync: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Set the nightlight's clock by the §8 rules: silent under 5 min, told up to 30 min, asked beyond.",
        discussion: "Beyond 30 minutes the command asks on a terminal; --yes accepts, and without a terminal it cancels. --force writes the time whatever the difference."
    )
    @Argument(help: ArgumentHelp("The paired nightlight.", valueName: "target")) var target: String
    @Flag(name: .long, help: "Write the time whatever the difference.") var force = false
    @Flag(name: .long, help: "Accept an update over 30 minutes without asking.") var yes = false
    @OptionGroup var options: NightlightOptions

    func execute() async throws {
        let accept = yes
        let interactive = TerminalOutput.standardError().isTerminal && isatty(STDIN_FILENO) == 1
        let result = try await Session.run(target, options: options) { session in
            let result = try await session.client.syncClock(force: force) { check in
                if accept { return true }
                guard interactive else { return false }
                ToolOutput.writeError("The nightlight's clock is off by more than 30 minutes (\(check)). Update it? [y/N] ")
                let answer = readLine()?.lowercased() ?? ""
                return answer == "y" || answer == "yes"
            }
            await session.store.recordClockCheck(result.check, for: session.client.peripheral.identifier.description)
            return (clock: try await session.client.read(.currentTime), check: result.check, written: result.written)
        }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(ClockRecord(clock: result.clock, offsetSeconds: result.check.offset?.inSeconds, decision: result.check.decision.rawValue, written: result.written)))
            return
        }
        switch result.check.decision {
        case .inSync: ToolOutput.print("The clock is right (\(result.check)).")
        case .updateAndNotify: ToolOutput.print("The clock was off (\(result.check)); it is set now: \(result.clock).")
        case .askUser where !result.written: ToolOutput.print("The clock was not changed (\(result.check)); run with --yes to update it.")
        default: ToolOutput.print("Clock set: \(result.clock) (\(result.check)).")
        }
    }
}
