import BLECore

/// Read By Type Request: reads the values of the attributes of a type in a handle range (GATT uses
/// it to discover characteristics and includes, and to read by characteristic UUID).
///
/// Core 5.4, Vol 3, Part F, 3.4.4.1. Layout, 7 or 21 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x08) | 1 |
/// | Starting Handle | 2 |
/// | Ending Handle | 2 |
/// | Attribute Type | 2 or 16 |
///
/// An Attribute Type of any other length is malformed. A Starting Handle of 0x0000, or one greater
/// than the Ending Handle, is decoded as sent: the server answers it with Invalid Handle. A 16-bit
/// UUID sent in its 128-bit form decodes to the same ``BluetoothUUID`` and re-encodes in 2 octets.
public struct ATTReadByTypeRequest: ATTPDU {
    /// 0x08.
    public static let opcode = ATTOpcode.readByTypeRequest

    /// Starting Handle (2 octets): the first requested handle number; 0x0000 is invalid.
    public var startingHandle: UInt16
    /// Ending Handle (2 octets): the last requested handle number.
    public var endingHandle: UInt16
    /// Attribute Type (2 or 16 octets): the UUID of the attribute type to read.
    public var attributeType: BluetoothUUID

    /// Creates a Read By Type Request.
    public init(startingHandle: UInt16, endingHandle: UInt16, attributeType: BluetoothUUID) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeType = attributeType
    }

    /// Decodes Starting Handle, Ending Handle and Attribute Type.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        (startingHandle, endingHandle) = try reader.requireHandleRange(of: Self.opcode)
        attributeType = try reader.requireATTUUID("Attribute Type", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 + attributeType.attByteCount }

    /// Encodes Starting Handle, Ending Handle and Attribute Type (2 octets when it has a 16-bit
    /// form, else 16).
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeHandleRange(startingHandle, endingHandle)
        writer.writeATTUUID(attributeType)
    }

    /// `Read By Type Request start=0x0001 end=0xFFFF type=2803`.
    public var description: String {
        "\(Self.opcode.name) \(ATTLog.handleRange(startingHandle, endingHandle)) type=\(attributeType)"
    }
}
