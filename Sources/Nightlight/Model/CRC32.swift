/// CRC-32 with the IEEE 802.3 polynomial, as zlib's `crc32` computes it (SN profile §7).
///
/// Reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF; table-driven.
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

    @usableFromInline static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1
        }
        return value
    }

    /// Adds bytes to the checksum.
    @inlinable
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if contiguous != nil { return }
        var crc = state
        for byte in bytes {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        state = crc
    }

    @inlinable
    mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        var crc = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in buffer {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
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
