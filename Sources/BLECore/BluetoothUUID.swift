/// A Bluetooth UUID in any of its three sizes.
///
/// Core 5.4, Vol 3, Part B, 2.5.1: 16- and 32-bit UUIDs are shorthand for 128-bit UUIDs built on
/// the Bluetooth Base UUID `00000000-0000-1000-8000-00805F9B34FB`:
/// `uuid128 = uuid16 * 2^96 + base` (and likewise for 32-bit values).
/// Two UUIDs are equal when their 128-bit forms are equal, whatever size they were written in, so
/// `BluetoothUUID(0x180A)` equals the UUID parsed from `0000180a-0000-1000-8000-00805f9b34fb`.
public struct BluetoothUUID: Hashable, Comparable, Sendable {
    /// The high 64 bits of the 128-bit form (big-endian reading order).
    public let high: UInt64
    /// The low 64 bits of the 128-bit form (big-endian reading order).
    public let low: UInt64

    /// The low 64 bits of the Bluetooth Base UUID (`…-8000-00805F9B34FB`).
    static let baseLow: UInt64 = 0x8000_0080_5F9B_34FB
    /// The part of the high 64 bits of the Bluetooth Base UUID below the 32-bit value (`-0000-1000`).
    static let baseHighLow: UInt64 = 0x0000_1000

    /// The shortest size a UUID can be written in.
    public enum Size: Int, Sendable, Hashable {
        /// A SIG-assigned 16-bit UUID.
        case bits16 = 16
        /// A 32-bit UUID on the Bluetooth Base UUID.
        case bits32 = 32
        /// Any other 128-bit UUID.
        case bits128 = 128

        /// The number of bytes on the wire.
        public var byteCount: Int { rawValue / 8 }
    }

    /// Creates the UUID from its two 64-bit halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Creates a 16-bit UUID, e.g. `BluetoothUUID(0x180A)` for Device Information.
    public init(_ uuid16: UInt16) {
        self.init(uuid32: UInt32(uuid16))
    }

    /// Creates a 32-bit UUID on the Bluetooth Base UUID.
    public init(uuid32: UInt32) {
        high = UInt64(uuid32) << 32 | Self.baseHighLow
        low = Self.baseLow
    }

