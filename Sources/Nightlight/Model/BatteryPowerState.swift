import BLECore

/// The Battery Level Status value (0x2BED) a SN serves: Flags = 0x00, then the 16-bit Power
/// State (SN profile §3; GATT Specification Supplement, Battery Level Status).
///
/// Power State bits: 0 battery present; 1–2 wired external power connected (0 no, 1 yes,
/// 2 unknown); 5–6 charge state (0 unknown, 1 charging, 2 discharging active, 3 discharging
/// inactive); 7–8 charge level (0 unknown, 1 good ≥ 20 %, 2 low < 20 %, 3 critical < 5 %).
/// A SN sets no other bit.
public struct BatteryPowerState: SNValue, CustomStringConvertible {
    /// Wired external power (bits 1–2).
    public enum ExternalPower: UInt8, Hashable, Sendable, Codable, CaseIterable {
        /// 0: not connected.
        case no = 0
        /// 1: connected.
        case yes = 1
        /// 2: unknown.
        case unknown = 2
    }

    /// Battery charge state (bits 5–6).
    public enum ChargeState: UInt8, Hashable, Sendable, Codable, CaseIterable {
        /// 0: unknown.
        case unknown = 0
        /// 1: charging.
        case charging = 1
        /// 2: discharging while in use.
        case dischargingActive = 2
        /// 3: discharging while not in use.
        case dischargingInactive = 3
    }

    /// Battery charge level (bits 7–8).
    public enum ChargeLevel: UInt8, Hashable, Sendable, Codable, CaseIterable {
        /// 0: unknown.
        case unknown = 0
        /// 1: good, 20 % or more.
        case good = 1
        /// 2: low, under 20 %.
        case low = 2
        /// 3: critical, under 5 %.
        case critical = 3

        /// The level of a battery percentage: good ≥ 20, low < 20, critical < 5.
        public init(percent: Int) {
            self = percent < 5 ? .critical : percent < 20 ? .low : .good
        }
    }

    /// Bit 0: the battery is present (always on a SN).
    public var isBatteryPresent: Bool
    /// Bits 1–2: wired external power.
    public var externalPower: ExternalPower
    /// Bits 5–6: charging or discharging.
    public var chargeState: ChargeState
    /// Bits 7–8: good, low or critical.
    public var chargeLevel: ChargeLevel

    /// The wire size: 3 bytes (Flags and Power State).
    public static let byteCount = 3
    /// The bits a SN may set: 0, 1–2, 5–6, 7–8.
    static let knownBits: UInt16 = 0b1_1110_0111

    /// A power state.
    public init(isBatteryPresent: Bool = true, externalPower: ExternalPower, chargeState: ChargeState, chargeLevel: ChargeLevel) {
        self.isBatteryPresent = isBatteryPresent
        self.externalPower = externalPower
        self.chargeState = chargeState
        self.chargeLevel = chargeLevel
    }

    /// The Power State field.
    public var powerState: UInt16 {
        (isBatteryPresent ? 1 : 0)
            | UInt16(externalPower.rawValue) << 1
            | UInt16(chargeState.rawValue) << 5
            | UInt16(chargeLevel.rawValue) << 7
    }

    /// Whether the battery is charging.
    public var isCharging: Bool { chargeState == .charging }

    /// `present, external power, charging, good`.
    public var description: String {
        [isBatteryPresent ? "present" : "absent",
         externalPower == .yes ? "external power" : externalPower == .no ? "on battery" : "external power unknown",
         "\(chargeState)", "\(chargeLevel)"].joined(separator: ", ")
    }

    /// Decodes Flags (must be 0x00) and the Power State (0x0D for another length; 0xFF for other
    /// flags, reserved bits, or the reserved external power value 3).
    public init(bytes: [UInt8]) throws(SNValueError) {
        try SNCheck.length(bytes, Self.byteCount, "battery level status")
        var reader = SNReader(bytes, code: .invalidLength)
        let flags = try reader.u8("flags")
        let state = try reader.u16("power state")
        do throws(SNValueError) {
            guard flags == 0 else {
                throw SNValueError(.outOfRange, path: ["flags 0x" + [flags].hexString], "is not 0x00 (a SN sends no optional field)")
            }
            guard state & ~Self.knownBits == 0 else {
                throw SNValueError(.outOfRange, path: ["power state 0x" + String(state, radix: 16)], "has bits set that a SN leaves 0")
            }
            guard let power = ExternalPower(rawValue: UInt8((state >> 1) & 3)) else {
                throw SNValueError(.outOfRange, path: ["wired external power 3"], "is reserved")
            }
            self.init(isBatteryPresent: state & 1 == 1, externalPower: power,
                      chargeState: ChargeState(rawValue: UInt8((state >> 5) & 3))!,
                      chargeLevel: ChargeLevel(rawValue: UInt8((state >> 7) & 3))!)
        } catch {
            throw error.within("battery level status")
        }
    }

    /// `00`, then the Power State u16.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.writeUInt8(0)
        writer.writeUInt16(powerState)
        return writer.bytes
    }

    /// Every combination of the fields is valid.
    public func validate() throws(SNValueError) {}
}
