import BLECore

/// Read Request: reads the value of one attribute.
///
/// Core 5.4, Vol 3, Part F, 3.4.4.3. Layout, 3 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x0A) | 1 |
/// | Attribute Handle | 2 |
///
/// A handle of 0x0000 is decoded as sent; the server answers it with Invalid Handle.
public struct ATTReadRequest: ATTPDU {
    /// 0x0A.
    public static let opcode = ATTOpcode.readRequest

    /// Attribute Handle (2 octets): the attribute to read; 0x0000 is invalid.
    public var attributeHandle: UInt16

    /// Creates a Read Request.
    public init(attributeHandle: UInt16) {
        self.attributeHandle = attributeHandle
    }

    /// Decodes Attribute Handle.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        attributeHandle = try reader.requireUInt16("Attribute Handle", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 2 }

    /// Encodes Attribute Handle.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(attributeHandle)
    }

    /// `Read Request handle=0x002A`.
    public var description: String { "\(Self.opcode.name) handle=\(ATTLog.handle(attributeHandle))" }
}
