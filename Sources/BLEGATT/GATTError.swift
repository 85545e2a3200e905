import BLECore

/// The one error type of `BLEGATT`: what failed, on what, and why.
///
/// Wire errors (an ATT Error Response from the peer) are kept apart from library failures: `code`
/// is ``Code/attError`` and ``attErrorCode`` holds the peer's code. The client adds the procedure,
/// handle and UUID it was working on, so the message says e.g.
/// `Read Long Characteristic Value failed on handle 0x002A (7A5A0202-…): Invalid Offset (0x07)`.
public struct GATTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later layers can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The peer answered with an ATT Error Response (see ``GATTError/attErrorCode``).
        public static let attError = Code(rawValue: "attError")
        /// No response within the ATT transaction timeout (30 s); the bearer is now closed.
        public static let timeout = Code(rawValue: "timeout")
        /// The bearer is closed: the link was lost, or an earlier transaction timed out.
        public static let bearerClosed = Code(rawValue: "bearerClosed")
        /// A PDU would not fit in the ATT_MTU in force.
        public static let pduTooLarge = Code(rawValue: "pduTooLarge")
        /// The peer answered with a PDU that is malformed or does not answer the request.
        public static let invalidResponse = Code(rawValue: "invalidResponse")
        /// The caller's task was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// An argument was out of range (a handle of 0, a value longer than 512 bytes, …).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// The peer's database does not have what was asked for (a service, characteristic, descriptor).
        public static let notFound = Code(rawValue: "notFound")
        /// The attribute does not allow the operation (e.g. write on a read-only characteristic).
        public static let notPermitted = Code(rawValue: "notPermitted")
        /// A reliable write was echoed back with different bytes and was cancelled.
        public static let reliableWriteMismatch = Code(rawValue: "reliableWriteMismatch")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The peer's ATT error code, when `code` is ``Code/attError``.
    public var attErrorCode: ATTErrorCode?
    /// The GATT procedure or ATT operation that failed, e.g. `Read Long Characteristic Value`.
    public var procedure: String?
    /// The attribute handle it failed on.
    public var handle: UInt16?
    /// The UUID of the attribute or service it failed on.
    public var uuid: BluetoothUUID?
    /// The detail: why it failed and, where it helps, what to do.
    public var message: String

    /// Creates an error.
    public init(
        _ code: Code,
        _ message: String,
        attErrorCode: ATTErrorCode? = nil,
        procedure: String? = nil,
        handle: UInt16? = nil,
        uuid: BluetoothUUID? = nil
    ) {
        self.code = code
        self.message = message
        self.attErrorCode = attErrorCode
        self.procedure = procedure
        self.handle = handle
        self.uuid = uuid
    }

    /// An error for an ATT Error Response received from the peer.
    public static func attError(_ errorCode: ATTErrorCode, handle: UInt16?, procedure: String? = nil) -> GATTError {
        GATTError(.attError, errorCode.description, attErrorCode: errorCode, procedure: procedure, handle: handle)
    }

    /// The same error with the procedure, handle and UUID filled in where they were not yet known.
    public func context(procedure: String? = nil, handle: UInt16? = nil, uuid: BluetoothUUID? = nil) -> GATTError {
        var copy = self
        copy.procedure = self.procedure ?? procedure
        copy.handle = self.handle ?? handle
        copy.uuid = self.uuid ?? uuid
        return copy
    }

    /// One line: `Read Blob failed on handle 0x002A (2A00): Invalid Offset (0x07)`.
    public var description: String {
        var subject = procedure.map { "\($0) failed" } ?? "ATT operation failed"
        if let handle {
            subject += " on handle 0x" + [UInt8(handle >> 8), UInt8(handle & 0xFF)].hexString.uppercased()
            if let uuid { subject += " (\(uuid))" }
        } else if let uuid {
            subject += " on \(uuid)"
        }
        return "\(subject): \(message)"
    }
}
