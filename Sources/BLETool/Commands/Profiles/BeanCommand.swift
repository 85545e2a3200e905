import ArgumentParser
import BLE
import BLECore
import BLEProfiles
import BLEToolKit
import Foundation

/// `ble bean …`: a LightBlue Bean running the seed's NeoPixel sketch (seed 001).
struct BeanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bean",
        abstract: "Find LightBlue Beans and set the light of the seed's NeoPixel sketch (scratch bank 1: on, R, G, B).",
        discussion: """
            The sketch reads scratch bank 1 every second and wipes its 30-pixel strip to that \
            color (or to off), one pixel every 50 ms. Without TARGET, set and show use the one \
            Bean around.
            """,
        subcommands: [BeanListCommand.self, BeanSetCommand.self, BeanShowCommand.self]
    )

    /// How long the picker listens for Beans.
    static let pickerTime: Duration = .seconds(2)

    /// The Beans heard within `duration`, strongest first, on a central of their own.
    static func beans(options: ToolOptions, for duration: Duration) async throws -> [Discovery] {
        let central = try await options.openCentral()
        do {
            let heard = try await central.scan(for: duration, filter: Bean.scanFilter)
            await central.close()
            return heard
        } catch {
            await central.close()
            throw error
        }
    }

    /// TARGET, or the address of the one Bean around when none is given.
    static func resolve(_ target: String?, options: ToolOptions) async throws -> String {
        if let target { return target }
        let heard = try await beans(options: options, for: pickerTime)
        guard let first = heard.first else {
            throw ToolError("no Bean heard within \(pickerTime); is it powered and advertising? (`ble bean list` lists the Beans around)")
        }
        guard heard.count == 1 else {
            let names = heard.map { "\($0.name ?? "[No Name]") (\($0.address))" }.joined(separator: ", ")
            throw ToolError("\(heard.count) Beans are around (\(names)); give the one you mean as TARGET")
        }
        return first.address.description
    }

    /// Connects to the Bean, discovers its scratch banks and runs `body`.
    static func run<T: Sendable>(_ target: String?, options: ToolOptions, _ body: @Sendable (Bean) async throws -> T) async throws -> T {
        try await Connected.run(try await resolve(target, options: options), options: options, profile: Bean.init) { bean, _ in
            try await body(bean)
        }
    }
}

/// `ble bean list`: the Bean picker.
struct BeanListCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the Beans around (devices advertising the Bean serial service), strongest first."
    )

    @Option(name: .long, help: ArgumentHelp("How long to listen, in seconds.", valueName: "seconds"))
    var duration: Double = 2

    @OptionGroup var options: ToolOptions

    func validate() throws {
        _ = try Arguments.seconds(duration, "--duration", in: 0.1...3600)
    }

    func execute() async throws {
        let heard = try await BeanCommand.beans(options: options, for: try Arguments.seconds(duration, "--duration", in: 0.1...3600))
        let records = heard.map { BeanListRecord(name: $0.name, address: $0.address.description, rssi: $0.rssi) }
        if options.json {
            ToolOutput.print(try PresentationJSON.encode(records))
            return
        }
        guard !records.isEmpty else {
            ToolOutput.print("no Bean heard within \(duration) s")
            return
        }
        let names = records.map { $0.name ?? "[No Name]" }
        let width = max(4, names.map(TextLayout.width).max() ?? 0)
        ToolOutput.print(TextLayout.padded("NAME", to: width) + "  ADDRESS            RSSI")
        for (record, name) in zip(records, names) {
            let rssi = record.rssi.map { "\($0) dBm" } ?? "—"
            ToolOutput.print(TextLayout.padded(TextLayout.sanitized(name), to: width) + "  " + record.address + "  " + rssi)
        }
    }
}

/// `ble bean set [TARGET] --on|--off --rgb R,G,B`: what the app's switch and sliders send.
struct BeanSetCommand: ToolCommand {
    enum Power: String, EnumerableFlag {
        case on, off

