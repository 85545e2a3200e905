import BLECore

/// What the app writes to the band's Heart Rate Control Point (`2A39`).
///
/// | bytes | meaning |
/// |---|---|
/// | `15 02 01` / `15 02 00` | start / stop a single (manual) measurement |
/// | `15 01 01` / `15 01 00` | start / stop continuous measurement |
/// | `15 00 01` / `15 00 00` | sleep monitoring on / off |
/// | `16` | keep-alive: continuous measurement stops without one every 15 s (apps send it every 12 s) |
public enum MiBand2HeartRateCommand: Sendable, Hashable, CustomStringConvertible {
    /// A measurement mode of command `15`.
    public enum Mode: UInt8, Sendable, Hashable, CaseIterable {
        /// Sleep monitoring.
        case sleep = 0x00
        /// Continuous measurement.
        case continuous = 0x01
        /// One measurement.
        case single = 0x02
    }

    /// `15 mode on`.
    case set(Mode, on: Bool)
    /// `16`.
    case keepAlive

    /// The command byte of ``set(_:on:)``.
    public static let setOpcode: UInt8 = 0x15
    /// The command byte of ``keepAlive``.
    public static let keepAliveOpcode: UInt8 = 0x16
    /// Start one measurement: `15 02 01`.
    public static let startSingle = MiBand2HeartRateCommand.set(.single, on: true)
    /// Start continuous measurement: `15 01 01`.
    public static let startContinuous = MiBand2HeartRateCommand.set(.continuous, on: true)
    /// Stop continuous measurement: `15 01 00`.
    public static let stopContinuous = MiBand2HeartRateCommand.set(.continuous, on: false)

    /// The bytes to write.
    public func encoded() -> [UInt8] {
        switch self {
        case .set(let mode, let on): [Self.setOpcode, mode.rawValue, on ? 1 : 0]
        case .keepAlive: [Self.keepAliveOpcode]
        }
    }

    /// Decodes a write; throws ``ProfileError/Code/invalidValue`` for anything else.
    public init(bytes: [UInt8]) throws(ProfileError) {
        switch bytes.first {
        case Self.keepAliveOpcode where bytes.count == 1:
            self = .keepAlive
        case Self.setOpcode where bytes.count == 3:
            guard let mode = Mode(rawValue: bytes[1]), bytes[2] <= 1 else {
                throw ProfileError(.invalidValue, "unknown heart rate mode \(bytes.hexString)")
            }
            self = .set(mode, on: bytes[2] == 1)
        default:
            throw ProfileError(.invalidValue, "unknown heart rate command \(bytes.hexString)")
        }
    }

    /// `start single`, `stop continuous`, `keep-alive`, ….
    public var description: String {
        switch self {
        case .set(let mode, let on): "\(on ? "start" : "stop") \(mode)"
        case .keepAlive: "keep-alive"
        }
    }
}
