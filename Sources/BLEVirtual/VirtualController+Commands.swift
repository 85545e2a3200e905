import BLECore
import BLEHCI

extension VirtualController {
    /// Decodes, validates and executes one command (Core 5.4, Vol 4, Part E, 4.5 and 7).
    func handleCommand(_ packet: HCICommandPacket) {
        statistics.commands += 1
        let command: any HCICommand
        do {
            guard !VirtualControllerSupportedCommands.withholds(packet.opcode, leFeatures: configuration.leFeatures),
                  let decoded = try HCICommands.decode(packet)
            else {
                logger.debug("unknown command \(packet.opcode)")
                completeFailed(packet.opcode, status: .unknownHCICommand)
                return
            }
            try decoded.validate()
            command = decoded
        } catch {
            logger.debug("rejected command: \(error)")
            completeFailed(packet.opcode, status: .invalidHCICommandParameters)
            return
        }
        execute(command)
    }

    /// Answers a command that failed before it ran, the way that command completes: Command
    /// Status for one that completes later, Command Complete with the full return parameters
    /// (Status first, other fields zero) for one that completes at once, Command Complete with
    /// Status alone for an unknown opcode.
    func completeFailed(_ opcode: HCIOpcode, status: HCIStatus) {
        switch HCICommands.type(for: opcode) {
        case let type as any HCICommandWithStatus.Type:
            commandStatus(type.opcode, status)
        case let type as any HCICommandCompleting.Type:
            emit(.commandComplete(failedCompletion(type, status: status)))
        default:
            emit(.commandComplete(HCICommandComplete(numHCICommandPackets: 1, commandOpcode: opcode, returnParameters: [status.rawValue])))
        }
    }

    private func failedCompletion<Command: HCICommandCompleting>(_: Command.Type, status: HCIStatus) -> HCICommandComplete {
        HCICommandComplete(numHCICommandPackets: 1, answering: Command.self, returnParameters: Command.ReturnParameters(failedWith: status))
    }

    /// Sends HCI_Command_Complete with `parameters`.
    func complete<Command: HCICommandCompleting>(_: Command.Type, _ parameters: Command.ReturnParameters) {
        emit(.commandComplete(HCICommandComplete(numHCICommandPackets: 1, answering: Command.self, returnParameters: parameters)))
    }

    /// Sends HCI_Command_Complete carrying Status alone in full-length return parameters.
    func complete<Command: HCICommandCompleting>(_: Command.Type, status: HCIStatus) {
        complete(Command.self, Command.ReturnParameters(failedWith: status))
    }

    /// Sends HCI_Command_Status.
    func commandStatus(_ opcode: HCIOpcode, _ status: HCIStatus) {
        emit(.commandStatus(HCICommandStatus(status: status, numHCICommandPackets: 1, commandOpcode: opcode)))
    }

    /// Queues an event behind everything already queued, so it follows the current command's
    /// Command Status.
    func emitLater(_ event: HCIEvent) {
        inbox.yield(.deferredEvent(event))
    }

