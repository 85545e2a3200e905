/// Battery Level Status (0x2BED): power state, and optionally identifier, level and additional status.
///
/// GSS, 3.28 Battery Level Status; Battery Service 1.1, 3.2. Flags (`uint8`): bit 0 Identifier
/// present, bit 1 Battery Level present, bit 2 Additional Status present (bits 3–7 reserved).
/// Then Power State (`uint16`), Identifier (`uint16`), Battery Level (`uint8`, 0–100) and
/// Additional Status (`uint8`), each optional field only when its flag is set.
public struct BatteryLevelStatus: SIGCharacteristic {
    /// 0x2BED.
    public static let uuid = BluetoothUUID(0x2BED)
    /// `Battery Level Status`.
    public static let name = "Battery Level Status"

    /// The power state bit field (GSS, 3.28.2.2). Bit 15 is reserved and kept.
    public struct PowerState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 16-bit field.
        public let rawValue: UInt16
        /// Wraps the 16-bit field.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Builds the field from its parts; each code uses only the bits of its field.
        public init(
            batteryPresent: Bool, wiredExternalPower: ExternalPowerConnection = .unknown,
            wirelessExternalPower: ExternalPowerConnection = .unknown, chargeState: ChargeState = .unknown,
            chargeLevel: ChargeLevel = .unknown, chargingType: ChargingType = .unknownOrNotCharging,
            chargingFaultReason: ChargingFaultReason = []
        ) {
            var raw: UInt16 = batteryPresent ? 1 : 0
            raw |= UInt16(wiredExternalPower.rawValue & 0b11) << 1
            raw |= UInt16(wirelessExternalPower.rawValue & 0b11) << 3
            raw |= UInt16(chargeState.rawValue & 0b11) << 5
            raw |= UInt16(chargeLevel.rawValue & 0b11) << 7
            raw |= UInt16(chargingType.rawValue & 0b111) << 9
            raw |= UInt16(chargingFaultReason.rawValue & 0b111) << 12
            rawValue = raw
        }

        private func bits(_ shift: UInt16, _ mask: UInt16) -> UInt8 { UInt8((rawValue >> shift) & mask) }

        /// Bit 0: whether a battery is present.
        public var batteryPresent: Bool { rawValue & 1 != 0 }
        /// Bits 1–2: whether wired external power is connected.
        public var wiredExternalPower: ExternalPowerConnection { ExternalPowerConnection(rawValue: bits(1, 0b11)) }
        /// Bits 3–4: whether wireless external power is connected.
        public var wirelessExternalPower: ExternalPowerConnection { ExternalPowerConnection(rawValue: bits(3, 0b11)) }
        /// Bits 5–6: the battery charge state.
        public var chargeState: ChargeState { ChargeState(rawValue: bits(5, 0b11)) }
        /// Bits 7–8: the battery charge level.
        public var chargeLevel: ChargeLevel { ChargeLevel(rawValue: bits(7, 0b11)) }
        /// Bits 9–11: the charging type.
        public var chargingType: ChargingType { ChargingType(rawValue: bits(9, 0b111)) }
        /// Bits 12–14: why charging is faulty, if it is.
        public var chargingFaultReason: ChargingFaultReason { ChargingFaultReason(rawValue: bits(12, 0b111)) }

