import BLECore

/// One pairing on one connection, as a state machine without I/O (Core 5.4, Vol 3, Part H, 2.3
/// and C.1–C.2): PDUs and user answers go in, ``Action``s come out.
///
/// Phase 1 exchanges the Pairing Request and Response; phase 2 makes the key — LE Secure
/// Connections (P-256 ECDH, f4/f5/f6/g2) with Just Works, Numeric Comparison or Passkey Entry, or
/// LE legacy pairing (c1/s1) with Just Works or Passkey Entry; the initiator then encrypts the
/// link with it; phase 3 distributes keys over the encrypted link, the responder first.
///
/// The owner sends what ``Action/send(_:)`` gives, asks the user where told, starts encryption
/// (initiator) or answers the controller's LTK request with ``encryptionKey`` (responder), reports
/// ``encryptionChanged(_:)``, and runs the 30 s SMP timer, calling ``timedOut()`` when it expires.
public struct SMPPairing: Sendable {
    /// Which side started.
    public enum Role: Sendable, Hashable {
        /// Sent the Pairing Request (always the central).
        case initiator
        /// Answered it (always the peripheral).
        case responder
    }

    /// What the owner must do.
    public enum Action: Sendable, Hashable {
        /// Send this PDU on the SMP channel.
        case send(SMPCommand)
        /// Show this passkey to the user (six digits, leading zeros kept).
        case displayPasskey(UInt32)
        /// Ask the user for the passkey; answer with ``passkeyEntered(_:)``.
        case requestPasskey
        /// Show this six-digit number and ask whether the peer shows the same; answer with
        /// ``numericComparisonConfirmed(_:)``.
        case confirmNumericComparison(UInt32)
        /// Initiator: start encryption with this key (HCI_LE_Enable_Encryption).
        case startEncryption(SMPLongTermKey)
        /// The pairing finished.
        case complete(SMPPairingOutcome)
        /// The pairing failed (a Pairing Failed PDU was already sent when we failed it).
        case fail(SMPPairingFailure)
    }

    /// Where the pairing is.
    public enum Step: Sendable, Hashable {
        /// Not started.
        case idle
        /// Initiator: the Pairing Request is sent.
        case waitingPairingResponse
        /// Secure Connections: waiting for the peer's public key.
        case waitingPublicKey
        /// Waiting for the peer's Pairing Confirm (or the user, in Passkey Entry).
        case waitingConfirm
        /// Waiting for the peer's Pairing Random.
        case waitingRandom
        /// Secure Connections: waiting for the DHKey check (or the user, in Numeric Comparison).
        case waitingDHKeyCheck
        /// The key is made; waiting for the link to be encrypted with it.
        case waitingEncryption
        /// Phase 3: waiting for the peer's keys.
        case distributingKeys
        /// Done: the keys are reported.
        case finished
        /// Failed.
        case failed
    }

    /// Which side we are.
    public let role: Role
    /// What we offer and demand.
    public let policy: SMPPairingPolicy
    /// The addresses of this connection, as used in c1, f5 and f6.
    public let localAddress: DeviceAddress
    /// The peer's address on this connection.
    public let peerAddress: DeviceAddress
    /// Our identity, distributed when the peer asks.
    public let localIdentity: SMPLocalIdentity?
    /// Our P-256 key pair for LE Secure Connections.
    public let keyPair: SMPKeyPair

    /// Where the pairing is.
    public private(set) var step: Step = .idle

    // Phase 1
    private var request: SMPPairingParameters?
    private var response: SMPPairingParameters?
    /// Whether LE Secure Connections was negotiated (valid after phase 1).
    public private(set) var secureConnections = false
    /// The association model (valid after phase 1).
    public private(set) var method: SMPAssociationModel = .justWorks
    /// The negotiated key size (valid after phase 1).
    public private(set) var keySize = 16