    private func execute(_ command: any HCICommand) {
        switch command {
        case is HCIReset: reset()
        case let command as HCISetEventMask:
            eventMask = command.eventMask
            complete(HCISetEventMask.self, status: .success)
        case let command as HCILESetEventMask:
            leEventMask = command.leEventMask
            complete(HCILESetEventMask.self, status: .success)
        case is HCIReadLocalVersionInformation:
            complete(HCIReadLocalVersionInformation.self, .init(
                status: .success, hciVersion: configuration.hciVersion, hciSubversion: 0,
                lmpVersion: configuration.hciVersion, companyIdentifier: configuration.companyIdentifier, lmpSubversion: 0
            ))
        case is HCIReadLocalSupportedCommands:
            complete(HCIReadLocalSupportedCommands.self, .init(
                status: .success, supportedCommands: VirtualControllerSupportedCommands.table(for: configuration.leFeatures)
            ))
        case is HCIReadLocalSupportedFeatures:
            // LMP features bit 37 BR/EDR Not Supported, bit 38 LE Supported (Controller) (Vol 2, Part C, 3.3).
            complete(HCIReadLocalSupportedFeatures.self, .init(status: .success, lmpFeatures: 1 << 37 | 1 << 38))
        case is HCIReadBDADDR:
            complete(HCIReadBDADDR.self, .init(status: .success, bdADDR: publicAddress))
        case is HCIReadBufferSize:
            complete(HCIReadBufferSize.self, .init(
                status: .success, aclDataPacketLength: configuration.aclDataPacketLength, synchronousDataPacketLength: 0,
                totalNumACLDataPackets: UInt16(configuration.totalNumACLDataPackets), totalNumSynchronousDataPackets: 0
            ))
        case is HCILEReadBufferSize:
            let shared = configuration.sharesBuffersWithBREDR
            complete(HCILEReadBufferSize.self, .init(
                status: .success, leACLDataPacketLength: shared ? 0 : configuration.aclDataPacketLength,
                totalNumLEACLDataPackets: shared ? 0 : configuration.totalNumACLDataPackets
            ))
        case is HCILEReadBufferSizeV2:
            let shared = configuration.sharesBuffersWithBREDR
            complete(HCILEReadBufferSizeV2.self, .init(
                status: .success, leACLDataPacketLength: shared ? 0 : configuration.aclDataPacketLength,
                totalNumLEACLDataPackets: shared ? 0 : configuration.totalNumACLDataPackets,
                isoDataPacketLength: 0, totalNumISODataPackets: 0
            ))
        case is HCILEReadLocalSupportedFeatures:
            complete(HCILEReadLocalSupportedFeatures.self, .init(status: .success, leFeatures: configuration.leFeatures))
        case is HCILEReadFilterAcceptListSize:
            complete(HCILEReadFilterAcceptListSize.self, .init(status: .success, filterAcceptListSize: configuration.filterAcceptListSize))
        case is HCILEClearFilterAcceptList:
            complete(HCILEClearFilterAcceptList.self, status: .success)
        case let command as HCISetControllerToHostFlowControl:
            // 7.3.38: only changed while no connection exists.
            if connections.isEmpty {
                controllerToHostFlowControl = command.flowControlEnable
                complete(HCISetControllerToHostFlowControl.self, status: .success)
            } else {
                complete(HCISetControllerToHostFlowControl.self, status: .commandDisallowed)
            }
        case is HCIHostBufferSize:
            complete(HCIHostBufferSize.self, status: .success)
        case is HCIHostNumberOfCompletedPackets:
            break  // 7.3.40: no event is normally generated, and it takes no command credit.
        case let command as HCILESetRandomAddress: setRandomAddress(command)
        case let command as HCILESetAdvertisingParameters: setAdvertisingParameters(command)
        case let command as HCILESetAdvertisingData:
            advertisingData = command.advertisingData
            air.withLock { air in
                if air.advertising != nil, air.advertising?.directedTo == nil { air.advertising?.data = command.advertisingData }
            }
            complete(HCILESetAdvertisingData.self, status: .success)
        case let command as HCILESetScanResponseData:
            scanResponseData = command.scanResponseData
            air.withLock { $0.advertising?.scanResponseData = command.scanResponseData }
            complete(HCILESetScanResponseData.self, status: .success)
        case let command as HCILESetAdvertisingEnable: setAdvertisingEnable(command)
        case let command as HCILESetScanParameters:
            // 7.8.10: Command Disallowed while scanning is enabled.
            guard !isScanning else { return complete(HCILESetScanParameters.self, status: .commandDisallowed) }
            scanParameters = command
            complete(HCILESetScanParameters.self, status: .success)
        case let command as HCILESetScanEnable: setScanEnable(command)
        case let command as HCILECreateConnection: createConnection(command)
        case is HCILECreateConnectionCancel: createConnectionCancel()
        case let command as HCIDisconnect: disconnect(command)
        case let command as HCILEConnectionUpdate: connectionUpdate(command)
        case let command as HCILEReadRemoteFeatures: readRemoteFeatures(command)
        case let command as HCILESetDataLength: setDataLength(command)
        case let command as HCILEWriteSuggestedDefaultDataLength:
            guard configuration.leFeatures.contains(.leDataPacketLengthExtension) else {
                return complete(HCILEWriteSuggestedDefaultDataLength.self, status: .unsupportedFeatureOrParameterValue)
            }
            let suggested = VirtualDataLength(octets: command.suggestedMaxTXOctets, time: command.suggestedMaxTXTime)
            air.withLock { $0.suggestedDataLength = suggested }
            complete(HCILEWriteSuggestedDefaultDataLength.self, status: .success)
        case is HCILEReadMaximumDataLength:
            guard configuration.leFeatures.contains(.leDataPacketLengthExtension) else {
                return complete(HCILEReadMaximumDataLength.self, status: .unsupportedFeatureOrParameterValue)
            }
            let maximum = VirtualDataLength.maximum
            complete(HCILEReadMaximumDataLength.self, .init(
                status: .success, supportedMaxTXOctets: maximum.octets, supportedMaxTXTime: maximum.time,
                supportedMaxRXOctets: maximum.octets, supportedMaxRXTime: maximum.time
            ))
        case let command as HCILEReadPHY:
            guard let connection = connections[command.connectionHandle] else {
                return complete(HCILEReadPHY.self, status: .unknownConnectionIdentifier)
            }
            complete(HCILEReadPHY.self, .init(
                status: .success, connectionHandle: connection.handle, txPHY: connection.phy, rxPHY: connection.phy
            ))
        case let command as HCILESetPHY: setPHY(command)
        case let command as HCIReadRSSI:
            guard let connection = connections[command.handle] else {
                return complete(HCIReadRSSI.self, status: .unknownConnectionIdentifier)
            }
            let rssi = link?.rssi(connection: connection.id, at: self) ?? 127
            complete(HCIReadRSSI.self, .init(status: .success, handle: connection.handle, rssi: rssi))
        case is HCILERand:
            complete(HCILERand.self, .init(status: .success, randomNumber: UInt64.random(in: .min ... .max)))
        case let command as HCILEEnableEncryption: enableEncryption(command)
        case let command as HCILELongTermKeyRequestReply:
            let status = replyLongTermKey(handle: command.connectionHandle, key: command.longTermKey, opcode: HCILELongTermKeyRequestReply.opcode)
            complete(HCILELongTermKeyRequestReply.self, .init(status: status, connectionHandle: command.connectionHandle))
        case let command as HCILELongTermKeyRequestNegativeReply:
            let status = replyLongTermKey(handle: command.connectionHandle, key: nil, opcode: HCILELongTermKeyRequestNegativeReply.opcode)
            complete(HCILELongTermKeyRequestNegativeReply.self, .init(status: status, connectionHandle: command.connectionHandle))
        case let command as HCIReadEncryptionKeySize: readEncryptionKeySize(command)
        default:
            completeFailed(type(of: command).opcode, status: .unknownHCICommand)
        }
    }

