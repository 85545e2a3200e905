import BLECore
import BLEHCI

/// LE encryption: the host's commands and the link's news of the encryption procedures.
///
/// Core 5.4, Vol 6, Part B, 5.1.3 (encryption start and pause procedures) and Vol 4, Part E,
/// 7.8.23–7.8.26, 7.5.7, 7.7.8, 7.7.39, 7.7.65.5. The link runs each procedure between the two
/// ends (``VirtualLink``); the keys are compared, not used: two ends whose long-term keys
/// differ would fail each other's MIC check, so their connection ends with Connection
/// Terminated due to MIC Failure (0x3D) on both sides, which is how a host that presents the
/// wrong key is caught. Data is not paused while a procedure runs.
extension VirtualController {
    /// Key_Size of an encrypted link: the long-term key is always 16 octets on the air (a host
    /// that negotiated a shorter key has already masked its high octets, Vol 3, Part H, 2.3.4).
    static let encryptionKeySize: UInt8 = 16

    /// HCI_LE_Enable_Encryption (7.8.24): Command Status, then the link runs the start procedure,
    /// or the pause procedure when the link is already encrypted.
    func enableEncryption(_ command: HCILEEnableEncryption) {
        let opcode = HCILEEnableEncryption.opcode
        guard let connection = connections[command.connectionHandle] else {
            return commandStatus(opcode, .unknownConnectionIdentifier)
        }
        // 7.8.24: only the central starts encryption.
        guard connection.role == .central else { return commandStatus(opcode, .commandDisallowed) }
        let started = link?.startEncryption(
            connection.id, by: self, randomNumber: command.randomNumber,
            encryptedDiversifier: command.encryptedDiversifier, longTermKey: command.longTermKey
        ) ?? .gone
        switch started {
        case .started: commandStatus(opcode, .success)
        // One procedure at a time on a connection (Vol 6, Part B, 5.1).
        case .alreadyPending: commandStatus(opcode, .commandDisallowed)
        case .gone: commandStatus(opcode, .unknownConnectionIdentifier)
        }
    }

    /// HCI_LE_Long_Term_Key_Request_Reply (7.8.25) with `key`, or the Negative Reply (7.8.26)
    /// with `nil`: returns the Status of the Command Complete. Only a peripheral whose host was
    /// asked may answer.
    func replyLongTermKey(handle: UInt16, key: [UInt8]?, opcode: HCIOpcode) -> HCIStatus {
        guard var connection = connections[handle] else { return .unknownConnectionIdentifier }
        guard connection.role == .peripheral, connection.isAwaitingLongTermKey else {
            logger.debug("\(opcode) on handle \(handle) without an LE Long Term Key Request to answer")
            return .commandDisallowed
        }
        connection.isAwaitingLongTermKey = false
        connections[handle] = connection
        _ = link?.replyLongTermKey(connection.id, by: self, key: key)
        return .success
    }

    /// HCI_Read_Encryption_Key_Size (7.5.7): 16 on an encrypted link, Insufficient Security
    /// (0x2F) on one that is not.
    func readEncryptionKeySize(_ command: HCIReadEncryptionKeySize) {
        let handle = command.connectionHandle
        guard let connection = connections[handle] else {
            return complete(HCIReadEncryptionKeySize.self, .init(status: .unknownConnectionIdentifier, connectionHandle: handle, keySize: 0))
        }
        guard connection.isEncrypted else {
            return complete(HCIReadEncryptionKeySize.self, .init(status: .insufficientSecurity, connectionHandle: handle, keySize: 0))
        }
        complete(HCIReadEncryptionKeySize.self, .init(status: .success, connectionHandle: handle, keySize: Self.encryptionKeySize))
    }

    // MARK: - From the link

    /// The central sent LL_ENC_REQ: ask the host for the key (LE Long Term Key Request,
    /// 7.7.65.5). When the host masked that event it cannot answer, so the controller answers
    /// for it as a negative reply (Vol 6, Part B, 5.1.3.1).
    func longTermKeyRequested(connection id: UInt64, randomNumber: UInt64, encryptedDiversifier: UInt16) {
        guard var connection = connection(withID: id) else { return }
        let request = HCIEvent(HCILELongTermKeyRequest(
            connectionHandle: connection.handle, randomNumber: randomNumber, encryptedDiversifier: encryptedDiversifier
        ))
        guard isUnmasked(request) else {
            logger.debug("LE Long Term Key Request is masked: no key for handle \(connection.handle)")
            _ = link?.replyLongTermKey(id, by: self, key: nil)
            return
        }
        connection.isAwaitingLongTermKey = true
        connections[connection.handle] = connection
        emit(request)
    }

    /// The start procedure ended: HCI_Encryption_Change (7.7.8).
    func encryptionChanged(connection id: UInt64, status: HCIStatus, isEncrypted: Bool) {
        guard var connection = connection(withID: id) else { return }
        connection.isEncrypted = isEncrypted
        connections[connection.handle] = connection
        emit(HCIEvent.encryptionChange(HCIEncryptionChange(
            status: status, connectionHandle: connection.handle, encryptionEnabled: isEncrypted ? 0x01 : 0x00
        )))
    }

    /// The pause procedure ended: HCI_Encryption_Key_Refresh_Complete (7.7.39).
    func encryptionKeyRefreshed(connection id: UInt64) {
        guard let connection = connection(withID: id) else { return }
        emit(HCIEvent.encryptionKeyRefreshComplete(HCIEncryptionKeyRefreshComplete(status: .success, connectionHandle: connection.handle)))
    }
}
