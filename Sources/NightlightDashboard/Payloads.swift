import BLECore
import DashboardShell
import Foundation
import Nightlight
import NightlightStore

/// Everything `GET /api/devices/{address}/status` answers (as `nightlight status --json`).
struct DeviceStatus: Codable, Sendable {
    var identity: SNIdentity
    var activeState: ActiveState
    var batteryLevel: Int
    var powerState: BatteryPowerState
    var clock: ClockReport
    var weekSchedule: WeekSchedule
    var temporarySchedule: TemporaryDaySchedule
    var button: ButtonReport
    var timeline: [TimelineSegment]
    /// The versions of the two schedules, for `If-Match` on the next write.
    var versions: ScheduleVersions
}

/// The versions of a nightlight's schedules (``ScheduleVersion``).
struct ScheduleVersions: Codable, Sendable {
    var weekSchedule: ScheduleVersion
    var temporarySchedule: ScheduleVersion
}

/// The Smart Nightlight's limits (SN-PROFILE), so the page never hard-codes them:
/// `GET /api/limits`.
struct SNLimits: Codable, Sendable {
    struct Bytes: Codable, Sendable {
        var maximumBytes: Int
    }

    struct WeekScheduleLimits: Codable, Sendable {
        var maximumGroups = WeekSchedule.maximumGroupCount
        var maximumPeriods = DayGroup.maximumPeriodCount
        var maximumFadeMinutes = Period.maximumFade
        var nameMaximumBytes = WeekSchedule.maximumNameLength
        var groupNameMaximumBytes = DayGroup.maximumNameLength
    }

    var childName = Bytes(maximumBytes: SNCharacteristic<String>.maximumChildNameLength)
    var weekSchedule = WeekScheduleLimits()
    var libraryName = Bytes(maximumBytes: SchedulesController.maximumNameLength)
    var firmwareImage = Bytes(maximumBytes: FirmwareImage.maximumByteCount)
}

/// The SN's clock and what §8 says about it.
struct ClockReport: Codable, Sendable {
    /// The SN's time.
    var clock: SNClockTime
    /// The SN's offset from the server's time in seconds (positive: the SN is ahead); nil when
    /// its clock is not set.
    var offsetSeconds: Double?
    /// The §8 decision: `inSync`, `updateSilently`, `updateAndNotify`, `askUser`, `clockNotSet`, `forcedUpdate`.
    var decision: ClockSyncDecision
    /// The decision in words.
    var message: String
    /// Whether the time was written.
    var written: Bool
    /// Whether the page must ask the parent (over 30 minutes) and retry with `accept`.
    var needsConfirmation: Bool

    init(clock: SNClockTime, check: ClockSyncCheck, written: Bool) {
        self.clock = clock
        offsetSeconds = check.offset?.inSeconds
        decision = check.decision
        message = check.description
        self.written = written
        needsConfirmation = check.decision == .askUser && !written
    }
}

/// The child button's settings and today's uses.
struct ButtonReport: Codable, Sendable {
    var settings: ChildButtonSettings
    var status: ButtonStatus
}

/// A pairing's result.
struct PairReport: Codable, Sendable {
    var device: PairedDevice
    var clock: ClockReport
}

/// An unpairing's result: the record that was deleted, and whether the nightlight deleted its
/// bond too (false: it was out of reach and keeps it until it is reset or replaces it).
struct UnpairReport: Codable, Sendable {
    var device: PairedDevice
    var deletedOnNightlight: Bool
}

/// A saved schedule with its content decoded.
struct ScheduleRecord: Codable, Sendable {
    var name: String
    var createdAt: Date
    var updatedAt: Date
    var sourceDeviceAddress: String?
    /// The schedule; nil when the stored blob is damaged.
    var schedule: WeekSchedule?

    init(_ saved: SavedSchedule) {
        name = saved.name
        createdAt = saved.createdAt
        updatedAt = saved.updatedAt
        sourceDeviceAddress = saved.sourceDeviceAddress
        schedule = try? WeekSchedule(bytes: saved.data)
    }

    enum CodingKeys: String, CodingKey {
        case name, createdAt, updatedAt, sourceDeviceAddress, schedule
    }

    /// Like the synthesized encoding, but a damaged schedule is `"schedule": null`, not left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(sourceDeviceAddress, forKey: .sourceDeviceAddress)
        try container.encode(schedule, forKey: .schedule)
    }
}

/// A device's history of one kind.
struct HistoryReport: Codable, Sendable {
    var address: String
    var kind: HistoryKind
    var days: Int
    var entries: [HistoryEntry]
}

// MARK: Requests

struct PairRequest: Decodable { var address: String; var childName: String? }
struct ChildNameRequest: Decodable { var childName: String }
struct LEDColorRequest: Decodable { var led: Int?; var color: RGBColor }
struct ProofRequest: Decodable { var on: Bool }
/// `PUT …/leds`: the LED Service's switches to change (absent: left as they are).
struct LEDsRequest: Decodable { var isPowerEnabled: Bool?; var isLinked: Bool? }
struct ClockSyncRequest: Decodable { var force: Bool?; var accept: Bool? }
struct SaveScheduleRequest: Decodable { var name: String; var fromDevice: String?; var schedule: WeekSchedule?; var replace: Bool? }
struct ApplyScheduleRequest: Decodable { var address: String }
struct RenameRequest: Decodable { var name: String }
struct DuplicateRequest: Decodable { var name: String? }
