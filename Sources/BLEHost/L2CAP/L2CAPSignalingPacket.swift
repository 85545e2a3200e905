import BLECore

/// One command on the LE signaling channel (CID 0x0005): code, identifier, data.
///
/// Core 5.4, Vol 3, Part A, 4: Code (1), Identifier (1: matches a response to its request;
/// 0x00 is invalid), Length (2: of the data), Data. On LE each C-frame carries exactly one command.
public struct L2CAPSignalingPacket: Sendable, Hashable {
    /// The signaling command codes. An open code space.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The octet on the wire.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 0x01: L2CAP_COMMAND_REJECT_RSP.
        public static let commandReject = Code(rawValue: 0x01)
        /// 0x06: L2CAP_DISCONNECTION_REQ.
        public static let disconnectionRequest = Code(rawValue: 0x06)
        /// 0x12: L2CAP_CONNECTION_PARAMETER_UPDATE_REQ.
        public static let connectionParameterUpdateRequest = Code(rawValue: 0x12)
        /// 0x13: L2CAP_CONNECTION_PARAMETER_UPDATE_RSP.
        public static let connectionParameterUpdateResponse = Code(rawValue: 0x13)
        /// 0x14: L2CAP_LE_CREDIT_BASED_CONNECTION_REQ.
        public static let leCreditBasedConnectionRequest = Code(rawValue: 0x14)

        /// Whether this code is a response (rejecting a response with Command Reject could loop).
        public var isResponse: Bool {
            switch rawValue {
            case 0x01, 0x03, 0x05, 0x07, 0x09, 0x0B, 0x0D, 0x0F, 0x11, 0x13, 0x15, 0x18, 0x1A: true
            default: false
            }
        }

        /// e.g. `L2CAP_CONNECTION_PARAMETER_UPDATE_REQ (0x12)`.
        public var description: String {
            let hex = "0x" + (rawValue < 0x10 ? "0" : "") + String(rawValue, radix: 16, uppercase: true)
            switch rawValue {
            case 0x01: return "L2CAP_COMMAND_REJECT_RSP (\(hex))"
            case 0x06: return "L2CAP_DISCONNECTION_REQ (\(hex))"
            case 0x12: return "L2CAP_CONNECTION_PARAMETER_UPDATE_REQ (\(hex))"
            case 0x13: return "L2CAP_CONNECTION_PARAMETER_UPDATE_RSP (\(hex))"
            case 0x14: return "L2CAP_LE_CREDIT_BASED_CONNECTION_REQ (\(hex))"
            default: return "signaling command \(hex)"
            }
        }
    }

    /// Code (1 octet).
    public var code: Code
    /// Identifier (1 octet).
    public var identifier: UInt8
    /// Data (Length octets).
    public var data: [UInt8]

    /// Creates a packet.
    public init(code: Code, identifier: UInt8, data: [UInt8]) {
        self.code = code
        self.identifier = identifier
        self.data = data
    }

    /// Decodes a C-frame's payload; throws ``HostError/Code/protocolError`` when the header is
    /// incomplete or Length disagrees with the bytes.
    public init(decoding bytes: [UInt8]) throws(HostError) {
        var reader = ByteReader(bytes)
        guard let code = reader.readUInt8(), let identifier = reader.readUInt8(), let length = reader.readUInt16() else {
            throw HostError(.protocolError, "L2CAP signaling packet of \(bytes.count) bytes is shorter than its 4-byte header")
        }
        guard reader.remainingCount == Int(length) else {
            throw HostError(.protocolError, "L2CAP signaling packet Length says \(length) bytes, \(reader.remainingCount) follow")
        }
        self.init(code: Code(rawValue: code), identifier: identifier, data: reader.readRemainingBytes())
    }

    /// The payload: Code, Identifier, Length, Data.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 4 + data.count)
        writer.writeUInt8(code.rawValue)
        writer.writeUInt8(identifier)
        writer.writeUInt16(UInt16(data.count))
        writer.writeBytes(data)
        return writer.bytes
    }
}
