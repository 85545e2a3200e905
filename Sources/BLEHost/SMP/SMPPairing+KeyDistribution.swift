import BLECore

/// Phase 3 (Core 5.4, Vol 3, Part H, 3.6.1): the keys each side distributes over the encrypted
/// link, the responder first.
extension SMPPairing {
    // MARK: Phase 3

    /// The link is now encrypted with ``encryptionKey`` (or encryption failed).
    public mutating func encryptionChanged(_ encrypted: Bool) -> [Action] {
        guard step == .waitingEncryption else { return [] }
        guard encrypted else {
            step = .failed
            return [.fail(SMPPairingFailure(reason: .unspecifiedReason, origin: .encryption))]
        }
        guard let request, let response else { return fail(.unspecifiedReason) }
        var initiatorKeys = request.initiatorKeyDistribution.intersection(response.initiatorKeyDistribution)
        var responderKeys = request.responderKeyDistribution.intersection(response.responderKeyDistribution)
        if secureConnections {
            // The LTK is derived on both sides (Part H, 3.6.1): no Encryption Information.
            initiatorKeys.remove(.encryptionKey)
            responderKeys.remove(.encryptionKey)
        }
        initiatorKeys.remove(.linkKey)
        responderKeys.remove(.linkKey)
        let bonded = request.authRequirements.contains(.bonding) && response.authRequirements.contains(.bonding)
        outcome = SMPPairingOutcome(
            secureConnections: secureConnections, method: method, keySize: keySize, bonded: bonded,
            longTermKey: secureConnections ? encryptionKey : nil
        )
        let (ours, theirs) = role == .initiator ? (initiatorKeys, responderKeys) : (responderKeys, initiatorKeys)
        expectedPeerKeys = Self.codes(for: theirs)
        step = .distributingKeys
        switch role {
        case .responder:
            return sendKeys(ours) + finishIfDone()
        case .initiator:
            localKeysPending = ours
            return finishIfDone()
        }
    }

    static func codes(for keys: SMPKeyDistribution) -> [UInt8] {
        var codes: [UInt8] = []
        if keys.contains(.encryptionKey) { codes += [0x06, 0x07] }
        if keys.contains(.identityKey) { codes += [0x08, 0x09] }
        if keys.contains(.signingKey) { codes.append(0x0A) }
        return codes
    }

    mutating func sendKeys(_ keys: SMPKeyDistribution) -> [Action] {
        var actions: [Action] = []
        if keys.contains(.encryptionKey) {
            let key = SMPLongTermKey(
                key: Self.shorten(SMPCrypto.random(16), to: keySize),
                ediv: SMPCrypto.random(2).enumerated().reduce(0) { $0 | UInt16($1.element) << (8 * $1.offset) },
                rand: SMPCrypto.random(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
            )
            outcome?.localLongTermKey = key
            actions.append(.send(.encryptionInformation(longTermKey: key.key)))
            actions.append(.send(.centralIdentification(ediv: key.ediv, rand: key.rand)))
        }
        if keys.contains(.identityKey), let localIdentity {
            actions.append(.send(.identityInformation(identityResolvingKey: localIdentity.identityResolvingKey)))
            actions.append(.send(.identityAddressInformation(localIdentity.address)))
        }
        if keys.contains(.signingKey) {
            let key = SMPCrypto.random(16)
            outcome?.localSignatureKey = key
            actions.append(.send(.signingInformation(signatureKey: key)))
        }
        return actions
    }

    mutating func receiveKey(_ command: SMPCommand) -> [Action] {
        guard let expected = expectedPeerKeys.first, expected == command.code else { return fail(.unspecifiedReason) }
        expectedPeerKeys.removeFirst()
        switch command {
        case .encryptionInformation(let key):
            peerLegacyKey = key
        case .centralIdentification(let ediv, let rand):
            let key = SMPLongTermKey(key: Self.shorten(peerLegacyKey ?? [], to: keySize), ediv: ediv, rand: rand)
            outcome?.peerLongTermKey = key
        case .identityInformation(let irk):
            outcome?.peerIdentityResolvingKey = irk
        case .identityAddressInformation(let address):
            outcome?.peerIdentityAddress = address
        case .signingInformation(let key):
            outcome?.peerSignatureKey = key
        default:
            break
        }
        return finishIfDone()
    }

    mutating func finishIfDone() -> [Action] {
        guard expectedPeerKeys.isEmpty, outcome != nil else { return [] }
        var actions: [Action] = []
        if let pending = localKeysPending {
            localKeysPending = nil
            actions += sendKeys(pending)
        }
        step = .finished
        return actions + [.complete(outcome!)]
    }
}
