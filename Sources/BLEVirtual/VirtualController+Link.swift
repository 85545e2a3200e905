import BLECore
import BLEHCI

extension VirtualController {
    /// Handles one message from the link.
    func handle(_ message: VirtualLinkMessage) {
        switch message {
        case .advertisement(let heard):
            heardAdvertisement(heard)
        case .connected(let established):
            connected(established)
        case .advertisingTimedOut(let target):
            // Core 5.4, Vol 4, Part E, 7.8.9: high duty cycle directed advertising that times out
            // ends with LE Connection Complete, status Advertising Timeout (0x3C).
            emitConnectionComplete(
                status: .advertisingTimeout, handle: 0, role: .peripheral, peerAddress: target ?? Self.zeroAddress,
                parameters: VirtualConnectionParameters(interval: 0, latency: 0, supervisionTimeout: 0)
            )
        case .aclData(let id, let fragments, let sender):
            let acknowledgement = link.map { VirtualReceiveBuffers.Acknowledgement(link: $0, connection: id, sender: sender) }
            guard let connection = connection(withID: id) else {
                acknowledgement?.send()
                return
            }
            sendToHost(fragments, on: connection.handle, acknowledgement: acknowledgement)
            statistics.aclPacketsReceived += fragments.count
        case .completed(let id, let count):
            returnBuffers(connection: id, count: count)
        case .disconnected(let id, let reason):
            guard let connection = connection(withID: id) else { return }
            connections[connection.handle] = nil
            buffersInUse -= connection.packetsInFlight
            emit(HCIEvent(HCIDisconnectionComplete(status: .success, connectionHandle: connection.handle, reason: reason)))
        case .connectionUpdated(let id, let parameters):
            guard var connection = connection(withID: id) else { return }
            connection.parameters = parameters
            connections[connection.handle] = connection
            emit(HCIEvent(HCILEConnectionUpdateComplete(
                status: .success, connectionHandle: connection.handle, connectionInterval: parameters.interval,
                peripheralLatency: parameters.latency, supervisionTimeout: parameters.supervisionTimeout
            )))
        case .dataLengthChanged(let id, let tx, let rx):
            guard var connection = connection(withID: id) else { return }
            connection.tx = tx
            connection.rx = rx
            connections[connection.handle] = connection
            emit(HCIEvent(HCILEDataLengthChange(
                connectionHandle: connection.handle, maxTXOctets: tx.octets, maxTXTime: tx.time,
                maxRXOctets: rx.octets, maxRXTime: rx.time
            )))
        case .phyUpdated(let id, let phy):
            guard var connection = connection(withID: id) else { return }
            connection.phy = phy
            connections[connection.handle] = connection
            emit(HCIEvent(HCILEPHYUpdateComplete(status: .success, connectionHandle: connection.handle, txPHY: phy, rxPHY: phy)))
        case .longTermKeyRequested(let id, let randomNumber, let encryptedDiversifier):
            longTermKeyRequested(connection: id, randomNumber: randomNumber, encryptedDiversifier: encryptedDiversifier)
        case .encryptionChanged(let id, let status, let isEncrypted):
            encryptionChanged(connection: id, status: status, isEncrypted: isEncrypted)
        case .encryptionKeyRefreshed(let id):
            encryptionKeyRefreshed(connection: id)
        case .deferredEvent(let event):
            emit(event)
        case .barrier(let continuation):
            continuation.resume()
        }
    }

    /// Reports an advertising PDU heard while scanning, and its scan response when scanning
    /// actively (Core 5.4, Vol 6, Part B, 4.4.3; Vol 4, Part E, 7.7.65.2).
    private func heardAdvertisement(_ heard: VirtualHeardAdvertisement) {
        guard isScanning else { return }
        let advertising = heard.advertising
        if let target = advertising.directedTo {
            guard isOwnAddress(target) else { return }
        } else if scanParameters.scanningFilterPolicy & 0x01 != 0 {
            return  // Filter Accept List policy; the list is always empty here.
        }
        report(advertising.reportEventType, from: advertising.address, data: advertising.data, rssi: heard.rssi)
        if scanParameters.leScanType == .active, advertising.isScannable {
            report(.scanRsp, from: advertising.address, data: advertising.scanResponseData, rssi: heard.scanResponseRSSI)
        }
    }

    private func report(_ eventType: HCILEAdvertisingReport.EventType, from address: DeviceAddress, data: [UInt8], rssi: Int8) {
        if filtersDuplicates {
            guard reportedAdvertisers.insert(DuplicateKey(address: address, eventType: eventType.rawValue)).inserted else { return }
        }
        emit(HCIEvent(HCILEAdvertisingReport(reports: [
            .init(eventType: eventType, addressType: address.hciAddressType, address: address, data: data, rssi: rssi),
        ])))
    }

    private func connected(_ established: VirtualConnectionEstablished) {
        // The controller may have been reset (or left the link) since the link made it.
        guard link?.isOpen(connection: established.connection) == true else { return }
        connections[established.handle] = Connection(
            id: established.connection, handle: established.handle, role: established.role,
            peerAddress: established.peerAddress, parameters: established.parameters, peerFeatures: established.peerFeatures
        )
        emitConnectionComplete(
            status: .success, handle: established.handle, role: established.role,
            peerAddress: established.peerAddress, parameters: established.parameters
        )
    }

    /// An ACL packet from the host: handed to the link, its buffer held until the peer has it.
    func handleHostACL(_ packet: HCIACLDataPacket) {
        // Changed in place through its index: one look-up, and no copy of the connection out
        // and back on every packet.
        guard let index = connections.index(forKey: packet.handle) else {
            statistics.unknownHandleACLPackets += 1
            logger.warning("dropped an ACL packet on handle \(packet.handle), which is not an open connection")
            return
        }
        if packet.data.count > Int(configuration.aclDataPacketLength) {
            statistics.oversizedACLPackets += 1
            logger.warning(
                "host bug: ACL packet of \(packet.data.count) bytes exceeds LE_ACL_Data_Packet_Length \(configuration.aclDataPacketLength)"
            )
        }
        buffersInUse += 1
        if buffersInUse > Int(configuration.totalNumACLDataPackets) {
            statistics.aclCreditOverruns += 1
            logger.warning(
                "host bug: ACL packet sent with no credit left (\(buffersInUse) in flight, \(configuration.totalNumACLDataPackets) buffers)"
            )
        }
        connections.values[index].packetsInFlight += 1
        let id = connections.values[index].id
        statistics.aclPacketsSent += 1
        let sent = link?.transmit(connection: id, from: self, packetBoundaryFlag: packet.packetBoundaryFlag, data: packet.data) ?? false
        if !sent { returnBuffers(connection: id, count: 1) }
    }

    /// Frees buffers of delivered packets and returns them to the host as credits.
    private func returnBuffers(connection id: UInt64, count: Int) {
        guard let index = connections.firstIndex(where: { $0.value.id == id }) else { return }
        let returned = min(count, connections.values[index].packetsInFlight)
        guard returned > 0 else { return }
        connections.values[index].packetsInFlight -= returned
        buffersInUse -= returned
        emit(HCIEvent(HCINumberOfCompletedPackets(entries: [
            .init(connectionHandle: connections.keys[index], numCompletedPackets: UInt16(returned)),
        ])))
    }
}
