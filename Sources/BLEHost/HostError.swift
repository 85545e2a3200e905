import BLECore
import BLEHCI

/// The one error type of `BLEHost`: what failed, on what, and what to do about it.
///
/// Wire errors (a controller's HCI status, a disconnection reason) are kept apart from library
/// failures: ``status`` holds the controller's code when it sent one, ``code`` says what kind of
/// failure this is. The message reads e.g.
/// `HCI_LE_Create_Connection failed: Command Disallowed (0x0C)`.
public struct HostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later layers can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The controller answered a command with a status other than Success (see ``HostError/status``).
        public static let commandFailed = Code(rawValue: "commandFailed")
        /// The controller did not answer a command within the command timeout.
        public static let commandTimeout = Code(rawValue: "commandTimeout")
        /// The controller stopped answering earlier; the host must be restarted with a working controller.
        public static let controllerUnresponsive = Code(rawValue: "controllerUnresponsive")
        /// The controller reported a hardware error (Core 5.4, Vol 4, Part E, 7.7.16).
        public static let hardwareError = Code(rawValue: "hardwareError")
        /// The HCI transport closed or failed.
        public static let transportClosed = Code(rawValue: "transportClosed")
        /// The host is not started (call `start()`) or was stopped.
        public static let notStarted = Code(rawValue: "notStarted")
        /// No connection with that handle or address exists.
        public static let notConnected = Code(rawValue: "notConnected")
        /// The connection ended while the operation was pending (see ``HostError/status`` for the reason).
        public static let disconnected = Code(rawValue: "disconnected")
        /// A connection attempt did not complete within its timeout and was cancelled.
        public static let connectTimeout = Code(rawValue: "connectTimeout")
        /// The caller's task was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// An argument was out of range or inconsistent.
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// The operation cannot run now because another of its kind is in progress (one scan,
        /// one connection attempt at a time).
        public static let busy = Code(rawValue: "busy")
        /// The controller sent something the host could not make sense of.
        public static let protocolError = Code(rawValue: "protocolError")
        /// The peer rejected a request (e.g. a connection parameter update).
        public static let rejected = Code(rawValue: "rejected")
        /// Pairing failed (see the message for the Pairing Failed reason and who sent it).
        public static let pairingFailed = Code(rawValue: "pairingFailed")
        /// Encryption needs a bond with the peer and there is none: pair first.
        public static let notBonded = Code(rawValue: "notBonded")
        /// The peer has no key for our bond (it was reset or deleted the bond): pair again.
        public static let keyMissing = Code(rawValue: "keyMissing")
        /// The link could not be encrypted.
        public static let encryptionFailed = Code(rawValue: "encryptionFailed")
        /// The bond store failed to read or write.
        public static let bondStoreFailed = Code(rawValue: "bondStoreFailed")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The controller's status: the command's failing status, or the disconnection reason.
    public var status: HCIStatus?
    /// The command that failed, when a command failed.
    public var command: HCIOpcode?
    /// The connection handle concerned, if any.
    public var connectionHandle: UInt16?
    /// The detail: why it failed and, where it helps, what to do.
    public var message: String
    /// Why a pairing failed (its Pairing Failed reason and who sent it), when ``code`` is
    /// ``Code/pairingFailed``.
    public var pairingFailure: SMPPairingFailure?

    /// Creates an error.
    public init(
        _ code: Code,
        _ message: String,
        status: HCIStatus? = nil,
        command: HCIOpcode? = nil,
        connectionHandle: UInt16? = nil
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.command = command
        self.connectionHandle = connectionHandle
    }

    /// A command answered with a failing status.
    public static func commandFailed(_ opcode: HCIOpcode, status: HCIStatus, connectionHandle: UInt16? = nil) -> HostError {
        HostError(.commandFailed, status.description, status: status, command: opcode, connectionHandle: connectionHandle)
    }

    /// The connection `handle` ended with `reason`.
    public static func disconnected(_ handle: UInt16, reason: HCIStatus) -> HostError {
        HostError(
            .disconnected, "the connection ended: \(reason); reconnect to continue",
            status: reason, connectionHandle: handle
        )
    }

    /// One line: `HCI_Reset failed: Command Disallowed (0x0C)`, `connection 0x0040: …`.
    public var description: String {
        var subject = command.map { "\($0.name) failed" } ?? "Bluetooth host: \(code)"
        if let connectionHandle { subject += " on connection \(HostFormat.hex(connectionHandle))" }
        return "\(subject): \(message)"
    }
}

/// Formatting helpers for log lines and messages.
enum HostFormat {
    /// `0x0040`.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `0A0B…`, at most 32 bytes shown.
    static func bytes(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(32).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return bytes.count > 32 ? shown + "…(\(bytes.count) bytes)" : shown
    }
}
