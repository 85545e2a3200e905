import BLECore

/// Pairing Failed: the Security Manager ends a pairing.
///
/// Core 5.4, Vol 3, Part H, 3.5.5. Payload, 2 octets: Code (0x05), Reason (1).
public struct SMPPairingFailed: Sendable, Hashable {
    /// 0x05.
    public static let code: UInt8 = 0x05

    /// Reason (1 octet). An open code space (Part H, 3.5.5).
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The octet on the wire.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0x01: Passkey Entry Failed: the user input of the passkey failed, e.g. it was canceled.
        public static let passkeyEntryFailed = Reason(rawValue: 0x01)
        /// 0x02: OOB Not Available: the out-of-band data is not available.
        public static let oobNotAvailable = Reason(rawValue: 0x02)
        /// 0x03: Authentication Requirements: the IO capabilities cannot meet the required security.
        public static let authenticationRequirements = Reason(rawValue: 0x03)
        /// 0x04: Confirm Value Failed: the confirm value does not match the calculated one.
        public static let confirmValueFailed = Reason(rawValue: 0x04)
        /// 0x05: Pairing Not Supported.
        public static let pairingNotSupported = Reason(rawValue: 0x05)
        /// 0x06: Encryption Key Size: the resulting key size is too short for the device.
        public static let encryptionKeySize = Reason(rawValue: 0x06)
        /// 0x07: Command Not Supported: the SMP command received is not supported.
        public static let commandNotSupported = Reason(rawValue: 0x07)
        /// 0x08: Unspecified Reason: pairing failed for a reason no other code covers.
        public static let unspecifiedReason = Reason(rawValue: 0x08)
        /// 0x09: Repeated Attempts: too little time has passed since the last pairing attempt.
        public static let repeatedAttempts = Reason(rawValue: 0x09)
        /// 0x0A: Invalid Parameters: a command's length or a parameter is outside the specified range.
        public static let invalidParameters = Reason(rawValue: 0x0A)
        /// 0x0B: DHKey Check Failed: the DHKey Check value does not match the calculated one.
        public static let dhKeyCheckFailed = Reason(rawValue: 0x0B)
        /// 0x0C: Numeric Comparison Failed: the confirm values of the numeric comparison did not match.
        public static let numericComparisonFailed = Reason(rawValue: 0x0C)
        /// 0x0D: BR/EDR Pairing In Progress: pairing over LE failed because BR/EDR pairing is under way.
        public static let brEDRPairingInProgress = Reason(rawValue: 0x0D)
        /// 0x0E: Cross-transport Key Derivation/Generation Not Allowed: the BR/EDR link key or the
        /// LE LTK cannot be used to derive the other transport's key.
        public static let crossTransportKeyDerivationNotAllowed = Reason(rawValue: 0x0E)
        /// 0x0F: Key Rejected: the device chose not to accept a distributed key.
        public static let keyRejected = Reason(rawValue: 0x0F)

        /// What went wrong, for a person, e.g. `the passkey was wrong or not entered`; an unknown
        /// value reads `reason 0x1F`.
        public var description: String {
            switch rawValue {
            case 0x01: "the passkey was wrong or not entered"
            case 0x02: "the out-of-band pairing data is not available"
            case 0x03: "the devices cannot meet the required security with their input and output capabilities"
            case 0x04: "the confirm value did not match (wrong passkey or a tampered exchange)"
            case 0x05: "pairing is not supported"
            case 0x06: "the encryption key would be too short"
            case 0x07: "a pairing command was not supported"
            case 0x08: "pairing failed for an unspecified reason"
            case 0x09: "too many pairing attempts: wait before trying again"
            case 0x0A: "a pairing command had an invalid length or parameter"
            case 0x0B: "the DHKey check failed (the keys do not match)"
            case 0x0C: "the numbers shown on the two devices were not confirmed to match"
            case 0x0D: "pairing over BR/EDR is in progress"
            case 0x0E: "deriving the other transport's key is not allowed"
            case 0x0F: "a distributed key was rejected"
            default: "reason 0x" + [rawValue].hexString.uppercased()
            }
        }
    }

    /// Reason (1 octet).
    public var reason: Reason

    /// Creates the PDU.
    public init(reason: Reason) { self.reason = reason }

    /// Decodes the PDU: exactly Code 0x05 and Reason; nil otherwise.
    public init?(decoding bytes: [UInt8]) {
        guard bytes.count == 2, bytes[0] == Self.code else { return nil }
        reason = Reason(rawValue: bytes[1])
    }

    /// The PDU: Code, Reason.
    public func encode() -> [UInt8] { [Self.code, reason.rawValue] }
}
