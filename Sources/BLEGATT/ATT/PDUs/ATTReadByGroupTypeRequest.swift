import BLECore

/// Read By Group Type Request: reads the grouping attributes of a type in a handle range (GATT uses
/// it to discover all primary services).
///
/// Core 5.4, Vol 3, Part F, 3.4.4.9. Layout, 7 or 21 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x10) | 1 |
/// | Starting Handle | 2 |
/// | Ending Handle | 2 |
/// | Attribute Group Type | 2 or 16 |
///
/// An Attribute Group Type of any other length is malformed. A Starting Handle of 0x0000, or one
/// greater than the Ending Handle, is decoded as sent: the server answers it with Invalid Handle; a
/// type that is not a grouping type is answered with Unsupported Group Type.
public struct ATTReadByGroupTypeRequest: ATTPDU {
    /// 0x10.
    public static let opcode = ATTOpcode.readByGroupTypeRequest

    /// Starting Handle (2 octets): the first requested handle number; 0x0000 is invalid.
    public var startingHandle: UInt16
    /// Ending Handle (2 octets): the last requested handle number.
    public var endingHandle: UInt16
    /// Attribute Group Type (2 or 16 octets): the UUID of the grouping type, e.g. 0x2800.
    public var attributeGroupType: BluetoothUUID

    /// Creates a Read By Group Type Request.
    public init(startingHandle: UInt16, endingHandle: UInt16, attributeGroupType: BluetoothUUID) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeGroupType = attributeGroupType
    }

    /// Decodes Starting Handle, Ending Handle and Attribute Group Type.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        (startingHandle, endingHandle) = try reader.requireHandleRange(of: Self.opcode)
        attributeGroupType = try reader.requireATTUUID("Attribute Group Type", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 + attributeGroupType.attByteCount }

    /// Encodes Starting Handle, Ending Handle and Attribute Group Type (2 octets when it has a
    /// 16-bit form, else 16).
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeHandleRange(startingHandle, endingHandle)
        writer.writeATTUUID(attributeGroupType)
    }

    /// `Read By Group Type Request start=0x0001 end=0xFFFF type=2800`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.handleRange(startingHandle, endingHandle)) type=\(attributeGroupType)"
    }
}
