import BLECore
/// What an app does with a SN's clock on connecting (SN profile §8).
public enum ClockSyncDecision: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// |Δ| < 2 s: nothing to do.
    case inSync
    /// 2 s ≤ |Δ| < 5 min: write the time without telling the user.
    case updateSilently
    /// 5 min ≤ |Δ| ≤ 30 min: write the time and tell the user.
    case updateAndNotify
    /// |Δ| > 30 min: ask the user to accept or cancel the update.
    case askUser
    /// The clock is not set (year 0): write the time at once, without asking.
    case clockNotSet
    /// The user forced an update: write the time whatever the difference.
    case forcedUpdate

    /// Whether the app writes the time without asking (every decision but ``inSync`` and ``askUser``).
    public var updatesWithoutAsking: Bool {
        switch self {
        case .inSync, .askUser: false
        case .updateSilently, .updateAndNotify, .clockNotSet, .forcedUpdate: true
        }
    }

    /// Whether the user is told or asked (``updateAndNotify``, ``askUser``).
    public var involvesUser: Bool { self == .updateAndNotify || self == .askUser }

    /// `in sync`, `update silently`, `update and notify`, `ask the user`, `clock not set`, `forced update`.
    public var description: String {
        switch self {
        case .inSync: "in sync"
        case .updateSilently: "update silently"
        case .updateAndNotify: "update and notify"
        case .askUser: "ask the user"
        case .clockNotSet: "clock not set"
        case .forcedUpdate: "forced update"
        }
    }
}

/// A clock comparison: the device's offset from the app's time and the decision.
public struct ClockSyncCheck: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Device time minus app time (positive when the device is ahead); `nil` when not set.
    public var offset: Duration?
    /// What to do.
    public var decision: ClockSyncDecision

    /// A comparison result.
    public init(offset: Duration?, decision: ClockSyncDecision) {
        self.offset = offset
        self.decision = decision
    }

    /// `device ahead by 7 min 3 s: update and notify`.
    public var description: String {
        guard let offset else { return "device clock not set: \(decision)" }
        let seconds = abs(offset.components.seconds)
        let text = seconds >= 60 ? "\(seconds / 60) min \(seconds % 60) s"
            : "\((abs(offset.inSeconds) * 10).rounded() / 10) s"
        let direction = offset == .zero ? "device in step" : offset > .zero ? "device ahead by \(text)" : "device behind by \(text)"
        return "\(direction): \(decision)"
    }
}

/// The clock rules of SN profile §8 as pure functions, exact at the edges.
public enum ClockPolicy {
    /// Below this |Δ| the clocks are in sync: 2 s.
    public static let inSyncLimit: Duration = .seconds(2)
    /// Below this |Δ| the app updates silently: 5 min.
    public static let silentLimit: Duration = .seconds(5 * 60)
    /// Up to and including this |Δ| the app updates and tells the user: 30 min.
    public static let notifyLimit: Duration = .seconds(30 * 60)

    /// The decision for an offset (device minus app; `nil` when the device clock is not set).
    ///
    /// |Δ| < 2 s ``ClockSyncDecision/inSync``; 2 s ≤ |Δ| < 5 min ``ClockSyncDecision/updateSilently``;
    /// 5 min ≤ |Δ| ≤ 30 min ``ClockSyncDecision/updateAndNotify``; |Δ| > 30 min
    /// ``ClockSyncDecision/askUser``. Not set is ``ClockSyncDecision/clockNotSet`` even when
    /// forced; `force` turns every other case into ``ClockSyncDecision/forcedUpdate``.
    public static func decide(offset: Duration?, force: Bool = false) -> ClockSyncDecision {
        guard let offset else { return .clockNotSet }
        if force { return .forcedUpdate }
        let magnitude = offset < .zero ? .zero - offset : offset
        if magnitude < inSyncLimit { return .inSync }
        if magnitude < silentLimit { return .updateSilently }
        if magnitude <= notifyLimit { return .updateAndNotify }
        return .askUser
    }

    /// Compares the device's Current Time with the app's local time (both local wall-clock times,
    /// to 1/256 s) and decides.
    public static func check(device: SNClockTime, app: SNClockTime, force: Bool = false) -> ClockSyncCheck {
        let offset = offset(device: device, app: app)
        return ClockSyncCheck(offset: offset, decision: decide(offset: offset, force: force))
    }

    /// Device time minus app time, exact to 1/256 s; `nil` when either clock is not set.
    public static func offset(device: SNClockTime, app: SNClockTime) -> Duration? {
        guard let deviceSeconds = device.localSeconds, let appSeconds = app.localSeconds else { return nil }
        let units = (deviceSeconds - appSeconds) * 256 + device.fractions256 - app.fractions256
        let (seconds, fraction) = units.quotientAndRemainder(dividingBy: 256)
        return .seconds(seconds) + Duration(secondsComponent: 0, attosecondsComponent: Int64(fraction) * 3_906_250_000_000_000)
    }
}
