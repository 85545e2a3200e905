import BLECore
import BLEProfilesSimulation
import BLESimulation
import BLETransport
import BLEVirtual
import DashboardShell
import DeviceExplorer
import NightlightDashboard
import NightlightSimulation
import Synchronization

/// `nightlight dashboard` on the `sim` world its radio opens: the LEDs of its virtual Beans for the
/// Bean panel (``beanStrips``), and with `--sim-control` the dashboard's ``SimControl``. The world
/// is caught as the `sim` factory makes it; an action is a virtual
/// device's own (``VirtualDevice/actions``: `press`, `hold 3`, …) or `linkLoss`, which breaks
/// the dashboard's connection to the device as a failed radio link does (both sides see
/// Connection Timeout).
final class SimControlHook: Sendable {
    private let transport = Mutex<SimTransport?>(nil)

    /// `factory`, noting the world (and the dashboard's central in it) each time it makes one.
    func capturing(_ factory: @escaping Transports.SimFactory) -> Transports.SimFactory {
        { options in
            let made = try await factory(options)
            if let sim = made as? SimTransport { self.transport.withLock { $0 = sim } }
            return made
        }
    }

    /// The hook for ``DashboardServer/Configuration/simControl``.
    var control: SimControl {
        SimControl { address, action, arguments in try await self.perform(address, action, arguments) }
    }

    /// The strips of the world's virtual Beans, for ``DashboardServer/Configuration/beanStrips``:
    /// nil for an address that is no virtual Bean (or before the world is open).
    var beanStrips: BeanStripWatch {
        { address in
            guard let sim = self.transport.withLock({ $0 }), let wanted = try? DeviceAddress(parsing: address),
                let bean = await sim.world.devices.first(where: { $0.address.value == wanted.value })?.device as? VirtualBean
            else { return nil }
            return bean.stripUpdates(includingCurrent: true)
        }
    }

    private func perform(_ address: String, _ action: String?, _ arguments: [String]) async throws -> SimControl.Outcome {
        guard let sim = transport.withLock({ $0 }) else {
            throw DashboardError(.serviceUnavailable, "radioUnavailable", "the sim world is not open")
        }
        let wanted = try DeviceAddress(parsing: address)
        guard let running = await sim.world.devices.first(where: { $0.address.value == wanted.value }) else {
            let names = await sim.world.devices.map { "\($0.device.name) (\($0.address))" }
            throw DashboardError(.notFound, "deviceNotFound", "no virtual device has the address \(address); there are: \(names.joined(separator: ", "))")
        }
        var outcome: String?
        switch action {
        case nil:
            break
        case "linkLoss":
            guard arguments.isEmpty else { throw DashboardError.invalid("arguments", "linkLoss takes no arguments") }
            let connected = sim.world.link.connectionCount
            sim.world.link.simulateLinkLoss(between: sim.controller, and: running.controller)
            outcome = sim.world.link.connectionCount < connected ? "the link was lost" : "there was no link to lose"
        case let name?:
            guard let deviceAction = running.device.actions.first(where: { $0.name == name }) else {
                let names = (["linkLoss"] + running.device.actions.map(\.name)).joined(separator: ", ")
                throw DashboardError(.notFound, "actionNotFound", "\(running.device.name) has no action '\(name)'; it has: \(names)")
            }
            do {
                outcome = try await deviceAction.perform(arguments)
            } catch let error as VirtualError where error.code == .invalidArgument {
                throw DashboardError.invalid("arguments", error.description)
            }
        }
        var state: SimControl.NightlightState?
        if let nightlight = running.device as? VirtualNightlight {
            let status = try await nightlight.status()
            state = SimControl.NightlightState(firmwareVersion: status.firmwareVersion, activeState: status.light.activeState, button: status.button)
        }
        return SimControl.Outcome(address: running.address.description, name: running.device.name, action: action, outcome: outcome, nightlight: state)
    }
}
