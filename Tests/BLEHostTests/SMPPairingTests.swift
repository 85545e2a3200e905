import BLECore
import Testing

@testable import BLEHost

/// Two pairing machines wired to each other: what one sends the other receives; user steps are
/// answered by closures; the initiator's encryption succeeds only when both sides hold the same key.
private struct PairingBench {
    var initiator: SMPPairing
    var responder: SMPPairing
    /// The passkey each side types when asked (nil cancels).
    var initiatorTypes: (UInt32?) -> UInt32? = { $0 }
    var responderTypes: (UInt32?) -> UInt32? = { $0 }
    var initiatorConfirms = true
    var responderConfirms = true
    /// The passkey shown by a displaying side.
    var shown: UInt32?
    /// Numbers shown for Numeric Comparison, initiator then responder.
    var compared: [UInt32] = []
    var initiatorResult: Result<SMPPairingOutcome, SMPPairingFailure>?
    var responderResult: Result<SMPPairingOutcome, SMPPairingFailure>?
    /// Every PDU on the air, with its sender.
    var air: [(fromInitiator: Bool, command: SMPCommand)] = []
    /// Rewrites a PDU in flight (a tampering man in the middle).
    var tamper: (Bool, SMPCommand) -> SMPCommand = { $1 }

    static let initiatorAddress = try! DeviceAddress(parsing: "C0:11:22:33:44:55", isRandom: true)
    static let responderAddress = try! DeviceAddress(parsing: "00:1B:DC:07:32:EF")

    init(initiator: SMPPairingPolicy = SMPPairingPolicy(), responder: SMPPairingPolicy = SMPPairingPolicy(), identity: SMPLocalIdentity? = nil) {
        self.initiator = SMPPairing(role: .initiator, policy: initiator, localAddress: Self.initiatorAddress, peerAddress: Self.responderAddress, localIdentity: identity)
        self.responder = SMPPairing(role: .responder, policy: responder, localAddress: Self.responderAddress, peerAddress: Self.initiatorAddress)
    }

    mutating func run() {
        var queue: [(toResponder: Bool, action: SMPPairing.Action)] = initiator.start().map { (false, $0) }
        var steps = 0
        while !queue.isEmpty, steps < 500 {
            steps += 1
            let (isResponder, action) = queue.removeFirst()
            let fromInitiator = !isResponder
            switch action {
            case .send(let command):
                let delivered = tamper(fromInitiator, command)
                air.append((fromInitiator, delivered))
                if fromInitiator {
                    queue += responder.receive(delivered).map { (true, $0) }
                } else {
                    queue += initiator.receive(delivered).map { (false, $0) }
                }
            case .displayPasskey(let passkey):
                shown = passkey
            case .requestPasskey:
                if fromInitiator {
                    queue += initiator.passkeyEntered(initiatorTypes(shown)).map { (false, $0) }
                } else {
                    queue += responder.passkeyEntered(responderTypes(shown)).map { (true, $0) }
                }
            case .confirmNumericComparison(let value):
                compared.append(value)
                if fromInitiator {
                    queue += initiator.numericComparisonConfirmed(initiatorConfirms).map { (false, $0) }
                } else {
                    queue += responder.numericComparisonConfirmed(responderConfirms).map { (true, $0) }
                }
            case .startEncryption(let key):
                // The controller asks the responder's host for the key; a mismatch ends the link.
                let same = responder.encryptionKey == key
                queue += responder.encryptionChanged(same).map { (true, $0) }
                queue += initiator.encryptionChanged(same).map { (false, $0) }
            case .complete(let outcome):
                if fromInitiator { initiatorResult = .success(outcome) } else { responderResult = .success(outcome) }
            case .fail(let failure):
                if fromInitiator { initiatorResult = .failure(failure) } else { responderResult = .failure(failure) }
            }
        }
    }

    var outcomes: (SMPPairingOutcome, SMPPairingOutcome)? {
        guard case .success(let a) = initiatorResult, case .success(let b) = responderResult else { return nil }
        return (a, b)
    }
}

@Suite struct SMPPairingTests {
    @Test func secureConnectionsJustWorks() throws {
        var bench = PairingBench()
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(initiator.secureConnections && responder.secureConnections)
        #expect(initiator.method == .justWorks && !initiator.isAuthenticated)
        #expect(initiator.longTermKey != nil && initiator.longTermKey == responder.longTermKey)
        #expect(initiator.bonded && responder.bonded)
        #expect(initiator.keySize == 16)
        // SC derives the LTK: no Encryption Information on the air.
        #expect(!bench.air.contains { $0.command.code == 0x06 })
    }