    // Phase 2, common
    private var passkey: UInt32?
    private var localRandom: [UInt8] = []
    private var peerRandom: [UInt8] = []
    private var peerConfirm: [UInt8]?
    /// The STK (legacy) or LTK (Secure Connections), shortened to the key size, once made.
    public private(set) var encryptionKey: SMPLongTermKey?

    // Phase 2, Secure Connections
    private var peerPublicKey: (x: [UInt8], y: [UInt8])?
    private var dhKey: [UInt8] = []
    private var passkeyRound = 0
    private var numericComparisonAccepted: Bool?
    private var pendingPeerCheck: [UInt8]?
    private var macKey: [UInt8] = []
    private var longTermKey: [UInt8] = []

    // Phase 3
    private var expectedPeerKeys: [UInt8] = []
    private var outcome: SMPPairingOutcome?
    private var peerLegacyKey: [UInt8]?

    /// A pairing on one connection; nothing happens until ``start()`` (initiator) or the
    /// Pairing Request arrives (responder).
    public init(
        role: Role,
        policy: SMPPairingPolicy,
        localAddress: DeviceAddress,
        peerAddress: DeviceAddress,
        localIdentity: SMPLocalIdentity? = nil,
        keyPair: SMPKeyPair = SMPKeyPair()
    ) {
        self.role = role
        self.policy = policy
        self.localAddress = localAddress
        self.peerAddress = peerAddress
        self.localIdentity = localIdentity
        self.keyPair = keyPair
    }

    /// Whether the pairing is over, either way.
    public var isOver: Bool { step == .finished || step == .failed }

    private var initiatorAddress: DeviceAddress { role == .initiator ? localAddress : peerAddress }
    private var responderAddress: DeviceAddress { role == .initiator ? peerAddress : localAddress }

    /// The keys we can send in key distribution.
    private var keysWeCanSend: SMPKeyDistribution {
        var keys: SMPKeyDistribution = [.encryptionKey]
        if localIdentity != nil { keys.insert(.identityKey) }
        if policy.signingKeys { keys.insert(.signingKey) }
        return keys
    }

    /// The keys we take from the peer.
    private var keysWeTake: SMPKeyDistribution {
        var keys: SMPKeyDistribution = [.encryptionKey, .identityKey]
        if policy.signingKeys { keys.insert(.signingKey) }
        return keys
    }

    // MARK: Phase 1

    /// Initiator: sends the Pairing Request.
    public mutating func start() -> [Action] {
        guard role == .initiator, step == .idle else { return [] }
        let parameters = SMPPairingParameters(
            ioCapability: policy.ioCapability,
            oobDataFlag: false,
            authRequirements: policy.authRequirements,
            maximumEncryptionKeySize: policy.maximumKeySize,
            initiatorKeyDistribution: keysWeCanSend,
            responderKeyDistribution: keysWeTake
        )
        request = parameters
        step = .waitingPairingResponse
        return [.send(.pairingRequest(parameters))]
    }

    /// Takes one PDU from the peer.
    public mutating func receive(_ command: SMPCommand) -> [Action] {
        if isOver { return [] }
        switch command {
        case .pairingFailed(let reason):
            step = .failed
            return [.fail(SMPPairingFailure(reason: reason, origin: .peer))]
        case .keypressNotification, .securityRequest:
            return []
        case .pairingRequest(let parameters) where role == .responder && step == .idle:
            return receiveRequest(parameters)
        case .pairingResponse(let parameters) where role == .initiator && step == .waitingPairingResponse:
            return receiveResponse(parameters)
        case .pairingPublicKey(let x, let y) where step == .waitingPublicKey:
            return receivePublicKey(x: x, y: y)
        case .pairingConfirm(let value) where step == .waitingConfirm:
            return receiveConfirm(value)
        case .pairingRandom(let value) where step == .waitingRandom:
            return receiveRandom(value)
        case .pairingDHKeyCheck(let value) where step == .waitingDHKeyCheck:
            return receiveDHKeyCheck(value)
        case .encryptionInformation, .centralIdentification, .identityInformation, .identityAddressInformation,
             .signingInformation:
            if step == .distributingKeys { return receiveKey(command) }
            return fail(.unspecifiedReason)
        default:
            return fail(.unspecifiedReason)
        }
    }

