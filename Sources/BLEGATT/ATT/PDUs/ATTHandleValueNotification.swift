import BLECore

/// Handle Value Notification: the server sends an attribute's value unasked; never confirmed.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.1. Layout, 3 + n octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x1B) | 1 |
/// | Attribute Handle | 2 |
/// | Attribute Value | 0 to (ATT_MTU − 3) |
///
/// The value is cut to ATT_MTU − 3 octets when longer.
public struct ATTHandleValueNotification: ATTPDU {
    /// 0x1B.
    public static let opcode = ATTOpcode.handleValueNotification

    /// Attribute Handle (2 octets): the attribute whose value this is.
    public var attributeHandle: UInt16
    /// Attribute Value (0 to ATT_MTU − 3 octets): the current value, or its first ATT_MTU − 3 octets.
    public var attributeValue: [UInt8]

    /// Creates a Handle Value Notification.
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

    /// `Handle Value Notification handle=0x002A value=0102`.
    public var description: String {
        "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle)) value=\(ATTLog.bytes(attributeValue))"
    }
}