    // MARK: - Controller and baseband

    /// HCI_Reset (7.3.2): back to the state after power-on. Advertising, scanning and
    /// initiating stop; connections are dropped without events to this host (the peers time
    /// out); the event masks and every parameter return to their defaults.
    private func reset() {
        air.withLock { $0 = VirtualAirState() }
        link?.controllerDidReset(self)
        eventMask = .defaultAfterReset
        leEventMask = .defaultAfterReset
        randomAddress = nil
        advertisingParameters = Self.defaultAdvertisingParameters
        advertisingData = []
        scanResponseData = []
        scanParameters = Self.defaultScanParameters
        filtersDuplicates = false
        reportedAdvertisers = []
        connections = [:]
        buffersInUse = 0
        controllerToHostFlowControl = 0
        complete(HCIReset.self, status: .success)
    }

    // MARK: - Advertising

    private func setRandomAddress(_ command: HCILESetRandomAddress) {
        // 7.8.4: Command Disallowed while legacy advertising, scanning or initiating is enabled.
        let busy = air.withLock { $0.advertising != nil || $0.isScanning || $0.initiating != nil }
        guard !busy else { return complete(HCILESetRandomAddress.self, status: .commandDisallowed) }
        randomAddress = command.randomAddress
        complete(HCILESetRandomAddress.self, status: .success)
    }