    private mutating func receiveRequest(_ parameters: SMPPairingParameters) -> [Action] {
        request = parameters
        if parameters.oobDataFlag { return fail(.oobNotAvailable) }
        let ours = SMPPairingParameters(
            ioCapability: policy.ioCapability,
            oobDataFlag: false,
            authRequirements: policy.authRequirements.intersection(parameters.authRequirements.contains(.bonding) ? .all : .notBonding),
            maximumEncryptionKeySize: policy.maximumKeySize,
            initiatorKeyDistribution: parameters.initiatorKeyDistribution.intersection(keysWeTake),
            responderKeyDistribution: parameters.responderKeyDistribution.intersection(keysWeCanSend)
        )
        if let failure = negotiate(request: parameters, response: ours) { return fail(failure) }
        response = ours
        var actions: [Action] = [.send(.pairingResponse(ours))]
        if secureConnections {
            step = .waitingPublicKey
        } else {
            step = .waitingConfirm
            actions += askForPasskeyIfNeeded()
        }
        return actions
    }

    private mutating func receiveResponse(_ parameters: SMPPairingParameters) -> [Action] {
        guard let request else { return fail(.unspecifiedReason) }
        if parameters.oobDataFlag { return fail(.oobNotAvailable) }
        var answer = parameters
        // The responder may not add keys the request did not offer (Part H, 3.5.2).
        answer.initiatorKeyDistribution.formIntersection(request.initiatorKeyDistribution)
        answer.responderKeyDistribution.formIntersection(request.responderKeyDistribution)
        if let failure = negotiate(request: request, response: answer) { return fail(failure) }
        response = answer
        if secureConnections {
            step = .waitingPublicKey
            return [.send(.pairingPublicKey(x: keyPair.publicKeyX, y: keyPair.publicKeyY))]
        }
        step = .waitingConfirm
        return askForPasskeyIfNeeded() + sendLegacyConfirmIfReady()
    }

    /// Decides Secure Connections or legacy, the association model and the key size; the reason
    /// to fail when the two sides cannot agree.
    private mutating func negotiate(request: SMPPairingParameters, response: SMPPairingParameters) -> SMPPairingFailed.Reason? {
        secureConnections = request.authRequirements.contains(.secureConnections) && response.authRequirements.contains(.secureConnections)
        if !secureConnections && policy.secureConnectionsOnly { return .authenticationRequirements }
        method = SMPAssociationModel.select(
            request: request, response: response, secureConnections: secureConnections, localIsInitiator: role == .initiator
        )
        if policy.mitm && !method.isAuthenticated { return .authenticationRequirements }
        let size = Int(min(request.maximumEncryptionKeySize, response.maximumEncryptionKeySize))
        guard size >= Int(policy.minimumKeySize), size <= 16 else { return .encryptionKeySize }
        keySize = size
        return nil
    }

    // MARK: User answers

    /// Emits the user step the association model needs before confirm values can be made.
    private mutating func askForPasskeyIfNeeded() -> [Action] {
        guard case .passkeyEntry(let part) = method, passkey == nil else { return [] }
        switch part {
        case .display:
            let value = policy.fixedPasskey ?? Self.randomPasskey()
            passkey = value
            return [.displayPasskey(value)]
        case .input:
            return [.requestPasskey]
        }
    }

    /// The passkey the user typed, or nil when they cancelled (Passkey Entry Failed).
    public mutating func passkeyEntered(_ value: UInt32?) -> [Action] {
        guard !isOver, case .passkeyEntry(.input) = method, passkey == nil else { return [] }
        guard let value, value <= 999_999 else { return fail(.passkeyEntryFailed) }
        passkey = value
        if secureConnections {
            return continuePasskeyRounds()
        }
        return sendLegacyConfirmIfReady()
    }

