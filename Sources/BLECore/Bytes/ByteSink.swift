/// Where an encoder writes little-endian wire bytes, front to back: a growing ``ByteWriter``, or
/// the fixed ``ByteWriter/Room`` of a record whose size is known up front.
///
/// Encoders written against `some ByteSink` run on either; the compiler specializes them for each.
public protocol ByteSink {
    /// Writes one byte.
    mutating func writeUInt8(_ value: UInt8)
    /// Writes a little-endian 16-bit unsigned integer.
    mutating func writeUInt16(_ value: UInt16)
    /// Writes a little-endian 32-bit unsigned integer.
    mutating func writeUInt32(_ value: UInt32)
    /// Writes a little-endian 64-bit unsigned integer.
    mutating func writeUInt64(_ value: UInt64)
    /// Writes the bytes of an array, in order.
    mutating func writeBytes(_ value: [UInt8])
}

extension ByteSink {
    /// Writes a UUID in its little-endian wire form of `size` (2, 4 or 16 bytes), without an
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

    /// Writes a UUID as ATT carries it: 2 bytes when it is a 16-bit UUID, else 16 (Core 5.4,
    /// Vol 3, Part F, 3.2.1).
    @inlinable
    public mutating func writeATTUUID(_ uuid: BluetoothUUID) {
        writeUUID(uuid, size: uuid.size == .bits16 ? .bits16 : .bits128)
    }
}
