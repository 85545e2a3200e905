import BLE
import BLEGATT

/// The one error of the seed devices' profiles (``ColorBulb``, ``Bean``, ``MiBand2``,
/// ``SensorTag``): what failed, on which device, and what to do.
///
/// The message names the operation and the device, e.g. `writing 58010301ff01ff0000: Colorific
/// (5C:31:3E:F2:16:13) refused it: Value Not Allowed (0x13): …`. A failure of the `BLE` API
/// underneath keeps its ``bleError``; a device's refusal (an ATT Error Response) is
/// ``Code/refused``, with the ATT error in ``attErrorCode`` and its meaning on that device in the
/// message.
public struct ProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The radio or the link failed (see ``ProfileError/bleError``).
        public static let bluetooth = Code(rawValue: "bluetooth")
        /// The device disconnected during the operation, or is not connected: connect first.
        public static let disconnected = Code(rawValue: "disconnected")
        /// The device refused a request with an ATT error (see ``ProfileError/attErrorCode``).
        public static let refused = Code(rawValue: "refused")
        /// The device did not answer (or send a reading) in time.
        public static let timedOut = Code(rawValue: "timedOut")
        /// A value breaks a rule of the profile: on our side before sending (more than 20 bytes
        /// for a Bean's scratch bank), or in what the device sent (a malformed reading).
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// An argument is out of range (a scratch bank other than 1…5, a cycle's step count).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// The device is not of the profile's kind: it lacks the profile's service or one of its
        /// characteristics (the message names what is missing).
        public static let wrongDevice = Code(rawValue: "wrongDevice")
        /// A Mi Band 2 refused the key: it is paired with another key, or not paired yet.
        public static let authenticationFailed = Code(rawValue: "authenticationFailed")
        /// A Mi Band 2 asked its wearer to tap it to pair, and nobody did in time.
        public static let notConfirmed = Code(rawValue: "notConfirmed")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed, on which device, and what to do, in one line.
    public var message: String
    /// The Bluetooth error underneath, if any.
    public var bleError: BLEError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, bleError: BLEError? = nil) {
        self.code = code
        self.message = message
        self.bleError = bleError
    }

    /// The message.
    public var description: String { message }

    /// The ATT error the device answered with, when it refused.
    public var attErrorCode: ATTErrorCode? { bleError?.attErrorCode }

    /// A Bluetooth failure while doing `what` on `device`: a lost link becomes
    /// ``Code/disconnected``, an ATT error ``Code/refused`` with `explain`'s meaning of it.
    static func bluetooth(
        _ error: BLEError, _ what: String, device: String, explain: (ATTErrorCode) -> String = { $0.description }
    ) -> ProfileError {
        switch error.code {
        case .disconnected, .notConnected:
            ProfileError(.disconnected, "\(what): \(device) disconnected (\(error.message)); check it is powered and in range, then try again", bleError: error)
        case .attError:
            ProfileError(.refused, "\(what): \(device) refused it: \(error.attErrorCode.map(explain) ?? error.message)", bleError: error)
        default:
            ProfileError(.bluetooth, "\(what) on \(device): \(error.message)", bleError: error)
        }
    }
}
