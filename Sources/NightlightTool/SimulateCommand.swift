import ArgumentParser
import BLECore
import BLESimulation
import BLEToolKit
import Foundation
import Nightlight
import NightlightSimulation

/// `nightlight simulate press|shake|plug|unplug|clock|hold TARGET`: what a child (or a parent
/// with a charger, or months of clock drift) does to a virtual nightlight of the `sim` world. Its state is kept in its flash file, so the
/// next command sees the result.
struct SimulateNightlightCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Act on a virtual nightlight of the sim world: press or hold its button, shake it, plug or unplug its charger, put its clock off.",
        discussion: "Only the virtual nightlights of the default sim transport can be acted on this way. `clock` moves the nightlight's clock by --minutes (e.g. --minutes -45), to try the clock prompts of the app and the dashboard. `hold` holds the child button for --seconds: 3 opens the pairing window for 60 s (so another phone or computer can pair), 10 resets the nightlight to its factory settings (bonds, child name, schedules, LED and button settings; the firmware, clock and battery are kept)."
    )

    enum Action: String, ExpressibleByArgument, CaseIterable, Sendable {
        case press, shake, plug, unplug, clock, hold
    }

    @Argument(help: ArgumentHelp("press, shake, plug, unplug, clock or hold.", valueName: "action")) var action: Action
    @Argument(help: ArgumentHelp("The virtual nightlight: its address or device name (SN-XXXX), or a paired child name.", valueName: "target")) var target: String
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("For clock: how many minutes to move the clock (negative: behind), −1440…1440.", valueName: "minutes")
    ) var minutes: Double?
    @Option(name: .long, help: ArgumentHelp("For hold: how many seconds the button is held, 0…60 (3 opens the pairing window, 10 resets to factory settings).", valueName: "seconds"))
    var seconds: Double?
    @OptionGroup var options: NightlightOptions

    func validate() throws {
        if action == .clock {
            guard let minutes else { throw ValidationError("clock needs --minutes, e.g. --minutes -45 to put the clock 45 minutes behind") }
            guard minutes.isFinite, abs(minutes) <= 1440 else { throw ValidationError("--minutes must be −1440…1440, not \(minutes)") }
        } else if minutes != nil {
            throw ValidationError("--minutes goes with clock only")
        }
        if action == .hold {
            guard let seconds else { throw ValidationError("hold needs --seconds: 3 opens the pairing window, 10 resets to factory settings") }
            guard seconds.isFinite, (0...60).contains(seconds) else { throw ValidationError("--seconds must be 0…60, not \(seconds)") }
        } else if seconds != nil {
            throw ValidationError("--seconds goes with hold only")
        }
        guard try options.tool.resolvedTransport() == .sim else {
            throw ValidationError("simulate acts on the virtual nightlights of the sim transport; leave --transport out (or give sim)")
        }
    }

    func execute() async throws {
        var address = target
        if let store = try? options.openStore() {
            if let paired = try? await store.findDevice(target) { address = paired.address }
            try? store.close()
        }
        let world = SimWorld(logger: options.tool.logger())
        do {
            let running = try await ToolEnvironment.catalog.populate(world, directory: ToolEnvironment.deviceDirectory)
            let wanted = try? DeviceAddress(parsing: address)
            guard let device = running.lazy.compactMap({ $0.device as? VirtualNightlight }).first(where: { device in
                wanted.map { $0.value == device.address.value } ?? (device.name.caseInsensitiveCompare(address) == .orderedSame)
            }) else {
                let names = running.compactMap { ($0.device as? VirtualNightlight).map { "\($0.name) (\($0.address))" } }
                throw ToolError("no virtual nightlight '\(target)' in the sim world; there are: \(names.joined(separator: ", "))")
            }
            // The device's own action of that name (what `ble simulate` runs from standard input).
            guard let deviceAction = device.actions.first(where: { $0.name == action.rawValue }) else {
                throw ToolError("\(device.name) has no action '\(action.rawValue)'")
            }
            let words: [String] = switch action {
            case .clock: [String(minutes ?? 0)]
            case .hold: [String(seconds ?? 0)]
            default: []
            }
            let outcome = try await deviceAction.perform(words)
            let status = try await device.status()
            await world.shutDown()
            if options.json {
                ToolOutput.print(try PresentationJSON.encode(["device": device.name, "action": action.rawValue, "outcome": outcome, "mode": status.light.mode.name]))
            } else {
                ToolOutput.print("\(device.name): \(action.rawValue): \(outcome); now \(status.light.mode.name).")
            }
        } catch {
            await world.shutDown()
            throw error
        }
    }
}
