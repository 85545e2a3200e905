import BLECore

/// Find By Type Value Request: asks for the attributes of a 16-bit type with a given value
/// (GATT uses it to discover a primary service by UUID).
///
/// Core 5.4, Vol 3, Part F, 3.4.3.3. Layout, 7 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x06) | 1 |
/// | Starting Handle | 2 |
/// | Ending Handle | 2 |
/// | Attribute Type | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 7) |
///
/// A Starting Handle of 0x0000, or one greater than the Ending Handle, is decoded as sent: the
/// server answers it with Invalid Handle.
public struct ATTFindByTypeValueRequest: ATTPDU {
    /// 0x06.
    public static let opcode = ATTOpcode.findByTypeValueRequest

    /// Starting Handle (2 octets): the first requested handle number; 0x0000 is invalid.
    public var startingHandle: UInt16
    /// Ending Handle (2 octets): the last requested handle number.
    public var endingHandle: UInt16
    /// Attribute Type (2 octets): the 16-bit UUID of the attribute type to find, e.g. 0x2800.
    public var attributeType: UInt16
    /// Attribute Value (0 to ATT_MTU − 7 octets): the value to match.
    public var attributeValue: [UInt8]

    /// Creates a Find By Type Value Request.
    public init(startingHandle: UInt16, endingHandle: UInt16, attributeType: UInt16, attributeValue: [UInt8]) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeType = attributeType
        self.attributeValue = attributeValue
    }

    /// Decodes Starting Handle, Ending Handle, Attribute Type and Attribute Value.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        (startingHandle, endingHandle) = try reader.requireHandleRange(of: Self.opcode)
        attributeType = try reader.requireUInt16("Attribute Type", of: Self.opcode)
        attributeValue = reader.readRemainingBytes()
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 6 + attributeValue.count }

    /// Encodes Starting Handle, Ending Handle, Attribute Type and Attribute Value.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeHandleRange(startingHandle, endingHandle)
        writer.writeUInt16(attributeType)
        writer.writeBytes(attributeValue)
    }

    /// `Find By Type Value Request start=0x0001 end=0xFFFF type=2800 value=0d18`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.handleRange(startingHandle, endingHandle))"
            + " type=\(BluetoothUUID(attributeType)) value=\(ATTLog.bytes(attributeValue))"
    }
}
