import BLECore

/// Phase 2 of LE Secure Connections (Core 5.4, Vol 3, Part H, 2.3.5.6): public keys, the
/// authentication stages (Just Works, Numeric Comparison, Passkey Entry) and the DHKey checks.
extension SMPPairing {
    // MARK: Phase 2, Secure Connections

    mutating func receivePublicKey(x: [UInt8], y: [UInt8]) -> [Action] {
        if x == keyPair.publicKeyX && y == keyPair.publicKeyY {
            // A reflected key (Part H, 2.3.5.6.1): the peer would know the DHKey as well as we do.
            return fail(.dhKeyCheckFailed)
        }
        do {
            dhKey = try keyPair.dhKey(peerX: x, peerY: y)
        } catch {
            return fail(.dhKeyCheckFailed)
        }
        peerPublicKey = (x, y)
        var actions: [Action] = []
        if role == .responder {
            actions.append(.send(.pairingPublicKey(x: keyPair.publicKeyX, y: keyPair.publicKeyY)))
        }
        switch method {
        case .justWorks, .numericComparison:
            if role == .responder {
                localRandom = SMPCrypto.random(16)
                actions.append(.send(.pairingConfirm(SMPCrypto.f4(u: keyPair.publicKeyX, v: x, x: localRandom, z: 0))))
                step = .waitingRandom
            } else {
                step = .waitingConfirm
            }
        case .passkeyEntry:
            step = .waitingConfirm
            actions += askForPasskeyIfNeeded()
            actions += continuePasskeyRounds()
        }
        return actions
    }

    /// The bit of the passkey for the current round, as the f4 `z` octet (0x80 | bit).
    var passkeyBit: UInt8 {
        0x80 | UInt8(((passkey ?? 0) >> UInt32(passkeyRound)) & 1)
    }

    /// Passkey Entry: the initiator opens each round with its confirm once the passkey is known;
    /// the responder answers the initiator's confirm once it knows the passkey too.
    mutating func continuePasskeyRounds() -> [Action] {
        guard passkey != nil, step == .waitingConfirm, let peer = peerPublicKey else { return [] }
        switch role {
        case .initiator:
            guard peerConfirm == nil, localRandom.isEmpty else { return [] }
            localRandom = SMPCrypto.random(16)
            return [.send(.pairingConfirm(SMPCrypto.f4(u: keyPair.publicKeyX, v: peer.x, x: localRandom, z: passkeyBit)))]
        case .responder:
            guard peerConfirm != nil else { return [] }
            localRandom = SMPCrypto.random(16)
            step = .waitingRandom
            return [.send(.pairingConfirm(SMPCrypto.f4(u: keyPair.publicKeyX, v: peer.x, x: localRandom, z: passkeyBit)))]
        }
    }

    mutating func receiveConfirm(_ value: [UInt8]) -> [Action] {
        peerConfirm = value
        if !secureConnections { return receiveLegacyConfirm() }
        switch (role, method) {
        case (.initiator, .justWorks), (.initiator, .numericComparison):
            localRandom = SMPCrypto.random(16)
            step = .waitingRandom
            return [.send(.pairingRandom(localRandom))]
        case (.initiator, .passkeyEntry):
            guard !localRandom.isEmpty else { return fail(.unspecifiedReason) }
            step = .waitingRandom
            return [.send(.pairingRandom(localRandom))]
        case (.responder, .passkeyEntry):
            return continuePasskeyRounds()
        default:
            return fail(.unspecifiedReason)
        }
    }

