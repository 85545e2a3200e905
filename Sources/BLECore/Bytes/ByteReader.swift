/// A cursor over little-endian wire bytes.
///
/// Every Bluetooth layer (HCI, L2CAP, ATT, advertising data) is little-endian. A reader never
/// traps: reading past the end returns `nil` and leaves the cursor where it was, so a decoder can
/// tell "incomplete" (nil) from "malformed" (a thrown error of its own layer).
///
/// Frozen and inlinable: every decoder of every layer reads through it, so its reads compile into
/// the decoders (issue 17: a call per byte field was a tenth of an ATT decode).
@frozen
public struct ByteReader: Sendable {
    /// The bytes being read.
    public let bytes: [UInt8]
    @usableFromInline var position: Int

    /// The index of the next unread byte.
    @inlinable public var offset: Int { position }

    /// Creates a reader positioned at the first byte.
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
    }

    /// Creates a reader positioned at the first byte.
    @inlinable
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes)
        self.position = 0
    }

    /// How many bytes are left.
    @inlinable public var remainingCount: Int { bytes.count - position }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { position >= bytes.count }

    /// Reads one byte.
    @inlinable @inline(__always)
    public mutating func readUInt8() -> UInt8? {
        guard remainingCount >= 1 else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Reads one signed byte.
    @inlinable
    public mutating func readInt8() -> Int8? {
        readUInt8().map { Int8(bitPattern: $0) }
    }

    /// Reads a little-endian 16-bit unsigned integer.
    @inlinable @inline(__always)
    public mutating func readUInt16() -> UInt16? {
        readInteger(UInt16.self, size: 2)
    }

    /// Reads a little-endian 16-bit signed integer.
    @inlinable
    public mutating func readInt16() -> Int16? {
        readUInt16().map { Int16(bitPattern: $0) }
    }

    /// Reads a little-endian 24-bit unsigned integer into a `UInt32`.
    @inlinable
    public mutating func readUInt24() -> UInt32? {
        readInteger(UInt32.self, size: 3)
    }

    /// Reads a little-endian 32-bit unsigned integer.
    @inlinable
    public mutating func readUInt32() -> UInt32? {
        readInteger(UInt32.self, size: 4)
    }

    /// Reads a little-endian 32-bit signed integer.
    @inlinable
    public mutating func readInt32() -> Int32? {
        readUInt32().map { Int32(bitPattern: $0) }
    }

    /// Reads a little-endian 48-bit unsigned integer into a `UInt64`.
    @inlinable
    public mutating func readUInt48() -> UInt64? {
        readInteger(UInt64.self, size: 6)
    }

    /// Reads a little-endian 64-bit unsigned integer.
    @inlinable
    public mutating func readUInt64() -> UInt64? {
        readInteger(UInt64.self, size: 8)
    }

    /// Reads `count` bytes in wire order.
    @inlinable
    public mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, remainingCount >= count else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Reads every byte that is left.
    @inlinable
    public mutating func readRemainingBytes() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    /// Returns the next byte without consuming it.
    @inlinable
    public func peekUInt8() -> UInt8? {
        remainingCount >= 1 ? bytes[position] : nil
    }

    @inlinable
    mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type, size: Int) -> T? {
        guard remainingCount >= size else { return nil }
        var value: T = 0
        for index in 0..<size {
            value |= T(bytes[position + index]) << (8 * index)
        }
        position += size
        return value
    }
}
