/// A SN's battery as the Battery service reports it: Battery Level (0x2A19, 0…100 %) and Battery
/// Level Status (0x2BED, ``BatteryPowerState``) (SN profile §3).
public struct BatteryStatus: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The charge in percent, 0…100.
    public var level: Int
    /// Presence, external power, charge state and charge level.
    public var powerState: BatteryPowerState

    /// A status from both characteristics (not checked; see ``validate()``).
    public init(level: Int, powerState: BatteryPowerState) {
        self.level = level
        self.powerState = powerState
    }

    /// The status of a SN's battery: charging while plugged in and not full, the charge level from
    /// the percentage; discharging is "active" while the LEDs are lit.
    public init(level: Int, isPluggedIn: Bool, isCharging: Bool, isLit: Bool) {
        let state: BatteryPowerState.ChargeState = isCharging ? .charging : isLit ? .dischargingActive : .dischargingInactive
        self.init(level: level, powerState: BatteryPowerState(
            externalPower: isPluggedIn ? .yes : .no, chargeState: state,
            chargeLevel: BatteryPowerState.ChargeLevel(percent: level)
        ))
    }

    /// Decodes both characteristic values.
    public init(levelBytes: [UInt8], powerStateBytes: [UInt8]) throws(SNValueError) {
        self.init(level: try SNCharacteristic<Int>.batteryLevel.decode(levelBytes),
                  powerState: try BatteryPowerState(bytes: powerStateBytes))
    }

    /// Whether the battery is charging.
    public var isCharging: Bool { powerState.isCharging }

    /// Whether wired power is connected.
    public var isExternalPowerConnected: Bool { powerState.externalPower == .yes }

    /// `80 %, charging`.
    public var description: String {
        "\(level) %" + (isCharging ? ", charging" : isExternalPowerConnected ? ", plugged in" : "")
    }

    /// Checks the level is 0…100.
    public func validate() throws(SNValueError) {
        try SNCheck.range(level, 0...100, "battery level")
    }
}
