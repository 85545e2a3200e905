import DashboardShell
import Foundation
import Nightlight
import NightlightStore

/// What an alert is about (docs/dashboard-api.md, "Alerts").
enum AlertKind: String, Codable, Sendable, CaseIterable {
    /// The battery is under 20 % and not charging.
    case batteryLow
    /// The battery is under 5 % and not charging (it replaces `batteryLow`).
    case batteryCritical
    /// The clock is more than 30 minutes off (SN §8: the parent is asked before it is corrected).
    case clockOff
    /// The clock has lost the time (it reads as not set, e.g. after the battery ran flat).
    case clockNotSet
    /// The hub has not reached the nightlight for ``AlertMonitor/Thresholds/unreachableAfter``
    /// and its last attempt failed.
    case unreachable
    /// The last firmware update failed (the nightlight runs its old firmware).
    case firmwareFailed

    /// How bad it is: `critical` (act now) or `warning`.
    var severity: String {
        switch self {
        case .batteryCritical, .firmwareFailed: "critical"
        case .batteryLow, .clockOff, .clockNotSet, .unreachable: "warning"
        }
    }
}

/// One alert as `GET /api/alerts` and the history give it.
struct AlertReport: Codable, Sendable, Hashable {
    var id: Int64
    var address: String
    var childName: String?
    var deviceName: String?
    var kind: String
    var severity: String
    /// The value that raised it: the battery level (percent), the clock's offset (seconds).
    var value: Double?
    var startedAt: Date
    var clearedAt: Date?

    /// The report of a history entry, or nil when the entry is not an alert.
    init?(_ entry: HistoryEntry, device: PairedDevice?) {
        guard case .alert(let kind, let severity, let value, let clearedAt) = entry.event else { return nil }
        id = entry.id
        address = entry.deviceAddress
        childName = device.map(\.childName).flatMap { $0.isEmpty ? nil : $0 }
        deviceName = device?.deviceName
        self.kind = kind
        self.severity = severity
        self.value = value
        startedAt = entry.date
        self.clearedAt = clearedAt
    }
}

/// `GET /api/alerts`: the open alerts.
struct AlertList: Codable, Sendable {
    var alerts: [AlertReport]
}

