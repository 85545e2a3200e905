import BLECore
import BLEHCI

/// Turns advertising reports into discoveries, without I/O: merges each device's advertisement
/// with its scan response and reassembles fragmented extended advertising data.
///
/// Core 5.4, Vol 6, Part B, 4.4.3 (scanning) and Vol 4, Part E, 7.7.65.2 / 7.7.65.13. While
/// scanning actively, a scannable advertisement is held until its scan response arrives (or the
/// next advertisement from the device shows none is coming), so a discovery carries both, as
/// Bumble's accumulator does. With duplicate filtering, a device is reported again only when its
/// data or connectability changes.
struct AdvertisingReportMerger: Sendable {
    /// One report, legacy or extended, in a common form.
    struct Report: Sendable, Hashable {
        var address: DeviceAddress
        var addressType: HCIAddressType
        var isScanResponse: Bool
        var isConnectable: Bool
        var isScannable: Bool
        var isLegacy: Bool
        var data: [UInt8]
        var rssi: Int?
        var txPower: Int?
    }

    private struct Device: Sendable {
        var advertisement: Report?
        var scanResponse: [UInt8]?
        var lastWasAdvertisement = false
        var fragments: [Bool: [UInt8]] = [:]
        var lastEmitted: HostDiscovery?
    }

    /// Whether scan requests are sent (scan responses expected).
    let isActive: Bool
    /// Whether unchanged discoveries are suppressed.
    let filterDuplicates: Bool
    private var devices: [DeviceAddress: Device] = [:]

    /// Creates a merger for one scan.
    init(isActive: Bool, filterDuplicates: Bool) {
        self.isActive = isActive
        self.filterDuplicates = filterDuplicates
    }

    /// Takes an LE Advertising Report event; returns the discoveries to report.
    mutating func receive(_ event: HCILEAdvertisingReport) -> [HostDiscovery] {
        event.reports.compactMap { report in
            let type = report.eventType
            return receive(Report(
                address: report.address, addressType: report.addressType,
                isScanResponse: type == .scanRsp, isConnectable: type.isConnectable,
                isScannable: type == .advInd || type == .advScanInd, isLegacy: true,
                data: report.data, rssi: report.rssiDBm, txPower: nil
            ))
        }
    }

    /// Takes an LE Extended Advertising Report event; returns the discoveries to report.
    mutating func receive(_ event: HCILEExtendedAdvertisingReport) -> [HostDiscovery] {
        event.reports.compactMap { report -> HostDiscovery? in
            let type = report.eventType
            let isScanResponse = type.contains(.scanResponse)
            var device = devices[report.address, default: Device()]
            var data = (device.fragments[isScanResponse] ?? []) + report.data
            if type.dataStatus == .incompleteMoreToCome {
                device.fragments[isScanResponse] = data
                devices[report.address] = device
                return nil
            }
            device.fragments[isScanResponse] = nil
            devices[report.address] = device
            if data.count > AdvertisingData.extendedMaximumLength { data = Array(data.prefix(AdvertisingData.extendedMaximumLength)) }
            return receive(Report(
                address: report.address, addressType: report.addressType,
                isScanResponse: isScanResponse, isConnectable: type.contains(.connectable),
                isScannable: type.contains(.scannable), isLegacy: type.contains(.legacy),
                data: data, rssi: report.rssiDBm, txPower: report.txPowerDBm
            ))
        }
    }

    /// Takes one report in the common form.
    mutating func receive(_ report: Report) -> HostDiscovery? {
        var device = devices[report.address, default: Device()]
        defer { devices[report.address] = device }
        if report.isScanResponse {
            device.scanResponse = report.data
            device.lastWasAdvertisement = false
            guard let advertisement = device.advertisement else { return nil }
            var merged = advertisement
            merged.rssi = report.rssi ?? advertisement.rssi
            return emit(merged, device: &device)
        }
        // Hold a scannable advertisement for its scan response, unless the device's previous
        // advertisement got none (then none is coming: report at once).
        let hold = isActive && report.isScannable && !device.lastWasAdvertisement
        device.advertisement = report
        device.lastWasAdvertisement = true
        if hold { return nil }
        return emit(report, device: &device)
    }

    private mutating func emit(_ report: Report, device: inout Device) -> HostDiscovery? {
        let view = AdvertisementView(
            advertisement: AdvertisingData.parseLeniently(report.data).data,
            scanResponse: device.scanResponse.map { AdvertisingData.parseLeniently($0).data }
        )
        let discovery = HostDiscovery(
            address: report.address, addressType: report.addressType, rssi: report.rssi, txPower: report.txPower,
            isConnectable: report.isConnectable, isScannable: report.isScannable, isLegacy: report.isLegacy,
            advertisement: view
        )
        if filterDuplicates, let last = device.lastEmitted,
            last.advertisement == view, last.isConnectable == discovery.isConnectable
        {
            return nil
        }
        device.lastEmitted = discovery
        return discovery
    }
}
