/// What drives the LEDs, as the SN reports it in Active State and its advertising (SN profile §4.5).
///
/// The device evaluates the modes in priority order, highest first: 5 LEDs disabled, 4 LED proof,
/// 3 child button light, 2 temporary day schedule, 1 permanent week schedule, 0 idle. An open
/// code space: an unknown value survives decoding and orders by its number.
public struct ActiveMode: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The mode byte.
    public let rawValue: UInt8

    /// Wraps a mode byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: no period covers the current minute (or the clock is not set); LEDs off.
    public static let idle = ActiveMode(rawValue: 0)
    /// 1: a period of the permanent week schedule.
    public static let weekSchedule = ActiveMode(rawValue: 1)
    /// 2: a period of the temporary day schedule.
    public static let temporarySchedule = ActiveMode(rawValue: 2)
    /// 3: the child button light.
    public static let childButton = ActiveMode(rawValue: 3)
    /// 4: LED proof (test) mode.
    public static let proof = ActiveMode(rawValue: 4)
    /// 5: LEDs disabled (LED Power Enable = 0).
    public static let ledsDisabled = ActiveMode(rawValue: 5)

    /// The six defined modes, lowest priority first.
    public static let allDefined: [ActiveMode] = [.idle, .weekSchedule, .temporarySchedule, .childButton, .proof, .ledsDisabled]

    /// Whether the value is one of the six the profile defines.
    public var isDefined: Bool { rawValue <= 5 }

    /// `idle`, `week schedule`, `temporary schedule`, `child button`, `proof`, `LEDs disabled`,
    /// or `mode 7` for an unknown value.
    public var name: String {
        switch rawValue {
        case 0: "idle"
        case 1: "week schedule"
        case 2: "temporary schedule"
        case 3: "child button"
        case 4: "proof"
        case 5: "LEDs disabled"
        default: "mode \(rawValue)"
        }
    }

    /// ``name``.
    public var description: String { name }

    /// Orders by priority (the mode number).
    public static func < (lhs: ActiveMode, rhs: ActiveMode) -> Bool { lhs.rawValue < rhs.rawValue }
}