/// Watches what the dashboard learns about its nightlights (status reads, live feeds, clock
/// checks, whether they could be reached, firmware updates) and keeps the alerts in the history:
/// an alert is written once when its condition starts (not once per reading) and marked cleared
/// when it ends. The store is the truth; this actor only serialises the decisions, so two
/// readings at once never raise the same alert twice.
actor AlertMonitor {
    /// When a condition becomes an alert.
    struct Thresholds: Sendable {
        /// Below this battery level (percent, not charging): `batteryLow`.
        var batteryLow = 20
        /// Below this one: `batteryCritical`.
        var batteryCritical = 5
        /// A clock further off than this (seconds): `clockOff`.
        var clockOff: Double = 30 * 60
        /// Not reached for this long, with the last attempt failed: `unreachable`.
        var unreachableAfter: TimeInterval = 60 * 60
    }

    private let store: NightlightStore
    private let now: @Sendable () -> Date
    let thresholds: Thresholds
    /// The open alerts' ids by nightlight (its key) and kind; nil until read from the store.
    private var open: [String: [AlertKind: Int64]]?
    /// The last battery level and charging state heard per nightlight (the live feed sends them
    /// apart), and whether the level rose at the last reading.
    private var battery: [String: BatteryReading] = [:]

    private struct BatteryReading {
        var level: Int?
        var isCharging: Bool?
        /// A rising level is charging, whatever the power state said last (a charger plugged in
        /// may raise the level before its power notification comes).
        var isRising = false

        mutating func take(level: Int?, isCharging: Bool?) {
            if let level {
                isRising = self.level.map { level > $0 } ?? false
                self.level = level
            }
            if let isCharging { self.isCharging = isCharging }
        }
    }

    init(store: NightlightStore, now: @escaping @Sendable () -> Date, thresholds: Thresholds = Thresholds()) {
        self.store = store
        self.now = now
        self.thresholds = thresholds
    }

    // MARK: What the dashboard learns

    /// A status read: battery, charging, clock; and the nightlight was reached.
    func observe(_ status: SNStatus) async {
        let address = status.identity.address
        battery[DeviceLink.key(address), default: BatteryReading()].take(level: status.batteryLevel, isCharging: status.powerState.isCharging)
        await updateBattery(address)
        await observeClock(address, decision: status.clockDecision, offset: status.clockOffsetSeconds, written: false)
        await set(.unreachable, false, for: address)
    }

    /// A §8 clock check; `written` when the nightlight's clock was set by it.
    func observeClock(_ address: String, decision: ClockSyncDecision, offset: Double?, written: Bool) async {
        let notSet = decision == .clockNotSet && !written
        let off = decision == .askUser && !written
        await set(.clockNotSet, notSet, for: address)
        await set(.clockOff, off, value: offset, for: address)
    }

    /// A live message: battery and power change the battery alerts; a connection reached it.
    func observe(_ message: LiveMessage, address: String) async {
        let key = DeviceLink.key(address)
        switch message.type {
        case "battery", "power":
            battery[key, default: BatteryReading()].take(level: message.batteryLevel, isCharging: message.isCharging)
            await updateBattery(address)
        case "connection" where message.connection == "connected":
            await set(.unreachable, false, for: address)
        default:
            break
        }
    }

    /// The hub reached the nightlight (`true`), or tried and could not (`false`): after
    /// ``Thresholds/unreachableAfter`` since it was last seen, a failed attempt raises
    /// `unreachable`.
    func observeReach(_ address: String, reached: Bool) async {
        if reached {
            await set(.unreachable, false, for: address)
            return
        }
        guard let device = try? await store.device(address: address) else { return }
        if now().timeIntervalSince(device.lastSeen) >= thresholds.unreachableAfter {
            await set(.unreachable, true, for: address)
        }
    }

    /// A firmware update ended: failed (`true`) raises `firmwareFailed`, done clears it.
    func observeFirmware(_ address: String, failed: Bool) async {
        await set(.firmwareFailed, failed, for: address)
    }

    /// The nightlight was unpaired: its alerts went with its history.
    func forget(_ address: String) {
        open?[DeviceLink.key(address)] = nil
        battery[DeviceLink.key(address)] = nil
    }

    // MARK: Reading

    /// The open alerts (every paired nightlight), oldest first.
    func openAlerts() async throws -> [AlertReport] {
        let entries = try await store.openAlerts()
        let devices = Dictionary(try await store.devices().map { (DeviceLink.key($0.address), $0) }, uniquingKeysWith: { first, _ in first })
        return entries.compactMap { AlertReport($0, device: devices[DeviceLink.key($0.deviceAddress)]) }
    }

    // MARK: Conditions

    private func updateBattery(_ address: String) async {
        guard let known = battery[DeviceLink.key(address)], let level = known.level else { return }
        let draining = known.isCharging != true
        let critical = draining && level < thresholds.batteryCritical
        let low = draining && !critical && level < thresholds.batteryLow
        // While the level rises nothing new is raised (it is being charged); clearing goes on.
        await set(.batteryCritical, critical, value: Double(level), raising: !known.isRising, for: address)
        await set(.batteryLow, low, value: Double(level), raising: !known.isRising, for: address)
    }

    /// Raises `kind` for the nightlight when `holds` and it is not open (unless `raising` is
    /// false), clears it when it is open and no longer holds. Failures (the store, a nightlight unpaired meanwhile) leave
    /// things as they were: the next reading tries again.
    private func set(_ kind: AlertKind, _ holds: Bool, value: Double? = nil, raising: Bool = true, for address: String) async {
        let key = DeviceLink.key(address)
        guard let open = await loadOpen() else { return }
        let id = open[key]?[kind]
        if holds, id == nil, raising {
            let event = HistoryEvent.alert(kind: kind.rawValue, severity: kind.severity, value: value, clearedAt: nil)
            guard let entry = try? await store.appendHistory(event, for: key) else { return }
            self.open?[key, default: [:]][kind] = entry.id
        } else if !holds, let id {
            do {
                // nil: it had cleared, or went with an unpairing; either way it is no longer open.
                _ = try await store.clearAlert(id)
            } catch {
                return
            }
            self.open?[key]?[kind] = nil
        }
    }

    private func loadOpen() async -> [String: [AlertKind: Int64]]? {
        if let open { return open }
        guard let entries = try? await store.openAlerts() else { return nil }
        var loaded: [String: [AlertKind: Int64]] = [:]
        for entry in entries {
            guard case .alert(let name, _, _, _) = entry.event, let kind = AlertKind(rawValue: name) else { continue }
            loaded[DeviceLink.key(entry.deviceAddress), default: [:]][kind] = entry.id
        }
        open = loaded
        return loaded
    }
}
