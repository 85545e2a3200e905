import BLECore

/// L2CAP_CONNECTION_PARAMETER_UPDATE_RSP: the central's answer to a parameter update request.
///
/// Core 5.4, Vol 3, Part A, 4.21. Data, 2 octets: Result (0x0000 accepted, 0x0001 rejected).
/// When it accepts, the central then starts HCI_LE_Connection_Update.
public struct L2CAPConnectionParameterUpdateResponse: Sendable, Hashable {
    /// 0x13.
    public static let code = L2CAPSignalingPacket.Code.connectionParameterUpdateResponse

    /// Result (2 octets): 0x0000 accepted, 0x0001 rejected.
    public var result: UInt16

    /// Creates the response.
    public init(accepted: Bool) {
        result = accepted ? 0x0000 : 0x0001
    }

    /// Whether the central accepted the parameters.
    public var isAccepted: Bool { result == 0x0000 }

    /// Decodes the data of a signaling packet: exactly 2 octets.
    public init(data bytes: [UInt8]) throws(HostError) {
        var reader = ByteReader(bytes)
        guard bytes.count == 2, let result = reader.readUInt16() else {
            throw HostError(.protocolError, "L2CAP_CONNECTION_PARAMETER_UPDATE_RSP needs 2 bytes of data, \(bytes.count) given")
        }
        self.result = result
    }

    /// Encodes the data of a signaling packet.
    public func encode() -> [UInt8] {
        [UInt8(result & 0xFF), UInt8(result >> 8)]
    }
}
