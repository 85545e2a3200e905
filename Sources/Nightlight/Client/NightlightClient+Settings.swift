import BLECore
extension NightlightClient {
    /// The child button settings, read from their six characteristics (§5).
    public func buttonSettings() async throws(NightlightError) -> ChildButtonSettings {
        ChildButtonSettings(
            isEnabled: try await read(.buttonMode), color: try await read(.buttonColor), onTime: try await read(.onTime),
            dailyUsage: try await read(.dailyUsage), deactivationWindow: try await read(.deactivationTime),
            shakeMode: try await read(.shakeModeControl)
        )
    }

    /// Writes the child button settings that differ from what the SN has (each validated first).
    public func writeButtonSettings(_ settings: ChildButtonSettings) async throws(NightlightError) {
        do {
            try settings.validate()
        } catch {
            throw .invalid(error, "child button settings not written")
        }
        let current = try await buttonSettings()
        if settings.isEnabled != current.isEnabled { try await write(.buttonMode, settings.isEnabled) }
        if settings.color != current.color { try await write(.buttonColor, settings.color) }
        if settings.onTime != current.onTime { try await write(.onTime, settings.onTime) }
        if settings.dailyUsage != current.dailyUsage { try await write(.dailyUsage, settings.dailyUsage) }
        if settings.deactivationWindow != current.deactivationWindow { try await write(.deactivationTime, settings.deactivationWindow) }
        if settings.shakeMode != current.shakeMode { try await write(.shakeModeControl, settings.shakeMode) }
    }

    /// The LED settings (§4): power, link, proof mode and the four colours.
    public func ledSettings() async throws(NightlightError) -> LEDSettings {
        var colors: [RGBColor] = []
        for index in 1...4 { colors.append(try await read(.ledColor(index))) }
        return LEDSettings(
            isPowerEnabled: try await read(.ledPowerEnable), isLinked: try await read(.ledLink),
            isProofModeOn: try await read(.ledProofMode), colors: colors
        )
    }
}

/// Everything an app shows about a SN at one moment (`nightlight status`, the dashboard).
public struct SNStatus: Codable, Sendable {
    /// Who it is.
    public var identity: SNIdentity
    /// What it shows now, and in which mode.
    public var activeState: ActiveState
    /// Battery Level, percent.
    public var batteryLevel: Int
    /// Battery Level Status: external power, charging, charge level.
    public var powerState: BatteryPowerState
    /// Its clock (year 0 when not set).
    public var clock: SNClockTime
    /// The clock's offset from the app's time, in seconds (positive: the SN is ahead); nil when not set.
    public var clockOffsetSeconds: Double?
    /// What §8 says to do about the clock.
    public var clockDecision: ClockSyncDecision
    /// The permanent week schedule.
    public var weekSchedule: WeekSchedule
    /// The temporary day schedule (inactive when its remaining days are 0).
    public var temporarySchedule: TemporaryDaySchedule
    /// The child button settings.
    public var button: ChildButtonSettings
    /// The child button light and today's uses.
    public var buttonStatus: ButtonStatus
    /// Today's timeline (on the SN's day; the app's when its clock is not set).
    public var timeline: [TimelineSegment]
}

extension NightlightClient {
    /// Reads everything an app shows about the SN, comparing its clock with `app` (the app's
    /// local time).
    public func status(app: SNClockTime) async throws(NightlightError) -> SNStatus {
        let identity = try await identity()
        let clock = try await read(.currentTime)
        let check = ClockPolicy.check(device: clock, app: app)
        let week = try await read(.weekSchedule)
        let temporary = try await read(.temporaryDaySchedule)
        return SNStatus(
            identity: identity, activeState: try await read(.activeState),
            batteryLevel: try await read(.batteryLevel), powerState: try await read(.batteryLevelStatus),
            clock: clock,
            clockOffsetSeconds: check.offset?.inSeconds,
            clockDecision: check.decision, weekSchedule: week, temporarySchedule: temporary,
            button: try await buttonSettings(), buttonStatus: try await read(.buttonStatus),
            timeline: LightPlan(temporarySchedule: temporary, weekSchedule: week, isClockSet: clock.isSet)
                .timeline(on: clock.weekday ?? app.weekday ?? .monday)
        )
    }
}