    /// Whether the user saw the same number on both devices.
    public mutating func numericComparisonConfirmed(_ accepted: Bool) -> [Action] {
        guard !isOver, method == .numericComparison, numericComparisonAccepted == nil else { return [] }
        guard accepted else { return fail(.numericComparisonFailed) }
        numericComparisonAccepted = true
        switch role {
        case .initiator:
            // The random values are exchanged; waiting only for the user.
            guard step == .waitingDHKeyCheck, !macKey.isEmpty else { return [] }
            return [.send(.pairingDHKeyCheck(localCheck()))]
        case .responder:
            guard let pending = pendingPeerCheck else { return [] }
            pendingPeerCheck = nil
            return receiveDHKeyCheck(pending)
        }
    }

    // MARK: Phase 2, Secure Connections

    private mutating func receivePublicKey(x: [UInt8], y: [UInt8]) -> [Action] {
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
    private var passkeyBit: UInt8 {
        0x80 | UInt8(((passkey ?? 0) >> UInt32(passkeyRound)) & 1)
    }

    /// Passkey Entry: the initiator opens each round with its confirm once the passkey is known;
    /// the responder answers the initiator's confirm once it knows the passkey too.
    private mutating func continuePasskeyRounds() -> [Action] {
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

    private mutating func receiveConfirm(_ value: [UInt8]) -> [Action] {
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

    private mutating func receiveRandom(_ value: [UInt8]) -> [Action] {
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
    private mutating func makeSecureConnectionsKeys() {
        let (na, nb) = role == .initiator ? (localRandom, peerRandom) : (peerRandom, localRandom)
        let keys = SMPCrypto.f5(w: dhKey, n1: na, n2: nb, a1: initiatorAddress, a2: responderAddress)
        macKey = keys.macKey
        longTermKey = Self.shorten(keys.ltk, to: keySize)
    }

    /// The r of f6: the passkey in Passkey Entry, zero otherwise.
    private var checkR: [UInt8] {
        if case .passkeyEntry = method { return SMPCrypto.temporaryKey(passkey: passkey ?? 0) }
        return [UInt8](repeating: 0, count: 16)
    }

    /// Our DHKey check value: Ea (initiator) or Eb (responder).
    private func localCheck() -> [UInt8] {
        let parameters = role == .initiator ? request! : response!
        return SMPCrypto.f6(
            w: macKey, n1: localRandom, n2: peerRandom, r: checkR,
            authReq: parameters.authRequirements.rawValue, oobDataFlag: parameters.oobDataFlag ? 1 : 0,
            ioCapability: parameters.ioCapability.rawValue, a1: localAddress, a2: peerAddress
        )
    }

    /// The peer's DHKey check value as it must be.
    private func expectedPeerCheck() -> [UInt8] {
        let parameters = role == .initiator ? response! : request!
        return SMPCrypto.f6(
            w: macKey, n1: peerRandom, n2: localRandom, r: checkR,
            authReq: parameters.authRequirements.rawValue, oobDataFlag: parameters.oobDataFlag ? 1 : 0,
            ioCapability: parameters.ioCapability.rawValue, a1: peerAddress, a2: localAddress
        )
    }

    private mutating func receiveDHKeyCheck(_ value: [UInt8]) -> [Action] {
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

    // MARK: Phase 2, legacy

    private var temporaryKey: [UInt8] {
        SMPCrypto.temporaryKey(passkey: passkey ?? 0)
    }

    private var legacyKeyReady: Bool {
        if case .passkeyEntry = method { return passkey != nil }
        return true
    }

    private func legacyConfirm(_ random: [UInt8]) -> [UInt8] {
        SMPCrypto.c1(
            k: temporaryKey, r: random, preq: SMPCommand.pairingRequest(request!).encode(),
            pres: SMPCommand.pairingResponse(response!).encode(), initiator: initiatorAddress, responder: responderAddress
        )
    }

    /// Sends our confirm as soon as both the TK and (responder) the peer's confirm are there.
    private mutating func sendLegacyConfirmIfReady() -> [Action] {
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

    private mutating func receiveLegacyConfirm() -> [Action] {
        switch role {
        case .initiator:
            guard !localRandom.isEmpty else { return fail(.unspecifiedReason) }
            step = .waitingRandom
            return [.send(.pairingRandom(localRandom))]
        case .responder:
            return sendLegacyConfirmIfReady()
        }
    }

    private mutating func receiveLegacyRandom() -> [Action] {
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

    /// The initiator's keys, sent once the responder's have all arrived.
    private var localKeysPending: SMPKeyDistribution?

    private static func codes(for keys: SMPKeyDistribution) -> [UInt8] {
        var codes: [UInt8] = []
        if keys.contains(.encryptionKey) { codes += [0x06, 0x07] }
        if keys.contains(.identityKey) { codes += [0x08, 0x09] }
        if keys.contains(.signingKey) { codes.append(0x0A) }
        return codes
    }

    private mutating func sendKeys(_ keys: SMPKeyDistribution) -> [Action] {
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

    private mutating func receiveKey(_ command: SMPCommand) -> [Action] {
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

    private mutating func finishIfDone() -> [Action] {
        guard expectedPeerKeys.isEmpty, outcome != nil else { return [] }
        var actions: [Action] = []
        if let pending = localKeysPending {
            localKeysPending = nil
            actions += sendKeys(pending)
        }
        step = .finished
        return actions + [.complete(outcome!)]
    }

    // MARK: Failures

    /// The SMP timer expired (Part H, 3.4): the pairing fails without a PDU, and no further SMP
    /// command may be sent on this connection.
    public mutating func timedOut() -> [Action] {
        guard !isOver else { return [] }
        step = .failed
        return [.fail(SMPPairingFailure(reason: .unspecifiedReason, origin: .timeout))]
    }

    /// Fails the pairing from our side: Pairing Failed to the peer, then the report.
    public mutating func fail(_ reason: SMPPairingFailed.Reason) -> [Action] {
        guard !isOver else { return [] }
        step = .failed
        return [.send(.pairingFailed(reason)), .fail(SMPPairingFailure(reason: reason, origin: .local))]
    }

    // MARK: Helpers

    /// A key shortened to `size` octets: the most significant octets zeroed (Part H, 2.3.4).
    static func shorten(_ key: [UInt8], to size: Int) -> [UInt8] {
        var key = key
        for index in key.indices where index >= size { key[index] = 0 }
        return key
    }

    static func randomPasskey() -> UInt32 {
        let octets = SMPCrypto.random(4)
        let value = octets.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        return value % 1_000_000
    }
}

extension SMPAuthenticationRequirements {
    /// Every bit we set.
    static let all: SMPAuthenticationRequirements = [.bonding, .mitm, .secureConnections, .keypress, .ct2]
    /// Every bit but bonding: a responder answers "no bonding" to a peer that does not bond.
    static let notBonding: SMPAuthenticationRequirements = [.mitm, .secureConnections, .keypress, .ct2]
}

/// Why a pairing ended without keys.
public struct SMPPairingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Who ended it.
    public enum Origin: Sendable, Hashable {
        /// We sent Pairing Failed.
        case local
        /// The peer sent Pairing Failed.
        case peer
        /// Nothing moved within the SMP timeout (30 s in the spec).
        case timeout
        /// The link could not be encrypted with the new key.
        case encryption
    }

    /// The Pairing Failed reason (sent or received).
    public var reason: SMPPairingFailed.Reason
    /// Who ended it.
    public var origin: Origin

    /// Creates a failure.
    public init(reason: SMPPairingFailed.Reason, origin: Origin) {
        self.reason = reason
        self.origin = origin
    }

    /// `the peer refused: Pairing Not Supported (0x05)…`.
    public var description: String {
        switch origin {
        case .local: "pairing failed here: \(reason)"
        case .peer: "the peer ended the pairing: \(reason)"
        case .timeout: "pairing timed out: nothing moved within the SMP timeout"
        case .encryption: "the link could not be encrypted with the new key"
        }
    }
}
