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
    public internal(set) var step: Step = .idle

    // Phase 1
    var request: SMPPairingParameters?
    var response: SMPPairingParameters?
    /// Whether LE Secure Connections was negotiated (valid after phase 1).
    public internal(set) var secureConnections = false
    /// The association model (valid after phase 1).
    public internal(set) var method: SMPAssociationModel = .justWorks
    /// The negotiated key size (valid after phase 1).
    public internal(set) var keySize = 16

    // Phase 2, common
    var passkey: UInt32?
    var localRandom: [UInt8] = []
    var peerRandom: [UInt8] = []
    var peerConfirm: [UInt8]?
    /// The STK (legacy) or LTK (Secure Connections), shortened to the key size, once made.
    public internal(set) var encryptionKey: SMPLongTermKey?

    // Phase 2, Secure Connections
    var peerPublicKey: (x: [UInt8], y: [UInt8])?
    var dhKey: [UInt8] = []
    var passkeyRound = 0
    var numericComparisonAccepted: Bool?
    var pendingPeerCheck: [UInt8]?
    var macKey: [UInt8] = []
    var longTermKey: [UInt8] = []

    // Phase 3
    var expectedPeerKeys: [UInt8] = []
    var outcome: SMPPairingOutcome?
    var peerLegacyKey: [UInt8]?
    /// The initiator's keys, sent once the responder's have all arrived.
    var localKeysPending: SMPKeyDistribution?

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

    var initiatorAddress: DeviceAddress { role == .initiator ? localAddress : peerAddress }
    var responderAddress: DeviceAddress { role == .initiator ? peerAddress : localAddress }

    /// The keys we can send in key distribution.
    var keysWeCanSend: SMPKeyDistribution {
        var keys: SMPKeyDistribution = [.encryptionKey]
        if localIdentity != nil { keys.insert(.identityKey) }
        if policy.signingKeys { keys.insert(.signingKey) }
        return keys
    }

    /// The keys we take from the peer.
    var keysWeTake: SMPKeyDistribution {
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

    mutating func receiveRequest(_ parameters: SMPPairingParameters) -> [Action] {
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

    mutating func receiveResponse(_ parameters: SMPPairingParameters) -> [Action] {
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
    mutating func negotiate(request: SMPPairingParameters, response: SMPPairingParameters) -> SMPPairingFailed.Reason? {
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
    mutating func askForPasskeyIfNeeded() -> [Action] {
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
