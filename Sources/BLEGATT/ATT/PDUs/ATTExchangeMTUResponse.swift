import BLECore

/// Exchange MTU Response: the server tells the client the largest ATT PDU it can receive.
///
/// Core 5.4, Vol 3, Part F, 3.4.2.2. Layout, 3 octets:
///
/// | Field | Octets |
/// |---|---|
/// | Attribute Opcode (0x03) | 1 |
/// | Server Rx MTU | 2 |
///
/// Both sides then use min(Client Rx MTU, Server Rx MTU), and the default 23 when either is below
/// 23; a small value is therefore decoded as sent, not rejected.
public struct ATTExchangeMTUResponse: ATTPDU {
    /// 0x03.
    public static let opcode = ATTOpcode.exchangeMTUResponse

    /// Server Rx MTU (2 octets): the server's receive MTU size.
    public var serverRxMTU: UInt16

    /// Creates an Exchange MTU Response.
    public init(serverRxMTU: UInt16) {
        self.serverRxMTU = serverRxMTU
    }

    /// Decodes Server Rx MTU.
    public init(parameters reader: inout ByteReader) throws(ATTDecodingError) {
        serverRxMTU = try reader.requireUInt16("Server Rx MTU", of: Self.opcode)
    }

    /// The parameters' size in bytes.
    public var parametersByteCount: Int { 2 }

    /// Encodes Server Rx MTU.
    public func encodeParameters(into writer: inout some ByteSink) {
        writer.writeUInt16(serverRxMTU)
    }

    /// `Exchange MTU Response serverRxMTU=247`.
    public var description: String { "\(Self.opcode.name) serverRxMTU=\(serverRxMTU)" }
}
