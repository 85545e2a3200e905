import Foundation
import Nightlight
import Testing

/// ``SystemTimeZone``: the process's zone through `localtime_r`, as Foundation's `TimeZone`
/// gives it (the dashboard writes it to the nightlights without loading ICU).
@Suite("System time zone")
struct SystemTimeZoneTests {
    /// Every 5 days and 7 hours from 2000 to 2040, and around this year's changes.
    static let dates = stride(from: 946_684_800.0, to: 2_208_988_800, by: 5 * 86_400 + 7 * 3600).map(Date.init(timeIntervalSince1970:))

    /// The zone ``SystemTimeZone`` reads and Foundation's agree on every sample date; a
    /// mismatch is returned as text.
    static func mismatches(against zone: TimeZone) -> [String] {
        let system = SystemTimeZone()
        return dates.compactMap { date in
            let ours = (system.secondsFromGMT(for: date), system.daylightSavingTimeOffset(for: date))
            let foundation = (zone.secondsFromGMT(for: date), zone.daylightSavingTimeOffset(for: date))
            return ours == foundation ? nil : "\(date): ours \(ours), Foundation \(foundation)"
        }
    }

    @Test func itIsTheCurrentTimeZone() {
        #expect(Self.mismatches(against: .current).isEmpty)
    }

    /// Zones with daylight-saving time (north and south, a half-hour one) and without, each in a
    /// process of its own with `TZ` set (the zone of a process is read once, from `TZ`).
    @Test(arguments: ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func itFollowsTZ(zone: String) throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "SystemTimeZoneTests/inTheZoneOfTZ"]
        child.environment = ProcessInfo.processInfo.environment.merging(["TZ": zone, "NIGHTLIGHT_TZ_REPORT": report]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? "no report"
        #expect(child.terminationStatus == 0, "\(text)")
        #expect(text == "\(zone): \(Self.dates.count) dates agree", "\(text)")
    }

    /// Run by ``itFollowsTZ(zone:)`` in a child process only.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["NIGHTLIGHT_TZ_REPORT"] != nil))
    func inTheZoneOfTZ() throws {
        let environment = ProcessInfo.processInfo.environment
        let name = try #require(environment["TZ"])
        let zone = try #require(TimeZone(identifier: name))
        let mismatches = Self.mismatches(against: zone)
        let report = mismatches.isEmpty ? "\(name): \(Self.dates.count) dates agree" : mismatches.prefix(5).joined(separator: "\n")
        try report.write(toFile: try #require(environment["NIGHTLIGHT_TZ_REPORT"]), atomically: true, encoding: .utf8)
        #expect(mismatches.isEmpty)
    }
}
