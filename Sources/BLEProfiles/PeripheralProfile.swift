import BLE

/// A typed client of one kind of seed device on a ``Peripheral`` of the `BLE` API: what
/// ``ColorBulb``, ``Bean``, ``MiBand2`` and ``SensorTag`` have in common, so a tool connects any
/// of them the same way.
///
/// ```swift
/// let bulb = ColorBulb(peripheral)
/// try await bulb.connect()            // connects if needed, then discovers
/// ```
public protocol PeripheralProfile: Sendable {
    /// The device.
    var peripheral: Peripheral { get }
    /// Discovers the profile's services and characteristics on the connected device (again after
    /// a reconnection); throws ``ProfileError/Code/wrongDevice`` when the device lacks them.
    func discover() async throws(ProfileError)
}

extension PeripheralProfile {
    /// Connects (if needed, within `timeout`) and discovers the profile (``discover()``).
    public func connect(timeout: Duration = .seconds(10)) async throws(ProfileError) {
        do {
            try await peripheral.connect(timeout: timeout, watchdog: timeout + .seconds(10))
        } catch {
            throw .bluetooth(error, "connecting", device: "\(peripheral)")
        }
        try await discover()
    }
}
