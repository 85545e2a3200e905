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

    /// A Bluetooth failure while doing `what`; a refusal by the SN (ATT error) keeps its own code.
    static func bluetooth(_ error: BLEError, _ what: String) -> NightlightError {
        if error.code == .attError, let att = error.attErrorCode {
            return NightlightError(.refused, "\(what): the nightlight refused it: \(Self.explain(att))", bleError: error)
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
        default: code.description
        }
    }
}
