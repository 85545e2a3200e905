import BLECore

/// Phase 2 of LE legacy pairing (Core 5.4, Vol 3, Part H, 2.3.5.5): confirm and random values
/// with c1, the STK with s1.
extension SMPPairing {
    // MARK: Phase 2, legacy

    var temporaryKey: [UInt8] {
        SMPCrypto.temporaryKey(passkey: passkey ?? 0)
    }

    var legacyKeyReady: Bool {
        if case .passkeyEntry = method { return passkey != nil }
        return true
    }

    func legacyConfirm(_ random: [UInt8]) -> [UInt8] {
        SMPCrypto.c1(
            k: temporaryKey, r: random, preq: SMPCommand.pairingRequest(request!).encode(),
            pres: SMPCommand.pairingResponse(response!).encode(), initiator: initiatorAddress, responder: responderAddress
        )
    }

    /// Sends our confirm as soon as both the TK and (responder) the peer's confirm are there.
    mutating func sendLegacyConfirmIfReady() -> [Action] {
        guard !secureConnections, legacyKeyReady, localRandom.isEmpty else { return [] }
        switch role {
        case .initiator:
            guard step == .waitingConfirm else { return [] }
            localRandom = SMPCrypto.random(16)
            step = .waitingConfirm
            return [.send(.pairingConfirm(legacyConfirm(localRandom)))]
        case .responder:
            guard peerConfirm != nil, step == .waitingConfirm else { return [] }
            localRandom = SMPCrypto.random(16)
            step = .waitingRandom
            return [.send(.pairingConfirm(legacyConfirm(localRandom)))]
        }
    }

    mutating func receiveLegacyConfirm() -> [Action] {
        switch role {
        case .initiator:
            guard !localRandom.isEmpty else { return fail(.unspecifiedReason) }
            step = .waitingRandom
            return [.send(.pairingRandom(localRandom))]
        case .responder:
            return sendLegacyConfirmIfReady()
        }
    }

    mutating func receiveLegacyRandom() -> [Action] {
        // In Passkey Entry a wrong confirm value usually means a wrong passkey.
        guard legacyConfirm(peerRandom) == peerConfirm else { return fail(.confirmValueFailed) }
        let (mrand, srand) = role == .initiator ? (localRandom, peerRandom) : (peerRandom, localRandom)
        encryptionKey = SMPLongTermKey(key: Self.shorten(SMPCrypto.s1(k: temporaryKey, r1: srand, r2: mrand), to: keySize))
        step = .waitingEncryption
        switch role {
        case .initiator:
            return [.startEncryption(encryptionKey!)]
        case .responder:
            return [.send(.pairingRandom(localRandom))]
        }
    }
}
