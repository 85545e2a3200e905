/// A 48-bit Bluetooth device address together with its type.
///
/// Core 5.4, Vol 6, Part B, 1.3. Written for people most significant byte first, as
/// `5C:31:3E:F2:16:13`; carried on the wire (HCI, advertising PDUs, AD structures) as 6 bytes
/// little-endian, so the wire form of that address is `13 16 F2 3E 31 5C`.
///
/// For a random address the type is always the one its two top bits encode, so an address can
/// never claim to be "random static" while its bits say "resolvable private".
public struct DeviceAddress: Hashable, Sendable {
    /// The 48-bit value, most significant byte first when printed.
    public let value: UInt64
    /// The address type: public, or one of the random sub-types.
    public let type: DeviceAddressType

    /// The largest 48-bit value.
    public static let maximumValue: UInt64 = 0xFFFF_FFFF_FFFF

    /// Creates an address from its 48-bit value; a random address takes its sub-type from its top bits.
    ///
    /// Throws ``DeviceAddressError/valueTooLarge(_:)`` when `value` does not fit in 48 bits.
    public init(value: UInt64, isRandom: Bool) throws(DeviceAddressError) {
        guard value <= Self.maximumValue else { throw .valueTooLarge(value) }
        self.value = value
        self.type = isRandom ? DeviceAddressType.randomSubtype(of: value) : .public
    }

    /// Creates an address of a given type, checking that a random type matches the address's top bits.
    ///
    /// Throws ``DeviceAddressError/valueTooLarge(_:)`` or ``DeviceAddressError/typeMismatch(address:declared:actual:)``.
    public init(value: UInt64, type: DeviceAddressType) throws(DeviceAddressError) {
        try self.init(value: value, isRandom: type.isRandom)
        guard self.type == type else {
            throw .typeMismatch(address: Self.format(value), declared: type, actual: self.type)
        }
    }

    /// Decodes the 6-byte little-endian wire form (HCI byte order).
    ///
    /// Throws ``DeviceAddressError/wrongByteCount(_:)`` unless there are exactly 6 bytes.
    public init(littleEndianBytes bytes: [UInt8], isRandom: Bool) throws(DeviceAddressError) {
        guard bytes.count == 6 else { throw .wrongByteCount(bytes.count) }
        var reader = ByteReader(bytes)
        try self.init(value: reader.readUInt48() ?? 0, isRandom: isRandom)
    }

    /// Decodes an address and the HCI address-type byte that came with it in an event.
    ///
    /// Identity types (2, 3) map to public and random; anonymous (0xFF) and reserved bytes throw
    /// ``DeviceAddressError/unknownHCIAddressType(_:)``.
    public init(littleEndianBytes bytes: [UInt8], hciAddressType: HCIAddressType) throws(DeviceAddressError) {
        guard let isRandom = hciAddressType.isRandom else { throw .unknownHCIAddressType(hciAddressType.rawValue) }
        try self.init(littleEndianBytes: bytes, isRandom: isRandom)
    }

    /// Reads a 6-byte little-endian address; returns `nil` and consumes nothing when fewer than 6 bytes are left.
    public static func read(from reader: inout ByteReader, isRandom: Bool) -> DeviceAddress? {
        guard let value = reader.readUInt48() else { return nil }
        return try? DeviceAddress(value: value, isRandom: isRandom)
    }

    /// Appends the 6-byte little-endian wire form.
    public func write(to writer: inout ByteWriter) {
        writer.writeUInt48(value)
    }

    /// The 6-byte little-endian wire form (HCI byte order).
    public var littleEndianBytes: [UInt8] {
        var writer = ByteWriter(capacity: 6)
        write(to: &writer)
        return writer.bytes
    }

    /// The 6 bytes most significant first, as printed.
    public var bigEndianBytes: [UInt8] { littleEndianBytes.reversed() }

    /// The HCI address-type byte for this address: 0 public, 1 random.
    public var hciAddressType: HCIAddressType { HCIAddressType(for: type) }

    /// Whether this is a random address.
    public var isRandom: Bool { type.isRandom }

    /// For a public address, its 24-bit IEEE Organizationally Unique Identifier (the top 3 bytes).
    public var organizationallyUniqueIdentifier: UInt32? {
        type == .public ? UInt32(value >> 24) : nil
    }

