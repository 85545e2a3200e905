import BLECore
import BLEGATT
import BLEHCI
import BLEHost

/// The one error of the `BLE` API: a case a caller can act on, and a message that says what
/// failed, on what, and what to do.
///
/// Errors from the layers below (`HostError`, `GATTError`) are mapped onto
/// these codes, keeping the ATT error code of an ATT Error Response (``attErrorCode``) and the
/// HCI status that ended a connection (``hciStatus``).
public struct BLEError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The peripheral is not connected: connect first.
        public static let notConnected = Code(rawValue: "notConnected")
        /// No answer in time: a connection attempt, an ATT transaction (30 s), a controller command.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The peer answered with an ATT Error Response; see ``BLEError/attErrorCode``.
        public static let attError = Code(rawValue: "attError")
        /// The connection ended while the operation was in progress.
        public static let disconnected = Code(rawValue: "disconnected")
        /// The peer does not offer what was asked (no such characteristic, no notify property, …).
        public static let unsupported = Code(rawValue: "unsupported")
        /// An argument was wrong (a value too long, a handle of 0, a malformed UUID, …).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// The caller's task was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The radio cannot be used: no controller, powered off, not allowed; see ``Central/state``.
        public static let radioUnavailable = Code(rawValue: "radioUnavailable")
        /// Another operation of the same kind is in progress (one scan, one connection attempt).
        public static let busy = Code(rawValue: "busy")
        /// The peer broke the protocol (a malformed or unexpected answer).
        public static let protocolError = Code(rawValue: "protocolError")
        /// Anything else; the message says what.
        public static let failed = Code(rawValue: "failed")
        /// Pairing failed: the message says why and what to do.
        public static let pairingFailed = Code(rawValue: "pairingFailed")
        /// Encryption needs a bond and there is none: pair first.
        public static let notBonded = Code(rawValue: "notBonded")
        /// The peer has no key for our bond (it was reset or deleted it): remove the bond, pair again.
        public static let keyMissing = Code(rawValue: "keyMissing")
        /// The link could not be secured (encryption failed, or the bond store failed).
        public static let securityFailed = Code(rawValue: "securityFailed")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed and what to do, in one line.
    public var message: String
    /// The peer's ATT error, when ``code`` is ``Code/attError``.
    public var attErrorCode: ATTErrorCode?
    /// The HCI status involved: the reason a connection ended, a command's failure status.
    public var hciStatus: HCIStatus?
    /// Why a pairing failed (the Pairing Failed reason, and whether the peer sent it), when
    /// ``code`` is ``Code/pairingFailed``.
    public var pairingFailure: SMPPairingFailure?
    /// What the radio is because of this failure, when ``code`` is ``Code/radioUnavailable`` and
    /// the opener could tell: ``RadioState/unauthorized`` (the process may not use the
    /// controller), ``RadioState/unsupported`` (this system has no Bluetooth Low Energy).
    public var radioState: RadioState?

    /// Creates an error.
    public init(_ code: Code, _ message: String, attErrorCode: ATTErrorCode? = nil, hciStatus: HCIStatus? = nil) {
        self.code = code
        self.message = message
        self.attErrorCode = attErrorCode
        self.hciStatus = hciStatus
    }

    /// The message.
    public var description: String { message }

    /// The same error with `context` before its message: `context: message`.
    public func adding(context: String) -> BLEError {
        var error = self
        error.message = "\(context): \(message)"
        return error
    }

    /// Maps any error of the layers below (already a `BLEError`, `HostError`, `GATTError`,
    /// `CancellationError`) onto a `BLEError`; any other error is ``Code/failed`` with its
    /// description (BLERuntime maps the transports' errors when it opens one).
    public init(_ error: any Error) {
        switch error {
        case let error as BLEError: self = error
        case let error as HostError: self.init(host: error)
        case let error as GATTError: self.init(gatt: error)
        case is CancellationError: self.init(.cancelled, "the task was cancelled")
        default: self.init(.failed, "\(error)")
        }
    }

    init(host error: HostError) {
        let code: Code
        switch error.code {
        case .notConnected: code = .notConnected
        case .disconnected: code = .disconnected
        case .connectTimeout, .commandTimeout: code = .timedOut
        case .cancelled: code = .cancelled
        case .invalidArgument: code = .invalidArgument
        case .busy: code = .busy
        case .transportClosed, .notStarted, .controllerUnresponsive, .hardwareError: code = .radioUnavailable
        case .protocolError: code = .protocolError
        case .pairingFailed: code = .pairingFailed
        case .notBonded: code = .notBonded
        case .keyMissing: code = .keyMissing
        case .encryptionFailed, .bondStoreFailed: code = .securityFailed
        default: code = .failed
        }
        // The Security Manager's messages are whole sentences for people (what failed, what to
        // do): they go without the layer's prefix.
        let isSecurity = [.pairingFailed, .notBonded, .keyMissing, .securityFailed].contains(code)
        self.init(code, isSecurity ? error.message : error.description, hciStatus: error.status)
        pairingFailure = error.pairingFailure
    }

    init(gatt error: GATTError) {
        let code: Code
        switch error.code {
        case .attError: code = .attError
        case .timeout: code = .timedOut
        case .bearerClosed: code = .disconnected
        case .cancelled: code = .cancelled
        case .invalidArgument, .pduTooLarge: code = .invalidArgument
        case .notFound, .notPermitted: code = .unsupported
        case .invalidResponse: code = .protocolError
        default: code = .failed
        }
        self.init(code, error.description, attErrorCode: error.attErrorCode)
    }
}
