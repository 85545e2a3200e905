import DashboardShell
import Foundation
import Hummingbird
import Nightlight
import NightlightStore

/// The one path every request to a paired nightlight takes: the nightlight must be paired
/// (404 `deviceNotFound`), no firmware update of it may be running (409 `busy`), values are
/// checked once against the profile (400 `invalidValue`), and schedule writes can be made
/// conditional on the version the page last read (409 `stale`).
///
/// Controllers never reach ``DeviceLink`` for a nightlight by themselves.
struct NightlightOperations: Sendable {
    let store: NightlightStore
    let link: DeviceLink
    let firmwareUpdates: FirmwareUpdates
    let alerts: AlertMonitor

    /// Runs `body` on the paired nightlight at `address` (checked and uppercased by the caller),
    /// after the operations already waiting for it.
    ///
    /// - Parameter field: the request field that named the nightlight, for the 404's `field`.
    func onPaired<T: Sendable>(
        _ address: String, field: String? = nil, _ body: @Sendable (NightlightClient) async throws -> T
    ) async throws -> T {
        guard try await store.device(address: address) != nil else {
            throw DashboardError(.notFound, "deviceNotFound", "no paired nightlight has the address \(address); pair it first", field: field)
        }
        do {
            let result = try await onDevice(address, body)
            await alerts.observeReach(address, reached: true)
            return result
        } catch {
            if Self.unreachableCodes.contains(DashboardError.from(error).code) {
                await alerts.observeReach(address, reached: false)
            }
            throw error
        }
    }

    /// The errors that say the nightlight could not be reached (the `unreachable` alert).
    static let unreachableCodes: Set<String> = ["unreachable", "notHeard", "timedOut"]

    /// Runs `body` on the nightlight at `address`, paired or not (pairing itself); refused while
    /// its firmware is being updated.
    func onDevice<T: Sendable>(_ address: String, _ body: @Sendable (NightlightClient) async throws -> T) async throws -> T {
        try refuseWhileUpdating(address)
        return try await link.withClient(address) { client in
            // Checked again under the nightlight's turn: an update may have started while waiting.
            try refuseWhileUpdating(address)
            return try await body(client)
        }
    }

    private func refuseWhileUpdating(_ address: String) throws {
        guard !firmwareUpdates.isRunning(address) else {
            throw DashboardError(.conflict, "busy", "the nightlight \(address) is updating its firmware; try again when the update has finished")
        }
    }

    // MARK: Schedules

    /// Writes the Week Schedule, if the nightlight's schedule still has version `expected` (when
    /// given); returns the new version.
    ///
    /// - Parameter field: where the schedule is in the request (nil: the whole body).
    func writeWeekSchedule(
        _ schedule: WeekSchedule, to address: String, expected: [ScheduleVersion]?, field: String? = nil, addressField: String? = nil
    ) async throws -> ScheduleVersion {
        try RequestInput.validate(schedule, in: field, groups: schedule.groups.map(\.name))
        return try await onPaired(address, field: addressField) { client in
            if let expected {
                try Self.check(try await client.read(.weekSchedule), against: expected, field: "weekSchedule", address: address)
            }
            try await client.write(.weekSchedule, schedule)
            return ScheduleVersion(schedule)
        }
    }

    /// Writes the Temporary Day Schedule (``TemporaryDaySchedule/inactive`` clears it), if the
    /// nightlight's still has version `expected` (when given); returns the new version.
    func writeTemporarySchedule(_ schedule: TemporaryDaySchedule, to address: String, expected: [ScheduleVersion]?) async throws -> ScheduleVersion {
        try RequestInput.validate(schedule)
        return try await onPaired(address) { client in
            if let expected {
                try Self.check(try await client.read(.temporaryDaySchedule), against: expected, field: "temporarySchedule", address: address)
            }
            try await client.write(.temporaryDaySchedule, schedule)
            return ScheduleVersion(schedule)
        }
    }

    /// 409 `stale` unless `current` has one of the `expected` versions.
    static func check(_ current: some SNValue, against expected: [ScheduleVersion], field: String, address: String) throws {
        let version = ScheduleVersion(current)
        guard expected.contains(version) else {
            let what = field == "weekSchedule" ? "week schedule" : "temporary schedule"
            throw DashboardError(
                .conflict, "stale",
                "the \(what) of \(address) was changed elsewhere since it was read (now version \(version.rawValue)); nothing was written: read it again and make the change on the current one",
                field: field
            )
        }
    }
}

/// The version of a schedule on a nightlight: a digest of its characteristic value (the bytes
/// of SN-PROFILE §5), so it changes whenever the schedule does, whoever changed it (a page, the
/// CLI, the nightlight at midnight), and two reads of the same schedule give the same version.
///
/// Sent as an HTTP entity tag: `ETag: "w-00e4-1a2b3c4d"` (the value's length and CRC-32).
struct ScheduleVersion: RawRepresentable, Hashable, Sendable, Codable {
    var rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The version of `value`.
    init(_ value: some SNValue) {
        let bytes = value.encode()
        let prefix = value is WeekSchedule ? "w" : "t"
        rawValue = prefix + "-" + String(bytes.count, radix: 16).leftPadded(to: 4) + "-"
            + String(CRC32.checksum(bytes), radix: 16).leftPadded(to: 8)
    }

    /// The entity tag: the version in double quotes.
    var entityTag: String { "\"\(rawValue)\"" }

    /// The versions an `If-Match` header names (RFC 9110, 13.1.1): nil when the header is absent
    /// or `*` (the write is unconditional), else the listed entity tags (weak or strong).
    static func expected(by header: String?) throws -> [ScheduleVersion]? {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        var versions: [ScheduleVersion] = []
        for item in header.split(separator: ",") {
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return nil }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            guard tag.count >= 2, tag.first == "\"", tag.last == "\"" else {
                throw DashboardError.invalid("If-Match", "'\(item.trimmingCharacters(in: .whitespaces))' is not an entity tag; send the ETag the schedule was read with, in double quotes")
            }
            versions.append(ScheduleVersion(rawValue: String(tag.dropFirst().dropLast())))
        }
        return versions
    }
}

extension JSONBody {
    /// `value` as JSON with its version as the `ETag` (a schedule the page may write back with
    /// `If-Match`).
    static func response(_ value: some Encodable, version: ScheduleVersion, status: HTTPResponse.Status = .ok) -> Response {
        var response = response(value, status: status)
        if response.status == status { response.headers[.eTag] = version.entityTag }
        return response
    }
}
