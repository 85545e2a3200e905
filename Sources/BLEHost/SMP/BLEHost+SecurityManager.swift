import BLECore
import BLEGATT
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Security Manager (Core 5.4, Vol 3, Part H)

    /// The bonds this host keeps.
    public nonisolated var bondStore: any BondStore { configuration.bondStore }

    /// Sets the agent asked to accept pairings, show and type passkeys and confirm numbers.
    public func setPairingAgent(_ agent: any PairingAgent) {
        pairingAgent = agent
    }

    /// Starts the security of a new connection: not encrypted, bonded when the store knows the peer.
    func openSecurity(_ connection: HostConnection) async {
        let local = device.ownRandomAddress ?? controllerInfo?.publicAddress ?? connection.address
        security.links[connection.handle] = SecurityLink(peer: connection.address, local: local, isCentral: connection.role == .central)
        let bond: SecurityBond?
        do {
            bond = try await configuration.bondStore.bond(for: connection.address)
        } catch {
            logger.error("could not read the bond store", metadata: ["error": "\(error)"])
            return
        }
        guard bond != nil, security.links[connection.handle] != nil else { return }
        var state = connection.security
        state.isBonded = true
        await setLinkSecurity(state, on: connection.handle)
    }

    /// Ends the security of a connection that ended: its pairing and waits fail with `error`.
    func closeSecurity(_ handle: UInt16, error: HostError) {
        guard let link = security.links.removeValue(forKey: handle) else { return }
        link.timer?.cancel()
        for waiter in link.pairWaiters { waiter.resume(returning: .failure(error)) }
    }

    /// Applies a new security state to the connection and to the GATT server's view of it.
    func setLinkSecurity(_ state: LinkSecurity, on handle: UInt16) async {
        guard let connection = device.connections[handle] else { return }
        connection.update { $0.security = state }
        guard let server = device.gattServer, let client = await server.client(on: connection.bearer) else { return }
        await server.setSecurity(Self.gattSecurity(state), for: client)
    }

    /// The GATT server's view of a link's security.
    static func gattSecurity(_ state: LinkSecurity) -> GATTSecurityState {
        GATTSecurityState(
            isEncrypted: state.isEncrypted, isAuthenticated: state.isAuthenticated, hasLongTermKey: state.isBonded,
            encryptionKeySize: state.isEncrypted ? state.keySize : 0
        )
    }

    // MARK: SMP PDUs

    /// Takes one SMP PDU of connection `handle` from the L2CAP layer (CID 0x0006).
    func receiveSecurityManager(_ payload: [UInt8], on handle: UInt16) async {
        guard var link = security.links[handle], !link.isSMPClosed else { return }
        let command: SMPCommand
        do {
            command = try SMPCommand(decoding: payload)
        } catch {
            logger.warning("malformed SMP PDU", metadata: ["handle": "\(HostFormat.hex(handle))", "error": "\(error)", "pdu": "\(HostFormat.bytes(payload))"])
            if link.pairing != nil {
                perform(link.pairing!.fail(error.reason), on: handle)
            } else if error.reason == .commandNotSupported {
                sendSMP(.pairingFailed(.commandNotSupported), on: handle)
            }
            return
        }
        if link.pairing != nil {
            restartSMPTimer(handle)
            var pairing = link.pairing!
            let actions = pairing.receive(command)
            link.pairing = pairing
            security.links[handle] = link
            perform(actions, on: handle)
            return
        }
        switch command {
        case .pairingRequest(let parameters) where !link.isCentral:
            receivePairingRequest(parameters, on: handle)
        case .securityRequest(let requirements) where link.isCentral:
            receiveSecurityRequest(requirements, on: handle)
        case .pairingFailed, .keypressNotification:
            break
        case .pairingRequest, .securityRequest:
            // A request the role does not take (Part H, 3.5.1 and 3.6.7).
            sendSMP(.pairingFailed(.commandNotSupported), on: handle)
        default:
            // A pairing PDU outside a pairing.
            sendSMP(.pairingFailed(.unspecifiedReason), on: handle)
        }
    }

    /// Peripheral: a Pairing Request. Refused while the peer must wait after failed attempts;
    /// otherwise the agent decides, from its own task (a user may be asked), and a pairing starts
    /// as responder.
    private func receivePairingRequest(_ parameters: SMPPairingParameters, on handle: UInt16) {
        guard let link = security.links[handle], !link.isDecidingOnRequest else { return }
        if security.isWaiting(link.peer) {
            logger.info("refused a pairing: the peer failed recently and must wait", metadata: ["peer": "\(link.peer)"])
            sendSMP(.pairingFailed(.repeatedAttempts), on: handle)
            return
        }
        security.links[handle]?.isDecidingOnRequest = true
        restartSMPTimer(handle)
        let agent = pairingAgent
        Task {
            let verdict = await agent.shouldAcceptPairing(parameters, from: link.peer)
            self.pairingRequestDecided(parameters, verdict: verdict, on: handle)
        }
    }

    private func pairingRequestDecided(_ parameters: SMPPairingParameters, verdict: SMPPairingFailed.Reason?, on handle: UInt16) {
        guard let link = security.links[handle], link.isDecidingOnRequest else { return }
        security.links[handle]?.isDecidingOnRequest = false
        if let reason = verdict {
            security.links[handle]?.timer?.cancel()
            logger.info("refused a pairing", metadata: ["peer": "\(link.peer)", "reason": "\(reason)"])
            sendSMP(.pairingFailed(reason), on: handle)
            return
        }
        var pairing = SMPPairing(
            role: .responder, policy: configuration.pairingPolicy, localAddress: link.local, peerAddress: link.peer,
            localIdentity: configuration.localIdentity
        )
        let actions = pairing.receive(.pairingRequest(parameters))
        security.links[handle]?.pairing = pairing
        restartSMPTimer(handle)
        perform(actions, on: handle)
    }

    /// Central: the peripheral asks for security. With the agent's consent, encrypt with the
    /// bond when it is strong enough, else pair.
    private func receiveSecurityRequest(_ requirements: SMPAuthenticationRequirements, on handle: UInt16) {
        guard let link = security.links[handle], link.pendingSecurity == nil else { return }
        let agent = pairingAgent
        Task {
            guard await agent.shouldAnswerSecurityRequest(requirements, from: link.peer) else { return }
            do {
                let bond = try await self.configuration.bondStore.bond(for: link.peer)
                if let bond, bond.centralKey != nil, bond.isAuthenticated || !requirements.contains(.mitm) {
                    _ = try await self.encrypt(handle)
                } else {
                    _ = try await self.pair(handle)
                }
            } catch {
                self.logger.warning("answering a security request failed", metadata: ["peer": "\(link.peer)", "error": "\(error)"])
            }
        }
    }

    /// Sends one SMP PDU.
    func sendSMP(_ command: SMPCommand, on handle: UInt16) {
        sendACL(command.encode(), on: .securityManager, handle: handle)
    }

    // MARK: Pairing

    func pair(_ handle: UInt16) async throws(HostError) -> SMPPairingOutcome? {
        let connection = try openConnection(handle)
        guard var link = security.links[handle] else { throw HostError(.notConnected, "the connection has ended", connectionHandle: handle) }
        if link.isSMPClosed {
            throw HostError(.pairingFailed, "an earlier pairing on this connection timed out; disconnect and connect again to pair", connectionHandle: handle)
        }
        if link.pairing == nil && link.pendingSecurity == nil {
            if connection.role == .central {
                var pairing = SMPPairing(
                    role: .initiator, policy: configuration.pairingPolicy, localAddress: link.local, peerAddress: link.peer,
                    localIdentity: configuration.localIdentity
                )
                let actions = pairing.start()
                link.pairing = pairing
                security.links[handle] = link
                restartSMPTimer(handle)
                perform(actions, on: handle)
            } else {
                sendSMP(.securityRequest(configuration.pairingPolicy.authRequirements), on: handle)
                restartSMPTimer(handle)
            }
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<SMPPairingOutcome?, HostError>, Never>) in
            security.links[handle]?.pairWaiters.append(continuation)
        }
        return try result.get()
    }

    /// Runs what the pairing machine asks.
    func perform(_ actions: [SMPPairing.Action], on handle: UInt16) {
        guard let link = security.links[handle] else { return }
        let agent = pairingAgent
        let peer = link.peer
        for action in actions {
            switch action {
            case .send(let command):
                sendSMP(command, on: handle)
            case .displayPasskey(let passkey):
                Task { await agent.displayPasskey(passkey, to: peer) }
            case .requestPasskey:
                Task {
                    let passkey = await agent.enterPasskey(for: peer)
                    self.pairingInput(on: handle) { $0.passkeyEntered(passkey) }
                }
            case .confirmNumericComparison(let value):
                Task {
                    let accepted = await agent.confirmNumericComparison(value, with: peer)
                    self.pairingInput(on: handle) { $0.numericComparisonConfirmed(accepted) }
                }
            case .startEncryption(let key):
                security.links[handle]?.pendingSecurity = pairingSecurity(link.pairing)
                Task { await self.startPairingEncryption(handle, key: key) }
            case .complete(let outcome):
                security.links[handle]?.timer?.cancel()
                security.links[handle]?.pairing = nil
                security.failedAttempts[peer] = nil
                let number = security.nextCompletion
                security.nextCompletion += 1
                security.completions[number] = Task {
                    await self.pairingCompleted(outcome, peer: peer, on: handle)
                    self.completionEnded(number)
                }
            case .fail(let failure):
                let method = security.links[handle]?.pairing?.method
                security.links[handle]?.timer?.cancel()
                security.links[handle]?.pairing = nil
                security.links[handle]?.pendingSecurity = nil
                if failure.origin == .timeout { security.links[handle]?.isSMPClosed = true }
                pairingFailed(failure, method: method, peer: peer, on: handle)
            }
        }
    }

    /// Feeds the user's answer to the pairing of `handle`, if it still runs.
    func pairingInput(on handle: UInt16, _ input: (inout SMPPairing) -> [SMPPairing.Action]) {
        guard var pairing = security.links[handle]?.pairing else { return }
        let actions = input(&pairing)
        security.links[handle]?.pairing = pairing
        restartSMPTimer(handle)
        perform(actions, on: handle)
    }

    /// The security a link gets once encrypted with the pairing's key.
    func pairingSecurity(_ pairing: SMPPairing?) -> LinkSecurity {
        guard let pairing else { return LinkSecurity(isEncrypted: true, keySize: 16) }
        return LinkSecurity(
            isEncrypted: true, isAuthenticated: pairing.method.isAuthenticated, isSecureConnections: pairing.secureConnections,
            keySize: pairing.keySize, isBonded: false
        )
    }

    /// Initiator: encrypts with the STK or LTK just made; a failure fails the pairing.
    private func startPairingEncryption(_ handle: UInt16, key: SMPLongTermKey) async {
        do {
            try await enableEncryption(handle, key: key)
        } catch {
            logger.warning("encrypting with the new key failed", metadata: ["handle": "\(HostFormat.hex(handle))", "error": "\(error)"])
            pairingInput(on: handle) { $0.encryptionChanged(false) }
        }
    }

    /// Keeps the bond (when both sides bond), then tells the waiting callers; the bond is kept
    /// even when the link ended meanwhile.
    private func pairingCompleted(_ outcome: SMPPairingOutcome, peer: DeviceAddress, on handle: UInt16) async {
        var result: Result<SMPPairingOutcome?, HostError> = .success(outcome)
        var state = device.connections[handle]?.security ?? LinkSecurity()
        if outcome.bonded {
            let bond = SecurityBond(outcome: outcome, address: peer)
            do {
                if bond.peer != peer { try await configuration.bondStore.removeBond(for: peer) }
                try await configuration.bondStore.saveBond(bond)
                state.isBonded = true
            } catch {
                result = .failure(HostError(.bondStoreFailed, "paired with \(peer), but the bond could not be kept: \(error)", connectionHandle: handle))
            }
        }
        // The handle may name another link by now when this one ended meanwhile.
        let isSameLink = security.links[handle]?.peer == peer
        if isSameLink { await setLinkSecurity(state, on: handle) }
        if case .success = result {
            let agent = pairingAgent
            await agent.pairingCompleted(outcome, with: peer)
        }
        logger.info("paired", metadata: [
            "peer": "\(peer)", "method": "\(outcome.method)", "secureConnections": "\(outcome.secureConnections)",
            "keySize": "\(outcome.keySize)", "bonded": "\(outcome.bonded)",
        ])
        if isSameLink { resolvePairWaiters(handle, result) }
    }

    private func completionEnded(_ number: Int) {
        security.completions[number] = nil
    }

    /// Waits until the bonds of completed pairings are kept (``stop()`` calls it first).
    func waitForPairingCompletions() async {
        for completion in Array(security.completions.values) { await completion.value }
    }

    private func pairingFailed(_ failure: SMPPairingFailure, method: SMPAssociationModel?, peer: DeviceAddress, on handle: UInt16) {
        logger.info("pairing failed", metadata: ["peer": "\(peer)", "failure": "\(failure)"])
        switch failure.reason {
        case .passkeyEntryFailed, .confirmValueFailed, .dhKeyCheckFailed, .numericComparisonFailed:
            // Repeated attempts (Part H, 2.3.6): each failure in a row doubles the wait.
            let failures = (security.failedAttempts[peer] ?? 0) + 1
            security.failedAttempts[peer] = failures
            security.waitingPeers.insert(peer)
            _ = startTimer(after: SecurityManagerState.waitingInterval(afterFailures: failures)) { host in
                host.security.waitingPeers.remove(peer)
            }
        default:
            break
        }
        let message: String
        if failure.origin == .timeout {
            message = "pairing timed out: the peer sent nothing for \(configuration.pairingTimeout); \(Self.remedy(for: failure))"
        } else if failure.reason == .confirmValueFailed, method == .numericComparison || method == .justWorks {
            // No passkey in these models: a wrong confirm value is a refusal or a tampered exchange.
            message = "\(failure); the other device refused the pairing, or the exchange was tampered with: pair again and confirm on both devices"
        } else {
            message = Self.advice(for: failure)
        }
        var error = HostError(.pairingFailed, message, connectionHandle: handle)
        error.pairingFailure = failure
        resolvePairWaiters(handle, .failure(error))
    }

    /// The message of a failed pairing: what happened (``SMPPairingFailure/description``) and
    /// what to do, for every Pairing Failed reason (Core 5.4, Vol 3, Part H, 3.5.5) and for the
    /// timeout and encryption failures.
    public static func advice(for failure: SMPPairingFailure) -> String {
        "\(failure); \(remedy(for: failure))"
    }

    /// What to do after `failure`.
    static func remedy(for failure: SMPPairingFailure) -> String {
        switch failure.origin {
        case .timeout:
            return "make sure the device is close and ready to pair, and answer any prompt at once, then pair again"
        case .encryption:
            return "disconnect and pair again; if it keeps failing, remove the bond on both devices first"
        case .local, .peer:
            break
        }
        let peer = failure.origin == .peer
        switch failure.reason {
        case .passkeyEntryFailed:
            return peer
                ? "the passkey was cancelled or mistyped on the device: pair again and type the six digits exactly as shown"
                : "no passkey was entered (cancelled, or there is no way to type one): pair again and type the six digits the device shows"
        case .oobNotAvailable:
            return "out-of-band pairing data is not available: pair without out-of-band data"
        case .authenticationRequirements:
            return "one side demands protection against a man in the middle (MITM) that the two devices' input and output cannot give: pair with an IO capability that can show or type a passkey (e.g. keyboard and display), or without requiring MITM"
        case .confirmValueFailed:
            return "the passkey did not match (or the exchange was tampered with): pair again and type the passkey the other device shows"
        case .pairingNotSupported:
            return peer
                ? "the device does not accept a pairing now (it may need to be put in pairing mode, or it cannot pair at all)"
                : "this host refused the pairing (its pairing agent declined)"
        case .encryptionKeySize:
            return "the devices could not agree on an encryption key size: allow a smaller minimum key size, or use a device that offers 16-octet keys"
        case .commandNotSupported:
            return "the other side does not support a pairing command (it may not support pairing, or only legacy pairing): try legacy pairing"
        case .unspecifiedReason:
            return "pair again; if it keeps failing, remove the bond on both devices and pair again"
        case .repeatedAttempts:
            return "too many failed attempts: wait a minute before trying again"
        case .invalidParameters:
            return "the two Security Managers disagree on a command's format: pair again, and report it with a debug log if it persists"
        case .dhKeyCheckFailed:
            return "the keys the devices computed differ, which a tampered exchange causes: pair again, away from other devices"
        case .numericComparisonFailed:
            return "the numbers were not confirmed on both devices: pair again and accept only when both show the same number"
        case .brEDRPairingInProgress:
            return "a BR/EDR pairing with the device is under way: wait for it to end and pair again"
        case .crossTransportKeyDerivationNotAllowed:
            return "the device does not allow keys derived for the other transport: pair over LE again"
        case .keyRejected:
            return "the device rejected a key we distributed: remove the bond on both devices and pair again"
        default:
            return "pair again; if it keeps failing, the device may use a newer Security Manager than this host"
        }
    }

    func resolvePairWaiters(_ handle: UInt16, _ result: Result<SMPPairingOutcome?, HostError>) {
        guard let waiters = security.links[handle]?.pairWaiters else { return }
        security.links[handle]?.pairWaiters = []
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// (Re)starts the 30 s SMP timer of the pairing on `handle` (Part H, 3.4).
    private func restartSMPTimer(_ handle: UInt16) {
        security.links[handle]?.timer?.cancel()
        security.links[handle]?.timer = startTimer(after: configuration.pairingTimeout) { host in
            host.smpTimerExpired(handle)
        }
    }

    private func smpTimerExpired(_ handle: UInt16) {
        guard var link = security.links[handle] else { return }
        if var pairing = link.pairing {
            let actions = pairing.timedOut()
            link.pairing = pairing
            security.links[handle] = link
            perform(actions, on: handle)
        } else if !link.pairWaiters.isEmpty {
            // Peripheral: the central did not answer the Security Request.
            resolvePairWaiters(handle, .failure(HostError(.pairingFailed, "the central did not pair or encrypt within \(configuration.pairingTimeout) of the security request", connectionHandle: handle)))
        }
    }

    // MARK: Bonds

    /// Every bond in the host's store.
    public func bonds() async throws(HostError) -> [SecurityBond] {
        do {
            return try await configuration.bondStore.allBonds()
        } catch {
            throw HostError(.bondStoreFailed, "could not read the bond store: \(error)")
        }
    }

    /// Deletes the bond with the peer seen at `address`; whether there was one. Open links with
    /// it keep their encryption until they end.
    @discardableResult
    public func removeBond(for address: DeviceAddress) async throws(HostError) -> Bool {
        do {
            guard let bond = try await configuration.bondStore.bond(for: address) else { return false }
            let removed = try await configuration.bondStore.removeBond(for: bond.peer)
            for connection in device.connections.values where bond.matches(connection.address) {
                var state = connection.security
                state.isBonded = false
                await setLinkSecurity(state, on: connection.handle)
            }
            return removed
        } catch {
            throw HostError(.bondStoreFailed, "could not remove the bond with \(address): \(error)")
        }
    }
}
