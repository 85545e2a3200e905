import Logging

extension BLEHost {
    // MARK: Security Manager

    /// Takes one SMP PDU of connection `handle` from the L2CAP layer (CID 0x0006) and answers it.
    ///
    /// Core 5.4, Vol 3, Part H, 3.3: while pairing is not supported, ``SMPChannel`` answers a
    /// Pairing Request or a Security Request with Pairing Failed (Pairing Not Supported) and
    /// ignores anything else.
    func receiveSecurityManager(_ payload: [UInt8], on handle: UInt16) {
        guard let answer = SMPChannel().receive(payload) else {
            logger.debug("ignored an SMP PDU", metadata: ["handle": "\(HostFormat.hex(handle))", "pdu": "\(HostFormat.bytes(payload))"])
            return
        }
        logger.info("answered an SMP request with Pairing Failed (Pairing Not Supported)", metadata: ["handle": "\(HostFormat.hex(handle))"])
        sendACL(answer, on: .securityManager, handle: handle)
    }
}
