/// A cursor over little-endian wire bytes.
///
/// Every Bluetooth layer (HCI, L2CAP, ATT, advertising data) is little-endian. A reader never
/// traps: reading past the end returns `nil` and leaves the cursor where it was, so a decoder can
/// tell "incomplete" (nil) from "malformed" (a thrown error of its own layer).
public struct ByteReader: Sendable {
    /// The bytes being read.
    public let bytes: [UInt8]
    /// The index of the next unread byte.
    public private(set) var offset: Int

    /// Creates a reader positioned at the first byte.
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes)
        self.offset = 0
    }

    /// How many bytes are left.
    public var remainingCount: Int { bytes.count - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// Reads one byte.
    public mutating func readUInt8() -> UInt8? {
        guard remainingCount >= 1 else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads one signed byte.
    public mutating func readInt8() -> Int8? {
        readUInt8().map { Int8(bitPattern: $0) }
    }

    /// Reads a little-endian 16-bit unsigned integer.
    public mutating func readUInt16() -> UInt16? {
        readInteger(UInt16.self, size: 2)
    }

    /// Reads a little-endian 16-bit signed integer.
    public mutating func readInt16() -> Int16? {
        readUInt16().map { Int16(bitPattern: $0) }
    }

    /// Reads a little-endian 24-bit unsigned integer into a `UInt32`.
    public mutating func readUInt24() -> UInt32? {
        readInteger(UInt32.self, size: 3)
    }

    /// Reads a little-endian 32-bit unsigned integer.
    public mutating func readUInt32() -> UInt32? {
        readInteger(UInt32.self, size: 4)
    }

    /// Reads a little-endian 32-bit signed integer.
    public mutating func readInt32() -> Int32? {
        readUInt32().map { Int32(bitPattern: $0) }
    }

    /// Reads a little-endian 48-bit unsigned integer into a `UInt64`.
    public mutating func readUInt48() -> UInt64? {
        readInteger(UInt64.self, size: 6)
    }

    /// Reads a little-endian 64-bit unsigned integer.
    public mutating func readUInt64() -> UInt64? {
        readInteger(UInt64.self, size: 8)
    }

    /// Reads `count` bytes in wire order.
    public mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, remainingCount >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads every byte that is left.
    public mutating func readRemainingBytes() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Returns the next byte without consuming it.
    public func peekUInt8() -> UInt8? {
        remainingCount >= 1 ? bytes[offset] : nil
    }

    private mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type, size: Int) -> T? {
        guard remainingCount >= size else { return nil }
        var value: T = 0
        for index in 0..<size {
            value |= T(bytes[offset + index]) << (8 * index)
        }
        offset += size
        return value
    }
}
