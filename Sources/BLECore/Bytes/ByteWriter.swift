/// Builds little-endian wire bytes; the mirror of ``ByteReader``.
///
/// Frozen and inlinable, like ``ByteReader``: every encoder writes through it, so its writes
/// compile into the encoders.
@frozen
public struct ByteWriter: ByteSink, Sendable {
    /// The bytes: the first ``count`` are written; any after them are room kept from before
    /// ``removeAll()``, reused by the next writes.
    @usableFromInline var storage: [UInt8]
    /// How many bytes have been written.
    @usableFromInline var written: Int

    /// The bytes written so far (without a copy, unless the writer was reused for fewer bytes
    /// than it held before).
    @inlinable public var bytes: [UInt8] {
        written == storage.count ? storage : Array(storage[..<written])
    }

    /// How many bytes have been written.
    @inlinable public var count: Int { written }

    /// Creates an empty writer, optionally reserving capacity.
    @inlinable
    public init(capacity: Int = 0) {
        storage = []
        storage.reserveCapacity(capacity)
        written = 0
    }

    /// Forgets the bytes written, keeping the storage: a writer reused for one PDU after another
    /// allocates nothing once it has grown to the largest, and writes over the old bytes in
    /// place.
    @inlinable
    public mutating func removeAll() { written = 0 }

    /// Whether the next write goes at the end of the storage (a fresh writer), where the array
    /// appends; else it overwrites room kept by ``removeAll()``.
    @inlinable @inline(__always)
    var writesAtEnd: Bool { written == storage.count }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func writeUInt8(_ value: UInt8) {
        if writesAtEnd {
            storage.append(value)
            written &+= 1
        } else {
            append(count: 1) { $0.writeUInt8(value) }
        }
    }

    /// Appends one signed byte.
    @inlinable
    public mutating func writeInt8(_ value: Int8) { writeUInt8(UInt8(bitPattern: value)) }

    /// Appends a little-endian 16-bit unsigned integer.
    @inlinable @inline(__always)
    public mutating func writeUInt16(_ value: UInt16) {
        if writesAtEnd {
            storage.append(UInt8(truncatingIfNeeded: value))
            storage.append(UInt8(truncatingIfNeeded: value &>> 8))
            written &+= 2
        } else {
            append(count: 2) { $0.writeUInt16(value) }
        }
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
        if writesAtEnd {
            value.withUnsafeBufferPointer { storage.append(contentsOf: $0) }
            written = storage.count
        } else {
            append(count: value.count) { $0.writeBytes(value) }
        }
    }

    /// Appends bytes in the order given.
    @inlinable
    public mutating func writeBytes<Bytes: Sequence>(_ value: Bytes) where Bytes.Element == UInt8 {
        if writesAtEnd {
            storage.append(contentsOf: value)
            written = storage.count
        } else {
            for byte in value { writeUInt8(byte) }
        }
    }

    /// Appends exactly `count` bytes that `body` writes, in order, into ``Room``: the fields of
    /// a record whose size is known go in with one append and plain stores, without the
    /// per-write capacity and uniqueness checks of the other writes.
    ///
    /// - Precondition: `body` writes exactly `count` bytes (checked: writing past `count`, or
    ///   fewer, traps rather than corrupting memory or leaving bytes uninitialized).
    @inlinable
    public mutating func append(count: Int, _ body: (inout Room) -> Void) {
        let start = written
        let end = start + count
        if storage.count < end { grow(to: end) }
        storage.withUnsafeMutableBytes { bytes in
            var room = Room(base: bytes.baseAddress.map { $0 + start }, count: count)
            body(&room)
            precondition(room.offset == count, "a record of \(count) bytes wrote \(room.offset)")
        }
        written = end
    }

    /// Makes the storage `end` bytes long (zeros after the old end, overwritten at once).
    @inlinable
    mutating func grow(to end: Int) {
        if storage.capacity < end { storage.reserveCapacity(Swift.max(end, storage.count * 2)) }
        let extra = end - storage.count
        storage.append(addingCapacity: extra) { span in
            span.withUnsafeMutableBufferPointer { buffer, initializedCount in
                buffer.baseAddress?.initialize(repeating: 0, count: extra)
                initializedCount = extra
            }
        }
    }

    /// The reserved bytes ``ByteWriter/append(count:_:)`` hands its body, written front to back.
    ///
    /// Valid only inside that body: it points into the writer's storage.
    @frozen
    public struct Room: ByteSink {
        @usableFromInline let base: UnsafeMutableRawPointer?
        @usableFromInline let count: Int
        /// How many bytes have been written.
        @usableFromInline var offset = 0

        @inlinable
        init(base: UnsafeMutableRawPointer?, count: Int) {
            self.base = base
            self.count = count
        }

        /// Where the next `size` bytes go; traps when they do not fit.
        @inlinable @inline(__always)
        mutating func claim(_ size: Int) -> UnsafeMutableRawPointer {
            precondition(size <= count &- offset, "a record of \(count) bytes does not fit \(size) more after \(offset)")
            defer { offset &+= size }
            return base.unsafelyUnwrapped + offset
        }

        /// Writes one byte.
        @inlinable @inline(__always)
        public mutating func writeUInt8(_ value: UInt8) {
            claim(1).storeBytes(of: value, as: UInt8.self)
        }

        /// Writes a little-endian 16-bit unsigned integer.
        @inlinable @inline(__always)
        public mutating func writeUInt16(_ value: UInt16) {
            claim(2).storeBytes(of: value.littleEndian, as: UInt16.self)
        }

        /// Writes a little-endian 32-bit unsigned integer.
        @inlinable @inline(__always)
        public mutating func writeUInt32(_ value: UInt32) {
            claim(4).storeBytes(of: value.littleEndian, as: UInt32.self)
        }

        /// Writes a little-endian 64-bit unsigned integer.
        @inlinable @inline(__always)
        public mutating func writeUInt64(_ value: UInt64) {
            claim(8).storeBytes(of: value.littleEndian, as: UInt64.self)
        }

        /// Writes the bytes of an array, copied in one block.
        @inlinable
        public mutating func writeBytes(_ value: [UInt8]) {
            writeBytes(value[...])
        }

        /// Writes the bytes of a slice, copied in one block.
        @inlinable
        public mutating func writeBytes(_ value: ArraySlice<UInt8>) {
            guard !value.isEmpty else { return }
            let destination = claim(value.count)
            value.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: $0.count) }
        }
    }

    @inlinable
    mutating func writeInteger<T: FixedWidthInteger & UnsignedInteger>(_ value: T, size: Int) {
        withUnsafeBytes(of: value.littleEndian) { little in
            if writesAtEnd {
                storage.append(contentsOf: little.prefix(size))
                written &+= size
            } else {
                append(count: size) { room in
                    for byte in little.prefix(size) { room.writeUInt8(byte) }
                }
            }
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