    static func format(_ value: UInt64) -> String {
        (0..<6).map { index in
            [UInt8(truncatingIfNeeded: value >> (40 - 8 * UInt64(index)))].hexString.uppercased()
        }.joined(separator: ":")
    }
}

extension DeviceAddress: CustomStringConvertible {
    /// The address as `5C:31:3E:F2:16:13`: uppercase, colon-separated, most significant byte first.
    public var description: String { Self.format(value) }

    /// Parses `5C:31:3E:F2:16:13` (also lowercase, or with `-` separators); a random address takes
    /// its sub-type from its top bits.
    ///
    /// Throws a ``DeviceAddressError`` that names what is wrong with the text.
    public init(parsing text: String, isRandom: Bool = false) throws(DeviceAddressError) {
        let trimmed = text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
        let body = String(trimmed)
        let usesColons = body.contains(":")
        let usesDashes = body.contains("-")
        if usesColons && usesDashes { throw .mixedSeparators(text: text) }
        let separator: Character = usesDashes ? "-" : ":"
        let groups = body.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count == 6 else { throw .wrongGroupCount(text: text, count: groups.count) }
        var value: UInt64 = 0
        for (index, group) in groups.enumerated() {
            guard group.count == 2, group.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                  let byte = UInt8(group, radix: 16)
            else { throw .invalidGroup(text: text, group: String(group), position: index + 1) }
            value = value << 8 | UInt64(byte)
        }
        try self.init(value: value, isRandom: isRandom)
    }

    /// Parses the text and checks that a random type matches the address's top bits.
    public init(parsing text: String, type: DeviceAddressType) throws(DeviceAddressError) {
        let parsed = try DeviceAddress(parsing: text, isRandom: type.isRandom)
        try self.init(value: parsed.value, type: type)
    }
}

extension DeviceAddress: Comparable {
    /// Orders by the 48-bit value, then public before random.
    public static func < (lhs: DeviceAddress, rhs: DeviceAddress) -> Bool {
        if lhs.value != rhs.value { return lhs.value < rhs.value }
        return !lhs.isRandom && rhs.isRandom
    }
}

extension DeviceAddress: Codable {
    private enum CodingKeys: String, CodingKey {
        case address
        case type
    }

    /// Decodes `{"address": "5C:31:3E:F2:16:13", "type": "public"}`, checking the type against the bits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .address)
        let type = try container.decode(DeviceAddressType.self, forKey: .type)
        do {
            self = try DeviceAddress(parsing: text, type: type)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .address, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the address as its string plus its type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .address)
        try container.encode(type, forKey: .type)
    }
}

/// Why a device address could not be parsed or built.
public enum DeviceAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text does not have 6 groups separated by `:` or `-`.
    case wrongGroupCount(text: String, count: Int)
    /// A group (1-based `position`) is not exactly two hex digits.
    case invalidGroup(text: String, group: String, position: Int)
    /// The text mixes `:` and `-` separators.
    case mixedSeparators(text: String)
    /// The value does not fit in 48 bits.
    case valueTooLarge(UInt64)
    /// The wire form is not 6 bytes.
    case wrongByteCount(Int)
    /// A random type was declared that the address's two top bits contradict.
    case typeMismatch(address: String, declared: DeviceAddressType, actual: DeviceAddressType)
    /// The HCI address-type byte is neither public nor random (e.g. 0xFF anonymous).
    case unknownHCIAddressType(UInt8)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .wrongGroupCount(let text, let count):
            return "invalid device address '\(text)': expected 6 groups of 2 hex digits like 5C:31:3E:F2:16:13, found \(count)"
        case .invalidGroup(let text, let group, let position):
            return "invalid device address '\(text)': group \(position) '\(group)' is not 2 hex digits (0-9, A-F)"
        case .mixedSeparators(let text):
            return "invalid device address '\(text)': use either ':' or '-' between groups, not both"
        case .valueTooLarge(let value):
            return "device address value 0x\(String(value, radix: 16, uppercase: true)) does not fit in 48 bits"
        case .wrongByteCount(let count):
            return "a device address is 6 bytes on the wire, got \(count)"
        case .typeMismatch(let address, let declared, let actual):
            return "device address \(address) is \(actual.label) by its top two bits, not \(declared.label)"
        case .unknownHCIAddressType(let byte):
            return "HCI address type 0x\([byte].hexString.uppercased()) names neither a public nor a random address"
        }
    }
}
