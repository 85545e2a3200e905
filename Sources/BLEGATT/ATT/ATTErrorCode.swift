import BLECore

/// An ATT error code, as carried by an Error Response.
///
/// Core 5.4, Vol 3, Part F, 3.4.1.1, Table 3.4; application errors 0x80–0x9F are defined by a
/// higher layer (the SN profile uses 0x80 Invalid Schedule); 0xE0–0xFF are the common profile and
/// service error codes of the Core Specification Supplement, Part B. An open code space.
public struct ATTErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The error code byte.
    public let rawValue: UInt8

    /// Wraps an error code byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01: the attribute handle given was not valid on this server.
    public static let invalidHandle = ATTErrorCode(rawValue: 0x01)
    /// 0x02: the attribute cannot be read.
    public static let readNotPermitted = ATTErrorCode(rawValue: 0x02)
    /// 0x03: the attribute cannot be written.
    public static let writeNotPermitted = ATTErrorCode(rawValue: 0x03)
    /// 0x04: the attribute PDU was invalid.
    public static let invalidPDU = ATTErrorCode(rawValue: 0x04)
    /// 0x05: the attribute requires authentication before it can be read or written.
    public static let insufficientAuthentication = ATTErrorCode(rawValue: 0x05)
    /// 0x06: the server does not support the request received from the client.
    public static let requestNotSupported = ATTErrorCode(rawValue: 0x06)
    /// 0x07: the offset specified was past the end of the attribute.
    public static let invalidOffset = ATTErrorCode(rawValue: 0x07)
    /// 0x08: the attribute requires authorization before it can be read or written.
    public static let insufficientAuthorization = ATTErrorCode(rawValue: 0x08)
    /// 0x09: too many prepare writes have been queued.
    public static let prepareQueueFull = ATTErrorCode(rawValue: 0x09)
    /// 0x0A: no attribute found within the given attribute handle range.
    public static let attributeNotFound = ATTErrorCode(rawValue: 0x0A)
    /// 0x0B: the attribute cannot be read using the Read Blob Request.
    public static let attributeNotLong = ATTErrorCode(rawValue: 0x0B)
    /// 0x0C: the encryption key size used for encrypting this link is too short.
    public static let encryptionKeySizeTooShort = ATTErrorCode(rawValue: 0x0C)
    /// 0x0D: the attribute value length is invalid for the operation.
    public static let invalidAttributeValueLength = ATTErrorCode(rawValue: 0x0D)
    /// 0x0E: the request has encountered an unlikely error and could not be completed.
    public static let unlikelyError = ATTErrorCode(rawValue: 0x0E)
    /// 0x0F: the attribute requires encryption before it can be read or written.
    public static let insufficientEncryption = ATTErrorCode(rawValue: 0x0F)
    /// 0x10: the attribute type is not a supported grouping attribute.
    public static let unsupportedGroupType = ATTErrorCode(rawValue: 0x10)
    /// 0x11: insufficient resources to complete the request.
    public static let insufficientResources = ATTErrorCode(rawValue: 0x11)
    /// 0x12: the server requests the client to rediscover the database.
    public static let databaseOutOfSync = ATTErrorCode(rawValue: 0x12)
    /// 0x13: the attribute parameter value was not allowed.
    public static let valueNotAllowed = ATTErrorCode(rawValue: 0x13)
    /// 0xFC: a write request was rejected (Core Specification Supplement, Part B, 1.2).
    public static let writeRequestRejected = ATTErrorCode(rawValue: 0xFC)
    /// 0xFD: the Client Characteristic Configuration descriptor is not configured as required.
    public static let cccdImproperlyConfigured = ATTErrorCode(rawValue: 0xFD)
    /// 0xFE: a request cannot be serviced because a procedure is already in progress.
    public static let procedureAlreadyInProgress = ATTErrorCode(rawValue: 0xFE)
    /// 0xFF: an attribute value is out of range.
    public static let outOfRange = ATTErrorCode(rawValue: 0xFF)

    /// An application error 0x80–0x9F, defined by the profile above GATT.
    public static func application(_ code: UInt8) -> ATTErrorCode {
        precondition((0x80...0x9F).contains(code), "application errors are 0x80…0x9F")
        return ATTErrorCode(rawValue: code)
    }

    /// Whether this is an application error (0x80–0x9F).
    public var isApplicationError: Bool { (0x80...0x9F).contains(rawValue) }

    /// Whether this is a common profile and service error (0xE0–0xFF).
    public var isCommonProfileError: Bool { rawValue >= 0xE0 }

    /// The spec's name, e.g. `Invalid Handle`, or a description of the range an unnamed code is in.
    public var name: String {
        switch rawValue {
        case 0x01: "Invalid Handle"
        case 0x02: "Read Not Permitted"
        case 0x03: "Write Not Permitted"
        case 0x04: "Invalid PDU"
        case 0x05: "Insufficient Authentication"
        case 0x06: "Request Not Supported"
        case 0x07: "Invalid Offset"
        case 0x08: "Insufficient Authorization"
        case 0x09: "Prepare Queue Full"
        case 0x0A: "Attribute Not Found"
        case 0x0B: "Attribute Not Long"
        case 0x0C: "Encryption Key Size Too Short"
        case 0x0D: "Invalid Attribute Value Length"
        case 0x0E: "Unlikely Error"
        case 0x0F: "Insufficient Encryption"
        case 0x10: "Unsupported Group Type"
        case 0x11: "Insufficient Resources"
        case 0x12: "Database Out Of Sync"
        case 0x13: "Value Not Allowed"
        case 0x80...0x9F: "Application Error 0x" + [rawValue].hexString.uppercased()
        case 0xFC: "Write Request Rejected"
        case 0xFD: "Client Characteristic Configuration Descriptor Improperly Configured"
        case 0xFE: "Procedure Already in Progress"
        case 0xFF: "Out of Range"
        case 0xE0...0xFB: "Common Profile Error 0x" + [rawValue].hexString.uppercased()
        default: "Reserved Error 0x" + [rawValue].hexString.uppercased()
        }
    }

    /// The name with its code, e.g. `Invalid Handle (0x01)`.
    public var description: String { "\(name) (0x\([rawValue].hexString.uppercased()))" }
}
