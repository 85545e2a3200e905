/// Builds little-endian wire bytes; the mirror of ``ByteReader``.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// Creates an empty writer, optionally reserving capacity.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the bytes written, keeping the storage: a writer reused for one PDU after another
    /// allocates nothing once it has grown to the largest.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends one byte.
    public mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    /// Appends one signed byte.
    public mutating func writeInt8(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }

    /// Appends a little-endian 16-bit unsigned integer.
    public mutating func writeUInt16(_ value: UInt16) { writeInteger(value, size: 2) }

    /// Appends a little-endian 16-bit signed integer.
    public mutating func writeInt16(_ value: Int16) { writeInteger(UInt16(bitPattern: value), size: 2) }

    /// Appends the low 24 bits of `value`, little-endian.
    public mutating func writeUInt24(_ value: UInt32) { writeInteger(value, size: 3) }

    /// Appends a little-endian 32-bit unsigned integer.
    public mutating func writeUInt32(_ value: UInt32) { writeInteger(value, size: 4) }

    /// Appends a little-endian 32-bit signed integer.
    public mutating func writeInt32(_ value: Int32) { writeInteger(UInt32(bitPattern: value), size: 4) }

    /// Appends the low 48 bits of `value`, little-endian.
    public mutating func writeUInt48(_ value: UInt64) { writeInteger(value, size: 6) }

    /// Appends a little-endian 64-bit unsigned integer.
    public mutating func writeUInt64(_ value: UInt64) { writeInteger(value, size: 8) }

    /// Appends bytes in the order given.
    public mutating func writeBytes<Bytes: Sequence>(_ value: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: value)
    }

    private mutating func writeInteger<T: FixedWidthInteger & UnsignedInteger>(_ value: T, size: Int) {
        for index in 0..<size {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
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
