import BLECore

/// An ATT opcode: the first byte of every ATT PDU.
///
/// Core 5.4, Vol 3, Part F, 3.3.1: bits 0–5 are the method, bit 6 the command flag, bit 7 the
/// authentication signature flag. An open code space: an opcode this stack does not know survives
/// decoding as ``ATTMessage/unknown(opcode:parameters:)``.
public struct ATTOpcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The opcode byte.
    public let rawValue: UInt8

    /// Wraps an opcode byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Error Response (3.4.1.1).
    public static let errorResponse = ATTOpcode(rawValue: 0x01)
    /// Exchange MTU Request (3.4.2.1).
    public static let exchangeMTURequest = ATTOpcode(rawValue: 0x02)
    /// Exchange MTU Response (3.4.2.2).
    public static let exchangeMTUResponse = ATTOpcode(rawValue: 0x03)
    /// Find Information Request (3.4.3.1).
    public static let findInformationRequest = ATTOpcode(rawValue: 0x04)
    /// Find Information Response (3.4.3.2).
    public static let findInformationResponse = ATTOpcode(rawValue: 0x05)
    /// Find By Type Value Request (3.4.3.3).
    public static let findByTypeValueRequest = ATTOpcode(rawValue: 0x06)
    /// Find By Type Value Response (3.4.3.4).
    public static let findByTypeValueResponse = ATTOpcode(rawValue: 0x07)
    /// Read By Type Request (3.4.4.1).
    public static let readByTypeRequest = ATTOpcode(rawValue: 0x08)
    /// Read By Type Response (3.4.4.2).
    public static let readByTypeResponse = ATTOpcode(rawValue: 0x09)
    /// Read Request (3.4.4.3).
    public static let readRequest = ATTOpcode(rawValue: 0x0A)
    /// Read Response (3.4.4.4).
    public static let readResponse = ATTOpcode(rawValue: 0x0B)
    /// Read Blob Request (3.4.4.5).
    public static let readBlobRequest = ATTOpcode(rawValue: 0x0C)
    /// Read Blob Response (3.4.4.6).
    public static let readBlobResponse = ATTOpcode(rawValue: 0x0D)
    /// Read Multiple Request (3.4.4.7).
    public static let readMultipleRequest = ATTOpcode(rawValue: 0x0E)
    /// Read Multiple Response (3.4.4.8).
    public static let readMultipleResponse = ATTOpcode(rawValue: 0x0F)
    /// Read By Group Type Request (3.4.4.9).
    public static let readByGroupTypeRequest = ATTOpcode(rawValue: 0x10)
    /// Read By Group Type Response (3.4.4.10).
    public static let readByGroupTypeResponse = ATTOpcode(rawValue: 0x11)
    /// Write Request (3.4.5.1).
    public static let writeRequest = ATTOpcode(rawValue: 0x12)
    /// Write Response (3.4.5.2).
    public static let writeResponse = ATTOpcode(rawValue: 0x13)
    /// Prepare Write Request (3.4.6.1).
    public static let prepareWriteRequest = ATTOpcode(rawValue: 0x16)
    /// Prepare Write Response (3.4.6.2).
    public static let prepareWriteResponse = ATTOpcode(rawValue: 0x17)
    /// Execute Write Request (3.4.6.3).
    public static let executeWriteRequest = ATTOpcode(rawValue: 0x18)
    /// Execute Write Response (3.4.6.4).
    public static let executeWriteResponse = ATTOpcode(rawValue: 0x19)
    /// Read Multiple Variable Request (3.4.4.11).
    public static let readMultipleVariableRequest = ATTOpcode(rawValue: 0x20)
    /// Read Multiple Variable Response (3.4.4.12).
    public static let readMultipleVariableResponse = ATTOpcode(rawValue: 0x21)
    /// Multiple Handle Value Notification (3.4.7.4).
    public static let multipleHandleValueNotification = ATTOpcode(rawValue: 0x23)
    /// Handle Value Notification (3.4.7.1).
    public static let handleValueNotification = ATTOpcode(rawValue: 0x1B)
    /// Handle Value Indication (3.4.7.2).
    public static let handleValueIndication = ATTOpcode(rawValue: 0x1D)
    /// Handle Value Confirmation (3.4.7.3).
    public static let handleValueConfirmation = ATTOpcode(rawValue: 0x1E)
    /// Write Command (3.4.5.3).
    public static let writeCommand = ATTOpcode(rawValue: 0x52)
    /// Signed Write Command (3.4.5.4).
    public static let signedWriteCommand = ATTOpcode(rawValue: 0xD2)

    /// The method: bits 0–5.
    public var method: UInt8 { rawValue & 0x3F }
    /// Whether the command flag (bit 6) is set: no response is sent for a command.
    public var isCommand: Bool { rawValue & 0x40 != 0 }
    /// Whether the authentication signature flag (bit 7) is set.
    public var hasAuthenticationSignature: Bool { rawValue & 0x80 != 0 }

    /// How a PDU with this opcode takes part in the protocol (3.3, 3.4.9).
    public enum Kind: Sendable, Hashable {
        /// Sent by a client; the server answers with a response or an Error Response.
        case request
        /// Sent by a server in answer to a request.
        case response
        /// Sent by a client; never answered.
        case command
        /// Sent by a server; never answered.
        case notification
        /// Sent by a server; the client answers with a confirmation.
        case indication
        /// Sent by a client in answer to an indication.
        case confirmation
    }

    /// The kind of PDU, or `nil` for an opcode this stack does not know.
    ///
    /// An unknown opcode with the command flag set is a command (ignored by a server); one without
    /// it is a request (answered with Request Not Supported).
    public var kind: Kind? {
        switch self {
        case .errorResponse, .exchangeMTUResponse, .findInformationResponse, .findByTypeValueResponse,
            .readByTypeResponse, .readResponse, .readBlobResponse, .readMultipleResponse,
            .readByGroupTypeResponse, .writeResponse, .prepareWriteResponse, .executeWriteResponse,
            .readMultipleVariableResponse:
            return .response
        case .exchangeMTURequest, .findInformationRequest, .findByTypeValueRequest, .readByTypeRequest,
            .readRequest, .readBlobRequest, .readMultipleRequest, .readByGroupTypeRequest, .writeRequest,
            .prepareWriteRequest, .executeWriteRequest, .readMultipleVariableRequest:
            return .request
        case .writeCommand, .signedWriteCommand:
            return .command
        case .handleValueNotification, .multipleHandleValueNotification:
            return .notification
        case .handleValueIndication:
            return .indication
        case .handleValueConfirmation:
            return .confirmation
        default:
            return nil
        }
    }

    /// The spec's name, e.g. `Read Blob Request`, or `opcode 0xNN` when unknown.
    public var name: String {
        switch self {
        case .errorResponse: "Error Response"
        case .exchangeMTURequest: "Exchange MTU Request"
        case .exchangeMTUResponse: "Exchange MTU Response"
        case .findInformationRequest: "Find Information Request"
        case .findInformationResponse: "Find Information Response"
        case .findByTypeValueRequest: "Find By Type Value Request"
        case .findByTypeValueResponse: "Find By Type Value Response"
        case .readByTypeRequest: "Read By Type Request"
        case .readByTypeResponse: "Read By Type Response"
        case .readRequest: "Read Request"
        case .readResponse: "Read Response"
        case .readBlobRequest: "Read Blob Request"
        case .readBlobResponse: "Read Blob Response"
        case .readMultipleRequest: "Read Multiple Request"
        case .readMultipleResponse: "Read Multiple Response"
        case .readByGroupTypeRequest: "Read By Group Type Request"
        case .readByGroupTypeResponse: "Read By Group Type Response"
        case .writeRequest: "Write Request"
        case .writeResponse: "Write Response"
        case .prepareWriteRequest: "Prepare Write Request"
        case .prepareWriteResponse: "Prepare Write Response"
        case .executeWriteRequest: "Execute Write Request"
        case .executeWriteResponse: "Execute Write Response"
        case .readMultipleVariableRequest: "Read Multiple Variable Request"
        case .readMultipleVariableResponse: "Read Multiple Variable Response"
        case .multipleHandleValueNotification: "Multiple Handle Value Notification"
        case .handleValueNotification: "Handle Value Notification"
        case .handleValueIndication: "Handle Value Indication"
        case .handleValueConfirmation: "Handle Value Confirmation"
        case .writeCommand: "Write Command"
        case .signedWriteCommand: "Signed Write Command"
        default: "opcode 0x" + [rawValue].hexString
        }
    }

    /// The spec's name.
    public var description: String { name }
}
