import BLEProfilesSimulation
import BLESimulation
import BLETransport
import NightlightSimulation

/// The demo world of our executables: every virtual device we have, as `ble simulate` and the
/// `sim` transport offer them. The one module that knows them all, so that the generic tools
/// and the dashboard are given their world instead of knowing it.
public enum DemoWorld {
    /// The generic demo peripheral, two Smart Nightlights (the first still at factory settings,
    /// the second configured), and one of each seed device (`SeedDevices`).
    public static let catalog = VirtualDeviceCatalog.standard
        .adding(VirtualNightlight.kind, demoDistances: [1.5, 4])
        .addingSeedDevices()

    /// A `sim` world with the two virtual nightlights only (the first at factory settings),
    /// their settings kept in `directory` (nil: in memory).
    public static func nightlights(directory: String?) -> Transports.SimFactory {
        SimWorld.transportFactory { world in
            for (index, distance) in [1.5, 4].enumerated() {
                try await world.add(VirtualNightlight(index: index, directory: directory), distance: distance)
            }
        }
    }
}
