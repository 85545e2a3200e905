/// CRC-32 with the IEEE 802.3 polynomial, as zlib's `crc32` computes it (SN profile §7).
///
/// Reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF; table-driven,
/// eight bytes at a time.
/// `CRC32.checksum(Array("123456789".utf8)) == 0xCBF43926`. Feed bytes piecewise with
/// ``update(_:)`` to follow a transfer as it arrives.
///
/// Inlinable, so a caller in another module (the simulated SN following a transfer, a tool
/// checking an image) gets it specialized for its byte collection: generic, one witness call per
/// byte made it an eighth of a firmware transfer's CPU (issue 17, target 6).
public struct CRC32: Hashable, Sendable {
    @usableFromInline var state: UInt32 = 0xFFFF_FFFF

    /// The CRC of no bytes (0).
    public init() {}

    /// The reflected IEEE 802.3 polynomial.
    public static let polynomial: UInt32 = 0xEDB8_8320

    /// Slicing-by-8 tables, 256 entries each, one after another: table 0 is the byte-at-a-time
    /// table; table k is the CRC of a byte followed by k zero bytes, so eight bytes take eight
    /// look-ups and no shift chain (about a quarter of the instructions per byte).
    @usableFromInline static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// Adds bytes to the checksum.
    @inlinable
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if contiguous != nil { return }
        var crc = state
        Self.tables.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        state = crc
    }

    @inlinable
    mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        var crc = state
        Self.tables.withUnsafeBufferPointer { table in
            var index = 0
            let count = buffer.count
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                while count - index >= 8 {
                    let low = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                    let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                    crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                        ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                        ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                    index += 8
                }
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        state = crc
    }

    /// The CRC of every byte added so far.
    @inlinable public var checksum: UInt32 { ~state }

    /// The CRC of `bytes`.
    @inlinable
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.checksum
    }
}
