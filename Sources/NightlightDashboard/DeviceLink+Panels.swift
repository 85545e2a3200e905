import BLE
import BLECore
import Foundation

/// What the device panels (``PanelDevices``) need from the dashboard's one radio: a scan of every
/// advertiser that takes its turn with the other scans, and the peripheral at an address, heard
/// again when the radio does not know it yet.
extension DeviceLink {
    /// Listens to every advertiser for `duration` and returns what was heard (the latest
    /// advertisement of each device), holding the link's scan lock meanwhile so the nightlight
    /// search and the Explorer take turns with it.
    ///
    /// - Parameter stop: ends the scan early once it returns true for a discovery.
    func panelScan(
        for duration: Duration, clock: any Clock<Duration>, until stop: (@Sendable (Discovery) -> Bool)? = nil
    ) async throws -> [Discovery] {
        try await withScanLock { try await self.panelScanHoldingTheScanLock(for: duration, clock: clock, until: stop) }
    }

    private func panelScanHoldingTheScanLock(
        for duration: Duration, clock: any Clock<Duration>, until stop: (@Sendable (Discovery) -> Bool)?
    ) async throws -> [Discovery] {
        let central = try await openCentral()
        var attempt = 0
        while true {
            do {
                let heard = try await central.scan(for: duration, until: stop)
                // The central ends its scan asynchronously; wait for that so the next scan starts.
                var waits = 0
                while waits < 40, await central.isScanning {
                    waits += 1
                    try? await clock.sleep(for: .milliseconds(25), tolerance: nil)
                }
                return heard
            } catch {
                attempt += 1
                guard error.code == .busy, attempt < 40 else { throw DashboardError.from(error) }
                try await clock.sleep(for: .milliseconds(25), tolerance: nil)
            }
        }
    }

    /// The peripheral at `address` (uppercased), the known one or the one heard while listening
    /// for it for up to `searchTime`; a 504 `notHeard` when it was not heard.
    func panelPeripheral(_ address: String, searchTime: Duration, clock: any Clock<Duration>) async throws -> Peripheral {
        let central = try await openCentral()
        if let known = await central.peripherals.first(where: { $0.identifier.description.uppercased() == address }) {
            return known
        }
        let heard = try await panelScan(for: searchTime, clock: clock) { $0.address.description.uppercased() == address }
        guard let found = heard.first(where: { $0.address.description.uppercased() == address }) else {
            throw DashboardError(.gatewayTimeout, "notHeard", "the device \(address) was not heard within \(searchTime); check it is switched on and in range")
        }
        return found.peripheral
    }
}
