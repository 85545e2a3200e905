import DashboardShell
import Foundation
import Hummingbird
import Nightlight

/// A test hook into the `sim` world the dashboard runs on: acts on its virtual devices from
/// outside their radio (a child presses a nightlight's button, the link to it fails), so that a
/// soak test (`scripts/soak`) can drive a running dashboard process and compare what the
/// devices did with what the live sockets and the history said.
///
/// Only `nightlight dashboard --sim-control` (which refuses any transport but `sim`) sets one;
/// without it the routes do not exist. The routes are authenticated and checked for their origin
/// like every other write.
public struct SimControl: Sendable {
    /// What acting on a virtual device did, and the device's state after it.
    public struct Outcome: Codable, Sendable, Hashable {
        /// The device's address.
        public var address: String
        /// Its name (`SN-0002`).
        public var name: String
        /// The action performed (`press`, `linkLoss`), or nil when only the state was read.
        public var action: String?
        /// What the action did, in words, as the device (or the world) says it.
        public var outcome: String?
        /// For a virtual nightlight: its state now.
        public var nightlight: NightlightState?

        /// Creates an outcome.
        public init(address: String, name: String, action: String?, outcome: String?, nightlight: NightlightState?) {
            self.address = address
            self.name = name
            self.action = action
            self.outcome = outcome
            self.nightlight = nightlight
        }
    }

    /// A virtual nightlight's state as its firmware has it (the same JSON forms as the live
    /// socket's messages).
    public struct NightlightState: Codable, Sendable, Hashable {
        /// The firmware version it runs.
        public var firmwareVersion: String
        /// What it shows now.
        public var activeState: ActiveState
        /// Its child button.
        public var button: ButtonStatus

        /// Creates a state.
        public init(firmwareVersion: String, activeState: ActiveState, button: ButtonStatus) {
            self.firmwareVersion = firmwareVersion
            self.activeState = activeState
            self.button = button
        }
    }

    /// Performs `action` (nil: none, only the state) with `arguments` on the device at `address`
    /// (uppercased). Throws ``DashboardError`` (404 for an unknown device or action, 400 for bad
    /// arguments).
    public var perform: @Sendable (_ address: String, _ action: String?, _ arguments: [String]) async throws -> Outcome

    /// Creates a hook.
    public init(perform: @escaping @Sendable (_ address: String, _ action: String?, _ arguments: [String]) async throws -> Outcome) {
        self.perform = perform
    }
}

/// `/api/sim/devices/{address}` (the device's state) and
/// `/api/sim/devices/{address}/actions/{action}` (`{"arguments": […]}`): the ``SimControl`` hook.
struct SimControlController {
    let control: SimControl
    let link: DeviceLink

    private struct ActionRequest: Decodable {
        var arguments: [String]?
    }

    func add(to api: RouterGroup<DashboardContext>) {
        api.get("sim/devices/:address") { _, context in
            let address = try RequestInput.address(context)
            // The world exists once the radio is open.
            _ = try await link.radio.openCentral()
            return JSONBody.response(try await control.perform(address, nil, []))
        }
        api.post("sim/devices/:address/actions/:action") { request, context in
            let address = try RequestInput.address(context)
            let action = context.parameters.get("action") ?? ""
            let body = try await JSONBody.decode(ActionRequest.self, from: request)
            _ = try await link.radio.openCentral()
            return JSONBody.response(try await control.perform(address, action, body.arguments ?? []))
        }
    }
}
