/// An HCI status or error code: the Status of Command Complete and Command Status, the Reason
/// of a disconnection.
///
/// Core 5.4, Vol 1, Part F, 1.3 (list of error codes) and 2 (descriptions). An open code space:
/// a code this stack does not name survives decoding. Reserved codes (0x2B, 0x31, 0x33, 0x3F) and
/// codes above 0x47 print as `status 0xNN`. This is a wire value: the library's own failures are
/// ``HCIDecodingError``.
public struct HCIStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The status octet.
    public let rawValue: UInt8

    /// Wraps a status octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Whether this is 0x00 Success.
    public var isSuccess: Bool { rawValue == 0x00 }
    /// 0x00: Success.
    public static let success = HCIStatus(rawValue: 0x00)
    /// 0x01: Unknown HCI Command.
    public static let unknownHCICommand = HCIStatus(rawValue: 0x01)
    /// 0x02: Unknown Connection Identifier.
    public static let unknownConnectionIdentifier = HCIStatus(rawValue: 0x02)
    /// 0x03: Hardware Failure.
    public static let hardwareFailure = HCIStatus(rawValue: 0x03)
    /// 0x04: Page Timeout.
    public static let pageTimeout = HCIStatus(rawValue: 0x04)
    /// 0x05: Authentication Failure.
    public static let authenticationFailure = HCIStatus(rawValue: 0x05)
    /// 0x06: PIN or Key Missing.
    public static let pinOrKeyMissing = HCIStatus(rawValue: 0x06)
    /// 0x07: Memory Capacity Exceeded.
    public static let memoryCapacityExceeded = HCIStatus(rawValue: 0x07)
    /// 0x08: Connection Timeout.
    public static let connectionTimeout = HCIStatus(rawValue: 0x08)
    /// 0x09: Connection Limit Exceeded.
    public static let connectionLimitExceeded = HCIStatus(rawValue: 0x09)
    /// 0x0A: Synchronous Connection Limit To A Device Exceeded.
    public static let synchronousConnectionLimitToADeviceExceeded = HCIStatus(rawValue: 0x0A)
    /// 0x0B: Connection Already Exists.
    public static let connectionAlreadyExists = HCIStatus(rawValue: 0x0B)
    /// 0x0C: Command Disallowed.
    public static let commandDisallowed = HCIStatus(rawValue: 0x0C)
    /// 0x0D: Connection Rejected due to Limited Resources.
    public static let connectionRejectedDueToLimitedResources = HCIStatus(rawValue: 0x0D)
    /// 0x0E: Connection Rejected Due To Security Reasons.
    public static let connectionRejectedDueToSecurityReasons = HCIStatus(rawValue: 0x0E)
    /// 0x0F: Connection Rejected due to Unacceptable BD_ADDR.
    public static let connectionRejectedDueToUnacceptableBDADDR = HCIStatus(rawValue: 0x0F)
    /// 0x10: Connection Accept Timeout Exceeded.
    public static let connectionAcceptTimeoutExceeded = HCIStatus(rawValue: 0x10)
    /// 0x11: Unsupported Feature or Parameter Value.
    public static let unsupportedFeatureOrParameterValue = HCIStatus(rawValue: 0x11)
    /// 0x12: Invalid HCI Command Parameters.
    public static let invalidHCICommandParameters = HCIStatus(rawValue: 0x12)
    /// 0x13: Remote User Terminated Connection.
    public static let remoteUserTerminatedConnection = HCIStatus(rawValue: 0x13)
    /// 0x14: Remote Device Terminated Connection due to Low Resources.
    public static let remoteDeviceTerminatedConnectionDueToLowResources = HCIStatus(rawValue: 0x14)
    /// 0x15: Remote Device Terminated Connection due to Power Off.
    public static let remoteDeviceTerminatedConnectionDueToPowerOff = HCIStatus(rawValue: 0x15)
    /// 0x16: Connection Terminated By Local Host.
    public static let connectionTerminatedByLocalHost = HCIStatus(rawValue: 0x16)
    /// 0x17: Repeated Attempts.
    public static let repeatedAttempts = HCIStatus(rawValue: 0x17)
    /// 0x18: Pairing Not Allowed.
    public static let pairingNotAllowed = HCIStatus(rawValue: 0x18)
    /// 0x19: Unknown LMP PDU.
    public static let unknownLMPPDU = HCIStatus(rawValue: 0x19)
    /// 0x1A: Unsupported Remote Feature.
    public static let unsupportedRemoteFeature = HCIStatus(rawValue: 0x1A)
    /// 0x1B: SCO Offset Rejected.
    public static let scoOffsetRejected = HCIStatus(rawValue: 0x1B)
    /// 0x1C: SCO Interval Rejected.
    public static let scoIntervalRejected = HCIStatus(rawValue: 0x1C)
    /// 0x1D: SCO Air Mode Rejected.
    public static let scoAirModeRejected = HCIStatus(rawValue: 0x1D)
    /// 0x1E: Invalid LMP Parameters / Invalid LL Parameters.
    public static let invalidLMPParameters = HCIStatus(rawValue: 0x1E)
    /// 0x1F: Unspecified Error.
    public static let unspecifiedError = HCIStatus(rawValue: 0x1F)
    /// 0x20: Unsupported LMP Parameter Value / Unsupported LL Parameter Value.
    public static let unsupportedLMPParameterValue = HCIStatus(rawValue: 0x20)
    /// 0x21: Role Change Not Allowed.
    public static let roleChangeNotAllowed = HCIStatus(rawValue: 0x21)
    /// 0x22: LMP Response Timeout / LL Response Timeout.
    public static let lmpResponseTimeout = HCIStatus(rawValue: 0x22)
    /// 0x23: LMP Error Transaction Collision / LL Procedure Collision.
    public static let lmpErrorTransactionCollision = HCIStatus(rawValue: 0x23)
    /// 0x24: LMP PDU Not Allowed.
    public static let lmpPDUNotAllowed = HCIStatus(rawValue: 0x24)
    /// 0x25: Encryption Mode Not Acceptable.
    public static let encryptionModeNotAcceptable = HCIStatus(rawValue: 0x25)
    /// 0x26: Link Key cannot be Changed.
    public static let linkKeyCannotBeChanged = HCIStatus(rawValue: 0x26)
    /// 0x27: Requested QoS Not Supported.
    public static let requestedQoSNotSupported = HCIStatus(rawValue: 0x27)
    /// 0x28: Instant Passed.
    public static let instantPassed = HCIStatus(rawValue: 0x28)
    /// 0x29: Pairing With Unit Key Not Supported.
    public static let pairingWithUnitKeyNotSupported = HCIStatus(rawValue: 0x29)
    /// 0x2A: Different Transaction Collision.
    public static let differentTransactionCollision = HCIStatus(rawValue: 0x2A)
    /// 0x2C: QoS Unacceptable Parameter.
    public static let qosUnacceptableParameter = HCIStatus(rawValue: 0x2C)
    /// 0x2D: QoS Rejected.
    public static let qosRejected = HCIStatus(rawValue: 0x2D)
    /// 0x2E: Channel Classification Not Supported.
    public static let channelClassificationNotSupported = HCIStatus(rawValue: 0x2E)
    /// 0x2F: Insufficient Security.
    public static let insufficientSecurity = HCIStatus(rawValue: 0x2F)
    /// 0x30: Parameter Out Of Mandatory Range.
    public static let parameterOutOfMandatoryRange = HCIStatus(rawValue: 0x30)
    /// 0x32: Role Switch Pending.
    public static let roleSwitchPending = HCIStatus(rawValue: 0x32)
    /// 0x34: Reserved Slot Violation.
    public static let reservedSlotViolation = HCIStatus(rawValue: 0x34)
    /// 0x35: Role Switch Failed.
    public static let roleSwitchFailed = HCIStatus(rawValue: 0x35)
    /// 0x36: Extended Inquiry Response Too Large.
    public static let extendedInquiryResponseTooLarge = HCIStatus(rawValue: 0x36)
    /// 0x37: Secure Simple Pairing Not Supported By Host.
    public static let secureSimplePairingNotSupportedByHost = HCIStatus(rawValue: 0x37)
    /// 0x38: Host Busy - Pairing.
    public static let hostBusyPairing = HCIStatus(rawValue: 0x38)
    /// 0x39: Connection Rejected due to No Suitable Channel Found.
    public static let connectionRejectedDueToNoSuitableChannelFound = HCIStatus(rawValue: 0x39)
    /// 0x3A: Controller Busy.
    public static let controllerBusy = HCIStatus(rawValue: 0x3A)
    /// 0x3B: Unacceptable Connection Parameters.
    public static let unacceptableConnectionParameters = HCIStatus(rawValue: 0x3B)
    /// 0x3C: Advertising Timeout.
    public static let advertisingTimeout = HCIStatus(rawValue: 0x3C)
    /// 0x3D: Connection Terminated due to MIC Failure.
    public static let connectionTerminatedDueToMICFailure = HCIStatus(rawValue: 0x3D)
    /// 0x3E: Connection Failed to be Established / Synchronization Timeout.
    public static let connectionFailedToBeEstablished = HCIStatus(rawValue: 0x3E)
    /// 0x40: Coarse Clock Adjustment Rejected but Will Try to Adjust Using Clock Dragging.
    public static let coarseClockAdjustmentRejected = HCIStatus(rawValue: 0x40)
    /// 0x41: Type0 Submap Not Defined.
    public static let type0SubmapNotDefined = HCIStatus(rawValue: 0x41)
    /// 0x42: Unknown Advertising Identifier.
    public static let unknownAdvertisingIdentifier = HCIStatus(rawValue: 0x42)
    /// 0x43: Limit Reached.
    public static let limitReached = HCIStatus(rawValue: 0x43)
    /// 0x44: Operation Cancelled by Host.
    public static let operationCancelledByHost = HCIStatus(rawValue: 0x44)
    /// 0x45: Packet Too Long.
    public static let packetTooLong = HCIStatus(rawValue: 0x45)
    /// 0x46: Too Late.
    public static let tooLate = HCIStatus(rawValue: 0x46)
    /// 0x47: Too Early.
    public static let tooEarly = HCIStatus(rawValue: 0x47)

    /// The spec's name, e.g. `Connection Timeout`, or `status 0x2B` when reserved or unknown.
    public var name: String {
        switch rawValue {
        case 0x00: "Success"
        case 0x01: "Unknown HCI Command"
        case 0x02: "Unknown Connection Identifier"
        case 0x03: "Hardware Failure"
        case 0x04: "Page Timeout"
        case 0x05: "Authentication Failure"
        case 0x06: "PIN or Key Missing"
        case 0x07: "Memory Capacity Exceeded"
        case 0x08: "Connection Timeout"
        case 0x09: "Connection Limit Exceeded"
        case 0x0A: "Synchronous Connection Limit To A Device Exceeded"
        case 0x0B: "Connection Already Exists"
        case 0x0C: "Command Disallowed"
        case 0x0D: "Connection Rejected due to Limited Resources"
        case 0x0E: "Connection Rejected Due To Security Reasons"
        case 0x0F: "Connection Rejected due to Unacceptable BD_ADDR"
        case 0x10: "Connection Accept Timeout Exceeded"
        case 0x11: "Unsupported Feature or Parameter Value"
        case 0x12: "Invalid HCI Command Parameters"
        case 0x13: "Remote User Terminated Connection"
        case 0x14: "Remote Device Terminated Connection due to Low Resources"
        case 0x15: "Remote Device Terminated Connection due to Power Off"
        case 0x16: "Connection Terminated By Local Host"
        case 0x17: "Repeated Attempts"
        case 0x18: "Pairing Not Allowed"
        case 0x19: "Unknown LMP PDU"
        case 0x1A: "Unsupported Remote Feature"
        case 0x1B: "SCO Offset Rejected"
        case 0x1C: "SCO Interval Rejected"
        case 0x1D: "SCO Air Mode Rejected"
        case 0x1E: "Invalid LMP Parameters / Invalid LL Parameters"
        case 0x1F: "Unspecified Error"
        case 0x20: "Unsupported LMP Parameter Value / Unsupported LL Parameter Value"
        case 0x21: "Role Change Not Allowed"
        case 0x22: "LMP Response Timeout / LL Response Timeout"
        case 0x23: "LMP Error Transaction Collision / LL Procedure Collision"
        case 0x24: "LMP PDU Not Allowed"
        case 0x25: "Encryption Mode Not Acceptable"
        case 0x26: "Link Key cannot be Changed"
        case 0x27: "Requested QoS Not Supported"
        case 0x28: "Instant Passed"
        case 0x29: "Pairing With Unit Key Not Supported"
        case 0x2A: "Different Transaction Collision"
        case 0x2C: "QoS Unacceptable Parameter"
        case 0x2D: "QoS Rejected"
        case 0x2E: "Channel Classification Not Supported"
        case 0x2F: "Insufficient Security"
        case 0x30: "Parameter Out Of Mandatory Range"
        case 0x32: "Role Switch Pending"
        case 0x34: "Reserved Slot Violation"
        case 0x35: "Role Switch Failed"
        case 0x36: "Extended Inquiry Response Too Large"
        case 0x37: "Secure Simple Pairing Not Supported By Host"
        case 0x38: "Host Busy - Pairing"
        case 0x39: "Connection Rejected due to No Suitable Channel Found"
        case 0x3A: "Controller Busy"
        case 0x3B: "Unacceptable Connection Parameters"
        case 0x3C: "Advertising Timeout"
        case 0x3D: "Connection Terminated due to MIC Failure"
        case 0x3E: "Connection Failed to be Established / Synchronization Timeout"
        case 0x40: "Coarse Clock Adjustment Rejected but Will Try to Adjust Using Clock Dragging"
        case 0x41: "Type0 Submap Not Defined"
        case 0x42: "Unknown Advertising Identifier"
        case 0x43: "Limit Reached"
        case 0x44: "Operation Cancelled by Host"
        case 0x45: "Packet Too Long"
        case 0x46: "Too Late"
        case 0x47: "Too Early"
        default: "status \(HCIFormat.hex(rawValue))"
        }
    }

    /// `Connection Timeout (0x08)`.
    public var description: String { "\(name) (\(HCIFormat.hex(rawValue)))" }
}