    @Test func secureConnectionsNumericComparison() throws {
        let policy = SMPPairingPolicy(ioCapability: .displayYesNo, mitm: true)
        var bench = PairingBench(initiator: policy, responder: policy)
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(initiator.method == .numericComparison && responder.method == .numericComparison)
        #expect(initiator.isAuthenticated)
        #expect(bench.compared.count == 2 && bench.compared[0] == bench.compared[1] && bench.compared[0] < 1_000_000)
        #expect(initiator.longTermKey == responder.longTermKey)
    }

    @Test func numericComparisonRejectedByTheResponderFails() {
        let policy = SMPPairingPolicy(ioCapability: .displayYesNo, mitm: true)
        var bench = PairingBench(initiator: policy, responder: policy)
        bench.responderConfirms = false
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .numericComparisonFailed, origin: .local)))
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .numericComparisonFailed, origin: .peer)))
    }

    @Test func numericComparisonRejectedByTheInitiatorFails() {
        let policy = SMPPairingPolicy(ioCapability: .displayYesNo, mitm: true)
        var bench = PairingBench(initiator: policy, responder: policy)
        bench.initiatorConfirms = false
        bench.run()
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .numericComparisonFailed, origin: .local)))
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .numericComparisonFailed, origin: .peer)))
    }

    @Test(arguments: [SMPIOCapability.keyboardOnly, .keyboardDisplay])
    func secureConnectionsPasskeyEntry(initiatorIO: SMPIOCapability) throws {
        // Initiator types, responder (DisplayOnly) shows the passkey: twenty rounds.
        var bench = PairingBench(
            initiator: SMPPairingPolicy(ioCapability: initiatorIO, mitm: true),
            responder: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true)
        )
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(initiator.method == .passkeyEntry(.input))
        #expect(responder.method == .passkeyEntry(.display))
        #expect(initiator.isAuthenticated && initiator.longTermKey == responder.longTermKey)
        #expect(bench.air.filter { $0.command.code == 0x03 }.count == 40)
        #expect(bench.air.filter { $0.command.code == 0x04 }.count == 40)
    }

    @Test func secureConnectionsPasskeyBothTyping() throws {
        let policy = SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true)
        var bench = PairingBench(initiator: policy, responder: policy)
        bench.initiatorTypes = { _ in 123_456 }
        bench.responderTypes = { _ in 123_456 }
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, _) = try #require(outcomes)
        #expect(initiator.method == .passkeyEntry(.input))
    }

    @Test func wrongPasskeyFailsWithConfirmValueFailed() {
        var bench = PairingBench(
            initiator: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true),
            responder: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true, fixedPasskey: 1234)
        )
        bench.initiatorTypes = { _ in 1235 }
        bench.run()
        #expect(bench.shown == 1234)
        let failures = [bench.initiatorResult, bench.responderResult].compactMap { result -> SMPPairingFailure? in
            if case .failure(let failure) = result { return failure }
            return nil
        }
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { $0.reason == .confirmValueFailed })
        #expect(bench.outcomes.map { _ in true } == nil)
    }

    @Test func cancelledPasskeyFailsWithPasskeyEntryFailed() {
        var bench = PairingBench(
            initiator: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true),
            responder: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true)
        )
        bench.initiatorTypes = { _ in nil }
        bench.run()
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .passkeyEntryFailed, origin: .local)))
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .passkeyEntryFailed, origin: .peer)))
    }

    @Test func legacyJustWorksDistributesKeys() throws {
        // A legacy-only initiator: no SC bit in its request.
        var bench = PairingBench(initiator: SMPPairingPolicy(secureConnections: false))
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(!initiator.secureConnections && !responder.secureConnections)
        #expect(initiator.method == .justWorks)
        // The responder distributed its LTK with EDIV and Rand; the initiator stored it.
        let distributed = try #require(responder.localLongTermKey)
        #expect(initiator.peerLongTermKey == distributed)
        #expect(initiator.longTermKey == nil)
    }

    @Test func legacyPasskeyEntry() throws {
        var bench = PairingBench(
            initiator: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true, secureConnections: false),
            responder: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true)
        )
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(initiator.method == .passkeyEntry(.input) && responder.method == .passkeyEntry(.display))
        #expect(initiator.isAuthenticated && !initiator.secureConnections)
    }

    @Test func legacyWrongPasskeyFails() {
        var bench = PairingBench(
            initiator: SMPPairingPolicy(ioCapability: .keyboardOnly, mitm: true, secureConnections: false),
            responder: SMPPairingPolicy(ioCapability: .displayOnly, mitm: true, fixedPasskey: 999_999)
        )
        bench.initiatorTypes = { _ in 0 }
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .confirmValueFailed, origin: .local)))
    }

    @Test func secureConnectionsOnlyRefusesALegacyPeer() {
        var bench = PairingBench(initiator: SMPPairingPolicy(secureConnections: false), responder: SMPPairingPolicy(secureConnectionsOnly: true))
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .authenticationRequirements, origin: .local)))
    }

    @Test func mitmDemandedButOnlyJustWorksPossibleFails() {
        var bench = PairingBench(initiator: SMPPairingPolicy(ioCapability: .noInputNoOutput, mitm: true))
        bench.run()
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .authenticationRequirements, origin: .local)))
    }

    @Test func tooSmallKeyFailsWithEncryptionKeySize() {
        var bench = PairingBench(
            initiator: SMPPairingPolicy(maximumKeySize: 7, minimumKeySize: 7),
            responder: SMPPairingPolicy(minimumKeySize: 16)
        )
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .encryptionKeySize, origin: .local)))
    }

    @Test func negotiatedKeySizeShortensTheKey() throws {
        var bench = PairingBench(initiator: SMPPairingPolicy(maximumKeySize: 10))
        bench.run()
        let outcomes = bench.outcomes
        let (initiator, responder) = try #require(outcomes)
        #expect(initiator.keySize == 10 && responder.keySize == 10)
        let key = try #require(initiator.longTermKey?.key)
        #expect(key[10...].allSatisfy { $0 == 0 })
    }

    @Test func tamperedPublicKeyFailsTheDHKeyCheck() {
        var bench = PairingBench()
        let other = SMPKeyPair()
        // A man in the middle swaps the responder's public key for its own (a valid point).
        bench.tamper = { fromInitiator, command in
            if !fromInitiator, case .pairingPublicKey = command {
                return .pairingPublicKey(x: other.publicKeyX, y: other.publicKeyY)
            }
            return command
        }
        bench.run()
        #expect(bench.outcomes.map { _ in true } == nil)
        let reasons = [bench.initiatorResult, bench.responderResult].compactMap { result -> SMPPairingFailed.Reason? in
            if case .failure(let failure) = result { return failure.reason }
            return nil
        }
        #expect(reasons.contains(.confirmValueFailed) || reasons.contains(.dhKeyCheckFailed))
    }

    @Test func invalidCurvePointIsRefused() {
        var bench = PairingBench()
        bench.tamper = { fromInitiator, command in
            if fromInitiator, case .pairingPublicKey(let x, _) = command {
                // The fixed-coordinate attack: keep X, send Y = 0 (not on P-256).
                return .pairingPublicKey(x: x, y: [UInt8](repeating: 0, count: 32))
            }
            return command
        }
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .dhKeyCheckFailed, origin: .local)))
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .dhKeyCheckFailed, origin: .peer)))
    }

    @Test func reflectedPublicKeyIsRefused() {
        var bench = PairingBench()
        var initiatorKey: SMPCommand?
        bench.tamper = { fromInitiator, command in
            if case .pairingPublicKey = command {
                if fromInitiator { initiatorKey = command } else if let initiatorKey { return initiatorKey }
            }
            return command
        }
        bench.run()
        #expect(bench.initiatorResult == .failure(SMPPairingFailure(reason: .dhKeyCheckFailed, origin: .local)))
    }

    @Test func identityIsDistributed() throws {
        let irk = [UInt8](repeating: 0xA5, count: 16)
        let identity = SMPLocalIdentity(identityResolvingKey: irk, address: PairingBench.initiatorAddress)
        var bench = PairingBench(identity: identity)
        bench.run()
        let outcomes = bench.outcomes
        let (_, responder) = try #require(outcomes)
        #expect(responder.peerIdentityResolvingKey == irk)
        #expect(responder.peerIdentityAddress == PairingBench.initiatorAddress)
    }

    @Test func unexpectedPDUFailsWithUnspecifiedReason() {
        var machine = SMPPairing(
            role: .initiator, policy: SMPPairingPolicy(), localAddress: PairingBench.initiatorAddress, peerAddress: PairingBench.responderAddress
        )
        _ = machine.start()
        let actions = machine.receive(.pairingDHKeyCheck([UInt8](repeating: 0, count: 16)))
        #expect(actions == [.send(.pairingFailed(.unspecifiedReason)), .fail(SMPPairingFailure(reason: .unspecifiedReason, origin: .local))])
        #expect(machine.receive(.pairingRandom([UInt8](repeating: 0, count: 16))).isEmpty)
    }

    @Test func timeoutEndsThePairingWithoutAPDU() {
        var machine = SMPPairing(
            role: .initiator, policy: SMPPairingPolicy(), localAddress: PairingBench.initiatorAddress, peerAddress: PairingBench.responderAddress
        )
        _ = machine.start()
        #expect(machine.timedOut() == [.fail(SMPPairingFailure(reason: .unspecifiedReason, origin: .timeout))])
        #expect(machine.isOver)
    }

    @Test func peerOOBFlagFailsWithOOBNotAvailable() {
        var bench = PairingBench()
        bench.tamper = { _, command in
            if case .pairingRequest(var parameters) = command {
                parameters.oobDataFlag = true
                return .pairingRequest(parameters)
            }
            return command
        }
        bench.run()
        #expect(bench.responderResult == .failure(SMPPairingFailure(reason: .oobNotAvailable, origin: .local)))
    }

    @Test func associationModelTable() {
        func model(_ i: SMPIOCapability, _ r: SMPIOCapability, sc: Bool) -> SMPAssociationModel {
            let request = SMPPairingParameters(ioCapability: i, oobDataFlag: false, authRequirements: [.mitm], maximumEncryptionKeySize: 16, initiatorKeyDistribution: [], responderKeyDistribution: [])
            var response = request
            response.ioCapability = r
            return SMPAssociationModel.select(request: request, response: response, secureConnections: sc, localIsInitiator: true)
        }
        #expect(model(.displayYesNo, .displayYesNo, sc: true) == .numericComparison)
        #expect(model(.displayYesNo, .displayYesNo, sc: false) == .justWorks)
        #expect(model(.keyboardOnly, .displayOnly, sc: true) == .passkeyEntry(.input))
        #expect(model(.displayOnly, .keyboardOnly, sc: true) == .passkeyEntry(.display))
        #expect(model(.keyboardDisplay, .keyboardDisplay, sc: false) == .passkeyEntry(.display))
        #expect(model(.keyboardDisplay, .keyboardDisplay, sc: true) == .numericComparison)
        #expect(model(.keyboardDisplay, .displayYesNo, sc: false) == .passkeyEntry(.input))
        #expect(model(.noInputNoOutput, .keyboardDisplay, sc: true) == .justWorks)
        #expect(model(.keyboardOnly, .keyboardOnly, sc: false) == .passkeyEntry(.input))
        #expect(model(SMPIOCapability(rawValue: 0x09), .keyboardOnly, sc: true) == .justWorks)
    }
}

