import BLECore

/// Write Command: writes an attribute value; never answered, even on failure.
///
/// Core 5.4, Vol 3, Part F, 3.4.5.3. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x52) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 3) |
///
/// A handle of 0x0000 is decoded as sent; the server ignores the command.
public struct ATTWriteCommand: ATTPDU {
    /// 0x52.
    public static let opcode = ATTOpcode.writeCommand

    /// Attribute Handle (2 octets): the attribute to write; 0x0000 is invalid.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 3 octets): the value to write.
    public var attributeValue: [UInt8]

    /// Creates a Write Command.
    public init(attributeHandle: UInt16, attributeValue: [UInt8]) {
        self.attributeHandle = attributeHandle
        self.attributeValue = attributeValue
    }

    /// Decodes Attribute Handle and Attribute Value (every remaining octet).
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
        attributeValue = reader.readRemainingBytes()
    }

    /// Encodes Attribute Handle and Attribute Value.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(attributeHandle)
        writer.writeBytes(attributeValue)
    }

    /// `Write Command handle=0x002A value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) value=\(ATTLog.bytes(attributeValue))"
    }
}
