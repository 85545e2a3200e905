import BLECore
import BLEHCI
import Logging

/// The advertising the application asked for.
struct AdvertisingRecord: Sendable {
    var parameters: AdvertisingParameters
    var isEnabled: Bool
    var isRestarting = false
}

extension BLEHost {
    /// Starts legacy advertising with `data` (and `scanResponse` for scan requests); centrals
    /// that connect arrive on ``incomingConnections``.
    ///
    /// Core 5.4, Vol 4, Part E, 7.8.5–7.8.9. Advertising stops when a central connects (the
    /// controller stops it) and restarts while fewer than
    /// ``AdvertisingParameters/maximumConnections`` peripheral connections are open, and after a
    /// disconnection when ``Configuration/readvertiseAfterDisconnect`` is set.
    public func startAdvertising(
        data: AdvertisingData,
        scanResponse: AdvertisingData? = nil,
        parameters: AdvertisingParameters = AdvertisingParameters()
    ) async throws(HostError) {
        try checkReady()
        let advertisingBytes: [UInt8]
        let scanResponseBytes: [UInt8]?
        do {
            advertisingBytes = try data.encoded()
            scanResponseBytes = try scanResponse?.encoded()
        } catch {
            throw HostError(.invalidArgument, "advertising data does not fit a legacy advertisement (31 bytes): \(error)")
        }
        let type: HCILEAdvertisingType = parameters.isConnectable ? .advInd : (scanResponse == nil ? .advNonconnInd : .advScanInd)
        let command = HCILESetAdvertisingParameters(
            advertisingIntervalMin: HCITimeUnit.slot.count(for: parameters.interval.lowerBound),
            advertisingIntervalMax: HCITimeUnit.slot.count(for: parameters.interval.upperBound),
            advertisingType: type, ownAddressType: ownAddressType,
            peerAddressType: .public, peerAddress: try! DeviceAddress(value: 0, isRandom: false)
        )
        do {
            try command.validate()
        } catch {
            throw HostError(.invalidArgument, "advertising parameters: \(error)")
        }
        if let record = device.advertising, record.isEnabled || record.isRestarting {
            // After a restart's enable, when one is on its way: commands run in order.
            _ = try await send(HCILESetAdvertisingEnable(enable: false))
        }
        device.advertising = nil
        _ = try await send(command)
        _ = try await send(HCILESetAdvertisingData(advertisingData: advertisingBytes))
        if let scanResponseBytes {
            _ = try await send(HCILESetScanResponseData(scanResponseData: scanResponseBytes))
        }
        let stops = device.advertisingStops
        _ = try await send(HCILESetAdvertisingEnable(enable: true))
        // A central may have connected while the enable was on its way: the controller has
        // stopped advertising again, and the connection's end must restart it.
        device.advertising = AdvertisingRecord(parameters: parameters, isEnabled: stops == device.advertisingStops)
        restartAdvertisingIfNeeded()
    }

    /// Stops advertising and forgets it (no re-advertising after disconnections).
    public func stopAdvertising() async throws(HostError) {
        guard let record = device.advertising else { return }
        device.advertising = nil
        if record.isEnabled || record.isRestarting {
            _ = try await send(HCILESetAdvertisingEnable(enable: false))
        }
    }

    /// Whether the host is advertising now.
    public var isAdvertising: Bool { device.advertising?.isEnabled == true }

    /// Re-enables advertising when it was asked for, is off, and a connection slot is free.
    func restartAdvertisingIfNeeded() {
        guard let record = device.advertising, !record.isEnabled, !record.isRestarting else { return }
        let peripherals = device.connections.values.filter { $0.role == .peripheral }.count
        guard peripherals < record.parameters.maximumConnections else { return }
        device.advertising?.isRestarting = true
        Task {
            guard self.device.advertising?.isRestarting == true else { return }
            do {
                let stops = self.device.advertisingStops
                _ = try await self.send(HCILESetAdvertisingEnable(enable: true))
                // Stopped or replaced meanwhile: that call sent the disable, after this enable.
                guard self.device.advertising != nil else { return }
                self.device.advertising?.isRestarting = false
                guard stops == self.device.advertisingStops else {
                    // A central connected while the enable was on its way: the controller
                    // stopped advertising again; restart when a slot is free.
                    self.device.advertising?.isEnabled = false
                    self.restartAdvertisingIfNeeded()
                    return
                }
                self.device.advertising?.isEnabled = true
                self.logger.info("advertising restarted")
            } catch {
                self.device.advertising?.isRestarting = false
                self.logger.warning("could not restart advertising", metadata: ["error": "\(error)"])
            }
        }
    }
}
