import Nightlight
import NightlightStore

extension NightlightStore {
    /// Remembers what a status read showed: the paired SN's names, battery, mode and firmware,
    /// and a battery entry in its history. Failures are not the caller's concern (the status was
    /// read); they are ignored, and a SN that is not paired is left alone.
    public func record(_ status: SNStatus) async {
        let address = status.identity.address
        _ = try? await updateDevice(address, DeviceUpdate(
            deviceName: status.identity.deviceName, childName: status.identity.childName.isEmpty ? nil : status.identity.childName,
            batteryLevel: status.batteryLevel, isCharging: status.powerState.isCharging,
            activeMode: Int(status.activeState.mode.rawValue), firmwareVersion: status.identity.firmwareVersion
        ))
        _ = try? await appendHistory(.battery(level: status.batteryLevel, isCharging: status.powerState.isCharging), for: address)
    }
}