    /// Creates a UUID from 16 bytes in big-endian (reading) order.
    ///
    /// Returns `nil` unless there are exactly 16 bytes.
    public init?(bigEndianBytes bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(bytes[index])
            low = low << 8 | UInt64(bytes[index + 8])
        }
        self.init(high: high, low: low)
    }

    /// Decodes a UUID from its little-endian wire form of 2, 4 or 16 bytes.
    ///
    /// Returns `nil` for any other length.
    public init?(littleEndianBytes bytes: [UInt8]) {
        self.init(littleEndianBytes: bytes[...])
    }

    /// Decodes a UUID from its little-endian wire form of 2, 4 or 16 bytes, in place in a larger
    /// buffer (nothing is copied).
    ///
    /// Returns `nil` for any other length.
    public init?(littleEndianBytes bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        func byte(_ index: Int) -> UInt64 { UInt64(bytes[start + index]) }
        switch bytes.count {
        case 2:
            self.init(UInt16(byte(0) | byte(1) << 8))
        case 4:
            self.init(uuid32: UInt32(byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24))
        case 16:
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<8 {
                low |= byte(index) << (8 * index)
                high |= byte(index + 8) << (8 * index)
            }
            self.init(high: high, low: low)
        default:
            return nil
        }
    }

    /// Whether this UUID is built on the Bluetooth Base UUID.
    public var isOnBaseUUID: Bool {
        low == Self.baseLow && high & 0xFFFF_FFFF == Self.baseHighLow
    }

    /// The shortest size this UUID can be written in.
    public var size: Size {
        guard isOnBaseUUID else { return .bits128 }
        return high >> 32 <= 0xFFFF ? .bits16 : .bits32
    }

    /// The 16-bit value, when the UUID has one.
    public var uuid16: UInt16? {
        size == .bits16 ? UInt16(truncatingIfNeeded: high >> 32) : nil
    }

    /// The 32-bit value, when the UUID is on the Bluetooth Base UUID (16-bit UUIDs included).
    public var uuid32: UInt32? {
        isOnBaseUUID ? UInt32(truncatingIfNeeded: high >> 32) : nil
    }

    /// The 16 bytes of the 128-bit form in big-endian (reading) order.
    public var bigEndianBytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    /// The little-endian wire form in the given size.
    ///
    /// Returns `nil` when the UUID does not fit that size.
    public func littleEndianBytes(size: Size) -> [UInt8]? {
        switch size {
        case .bits16: guard self.size == .bits16 else { return nil }
        case .bits32: guard isOnBaseUUID else { return nil }
        case .bits128: break
        }
        var writer = ByteWriter(capacity: size.byteCount)
        writer.writeUUID(self, size: size)
        return writer.bytes
    }

    /// The wire form in the shortest size ATT allows: 2 bytes for a 16-bit UUID, else 16 bytes.
    ///
    /// ATT has no 32-bit UUIDs (Core 5.4, Vol 3, Part F, 3.2.1): they travel as 128-bit.
    public var attBytes: [UInt8] {
        var writer = ByteWriter(capacity: 16)
        writer.writeATTUUID(self)
        return writer.bytes
    }

    /// The wire form in the shortest size: 2, 4 or 16 bytes (advertising data allows all three).
    public var shortestBytes: [UInt8] {
        littleEndianBytes(size: size)!
    }

    /// The full 128-bit spelling, uppercase with dashes.
    public var uuidString: String {
        let hex = bigEndianBytes.hexString.uppercased()
        let characters = Array(hex)
        var result = ""
        for (index, character) in characters.enumerated() {
            if [8, 12, 16, 20].contains(index) { result.append("-") }
            result.append(character)
        }
        return result
    }

    /// Orders UUIDs by their 128-bit value.
    public static func < (lhs: BluetoothUUID, rhs: BluetoothUUID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension BluetoothUUID: CustomStringConvertible, LosslessStringConvertible {
    /// The canonical spelling: `180A` for 16-bit UUIDs, `0000FEE0`-style 8 digits for 32-bit ones,
    /// the full dashed form for every other UUID.
    public var description: String {
        switch size {
        case .bits16: return hex(UInt64(uuid16!), digits: 4)
        case .bits32: return hex(UInt64(uuid32!), digits: 8)
        case .bits128: return uuidString
        }
    }

    /// Parses every common spelling: `180A`, `0x180a`, `0000FEE0` (32-bit),
    /// `0000180a-0000-1000-8000-00805f9b34fb`, and the 128-bit form without dashes.
    ///
    /// Returns `nil` for anything else; ``init(parsing:)`` says why.
    public init?(_ description: String) {
        guard let uuid = try? BluetoothUUID(parsing: description) else { return nil }
        self = uuid
    }

    /// Parses a UUID spelling, throwing an error that names what is wrong.
    public init(parsing text: String) throws(BluetoothUUIDParseError) {
        var body = Substring(text)
        while body.first == " " { body.removeFirst() }
        while body.last == " " { body.removeLast() }
        if body.hasPrefix("0x") || body.hasPrefix("0X") { body = body.dropFirst(2) }
        let hasDashes = body.contains("-")
        if hasDashes {
            let groups = body.split(separator: "-", omittingEmptySubsequences: false)
            guard groups.map(\.count) == [8, 4, 4, 4, 12] else {
                throw BluetoothUUIDParseError(text: text, reason: "a dashed UUID has groups of 8-4-4-4-12 hex digits")
            }
            body = Substring(groups.joined())
        }
        guard body.allSatisfy(\.isHexDigit), body.allSatisfy(\.isASCII) else {
            throw BluetoothUUIDParseError(text: text, reason: "a UUID has hex digits only (0-9, A-F)")
        }
        switch body.count {
        case 4 where !hasDashes:
            self.init(UInt16(body, radix: 16)!)
        case 8 where !hasDashes:
            self.init(uuid32: UInt32(body, radix: 16)!)
        case 32:
            let bytes = [UInt8](hex: String(body))!
            self.init(bigEndianBytes: bytes)!
        default:
            throw BluetoothUUIDParseError(
                text: text,
                reason: "a UUID has 4 (16-bit), 8 (32-bit) or 32 (128-bit) hex digits, not \(body.count)"
            )
        }
    }
}

/// Why a UUID spelling could not be parsed.
public struct BluetoothUUIDParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that was given.
    public let text: String
    /// What the text should look like.
    public let reason: String

    /// One line a person can act on.
    public var description: String { "invalid UUID '\(text)': \(reason)" }
}

extension BluetoothUUID: Codable {
    /// Decodes the UUID from its canonical string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try BluetoothUUID(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the UUID as its canonical string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

private func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

extension BluetoothUUID: ExpressibleByStringLiteral {
    /// A UUID written in source code, e.g. `let name: BluetoothUUID = "7A5A0201-D04B-48EB-B3FA-32EB4F0FFAC4"`.
    ///
    /// - Precondition: the literal is a valid spelling (a programming error otherwise). Text from
    ///   users, files or the network goes through ``init(parsing:)`` instead.
    public init(stringLiteral value: String) {
        do {
            self = try BluetoothUUID(parsing: value)
        } catch {
            preconditionFailure(error.description)
        }
    }
}
