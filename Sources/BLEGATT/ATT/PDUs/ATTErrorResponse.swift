import BLECore

/// Error Response: the server could not perform a request, and says which and why.
///
/// Core 5.4, Vol 3, Part F, 3.4.1.1. Layout, 5 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x01) | 1 |
/// | Request Opcode In Error | 1 |
/// | Attribute Handle In Error | 2 |
/// | Error Code | 1 |
public struct ATTErrorResponse: ATTPDU {
    /// 0x01.
    public static let opcode = ATTOpcode.errorResponse

    /// Request Opcode In Error (1 octet): the opcode of the request that failed.
    public var requestOpcodeInError: ATTOpcode
    /// Attribute Handle In Error (2 octets): the handle the request failed on, or 0x0000 when the
    /// request has no handle (e.g. an unsupported request).
    public var attributeHandleInError: UInt16
    /// Error Code (1 octet): why the request failed (Table 3.4).
    public var errorCode: ATTErrorCode

    /// Creates an Error Response.
    public init(requestOpcodeInError: ATTOpcode, attributeHandleInError: UInt16, errorCode: ATTErrorCode) {
        self.requestOpcodeInError = requestOpcodeInError
        self.attributeHandleInError = attributeHandleInError
        self.errorCode = errorCode
    }

    /// Decodes Request Opcode In Error, Attribute Handle In Error and Error Code.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        requestOpcodeInError = ATTOpcode(rawValue: try reader.requireUInt8("Request Opcode In Error", of: Self.opcode))
        attributeHandleInError = try reader.requireUInt16("Attribute Handle In Error", of: Self.opcode)
        errorCode = ATTErrorCode(rawValue: try reader.requireUInt8("Error Code", of: Self.opcode))
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 4 }

    /// Encodes Request Opcode In Error, Attribute Handle In Error and Error Code.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt8(requestOpcodeInError.rawValue)
        writer.writeUInt16(attributeHandleInError)
        writer.writeUInt8(errorCode.rawValue)
    }

    /// `Error Response request=Read Request handle=0x002A error=Invalid Handle (0x01)`.
    public var description: String {
        "\(Self.opcode.name) request=\(requestOpcodeInError.name) handle=\(ATTLog.handle(attributeHandleInError))"
            + " error=\(errorCode)"
    }
}
