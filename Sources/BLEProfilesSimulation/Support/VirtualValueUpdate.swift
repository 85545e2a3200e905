import BLECore
import BLEProfiles

/// A value a virtual device's firmware sets and notifies.
struct VirtualValueUpdate: Sendable, Hashable {
    /// The characteristic.
    var uuid: BluetoothUUID
    /// Its new value.
    var value: [UInt8]
}