    private func setAdvertisingParameters(_ command: HCILESetAdvertisingParameters) {
        // 7.8.5: Command Disallowed while advertising is enabled.
        guard !isAdvertising else { return complete(HCILESetAdvertisingParameters.self, status: .commandDisallowed) }
        advertisingParameters = command
        complete(HCILESetAdvertisingParameters.self, status: .success)
    }

    private func setAdvertisingEnable(_ command: HCILESetAdvertisingEnable) {
        guard command.isEnabled else {
            // 7.8.9: disabling when disabled has no effect.
            let wasAdvertising = air.withLock { air in
                defer { air.advertising = nil }
                return air.advertising != nil
            }
            complete(HCILESetAdvertisingEnable.self, status: .success)
            if wasAdvertising { link?.advertisingChanged(self) }
            return
        }
        let parameters = advertisingParameters
        // 7.8.9: a random own address that was never set is Invalid HCI Command Parameters.
        guard let address = ownAddress(for: parameters.ownAddressType) else {
            return complete(HCILESetAdvertisingEnable.self, status: .invalidHCICommandParameters)
        }
        let type = parameters.advertisingType
        let isDirected = type == .advDirectIndHighDutyCycle || type == .advDirectIndLowDutyCycle
        let advertising = VirtualAdvertising(
            type: type,
            interval: type == .advDirectIndHighDutyCycle ? .microseconds(3_750) : parameters.advertisingIntervalMinDuration,
            address: address,
            directedTo: isDirected ? parameters.peerAddress : nil,
            data: isDirected ? [] : advertisingData,
            scanResponseData: scanResponseData
        )
        // Enabling while enabled is allowed and changes nothing (7.8.9).
        let started = air.withLock { air in
            guard air.advertising == nil else { return false }
            air.advertising = advertising
            return true
        }
        complete(HCILESetAdvertisingEnable.self, status: .success)
        if started { link?.advertisingChanged(self) }
    }

    // MARK: - Scanning

    private func setScanEnable(_ command: HCILESetScanEnable) {
        guard command.isEnabled else {
            air.withLock { $0.isScanning = false }
            return complete(HCILESetScanEnable.self, status: .success)
        }
        guard ownAddress(for: scanParameters.ownAddressType) != nil else {
            return complete(HCILESetScanEnable.self, status: .invalidHCICommandParameters)
        }
        // 7.8.11: enabling while enabled is allowed; a new Filter_Duplicates takes effect.
        let wasScanning = air.withLock { air in
            defer { air.isScanning = true }
            return air.isScanning
        }
        if !wasScanning {
            reportedAdvertisers = []
            link?.startedListening(self)
        }
        filtersDuplicates = command.filterDuplicates != 0
        complete(HCILESetScanEnable.self, status: .success)
    }

    // MARK: - Connections

