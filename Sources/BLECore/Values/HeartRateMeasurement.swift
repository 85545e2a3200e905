/// Heart Rate Measurement (0x2A37): heart rate, sensor contact, energy expended and RR-intervals.
///
/// GSS, 3.113 Heart Rate Measurement; Heart Rate Service 1.0, 3.1. Flags (`uint8`): bit 0 value
/// format (0 `uint8`, 1 `uint16`), bits 1–2 Sensor Contact Status, bit 3 Energy Expended present
/// (`uint16`, kJ), bit 4 RR-Intervals present (`uint16` each, 1/1024 s); bits 5–7 reserved.
public struct HeartRateMeasurement: SIGCharacteristic {
    /// 0x2A37.
    public static let uuid = BluetoothUUID(0x2A37)
    /// `Heart Rate Measurement`.
    public static let name = "Heart Rate Measurement"

    /// Sensor Contact Status, flags bits 1–2 (an open code space).
    public struct SensorContactStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The 2-bit value (bit 1 = contact detected, bit 2 = contact detection supported).
        public let rawValue: UInt8
        /// Wraps the 2-bit value (higher bits are ignored when encoding).
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0: sensor contact detection not supported.
        public static let notSupported = SensorContactStatus(rawValue: 0)
        /// 2: supported, but contact is not detected.
        public static let notDetected = SensorContactStatus(rawValue: 2)
        /// 3: supported and contact is detected.
        public static let detected = SensorContactStatus(rawValue: 3)

        /// Whether the sensor reports contact detection at all.
        public var isSupported: Bool { rawValue & 0b10 != 0 }
        /// Whether contact is detected (only meaningful when supported).
        public var isDetected: Bool { rawValue & 0b11 == 0b11 }

        /// `contact detected`, `no contact`, or `contact not supported`.
        public var description: String {
            isSupported ? (isDetected ? "contact detected" : "no contact") : "contact not supported"
        }
    }

    /// Heart rate in beats per minute.
    public let heartRate: UInt16
    /// Whether the heart rate is sent as a `uint16` (flags bit 0).
    public let usesUInt16Format: Bool
    /// Sensor contact status.
    public let sensorContact: SensorContactStatus
    /// Accumulated energy expended in kilojoules, when present.
    public let energyExpended: UInt16?
    /// RR-intervals in units of 1/1024 s, oldest first, when present.
    public let rrIntervals: [UInt16]?

    /// Creates a measurement; the `uint16` format is chosen automatically above 255 bpm unless given.
    ///
    /// Throws when `usesUInt16Format` is `false` and the heart rate exceeds 255.
    public init(
        heartRate: UInt16, usesUInt16Format: Bool? = nil, sensorContact: SensorContactStatus = .notSupported,
        energyExpended: UInt16? = nil, rrIntervals: [UInt16]? = nil
    ) throws(CharacteristicValueError) {
        let wide = usesUInt16Format ?? (heartRate > 0xFF)
        if !wide { try check(Self.self, "heart rate", heartRate, in: 0...0xFF) }
        self.heartRate = heartRate
        self.usesUInt16Format = wide
        self.sensorContact = SensorContactStatus(rawValue: sensorContact.rawValue & 0b11)
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
    }

    /// RR-intervals in seconds.
    public var rrIntervalSeconds: [Double] { (rrIntervals ?? []).map { Double($0) / 1024 } }

    /// Decodes the variable-length value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        let flags = try reader.uint8("flags")
        usesUInt16Format = flags & 0x01 != 0
        if usesUInt16Format {
            heartRate = try reader.uint16("heart rate")
        } else {
            heartRate = UInt16(try reader.uint8("heart rate"))
        }
        sensorContact = SensorContactStatus(rawValue: (flags >> 1) & 0b11)
        if flags & 0x08 != 0 {
            energyExpended = try reader.uint16("energy expended")
        } else {
            energyExpended = nil
        }
        if flags & 0x10 != 0 {
            var intervals: [UInt16] = []
            while !reader.reader.isAtEnd { intervals.append(try reader.uint16("RR-interval")) }
            rrIntervals = intervals
        } else {
            rrIntervals = nil
        }
        try reader.finish(after: energyExpended != nil ? "energy expended" : "heart rate")
    }

    /// Flags, heart rate, then the optional fields the flags announce.
    public func encoded() -> [UInt8] {
        var flags: UInt8 = (sensorContact.rawValue & 0b11) << 1
        if usesUInt16Format { flags |= 0x01 }
        if energyExpended != nil { flags |= 0x08 }
        if rrIntervals != nil { flags |= 0x10 }
        var writer = ByteWriter()
        writer.writeUInt8(flags)
        if usesUInt16Format { writer.writeUInt16(heartRate) } else { writer.writeUInt8(UInt8(truncatingIfNeeded: heartRate)) }
        if let energyExpended { writer.writeUInt16(energyExpended) }
        for interval in rrIntervals ?? [] { writer.writeUInt16(interval) }
        return writer.bytes
    }

    /// `72 bpm, contact detected, 12 kJ, RR 804 ms 812 ms`.
    public var description: String {
        var parts = ["\(heartRate) bpm"]
        if sensorContact.isSupported { parts.append(sensorContact.description) }
        if let energyExpended { parts.append("\(energyExpended) kJ") }
        if let rrIntervals, !rrIntervals.isEmpty {
            parts.append("RR " + rrIntervals.map { "\((Int($0) * 1000 + 512) / 1024) ms" }.joined(separator: " "))
        }
        return parts.joined(separator: ", ")
    }
}
