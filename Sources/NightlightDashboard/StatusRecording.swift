import DashboardShell
import Foundation
import Nightlight
import NightlightStore
import Synchronization

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

    /// Keeps a §8 clock check in the nightlight's history when it found the clock off or not
    /// set (whether it was corrected or not), the same for the dashboard and the tool, pairing
    /// included; a check that found the clock right is not kept. A clock that was not set has
    /// no offset: it is kept as 0 with the decision `clockNotSet`. Failures are ignored.
    public func recordClockCheck(_ check: ClockSyncCheck, for address: String) async {
        guard check.decision != .inSync else { return }
        _ = try? await appendHistory(.clockCorrection(offsetSeconds: check.offset?.inSeconds ?? 0, decision: check.decision.rawValue), for: address)
    }
}

/// Keeps the battery history while pages show a nightlight: the level and charging state the
/// live feed reports go into the history when they change from the first ones seen (which the
/// status reads record), and every ``interval`` when they stay the same, however many pages show
/// that nightlight.
final class BatteryHistoryRecorder: Sendable {
    private struct Reading {
        var level: Int?
        var isCharging: Bool?
        var recorded: (level: Int, isCharging: Bool, date: Date)?
    }

    /// How often an unchanged reading is recorded again.
    static let interval: TimeInterval = 15 * 60

    private let store: NightlightStore
    private let now: @Sendable () -> Date
    private let readings = Mutex<[String: Reading]>([:])

    init(store: NightlightStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Notes a live message about the nightlight at `address`; battery and power messages may
    /// add an entry to its history.
    func observe(_ message: LiveMessage, address: String) async {
        guard message.type == "battery" || message.type == "power" else { return }
        let date = now()
        let due: (level: Int, isCharging: Bool)? = readings.withLock { readings in
            var reading = readings[DeviceLink.key(address)] ?? Reading()
            if let level = message.batteryLevel { reading.level = level }
            if let isCharging = message.isCharging { reading.isCharging = isCharging }
            defer { readings[DeviceLink.key(address)] = reading }
            guard let level = reading.level, let isCharging = reading.isCharging else { return nil }
            guard let last = reading.recorded else {
                // The values a feed starts with: status reads record those; this is the baseline.
                reading.recorded = (level, isCharging, date)
                return nil
            }
            if last.level == level, last.isCharging == isCharging, date.timeIntervalSince(last.date) < Self.interval {
                return nil
            }
            reading.recorded = (level, isCharging, date)
            return (level, isCharging)
        }
        if let due {
            _ = try? await store.appendHistory(.battery(level: due.level, isCharging: due.isCharging), for: address)
        }
    }
}