    private func createConnection(_ command: HCILECreateConnection) {
        let opcode = HCILECreateConnection.opcode
        // 7.8.12: Command Disallowed while another create connection is pending.
        guard !isInitiating else { return commandStatus(opcode, .commandDisallowed) }
        guard let ownAddress = ownAddress(for: command.ownAddressType) else {
            return commandStatus(opcode, .invalidHCICommandParameters)
        }
        if command.initiatorFilterPolicy == 0, connections.values.contains(where: { $0.peerAddress == command.peerAddress }) {
            return commandStatus(opcode, .connectionAlreadyExists)
        }
        let initiation = VirtualInitiation(
            peerAddress: command.peerAddress,
            usesFilterAcceptList: command.initiatorFilterPolicy != 0,
            ownAddress: ownAddress,
            connectionInterval: command.connectionIntervalMin,
            peripheralLatency: command.maxLatency,
            supervisionTimeout: command.supervisionTimeout
        )
        air.withLock { $0.initiating = initiation }
        link?.startedListening(self)
        commandStatus(opcode, .success)
    }

    private func createConnectionCancel() {
        let cancelled = air.withLock { air in
            defer { air.initiating = nil }
            return air.initiating
        }
        // 7.8.13: Command Disallowed when no create connection is pending.
        guard let cancelled else { return complete(HCILECreateConnectionCancel.self, status: .commandDisallowed) }
        complete(HCILECreateConnectionCancel.self, status: .success)
        // …then the pending command completes with Unknown Connection Identifier (0x02).
        emitConnectionComplete(
            status: .unknownConnectionIdentifier, handle: 0, role: .central, peerAddress: cancelled.peerAddress,
            parameters: VirtualConnectionParameters(interval: 0, latency: 0, supervisionTimeout: 0)
        )
    }

    private func disconnect(_ command: HCIDisconnect) {
        guard let connection = connections[command.connectionHandle] else {
            return commandStatus(HCIDisconnect.opcode, .unknownConnectionIdentifier)
        }
        commandStatus(HCIDisconnect.opcode, .success)
        if link?.disconnect(connection: connection.id, by: self, reason: command.reason) != true {
            // Not on a link any more: the connection is gone; say so to this host.
            inbox.yield(.disconnected(connection: connection.id, reason: .connectionTerminatedByLocalHost))
        }
    }

    private func connectionUpdate(_ command: HCILEConnectionUpdate) {
        let opcode = HCILEConnectionUpdate.opcode
        guard let connection = connections[command.connectionHandle] else {
            return commandStatus(opcode, .unknownConnectionIdentifier)
        }
        // A peripheral may ask only through the Connection Parameters Request procedure (7.8.18).
        if connection.role == .peripheral,
           !(configuration.leFeatures.contains(.connectionParametersRequestProcedure)
             && connection.peerFeatures.contains(.connectionParametersRequestProcedure)) {
            return commandStatus(opcode, .unsupportedRemoteFeature)
        }
        commandStatus(opcode, .success)
        let parameters = VirtualConnectionParameters(
            interval: command.connectionIntervalMin, latency: command.maxLatency, supervisionTimeout: command.supervisionTimeout
        )
        link?.updateConnection(connection.id, parameters: parameters)
    }

    private func readRemoteFeatures(_ command: HCILEReadRemoteFeatures) {
        let opcode = HCILEReadRemoteFeatures.opcode
        guard let connection = connections[command.connectionHandle] else {
            return commandStatus(opcode, .unknownConnectionIdentifier)
        }
        commandStatus(opcode, .success)
        emitLater(HCIEvent(HCILEReadRemoteFeaturesComplete(
            status: .success, connectionHandle: connection.handle, leFeatures: connection.peerFeatures
        )))
    }

    private func setDataLength(_ command: HCILESetDataLength) {
        guard let connection = connections[command.connectionHandle] else {
            return complete(HCILESetDataLength.self, status: .unknownConnectionIdentifier)
        }
        guard configuration.leFeatures.contains(.leDataPacketLengthExtension) else {
            return complete(HCILESetDataLength.self, status: .unsupportedFeatureOrParameterValue)
        }
        complete(HCILESetDataLength.self, .init(status: .success, connectionHandle: connection.handle))
        let length = VirtualDataLength(octets: command.txOctets, time: command.txTime)
        link?.setDataLength(connection.id, by: self, tx: length)
    }

