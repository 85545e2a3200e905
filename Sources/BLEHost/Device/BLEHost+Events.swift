import BLECore
import BLEHCI
import Logging

extension BLEHost {
    // MARK: Events for the device layer

    /// Takes an event the controller driver passed up (everything but command answers,
    /// Number Of Completed Packets, Hardware Error and Data Buffer Overflow).
    func handle(_ event: HCIEvent) async {
        switch event {
        case .disconnectionComplete(let disconnection):
            handleDisconnection(disconnection, event: event)
        case .leMeta(let meta):
            await handle(meta, event: event)
        case .encryptionChange(let change):
            await encryptionChanged(handle: change.connectionHandle, status: change.status, encrypted: change.isEncrypted, event: event)
        case .encryptionKeyRefreshComplete(let refresh):
            let encrypted = device.connections[refresh.connectionHandle]?.security.isEncrypted ?? true
            await encryptionChanged(handle: refresh.connectionHandle, status: refresh.status, encrypted: encrypted, event: event)
        default:
            if !deliverToWaiters(event) {
                logger.debug("ignored an HCI event", metadata: ["event": "\(event.eventCode)"])
            }
        }
    }

    private func handle(_ meta: HCILEMetaEvent, event: HCIEvent) async {
        switch meta {
        case .connectionComplete(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        case .enhancedConnectionComplete(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        case .enhancedConnectionCompleteV2(let e):
            await connectionCompleted(
                status: e.status, handle: e.connectionHandle, role: e.role, addressType: e.peerAddressType, address: e.peerAddress,
                interval: e.connectionInterval, latency: e.peripheralLatency, timeout: e.supervisionTimeout, event: event
            )
        // The merger is changed in place: a copy of the scan would copy its table of every
        // device heard (copy on write), one whole table per report.
        case .advertisingReport(let report):
            if let discoveries = device.activeScan?.merger.receive(report), let continuation = device.activeScan?.continuation {
                for discovery in discoveries { continuation.yield(discovery) }
            }
        case .extendedAdvertisingReport(let report):
            if let discoveries = device.activeScan?.merger.receive(report), let continuation = device.activeScan?.continuation {
                for discovery in discoveries { continuation.yield(discovery) }
            }
        case .connectionUpdateComplete(let e):
            if e.status.isSuccess {
                device.connections[e.connectionHandle]?.update {
                    $0.interval = e.connectionInterval
                    $0.latency = e.peripheralLatency
                    $0.supervisionTimeout = e.supervisionTimeout
                }
            }
            deliverToWaiters(event)
        case .dataLengthChange(let e):
            device.connections[e.connectionHandle]?.update {
                $0.maxTXOctets = e.maxTXOctets
                $0.maxRXOctets = e.maxRXOctets
            }
            deliverToWaiters(event)
        case .longTermKeyRequest(let request):
            // Answered from its own task: the reply's Command Complete arrives through this loop.
            Task { await self.longTermKeyRequested(request) }
        case .phyUpdateComplete(let e):
            if e.status.isSuccess {
                device.connections[e.connectionHandle]?.update {
                    $0.txPHY = e.txPHY
                    $0.rxPHY = e.rxPHY
                }
            }
            deliverToWaiters(event)
        default:
            if !deliverToWaiters(event) {
                logger.debug("ignored an LE Meta event", metadata: ["subevent": "\(meta.subeventCode)"])
            }
        }
    }
}