        static func help(for value: Power) -> ArgumentHelp? {
            value == .on ? "Light the strip." : "Turn the strip off (the color is kept)."
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Write the light to scratch bank 1 (on, R, G, B); the sketch wipes the strip to it.",
        discussion: "What is not given is kept from bank 1 (a color is needed the first time)."
    )

    @Argument(help: ArgumentHelp("The Bean: its address or advertised name (default: the one Bean around).", valueName: "target"))
    var target: String?

    @Flag(exclusivity: .exclusive)
    var power: Power?

    @Option(name: .long, help: ArgumentHelp("The color as three numbers 0…255, e.g. 255,128,0.", valueName: "R,G,B"))
    var rgb: String?

    @OptionGroup var options: ToolOptions

    func validate() throws {
        guard power != nil || rgb != nil else {
            throw ValidationError("give --on, --off and/or --rgb R,G,B")
        }
        _ = try color()
    }

    private func color() throws -> RGB? {
        do {
            return try rgb.map { text throws(RGB.ParseError) in try RGB(components: text) }
        } catch {
            throw ValidationError(error.description)
        }
    }

    func execute() async throws {
        let (power, color) = (self.power, try color())
        let (name, light) = try await BeanCommand.run(target, options: options) { bean in
            var light: BeanLight
            if let power, let color {
                light = BeanLight(isOn: power == .on, color: color)
            } else {
                let current = try await bean.readLight()
                guard let chosen = color ?? current?.color else {
                    throw ToolError("scratch bank 1 of \(bean.peripheral) holds no color yet; give one with --rgb R,G,B")
                }
                light = BeanLight(isOn: power.map { $0 == .on } ?? current?.isOn ?? true, color: chosen)
            }
            try await bean.setLight(light)
            return ("\(bean.peripheral)", light)
        }
        try options.report(
            BeanLightRecord(bean: name, bank1: light.encoded().hexString, light: light),
            "\(name): \(Self.describe(light)) · scratch bank 1 = \(light.encoded().hexString); the strip follows at the sketch's next loop"
        )
    }

    /// `on, #FF8000 (255,128,0)`.
    static func describe(_ light: BeanLight) -> String {
        "\(light.isOn ? "on" : "off"), \(light.color) (\(light.color.components))"
    }
}

/// `ble bean show [TARGET]`: reads bank 1 back, as the app does when it opens.
struct BeanShowCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Read scratch bank 1 and show the light it holds (on, R, G, B)."
    )

    @Argument(help: ArgumentHelp("The Bean: its address or advertised name (default: the one Bean around).", valueName: "target"))
    var target: String?

    @OptionGroup var options: ToolOptions

    func execute() async throws {
        let (name, bytes) = try await BeanCommand.run(target, options: options) { bean in
            ("\(bean.peripheral)", try await bean.readScratch(.one))
        }
        let light = try? BeanLight(bytes: bytes)
        try options.report(BeanLightRecord(bean: name, bank1: bytes.hexString, light: light), Self.describe(name, bytes, light))
    }

    /// What bank 1 holds, in words.
    static func describe(_ name: String, _ bytes: [UInt8], _ light: BeanLight?) -> String {
        if let light { return "\(name): \(BeanSetCommand.describe(light)) · scratch bank 1 = \(bytes.hexString)" }
        let held = bytes.isEmpty ? "is empty" : "holds \(bytes.count) byte\(bytes.count == 1 ? "" : "s") (\(bytes.hexString))"
        return "\(name): scratch bank 1 \(held); the sketch needs 4 (on, R, G, B) and leaves the strip as it is"
    }
}

/// `ble bean list --json`: one Bean.
struct BeanListRecord: Codable {
    var name: String?
    var address: String
    var rssi: Int?
}

/// `ble bean set --json` and `ble bean show --json`.
struct BeanLightRecord: Codable {
    var bean: String
    /// Scratch bank 1, hex.
    var bank1: String
    /// The light it holds, or null when it holds fewer than 4 bytes.
    var light: BeanLight?

    /// The synthesized encoding, but an empty bank's light is `null` rather than left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bean, forKey: .bean)
        try container.encode(bank1, forKey: .bank1)
        try container.encode(light, forKey: .light)
    }
}