        /// `battery present, wired power: yes, charging, level good`.
        public var description: String {
            var parts = [batteryPresent ? "battery present" : "no battery"]
            if wiredExternalPower != .unknown { parts.append("wired power: \(wiredExternalPower)") }
            if wirelessExternalPower != .unknown { parts.append("wireless power: \(wirelessExternalPower)") }
            if chargeState != .unknown { parts.append(chargeState.description) }
            if chargeLevel != .unknown { parts.append("level \(chargeLevel)") }
            if chargingType != .unknownOrNotCharging { parts.append(chargingType.description) }
            if !chargingFaultReason.isEmpty { parts.append("charging fault: \(chargingFaultReason)") }
            return parts.joined(separator: ", ")
        }
    }

    /// Whether external power is connected (2-bit code; 3 reserved and kept).
    public struct ExternalPowerConnection: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 2-bit code.
        public let rawValue: UInt8
        /// Wraps a code.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: not connected.
        public static let no = ExternalPowerConnection(rawValue: 0)
        /// 1: connected.
        public static let yes = ExternalPowerConnection(rawValue: 1)
        /// 2: unknown.
        public static let unknown = ExternalPowerConnection(rawValue: 2)
        /// `yes`, `no`, `unknown` or `reserved 3`.
        public var description: String {
            switch self {
            case .no: "no"
            case .yes: "yes"
            case .unknown: "unknown"
            default: "reserved \(rawValue)"
            }
        }
    }

    /// The battery charge state (2-bit code).
    public struct ChargeState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 2-bit code.
        public let rawValue: UInt8
        /// Wraps a code.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: unknown.
        public static let unknown = ChargeState(rawValue: 0)
        /// 1: charging.
        public static let charging = ChargeState(rawValue: 1)
        /// 2: discharging, active.
        public static let dischargingActive = ChargeState(rawValue: 2)
        /// 3: discharging, inactive.
        public static let dischargingInactive = ChargeState(rawValue: 3)
        /// `charging`, `discharging (active)`, ….
        public var description: String {
            switch self {
            case .unknown: "charge state unknown"
            case .charging: "charging"
            case .dischargingActive: "discharging (active)"
            case .dischargingInactive: "discharging (inactive)"
            default: "charge state \(rawValue)"
            }
        }
    }

    /// The battery charge level (2-bit code).
    public struct ChargeLevel: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 2-bit code.
        public let rawValue: UInt8
        /// Wraps a code.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: unknown.
        public static let unknown = ChargeLevel(rawValue: 0)
        /// 1: good.
        public static let good = ChargeLevel(rawValue: 1)
        /// 2: low.
        public static let low = ChargeLevel(rawValue: 2)
        /// 3: critical.
        public static let critical = ChargeLevel(rawValue: 3)
        /// `good`, `low`, `critical` or `unknown`.
        public var description: String {
            switch self {
            case .good: "good"
            case .low: "low"
            case .critical: "critical"
            default: "unknown"
            }
        }
    }

    /// The charging type (3-bit code; 5–7 reserved and kept).
    public struct ChargingType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 3-bit code.
        public let rawValue: UInt8
        /// Wraps a code.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: unknown or not charging.
        public static let unknownOrNotCharging = ChargingType(rawValue: 0)
        /// 1: constant current.
        public static let constantCurrent = ChargingType(rawValue: 1)
        /// 2: constant voltage.
        public static let constantVoltage = ChargingType(rawValue: 2)
        /// 3: trickle.
        public static let trickle = ChargingType(rawValue: 3)
        /// 4: float.
        public static let float = ChargingType(rawValue: 4)
        /// `constant current charging`, ….
        public var description: String {
            switch self {
            case .unknownOrNotCharging: "not charging"
            case .constantCurrent: "constant current charging"
            case .constantVoltage: "constant voltage charging"
            case .trickle: "trickle charging"
            case .float: "float charging"
            default: "charging type \(rawValue)"
            }
        }
    }

    /// Why charging is faulty (3-bit field).
    public struct ChargingFaultReason: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The 3-bit field.
        public let rawValue: UInt8
        /// Wraps the field.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bit 0 (power state bit 12): the battery.
        public static let battery = ChargingFaultReason(rawValue: 1 << 0)
        /// Bit 1 (power state bit 13): the external power source.
        public static let externalPowerSource = ChargingFaultReason(rawValue: 1 << 1)
        /// Bit 2 (power state bit 14): another reason.
        public static let other = ChargingFaultReason(rawValue: 1 << 2)
        /// `battery, external power source`.
        public var description: String {
            [(Self.battery, "battery"), (.externalPowerSource, "external power source"), (.other, "other")]
                .filter { contains($0.0) }.map(\.1).joined(separator: ", ")
        }
    }

    /// The additional status bit field (GSS, 3.28.2.5). Bits 3–7 are reserved and kept.
    public struct AdditionalStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The byte.
        public let rawValue: UInt8
        /// Wraps the byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Builds the byte; `serviceRequired` is 0 false, 1 true, 2 unknown.
        public init(serviceRequired: UInt8, batteryFault: Bool) {
            rawValue = (serviceRequired & 0b11) | (batteryFault ? 0b100 : 0)
        }
        /// Bits 0–1: service required (0 false, 1 true, 2 unknown, 3 reserved).
        public var serviceRequired: UInt8 { rawValue & 0b11 }
        /// Bit 2: whether the battery is faulty.
        public var batteryFault: Bool { rawValue & 0b100 != 0 }
        /// `service required: yes, battery fault`.
        public var description: String {
            let service = ["no", "yes", "unknown", "reserved"][Int(serviceRequired)]
            return "service required: \(service)" + (batteryFault ? ", battery fault" : "")
        }
    }

    /// The power state.
    public let powerState: PowerState
    /// The battery identifier, when present (Battery Service instances with more than one battery).
    public let identifier: UInt16?
    /// The battery level in percent (0–100), when present.
    public let batteryLevel: UInt8?
    /// The additional status, when present.
    public let additionalStatus: AdditionalStatus?

    /// Creates a value; throws for a battery level above 100.
    public init(powerState: PowerState, identifier: UInt16? = nil, batteryLevel: UInt8? = nil,
                additionalStatus: AdditionalStatus? = nil) throws(CharacteristicValueError) {
        if let batteryLevel { try check(Self.self, "battery level", batteryLevel, in: 0...100) }
        self.powerState = powerState
        self.identifier = identifier
        self.batteryLevel = batteryLevel
        self.additionalStatus = additionalStatus
    }

    /// Decodes flags, power state and the optional fields the flags announce.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let flags = try reader.uint8("flags")
        let powerState = PowerState(rawValue: try reader.uint16("power state"))
        var last = "power state"
        var identifier: UInt16?
        var level: UInt8?
        var additional: AdditionalStatus?
        if flags & 0x01 != 0 {
            identifier = try reader.uint16("identifier")
            last = "identifier"
        }
        if flags & 0x02 != 0 {
            level = try reader.uint8("battery level")
            last = "battery level"
        }
        if flags & 0x04 != 0 {
            additional = AdditionalStatus(rawValue: try reader.uint8("additional status"))
            last = "additional status"
        }
        try reader.finish(after: last)
        try self.init(powerState: powerState, identifier: identifier, batteryLevel: level, additionalStatus: additional)
    }

    /// Flags, power state, then each present optional field.
    public func encoded() -> [UInt8] {
        var flags: UInt8 = 0
        if identifier != nil { flags |= 0x01 }
        if batteryLevel != nil { flags |= 0x02 }
        if additionalStatus != nil { flags |= 0x04 }
        var writer = ByteWriter()
        writer.writeUInt8(flags)
        writer.writeUInt16(powerState.rawValue)
        if let identifier { writer.writeUInt16(identifier) }
        if let batteryLevel { writer.writeUInt8(batteryLevel) }
        if let additionalStatus { writer.writeUInt8(additionalStatus.rawValue) }
        return writer.bytes
    }

    /// `87 %, battery present, charging, level good`.
    public var description: String {
        var parts: [String] = []
        if let batteryLevel { parts.append("\(batteryLevel) %") }
        parts.append(powerState.description)
        if let identifier { parts.append("battery \(ValueText.hex(identifier, digits: 4))") }
        if let additionalStatus { parts.append(additionalStatus.description) }
        return parts.joined(separator: ", ")
    }
}
