import BLECore

/// Exchange MTU Request: the client tells the server the largest ATT PDU it can receive.
///
/// Core 5.4, Vol 3, Part F, 3.4.2.1. Layout, 3 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x02) | 1 |
/// | Client Rx MTU | 2 |
///
/// A Client Rx MTU below the default ATT_MTU (23) is not a decoding error: 3.4.2.2 says the
/// ATT_MTU then stays at the default, so the value is decoded as sent.
public struct ATTExchangeMTURequest: ATTPDU {
    /// 0x02.
    public static let opcode = ATTOpcode.exchangeMTURequest

    /// Client Rx MTU (2 octets): the client's receive MTU size.
    public var clientRxMTU: UInt16

    /// Creates an Exchange MTU Request.
    public init(clientRxMTU: UInt16) {
        self.clientRxMTU = clientRxMTU
    }

    /// Decodes Client Rx MTU.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        clientRxMTU = try reader.requireUInt16("Client Rx MTU", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 2 }

    /// Encodes Client Rx MTU.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(clientRxMTU)
    }

    /// `Exchange MTU Request clientRxMTU=517`.
    public var description: String { "\(Self.opcode.name) clientRxMTU=\(clientRxMTU)" }
}