    mutating func receiveRandom(_ value: [UInt8]) -> [Action] {
        peerRandom = value
        if !secureConnections { return receiveLegacyRandom() }
        guard let peer = peerPublicKey else { return fail(.unspecifiedReason) }
        var actions: [Action] = []
        switch method {
        case .justWorks, .numericComparison:
            if role == .initiator {
                // The responder committed to Nb with Cb = f4(PKbx, PKax, Nb, 0).
                guard SMPCrypto.f4(u: peer.x, v: keyPair.publicKeyX, x: value, z: 0) == peerConfirm else {
                    return fail(.confirmValueFailed)
                }
            } else {
                actions.append(.send(.pairingRandom(localRandom)))
            }
            makeSecureConnectionsKeys()
            step = .waitingDHKeyCheck
            if method == .numericComparison {
                let (pkax, pkbx) = role == .initiator ? (keyPair.publicKeyX, peer.x) : (peer.x, keyPair.publicKeyX)
                let (na, nb) = role == .initiator ? (localRandom, peerRandom) : (peerRandom, localRandom)
                actions.append(.confirmNumericComparison(SMPCrypto.g2(u: pkax, v: pkbx, x: na, y: nb) % 1_000_000))
                return actions
            }
            if role == .initiator { actions.append(.send(.pairingDHKeyCheck(localCheck()))) }
            return actions
        case .passkeyEntry:
            guard SMPCrypto.f4(u: peer.x, v: keyPair.publicKeyX, x: value, z: passkeyBit) == peerConfirm else {
                return fail(.confirmValueFailed)
            }
            if role == .responder { actions.append(.send(.pairingRandom(localRandom))) }
            passkeyRound += 1
            if passkeyRound == 20 {
                makeSecureConnectionsKeys()
                step = .waitingDHKeyCheck
                if role == .initiator { actions.append(.send(.pairingDHKeyCheck(localCheck()))) }
                return actions
            }
            peerConfirm = nil
            localRandom = []
            step = .waitingConfirm
            return actions + continuePasskeyRounds()
        }
    }

    /// f5: MacKey and LTK from the DHKey, the last nonces and both addresses.
    mutating func makeSecureConnectionsKeys() {
        let (na, nb) = role == .initiator ? (localRandom, peerRandom) : (peerRandom, localRandom)
        let keys = SMPCrypto.f5(w: dhKey, n1: na, n2: nb, a1: initiatorAddress, a2: responderAddress)
        macKey = keys.macKey
        longTermKey = Self.shorten(keys.ltk, to: keySize)
    }

    /// The r of f6: the passkey in Passkey Entry, zero otherwise.
    var checkR: [UInt8] {
        if case .passkeyEntry = method { return SMPCrypto.temporaryKey(passkey: passkey ?? 0) }
        return [UInt8](repeating: 0, count: 16)
    }

    /// Our DHKey check value: Ea (initiator) or Eb (responder).
    func localCheck() -> [UInt8] {
        dhKeyCheck(by: role == .initiator ? request! : response!, random: localRandom, otherRandom: peerRandom, address: localAddress, otherAddress: peerAddress)
    }

    /// The peer's DHKey check value as it must be.
    func expectedPeerCheck() -> [UInt8] {
        dhKeyCheck(by: role == .initiator ? response! : request!, random: peerRandom, otherRandom: localRandom, address: peerAddress, otherAddress: localAddress)
    }

    /// f6 for the side that sent `parameters` (its Pairing Request or Response), its random and
    /// address first (Part H 2.3.5.6.5).
    private func dhKeyCheck(by parameters: SMPPairingParameters, random: [UInt8], otherRandom: [UInt8], address: DeviceAddress, otherAddress: DeviceAddress) -> [UInt8] {
        SMPCrypto.f6(
            w: macKey, n1: random, n2: otherRandom, r: checkR,
            authReq: parameters.authRequirements.rawValue, oobDataFlag: parameters.oobDataFlag ? 1 : 0,
            ioCapability: parameters.ioCapability.rawValue, a1: address, a2: otherAddress
        )
    }

    mutating func receiveDHKeyCheck(_ value: [UInt8]) -> [Action] {
        if role == .responder, method == .numericComparison, numericComparisonAccepted != true {
            pendingPeerCheck = value
            return []
        }
        guard value == expectedPeerCheck() else { return fail(.dhKeyCheckFailed) }
        encryptionKey = SMPLongTermKey(key: longTermKey)
        step = .waitingEncryption
        switch role {
        case .initiator:
            return [.startEncryption(encryptionKey!)]
        case .responder:
            return [.send(.pairingDHKeyCheck(localCheck()))]
        }
    }
}
