import BLE
import BLEBlueZ
import BLETransport

extension ToolEnvironment {
    /// Opens the central a transport spec names: for `bluez[:hciN]` BlueZ's adapter over the
    /// system bus (``BlueZBackend``; bluetoothd keeps its own bonds and asks the agent
    /// registered with it: a Just Works one unless the command sets its own), for every other
    /// spec our host, which `host` opens (with the command's bonds and pairing setup).
    public static func openCentral(_ spec: TransportSpec, host: () async throws -> Central) async throws -> Central {
        if case .bluez(let adapter) = spec { return try await openBlueZ(adapter: adapter) }
        return try await host()
    }

    /// The transport when none was asked for: `bluez` on BlueZ's first adapter when bluetoothd is
    /// on the system bus with one (as on a desktop, a laptop or Raspberry Pi OS), else `sim`.
    public static func automaticTransport() async -> TransportSpec {
        await BlueZBackend.firstAdapter().map { .bluez(adapter: $0) } ?? .sim
    }

    /// Opens BlueZ's adapter `hci<adapter>` over the system bus.
    public static func openBlueZ(adapter: Int) async throws -> Central {
        Central(backend: try await BlueZBackend.open(adapter: "hci\(adapter)"))
    }
}
