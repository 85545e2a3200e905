/// Builds little-endian wire bytes; the mirror of ``ByteReader``.
///
/// Frozen and inlinable, like ``ByteReader``: every encoder writes through it, so its writes
/// compile into the encoders.
@frozen
public struct ByteWriter: Sendable {
    @usableFromInline var storage: [UInt8]

    /// The bytes written so far.
    @inlinable public var bytes: [UInt8] { storage }

    /// Creates an empty writer, optionally reserving capacity.
    @inlinable
    public init(capacity: Int = 0) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// Forgets the bytes written, keeping the storage: a writer reused for one PDU after another
    /// allocates nothing once it has grown to the largest.
    @inlinable
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func writeUInt8(_ value: UInt8) { storage.append(value) }

    /// Appends one signed byte.
    @inlinable
    public mutating func writeInt8(_ value: Int8) { storage.append(UInt8(bitPattern: value)) }

    /// Appends a little-endian 16-bit unsigned integer.
    @inlinable @inline(__always)
    public mutating func writeUInt16(_ value: UInt16) {
        storage.append(UInt8(truncatingIfNeeded: value))
        storage.append(UInt8(truncatingIfNeeded: value &>> 8))
    }

    /// Appends a little-endian 16-bit signed integer.
    @inlinable
    public mutating func writeInt16(_ value: Int16) { writeUInt16(UInt16(bitPattern: value)) }

    /// Appends the low 24 bits of `value`, little-endian.
    @inlinable
    public mutating func writeUInt24(_ value: UInt32) { writeInteger(value, size: 3) }

    /// Appends a little-endian 32-bit unsigned integer.
    @inlinable
    public mutating func writeUInt32(_ value: UInt32) { writeInteger(value, size: 4) }

    /// Appends a little-endian 32-bit signed integer.
    @inlinable
    public mutating func writeInt32(_ value: Int32) { writeInteger(UInt32(bitPattern: value), size: 4) }

    /// Appends the low 48 bits of `value`, little-endian.
    @inlinable
    public mutating func writeUInt48(_ value: UInt64) { writeInteger(value, size: 6) }

    /// Appends a little-endian 64-bit unsigned integer.
    @inlinable
    public mutating func writeUInt64(_ value: UInt64) { writeInteger(value, size: 8) }

    /// Appends the bytes of an array: copied from its buffer in one block.
    @inlinable
    public mutating func writeBytes(_ value: [UInt8]) {
        value.withUnsafeBufferPointer { storage.append(contentsOf: $0) }
    }

    /// Appends bytes in the order given.
    @inlinable
    public mutating func writeBytes<Bytes: Sequence>(_ value: Bytes) where Bytes.Element == UInt8 {
        storage.append(contentsOf: value)
    }

    /// Appends a UUID in its little-endian wire form of `size` (2, 4 or 16 bytes), without an
    /// array of its own on the way.
    ///
    /// - Precondition: the UUID fits `size` (see ``BluetoothUUID/littleEndianBytes(size:)``).
    @inlinable
    public mutating func writeUUID(_ uuid: BluetoothUUID, size: BluetoothUUID.Size) {
        switch size {
        case .bits16:
            precondition(uuid.size == .bits16, "\(uuid) does not fit 16 bits")
            writeUInt16(UInt16(truncatingIfNeeded: uuid.high &>> 32))
        case .bits32:
            precondition(uuid.isOnBaseUUID, "\(uuid) does not fit 32 bits")
            writeUInt32(UInt32(truncatingIfNeeded: uuid.high &>> 32))
        case .bits128:
            writeUInt64(uuid.low)
            writeUInt64(uuid.high)
        }
    }

    /// Appends a UUID as ATT carries it: 2 bytes when it is a 16-bit UUID, else 16 (Core 5.4,
    /// Vol 3, Part F, 3.2.1).
    @inlinable
    public mutating func writeATTUUID(_ uuid: BluetoothUUID) {
        writeUUID(uuid, size: uuid.size == .bits16 ? .bits16 : .bits128)
    }

    @inlinable
    mutating func writeInteger<T: FixedWidthInteger & UnsignedInteger>(_ value: T, size: Int) {
        withUnsafeBytes(of: value.littleEndian) { storage.append(contentsOf: $0.prefix(size)) }
    }
}

extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex without separators, e.g. `0a1b`.
    public var hexString: String {
        var result = ""
        for byte in self {
            result.append(hexDigits[Int(byte >> 4)])
            result.append(hexDigits[Int(byte & 0x0F)])
        }
        return result
    }
}

private let hexDigits: [Character] = Array("0123456789abcdef")

extension Array where Element == UInt8 {
    /// Parses hex such as `0a1b`, `0A 1B`, `0a:1b` or `0x0a1b` (separators: space, `:`, `-`).
    ///
    /// Returns `nil` for an odd number of digits or any other character.
    public init?(hex text: String) {
        var digits = Substring(text.trimmingCharacters(in: " \t\n"))
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        var result: [UInt8] = []
        var high: UInt8?
        for character in digits {
            if character == " " || character == ":" || character == "-" {
                if high != nil { return nil }
                continue
            }
            guard let nibble = character.hexDigitValue.map(UInt8.init) else { return nil }
            if let pending = high {
                result.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { return nil }
        self = result
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
