import ArgumentParser
import BLECore
import BLETool
import BLEVirtual
import Foundation
import Nightlight

/// `nightlight simulate press|shake|plug|unplug TARGET`: what a child (or a parent with a charger)
/// does to a virtual nightlight of the `sim` world. Its state is kept in its flash file, so the
/// next command sees the result.
struct SimulateNightlightCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Act on a virtual nightlight of the sim world: press its button, shake it, plug or unplug its charger.",
        discussion: "Only the virtual nightlights of the default sim transport can be acted on this way."
    )

    static func describe(_ outcome: ButtonPressOutcome) -> String {
        switch outcome {
        case .turnOn: "the child button light turned on"
        case .turnOff: "the child button light turned off"
        case .ignored(.disabled): "ignored: the child button is disabled"
        case .ignored(.deactivationWindow): "ignored: it is within the deactivation window"
        case .ignored(.dailyLimitReached): "ignored: today's presses are used up"
        }
    }

    enum Action: String, ExpressibleByArgument, CaseIterable, Sendable {
        case press, shake, plug, unplug
    }

    @Argument(help: ArgumentHelp("press, shake, plug or unplug.", valueName: "action")) var action: Action
    @Argument(help: ArgumentHelp("The virtual nightlight: its address or device name (SN-XXXX), or a paired child name.", valueName: "target")) var target: String
    @OptionGroup var options: NightlightOptions

    func validate() throws {
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
            let outcome: String
            switch action {
            case .press: outcome = Self.describe(try await device.press())
            case .shake: outcome = try await device.shake() ? "the light's hue turned" : "nothing happened (the light is off or shake mode is off)"
            case .plug:
                try await device.plug()
                outcome = "charging"
            case .unplug:
                try await device.unplug()
                outcome = "on battery"
            }
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
