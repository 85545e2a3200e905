/// The Security Manager channel (CID 0x0006) of one connection while pairing is not supported.
///
/// Core 5.4, Vol 3, Part H, 3.3 and 3.5.5: a Pairing Request (0x01) or a Security Request (0x0B)
/// is answered with Pairing Failed, reason Pairing Not Supported (0x05); anything else is ignored.
struct SMPChannel: Sendable {
    /// 0x01: Pairing Request.
    static let pairingRequest: UInt8 = 0x01
    /// 0x0B: Security Request.
    static let securityRequest: UInt8 = 0x0B

    /// The answer to one SMP payload from the peer, if any.
    func receive(_ payload: [UInt8]) -> [UInt8]? {
        guard let code = payload.first else { return nil }
        switch code {
        case Self.pairingRequest, Self.securityRequest:
            return SMPPairingFailed(reason: .pairingNotSupported).encode()
        default:
            return nil
        }
    }
}
