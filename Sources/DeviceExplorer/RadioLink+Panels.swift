import BLE
import BLECore
import DashboardShell
import Foundation

/// What the device panels (``PanelDevices``) need from the dashboard's one radio: a scan of every
/// advertiser that takes its turn with the other scans, and the peripheral at an address, heard
/// again when the radio does not know it yet.
extension RadioLink {
    /// Listens to every advertiser for `duration` and returns what was heard (the latest
    /// advertisement of each device); the central's scans take turns, so the nightlight search
    /// and the Explorer take turns with it.
    ///
    /// - Parameter stop: ends the scan early once it returns true for a discovery.
    func panelScan(
        for duration: Duration, clock: any Clock<Duration>, until stop: (@Sendable (Discovery) -> Bool)? = nil
    ) async throws -> [Discovery] {
        let central = try await openCentral()
        do {
            return try await central.scan(for: duration, until: stop)
        } catch {
            throw DashboardError.from(error)
        }
    }

    /// The peripheral at `address` (uppercased), the known one or the one heard while listening
    /// for it for up to `searchTime`; a 504 `notHeard` when it was not heard.
    func panelPeripheral(_ address: String, searchTime: Duration, clock: any Clock<Duration>) async throws -> Peripheral {
        try await peripheral(address, searchTime: searchTime)
    }
}