/// Every way a pairing fails has a message that says what happened and what to do.
@Suite struct PairingAdviceTests {
    @Test(arguments: (0x01...0x0F).map { SMPPairingFailed.Reason(rawValue: UInt8($0)) } + [SMPPairingFailed.Reason(rawValue: 0x1F)])
    func everyReasonSaysWhatToDo(reason: SMPPairingFailed.Reason) {
        for origin in [SMPPairingFailure.Origin.local, .peer] {
            let failure = SMPPairingFailure(reason: reason, origin: origin)
            let advice = BLEHost.advice(for: failure)
            #expect(advice.hasPrefix("\(failure); "), "what happened comes first: \(advice)")
            let remedy = advice.dropFirst("\(failure); ".count)
            #expect(remedy.count > 20 && !failure.description.contains(remedy), "a remedy of its own: \(advice)")
        }
    }

    @Test func timeoutsAndEncryptionFailuresToo() {
        let timeout = BLEHost.advice(for: SMPPairingFailure(reason: .unspecifiedReason, origin: .timeout))
        #expect(timeout.contains("timed out") && timeout.contains("pair again"))
        let encryption = BLEHost.advice(for: SMPPairingFailure(reason: .unspecifiedReason, origin: .encryption))
        #expect(encryption.contains("pair again"))
        #expect(BLEHost.advice(for: SMPPairingFailure(reason: .pairingNotSupported, origin: .peer)).contains("pairing mode"))
        #expect(BLEHost.advice(for: SMPPairingFailure(reason: .confirmValueFailed, origin: .peer)).contains("type the passkey the other device shows"))
    }
}
