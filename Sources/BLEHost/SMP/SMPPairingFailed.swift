/// Pairing Failed: the Security Manager ends a pairing.
///
/// Core 5.4, Vol 3, Part H, 3.5.5. Payload, 2 octets: Code (0x05), Reason (1).
public struct SMPPairingFailed: Sendable, Hashable {
    /// 0x05.
    public static let code: UInt8 = 0x05

    /// Reason (1 octet). An open code space.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        /// The octet on the wire.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 0x05: Pairing Not Supported.
        public static let pairingNotSupported = Reason(rawValue: 0x05)
        /// 0x07: Command Not Supported.
        public static let commandNotSupported = Reason(rawValue: 0x07)
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
