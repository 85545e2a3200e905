import BLE
import BLEGATT

/// The one error of the SN client: what failed, on which SN, and what to do.
public struct NightlightError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The radio or the link failed (see ``NightlightError/bleError``).
        public static let bluetooth = Code(rawValue: "bluetooth")
        /// A value broke a rule of the profile (see ``NightlightError/valueError``), on our side
        /// before sending or in what the SN answered.
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// The SN refused a write (an ATT error: Invalid Schedule, Out of Range, …).
        public static let refused = Code(rawValue: "refused")
        /// The device is not a Smart Nightlight (its database lacks the SN services).
        public static let notANightlight = Code(rawValue: "notANightlight")
        /// The SN's child name is still empty: a name must be given before anything else (§8).
        public static let childNameRequired = Code(rawValue: "childNameRequired")
        /// The firmware update failed (the message has the step and the device's status).
        public static let firmwareUpdate = Code(rawValue: "firmwareUpdate")
        /// A firmware signing key or key file is unusable (§7.1): missing, open to other users,
        /// not a key, or not writable (the message names the file and what to do).
        public static let signingKey = Code(rawValue: "signingKey")
        /// The SN refused a new pairing: its pairing window is closed (§9.1). Hold its child
        /// button for 3 s and try again within 60 s.
        public static let pairingWindowClosed = Code(rawValue: "pairingWindowClosed")
        /// Pairing failed for another reason (the message says which).
        public static let pairingFailed = Code(rawValue: "pairingFailed")
        /// The SN no longer has our bond (it was reset, or it replaced our bond with another
        /// central's, §9.2): pair again.
        public static let bondLost = Code(rawValue: "bondLost")
        /// The SN accepts this only on a link encrypted with a bond, and the link is not (§9.2):
        /// pair with it.
        public static let pairingRequired = Code(rawValue: "pairingRequired")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed and what to do, in one line.
    public var message: String
    /// The Bluetooth error underneath, if any.
    public var bleError: BLEError?
    /// The profile rule broken, if any.
    public var valueError: SNValueError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, bleError: BLEError? = nil, valueError: SNValueError? = nil) {
        self.code = code
        self.message = message
        self.bleError = bleError
        self.valueError = valueError
    }

    /// The message.
    public var description: String { message }

    /// What to do when a SN does not accept a pairing (§9.1, §9.4).
    public static let holdButtonAdvice = "hold the nightlight's child button for 3 s (its pairing window then stays open for 60 s) and try again"

    /// A Bluetooth failure while doing `what`; a refusal by the SN (ATT error) keeps its own code,
    /// and the §9 cases get theirs: a pairing the SN refused while its window is closed, a bond
    /// the SN no longer has, a link that needs pairing.
    static func bluetooth(_ error: BLEError, _ what: String) -> NightlightError {
        if error.code == .pairingFailed, let failure = error.pairingFailure {
            if failure.origin == .peer, failure.reason.rawValue == 0x05 {
                return NightlightError(
                    .pairingWindowClosed,
                    "\(what): the nightlight is not accepting a new pairing (Pairing Not Supported, 0x05: its pairing window is closed): \(holdButtonAdvice)",
                    bleError: error
                )
            }
            return NightlightError(.pairingFailed, "\(what): pairing failed: \(error.message)", bleError: error)
        }
        if error.code == .pairingFailed {
            // bluetoothd (the bluez transport) does not pass the device's reason on: say what it may be.
            return NightlightError(
                .pairingFailed,
                "\(what): pairing failed: \(error.message); a nightlight that already has a bond accepts a new pairing only while its pairing window is open: \(holdButtonAdvice)",
                bleError: error
            )
        }
        if error.code == .keyMissing {
            return NightlightError(
                .bondLost,
                "\(what): the nightlight no longer has this computer's bond (it was reset, or it replaced our bond with another phone's or computer's): pair again — \(holdButtonAdvice) with `nightlight pair`",
                bleError: error
            )
        }
        if error.code == .attError, let att = error.attErrorCode {
            if att == .insufficientAuthentication || att == .insufficientEncryption {
                return NightlightError(
                    .pairingRequired,
                    "\(what): the nightlight accepts this only from a paired, encrypted link (\(att)): pair with it (`nightlight pair`)",
                    bleError: error
                )
            }
            return NightlightError(.refused, "\(what): the nightlight refused it: \(Self.explain(att))", bleError: error)
        }
        if error.code == .securityFailed || error.code == .notBonded {
            return NightlightError(.pairingFailed, "\(what): the link could not be secured: \(error.message)", bleError: error)
        }
        return NightlightError(.bluetooth, "\(what): \(error.message)", bleError: error)
    }

    /// A broken profile rule while doing `what`.
    static func invalid(_ error: SNValueError, _ what: String) -> NightlightError {
        NightlightError(.invalidValue, "\(what): \(error)", valueError: error)
    }

    /// The meaning of an ATT error as the SN profile uses it.
    static func explain(_ code: ATTErrorCode) -> String {
        switch code.rawValue {
        case 0x80: "Invalid Schedule (0x80): the schedule breaks a rule; the previous one stays in force"
        case 0x0D: "Invalid Attribute Value Length (0x0D): wrong length for this value"
        case 0xFF: "Out of Range (0xFF): a field is outside its allowed range"
        case 0x81: "Operation Failed (0x81): the nightlight could not carry out the request"
        default: code.description
        }
    }
}
