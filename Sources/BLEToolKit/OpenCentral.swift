import BLE
import BLEBlueZ
import BLETransport

extension ToolEnvironment {
    /// Opens the central a transport spec names: for `bluez[:hciN]` BlueZ's adapter over the
    /// system bus (``BlueZBackend``; bluetoothd keeps its own bonds and asks its own agent), for
    /// every other spec our host, which `host` opens (with the command's bonds and pairing setup).
    public static func openCentral(_ spec: TransportSpec, host: () async throws -> Central) async throws -> Central {
        if case .bluez(let adapter) = spec {
            return Central(backend: try await BlueZBackend.open(adapter: "hci\(adapter)"))
        }
        return try await host()
    }
}