    private func setPHY(_ command: HCILESetPHY) {
        let opcode = HCILESetPHY.opcode
        guard let connection = connections[command.connectionHandle] else {
            return commandStatus(opcode, .unknownConnectionIdentifier)
        }
        commandStatus(opcode, .success)
        let both = supportedPHYs(configuration.leFeatures).intersection(supportedPHYs(connection.peerFeatures))
        let tx = command.allPHYs & HCILESetPHY.noTransmitPreference != 0 ? both : command.txPHYs.intersection(both)
        let rx = command.allPHYs & HCILESetPHY.noReceivePreference != 0 ? both : command.rxPHYs.intersection(both)
        let candidates = tx.intersection(rx)
        let phy: HCILEPHY
        if command.allPHYs == HCILESetPHY.noTransmitPreference | HCILESetPHY.noReceivePreference {
            phy = connection.phy
        } else if candidates.contains(.le2M) {
            phy = .le2M
        } else if candidates.contains(.le1M) {
            phy = .le1M
        } else if candidates.contains(.leCoded) {
            phy = .leCoded
        } else {
            phy = connection.phy
        }
        if link?.setPHY(connection.id, by: self, phy: phy) != true {
            emitLater(HCIEvent(HCILEPHYUpdateComplete(status: .success, connectionHandle: connection.handle, txPHY: connection.phy, rxPHY: connection.phy)))
        }
    }

    private func supportedPHYs(_ features: HCILEFeatures) -> HCILEPHYs {
        var phys: HCILEPHYs = [.le1M]
        if features.contains(.le2MPHY) { phys.insert(.le2M) }
        if features.contains(.leCodedPHY) { phys.insert(.leCoded) }
        return phys
    }

    /// Sends the connection-complete event the host asked for: LE Enhanced Connection Complete
    /// [v2] or [v1] when unmasked, else LE Connection Complete (Core 5.4, Vol 4, Part E, 7.7.65.10).
    func emitConnectionComplete(
        status: HCIStatus,
        handle: UInt16,
        role: HCIRole,
        peerAddress: DeviceAddress,
        parameters: VirtualConnectionParameters
    ) {
        let peerAddressType = peerAddress.hciAddressType
        if eventMask.contains(.leMeta), leEventMask.contains(.enhancedConnectionCompleteV2) {
            emit(HCIEvent(HCILEEnhancedConnectionCompleteV2(
                status: status, connectionHandle: handle, role: role, peerAddressType: peerAddressType,
                peerAddress: peerAddress, localResolvablePrivateAddress: Self.zeroRandomAddress,
                peerResolvablePrivateAddress: Self.zeroRandomAddress, connectionInterval: parameters.interval,
                peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout, centralClockAccuracy: 0
            )))
        } else if eventMask.contains(.leMeta), leEventMask.contains(.enhancedConnectionComplete) {
            emit(HCIEvent(HCILEEnhancedConnectionComplete(
                status: status, connectionHandle: handle, role: role, peerAddressType: peerAddressType,
                peerAddress: peerAddress, localResolvablePrivateAddress: Self.zeroRandomAddress,
                peerResolvablePrivateAddress: Self.zeroRandomAddress, connectionInterval: parameters.interval,
                peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout, centralClockAccuracy: 0
            )))
        } else {
            emit(HCIEvent(HCILEConnectionComplete(
                status: status, connectionHandle: handle, role: role, peerAddressType: peerAddressType,
                peerAddress: peerAddress, connectionInterval: parameters.interval, peripheralLatency: parameters.latency,
                supervisionTimeout: parameters.supervisionTimeout, centralClockAccuracy: 0
            )))
        }
    }
}
