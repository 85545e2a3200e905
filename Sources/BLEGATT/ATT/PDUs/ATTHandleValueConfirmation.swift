import BLECore

/// Handle Value Confirmation: the client received a Handle Value Indication.
///
/// Core 5.4, Vol 3, Part F, 3.4.7.3. Layout, 1 octet: the Attribute Opcode (0x1E) and no parameters.
/// Any octet after the opcode is malformed.
public struct ATTHandleValueConfirmation: ATTPDU {
    /// 0x1E.
    public static let opcode = ATTOpcode.handleValueConfirmation

    /// Creates a Handle Value Confirmation.
    public init() {}

    /// Decodes the (absent) parameters.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {}

    /// Encodes nothing: this PDU has no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// `Handle Value Confirmation`.
    public var description: String { Self.opcode.name }
}
