import BLECore
import BLEGATT
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Encryption

    func encrypt(_ handle: UInt16) async throws(HostError) -> LinkSecurity {
        let connection = try openConnection(handle)
        guard connection.role == .central else {
            throw HostError(.invalidArgument, "only the central starts encryption; as peripheral, call pair() to send a security request", connectionHandle: handle)
        }
        let bond: SecurityBond?
        do {
            bond = try await configuration.bondStore.bond(for: connection.address)
        } catch {
            throw HostError(.bondStoreFailed, "could not read the bond store: \(error)", connectionHandle: handle)
        }
        guard let bond, let key = bond.centralKey else {
            throw HostError(.notBonded, "no bond with \(connection.address) to encrypt with; pair first", connectionHandle: handle)
        }
        guard security.links[handle] != nil else { throw HostError(.notConnected, "the connection has ended", connectionHandle: handle) }
        security.links[handle]?.pendingSecurity = LinkSecurity(
            isEncrypted: true, isAuthenticated: bond.isAuthenticated, isSecureConnections: bond.isSecureConnections,
            keySize: bond.keySize, isBonded: true
        )
        do {
            try await enableEncryption(handle, key: key)
        } catch {
            security.links[handle]?.pendingSecurity = nil
            throw error
        }
        await configuration.bondStore.bondUsed(bond.peer)
        return connection.security
    }

    /// Secures the link for a request that needs it: encrypts with the bond (as central), else
    /// pairs. Requests that need it at the same time share one securing.
    func secure(_ handle: UInt16) async throws(HostError) -> LinkSecurity {
        _ = try openConnection(handle)
        let task: Task<LinkSecurity, any Error>
        if let running = security.links[handle]?.securing {
            task = running
        } else {
            task = Task { try await self.secureOnce(handle) }
            security.links[handle]?.securing = task
        }
        do {
            let secured = try await task.value
            if security.links[handle]?.securing == task { security.links[handle]?.securing = nil }
            return secured
        } catch {
            if security.links[handle]?.securing == task { security.links[handle]?.securing = nil }
            if let error = error as? HostError { throw error }
            throw HostError(.cancelled, "securing the link was cancelled", connectionHandle: handle)
        }
    }

    private func secureOnce(_ handle: UInt16) async throws(HostError) -> LinkSecurity {
        let connection = try openConnection(handle)
        if connection.role == .central, connection.security.isBonded {
            do {
                return try await encrypt(handle)
            } catch where error.code == .notBonded {
                // The bond went away meanwhile: pair.
            }
        }
        _ = try await pair(handle)
        return connection.security
    }

    /// HCI_LE_Enable_Encryption, then the Encryption Change (or Key Refresh Complete) it causes.
    func enableEncryption(_ handle: UInt16, key: SMPLongTermKey) async throws(HostError) {
        let command = HCILEEnableEncryption(connectionHandle: handle, randomNumber: key.rand, encryptedDiversifier: key.ediv, longTermKey: key.key)
        let waiter = registerEventWaiter(handle: handle) { event in
            switch event {
            case .encryptionChange(let change): change.connectionHandle == handle
            case .encryptionKeyRefreshComplete(let refresh): refresh.connectionHandle == handle
            default: false
            }
        }
        try await sendAwaitingStatus(command, handle: handle, waiter: waiter)
        let event = try await waitForEvent(waiter)
        let status: HCIStatus
        switch event {
        case .encryptionChange(let change): status = change.status
        case .encryptionKeyRefreshComplete(let refresh): status = refresh.status
        default: status = .unspecifiedError
        }
        guard status.isSuccess else {
            if status == .pinOrKeyMissing {
                throw HostError(.keyMissing, "the peer has no key for our bond (it was reset, or it deleted the bond): remove the bond and pair again", status: status, connectionHandle: handle)
            }
            throw HostError(.encryptionFailed, "the link could not be encrypted: \(status)", status: status, connectionHandle: handle)
        }
    }

    /// HCI_Encryption_Change or HCI_Encryption_Key_Refresh_Complete: the link's security changed.
    func encryptionChanged(handle: UInt16, status: HCIStatus, encrypted: Bool, event: HCIEvent) async {
        if var link = security.links[handle] {
            let pending = link.pendingSecurity
            link.pendingSecurity = nil
            security.links[handle] = link
            if status.isSuccess {
                var state = encrypted ? (pending ?? device.connections[handle]?.security ?? LinkSecurity(isEncrypted: true, keySize: 16)) : LinkSecurity()
                state.isEncrypted = encrypted
                state.isBonded = state.isBonded || (device.connections[handle]?.security.isBonded ?? false)
                await setLinkSecurity(state, on: handle)
                logger.info("link security changed", metadata: ["handle": "\(HostFormat.hex(handle))", "security": "\(state)"])
            } else {
                logger.warning("encryption failed", metadata: ["handle": "\(HostFormat.hex(handle))", "status": "\(status)"])
            }
            if security.links[handle]?.pairing != nil {
                pairingInput(on: handle) { $0.encryptionChanged(status.isSuccess && encrypted) }
            } else if status.isSuccess, encrypted, pending?.isBonded == true, !(security.links[handle]?.pairWaiters.isEmpty ?? true) {
                // Peripheral: the central answered our Security Request by encrypting with its bond.
                security.links[handle]?.timer?.cancel()
                resolvePairWaiters(handle, .success(nil))
            }
        }
        deliverToWaiters(event)
    }

    /// Peripheral: the controller asks for the key the central started encryption with
    /// (HCI_LE_Long_Term_Key_Request, Core 5.4, Vol 4, Part E, 7.7.65.5).
    func longTermKeyRequested(_ request: HCILELongTermKeyRequest) async {
        let handle = request.connectionHandle
        guard let link = security.links[handle] else { return }
        if let pairing = link.pairing, pairing.step == .waitingEncryption, let key = pairing.encryptionKey,
           request.randomNumber == 0, request.encryptedDiversifier == 0 {
            security.links[handle]?.pendingSecurity = pairingSecurity(pairing)
            await replyLongTermKey(key.key, on: handle)
            return
        }
        let bond: SecurityBond?
        do {
            bond = try await configuration.bondStore.bond(for: link.peer)
        } catch {
            logger.error("could not read the bond store", metadata: ["error": "\(error)"])
            bond = nil
        }
        if let bond, let key = bond.peripheralKey, key.ediv == request.encryptedDiversifier, key.rand == request.randomNumber {
            security.links[handle]?.pendingSecurity = LinkSecurity(
                isEncrypted: true, isAuthenticated: bond.isAuthenticated, isSecureConnections: bond.isSecureConnections,
                keySize: bond.keySize, isBonded: true
            )
            await replyLongTermKey(key.key, on: handle)
            await configuration.bondStore.bondUsed(bond.peer)
            return
        }
        logger.info("no key for the central's encryption request", metadata: ["peer": "\(link.peer)"])
        do {
            _ = try await send(HCILELongTermKeyRequestNegativeReply(connectionHandle: handle), handle: handle)
        } catch {
            logger.warning("LTK negative reply failed", metadata: ["error": "\(error)"])
        }
    }

    private func replyLongTermKey(_ key: [UInt8], on handle: UInt16) async {
        do {
            _ = try await send(HCILELongTermKeyRequestReply(connectionHandle: handle, longTermKey: key), handle: handle)
        } catch {
            logger.warning("LTK reply failed", metadata: ["error": "\(error)"])
            security.links[handle]?.pendingSecurity = nil
        }
    }
}
