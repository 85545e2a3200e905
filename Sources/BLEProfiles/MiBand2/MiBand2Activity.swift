import BLECore

/// Today's steps, distance and energy, as the band's realtime activity characteristic (`0x0007`)
/// holds them: 13 bytes, little-endian.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 1 | flags: `0x0C` (distance and energy present) |
/// | 1 | 4 | steps, `uint32` |
/// | 5 | 4 | meters, `uint32` |
/// | 9 | 4 | kilocalories, `uint32` |
///
/// `0c 0b000000 07000000 01000000` is 11 steps, 7 m and 1 kcal.
public struct MiBand2Activity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The flags byte the band sends first.
    public static let standardFlags: UInt8 = 0x0C
    /// The length of the value.
    public static let length = 13

    /// Steps today.
    public var steps: UInt32
    /// Meters walked today.
    public var meters: UInt32
    /// Kilocalories burnt today.
    public var kilocalories: UInt32
    /// The flags byte (kept as received).
    public var flags: UInt8

    /// Creates a record.
    public init(steps: UInt32, meters: UInt32, kilocalories: UInt32, flags: UInt8 = MiBand2Activity.standardFlags) {
        self.steps = steps
        self.meters = meters
        self.kilocalories = kilocalories
        self.flags = flags
    }

    /// Decodes the 13-byte value; throws ``ProfileError/Code/invalidValue`` for another length.
    public init(bytes: [UInt8]) throws(ProfileError) {
        var reader = ByteReader(bytes)
        guard bytes.count == Self.length, let flags = reader.readUInt8(), let steps = reader.readUInt32(),
            let meters = reader.readUInt32(), let kilocalories = reader.readUInt32()
        else {
            throw ProfileError(.invalidValue, "an activity record is \(Self.length) bytes (flags, steps, meters, kcal), not \(bytes.count)")
        }
        self.init(steps: steps, meters: meters, kilocalories: kilocalories, flags: flags)
    }

    /// The 13-byte value.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.length)
        writer.writeUInt8(flags)
        writer.writeUInt32(steps)
        writer.writeUInt32(meters)
        writer.writeUInt32(kilocalories)
        return writer.bytes
    }

    /// `11 steps · 7 m · 1 kcal`.
    public var description: String {
        "\(steps) step\(steps == 1 ? "" : "s") · \(meters) m · \(kilocalories) kcal"
    }

    private enum CodingKeys: String, CodingKey {
        case steps, meters, kilocalories
    }

    /// Decodes steps, meters and kilocalories (the flags are the standard ones).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            steps: try container.decode(UInt32.self, forKey: .steps),
            meters: try container.decode(UInt32.self, forKey: .meters),
            kilocalories: try container.decode(UInt32.self, forKey: .kilocalories)
        )
    }

    /// Encodes steps, meters and kilocalories.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(steps, forKey: .steps)
        try container.encode(meters, forKey: .meters)
        try container.encode(kilocalories, forKey: .kilocalories)
    }
}
