import BLE
import BLECore
import DashboardShell
import Foundation

/// What the Explorer page needs from the dashboard's one radio: its state, listening to every
/// advertiser, the peripherals heard, and connections to any device under the link's rules
/// (one operation at a time per device; a held connection is never released by the nightlight
/// idle timer).
extension RadioLink {
    /// The radio's state, opening the radio when needed; a radio that cannot be opened is
    /// `unauthorized` (no permission), `unsupported` (no Bluetooth on this system) or
    /// `poweredOff`, with the reason.
    func explorerRadioState() async -> (state: RadioState, message: String?) {
        do {
            let central = try await openCentral()
            return (await central.state, nil)
        } catch {
            return (openFailureRadioState ?? .poweredOff, DashboardError.from(error).message)
        }
    }

    /// The peripheral at `address` if the radio has heard it (or connected to it), else nil.
    func knownPeripheral(_ address: String) async throws -> Peripheral? {
        let central = try await openCentral()
        return try? await central.peripheral(named: address)
    }

    /// Listens to every advertiser for `duration`, calling `heard` for each advertisement; throws
    /// the radio's failure (a ``BLEError``) or ``DashboardError`` `closed`.
    ///
    /// The central runs one scan at a time, first come first served: `GET /api/scan`, the search
    /// for a nightlight and the panels' lists wait for the end of this round (and a caller that
    /// loops gives them their turn between rounds). Returns early, without scanning, when the
    /// task is cancelled.
    func listen(
        for duration: Duration,
        clock: any Clock<Duration>,
        _ heard: @escaping @Sendable (Discovery) async -> Void
    ) async throws {
        if Task.isCancelled { return }
        let central = try await openCentral()
        let stream: AsyncThrowingStream<Discovery, any Error>
        do {
            stream = try await central.scan(filter: ScanFilter(), active: true)
        } catch {
            if error.code == .cancelled, Task.isCancelled { return }
            throw error
        }
        let failure: (any Error)? = await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                do {
                    for try await discovery in stream { await heard(discovery) }
                    return nil
                } catch {
                    return error
                }
            }
            group.addTask {
                try? await clock.sleep(for: duration, tolerance: nil)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure, !Task.isCancelled { throw failure }
    }

    /// Keeps the device's connection from the nightlight idle timer until ``explorerRelease(_:)``.
    func explorerHold(_ address: String) {
        hold(address)
    }

    /// Ends one ``explorerHold(_:)``; returns whether nothing else (a nightlight page or request)
    /// uses the connection now.
    @discardableResult
    func explorerRelease(_ address: String) -> Bool {
        release(address)
        return useCount(address) == 0
    }

    /// Whether a nightlight page or request uses the device's connection now (besides `holds`
    /// Explorer holds).
    func isUsedElsewhere(_ address: String, explorerHolds holds: Int) -> Bool {
        useCount(address) > holds
    }

    /// Disconnects `peripheral` now (a nightlight's client included), after the operations
    /// already waiting for it.
    func explorerDisconnect(_ peripheral: Peripheral) async throws {
        let address = peripheral.identifier.description
        try await withDeviceLock(address) {
            await self.disconnect(address)
            peripheral.setReconnectPolicy(nil)
            try await peripheral.disconnect()
        }
    }
}
