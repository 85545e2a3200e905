import BLECore

/// Find Information Request: asks for the handles and types of the attributes in a handle range.
///
/// Core 5.4, Vol 3, Part F, 3.4.3.1. Layout, 5 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x04) | 1 |
/// | Starting Handle | 2 |
/// | Ending Handle | 2 |
///
/// A Starting Handle of 0x0000, or one greater than the Ending Handle, is decoded as sent: the
/// server answers it with an Error Response (Invalid Handle), not as a malformed PDU.
public struct ATTFindInformationRequest: ATTPDU {
    /// 0x04.
    public static let opcode = ATTOpcode.findInformationRequest

    /// Starting Handle (2 octets): the first requested handle number; 0x0000 is invalid.
    public var startingHandle: UInt16
    /// Ending Handle (2 octets): the last requested handle number.
    public var endingHandle: UInt16

    /// Creates a Find Information Request.
    public init(startingHandle: UInt16, endingHandle: UInt16) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
    }

    /// Decodes Starting Handle and Ending Handle.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        (startingHandle, endingHandle) = try reader.requireHandleRange(of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 }

    /// Encodes Starting Handle and Ending Handle.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeHandleRange(startingHandle, endingHandle)
    }

    /// `Find Information Request start=0x0001 end=0xFFFF`.
    public var description: String { "\(Self.opcode.name) \(ATTLog.handleRange(startingHandle, endingHandle))" }
}
