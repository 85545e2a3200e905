import BLECore
import BLEHost
import Logging
import Synchronization

/// Which advertisements a scan reports.
public struct ScanFilter: Sendable, Hashable {
    /// Report only devices advertising at least one of these services (in a service UUID list or
    /// as service data); empty reports all.
    public var services: [BluetoothUUID]
    /// Report only devices whose name contains this text, ignoring case; nil reports all.
    public var nameContains: String?
    /// Report only advertisements at least this strong (dBm); nil reports all.
    public var minimumRSSI: Int?
    /// Report every advertisement (true), or each device once per scan (false).
    public var allowDuplicates: Bool

    /// Creates a filter; the default reports everything, every time it is heard.
    public init(services: [BluetoothUUID] = [], nameContains: String? = nil, minimumRSSI: Int? = nil, allowDuplicates: Bool = true) {
        self.services = services
        self.nameContains = nameContains
        self.minimumRSSI = minimumRSSI
        self.allowDuplicates = allowDuplicates
    }

    /// Whether `report` passes.
    public func matches(_ report: BLEAdvertisementReport) -> Bool {
        if let minimumRSSI, (report.rssi ?? Int.min) < minimumRSSI { return false }
        if let nameContains, !nameContains.isEmpty {
            guard let name = report.advertisement.name, name.localizedCaseInsensitiveContains(nameContains) else { return false }
        }
        if !services.isEmpty {
            let advertised = Set(report.advertisement.serviceUUIDs + report.advertisement.serviceData.map(\.uuid))
            guard services.contains(where: advertised.contains) else { return false }
        }
        return true
    }
}

/// One advertisement heard while scanning, with the ``Peripheral`` it came from.
public struct Discovery: Sendable {
    /// The peripheral, known to the central from now on.
    public let peripheral: Peripheral
    /// What was heard.
    public let report: BLEAdvertisementReport

    /// The advertiser's address.
    public var address: DeviceAddress { report.address }
    /// The advertised name, if any.
    public var name: String? { report.advertisement.name }
    /// RSSI in dBm, when known.
    public var rssi: Int? { report.rssi }
    /// The advertisement and scan response merged.
    public var advertisement: AdvertisementView { report.advertisement }
}

/// The central role: the radio's state, scanning, and the peripherals it knows.
///
/// ```swift
/// let central = try await Central.open(.sim, sim: world)
/// for try await discovery in try await central.scan(filter: ScanFilter(nameContains: "demo")) {
///     try await discovery.peripheral.connect()
///     break
/// }
/// ```
///
/// Every peripheral seen in a scan (or asked for by address) is *known*: ``peripherals`` lists
/// them by signal strength, ``peripheral(_:)`` retrieves one by its identifier, and the same
/// ``Peripheral`` object comes back for the same address every time.
public actor Central {
    /// The backend underneath.
    public nonisolated let backend: any BLEBackend
    private var known: [DeviceAddress: Peripheral] = [:]
    /// The scan that has the radio (running, or reserved for the waiter it was handed to).
    private var scanning: UInt64?
    private var nextScan: UInt64 = 0
    /// Scans waiting for their turn, first come first served.
    private var scanWaiters: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextScanWaiter: UInt64 = 0

    /// Creates a central on a started backend.
    public init(backend: any BLEBackend) {
        self.backend = backend
    }

    // MARK: Radio

    /// The radio state now.
    public var state: RadioState {
        get async { await backend.radioState }
    }

    /// The radio state, the current one first, then every change.
    public func states() async -> AsyncStream<RadioState> {
        await backend.radioStates()
    }

    /// Stops scanning, disconnects every peripheral and releases the radio.
    public func close() async {
        for peripheral in known.values {
            await peripheral.disconnectForClose()
        }
        await backend.close()
    }

    // MARK: Scanning

    /// Scans and reports the advertisements `filter` lets through, each with its (known)
    /// ``Peripheral``. Scanning stops when the iteration ends (break, or the task is cancelled).
    ///
    /// The radio runs one scan at a time: while another scan of this central runs, this one
    /// waits for its turn (first come, first served), so several users of one central (a
    /// scanner page, a search for one device) take turns instead of failing. The turn passes
    /// once the radio has really stopped the previous scan.
    ///
    /// - Parameters:
    ///   - filter: services, name, minimum RSSI, duplicates.
    ///   - active: send scan requests, so scan responses (names, more services) are merged in.
    /// - Throws: ``BLEError/Code/cancelled`` when the task is cancelled while it waits for its
    ///   turn; ``BLEError/Code/radioUnavailable`` when the radio is off.
    public func scan(filter: ScanFilter = ScanFilter(), active: Bool = true) async throws(BLEError) -> AsyncThrowingStream<Discovery, any Error> {
        try await takeScanTurn()
        nextScan += 1
        let id = nextScan
        scanning = id
        let reports: AsyncThrowingStream<BLEAdvertisementReport, any Error>
        do {
            reports = try await backend.scan(active: active, filterDuplicates: false)
        } catch {
            await scanEnded(id)
            throw error
        }
        let (stream, continuation) = AsyncThrowingStream<Discovery, any Error>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let pump = Task { [weak self] in
            var reported: Set<DeviceAddress> = []
            do {
                for try await report in reports {
                    guard let self else { break }
                    let peripheral = await self.heard(report)
                    guard filter.matches(report) else { continue }
                    if !filter.allowDuplicates {
                        guard reported.insert(report.address).inserted else { continue }
                    }
                    continuation.yield(Discovery(peripheral: peripheral, report: report))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: BLEError(error))
            }
            await self?.scanEnded(id)
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    /// Whether a scan of this central is running.
    public var isScanning: Bool { scanning != nil }

    /// Scans for up to `duration` and returns what was heard, each device once (its latest
    /// advertisement), strongest first.
    ///
    /// - Parameter stop: ends the scan early, once it returns true for a discovery (which is
    ///   included).
    public func scan(
        for duration: Duration,
        filter: ScanFilter = ScanFilter(),
        active: Bool = true,
        until stop: (@Sendable (Discovery) -> Bool)? = nil
    ) async throws(BLEError) -> [Discovery] {
        let stream = try await scan(filter: filter, active: active)
        let heard = LatestDiscoveries()
        let failure: BLEError? = await withTaskGroup(of: BLEError?.self) { group in
            group.addTask {
                do {
                    for try await discovery in stream {
                        heard.record(discovery)
                        if stop?(discovery) == true { break }
                    }
                    return nil
                } catch {
                    return BLEError(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: duration)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure, failure.code != .cancelled { throw failure }
        if Task.isCancelled { throw BLEError(.cancelled, "the scan was cancelled") }
        return Self.strongestFirst(heard.all)
    }

    static func strongestFirst(_ discoveries: [Discovery]) -> [Discovery] {
        discoveries.sorted { ($0.rssi ?? Int.min, $1.address.description) > ($1.rssi ?? Int.min, $0.address.description) }
    }

    private func heard(_ report: BLEAdvertisementReport) -> Peripheral {
        let peripheral = peripheral(for: report.address)
        peripheral.heard(report)
        return peripheral
    }

    /// Ends scan `id`: the radio stops scanning, then the next waiting scan gets its turn.
    private func scanEnded(_ id: UInt64) async {
        guard scanning == id else { return }
        await backend.stopScan()
        scanning = nil
        passScanTurn()
    }

    /// Returns when no scan of this central runs and the scans that asked earlier have had their
    /// turn; the caller then runs its scan.
    private func takeScanTurn() async throws(BLEError) {
        guard scanning != nil || !scanWaiters.isEmpty else { return }
        nextScanWaiter += 1
        let ticket = nextScanWaiter
        let granted: Bool = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    scanWaiters.append((ticket, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelScanWait(ticket) }
        }
        guard granted else { throw BLEError(.cancelled, "the scan was cancelled while it waited for the scan before it to end") }
    }

    private func cancelScanWait(_ ticket: UInt64) {
        guard let index = scanWaiters.firstIndex(where: { $0.ticket == ticket }) else { return }
        scanWaiters.remove(at: index).continuation.resume(returning: false)
    }

    /// Hands the radio to the first waiting scan, if any.
    private func passScanTurn() {
        guard scanning == nil, !scanWaiters.isEmpty else { return }
        let next = scanWaiters.removeFirst()
        // Reserved for the waiter until it starts (it then sets `scanning` to its own number),
        // so a scan asking meanwhile queues behind it.
        nextScan += 1
        scanning = nextScan
        next.continuation.resume(returning: true)
    }

    // MARK: Known peripherals

    /// The known peripherals, strongest last-heard signal first (never heard: last).
    public var peripherals: [Peripheral] {
        known.values.sorted { ($0.rssi ?? Int.min, $1.identifier.description) > ($1.rssi ?? Int.min, $0.identifier.description) }
    }

    /// The known peripheral with `identifier`, if any (retrieving a peripheral seen earlier).
    public func peripheral(_ identifier: DeviceAddress) -> Peripheral? {
        known[identifier]
    }

    /// The peripheral at `address`: the known one, or a new known one (to connect to a device
    /// by address without scanning).
    public func peripheral(for address: DeviceAddress) -> Peripheral {
        if let peripheral = known[address] { return peripheral }
        let peripheral = Peripheral(identifier: address, backend: backend)
        known[address] = peripheral
        return peripheral
    }

    /// The known peripheral whose address (any spelling `DeviceAddress` parses) or advertised name
    /// (ignoring case) is `target`; a name must be unambiguous.
    public func peripheral(named target: String) throws(BLEError) -> Peripheral? {
        if let address = try? DeviceAddress(parsing: target),
            let peripheral = known.values.first(where: { $0.identifier.value == address.value })
        {
            return peripheral  // whatever its address type
        }
        let matches = known.values.filter { $0.name?.caseInsensitiveCompare(target) == .orderedSame }
        guard matches.count <= 1 else {
            let addresses = matches.map(\.identifier.description).sorted().joined(separator: ", ")
            throw BLEError(.invalidArgument, "\(matches.count) devices are named '\(target)' (\(addresses)); use an address")
        }
        return matches.first
    }

    /// How many peripherals the central knows.
    public var knownPeripheralCount: Int { known.count }

    // MARK: Bonds

    /// Every bond this central keeps (peripherals it paired with).
    public func bonds() async throws(BLEError) -> [SecurityBond] {
        try await backend.bonds()
    }

    /// Deletes the bond with the peripheral seen at `address`; whether there was one. The
    /// peripheral keeps its copy: pair again to use it encrypted.
    @discardableResult
    public func removeBond(for address: DeviceAddress) async throws(BLEError) -> Bool {
        try await backend.removeBond(for: address)
    }

    /// Sets who is asked while pairing: to type or show a passkey, to confirm a number.
    public func setPairingAgent(_ agent: any PairingAgent) async {
        await backend.setPairingAgent(agent)
    }

    /// Forgets a peripheral (disconnecting it first, if connected). Returns whether it was known.
    @discardableResult
    public func removeKnownPeripheral(_ identifier: DeviceAddress) async -> Bool {
        guard let peripheral = known.removeValue(forKey: identifier) else { return false }
        await peripheral.disconnectForClose()
        return true
    }

    /// Forgets every peripheral, disconnecting those connected.
    public func removeAllKnownPeripherals() async {
        let all = known.values
        known = [:]
        for peripheral in all { await peripheral.disconnectForClose() }
    }
}

/// The latest discovery of each device, shared between a scan's collector and its caller.
private final class LatestDiscoveries: Sendable {
    private let latest = Mutex<[DeviceAddress: Discovery]>([:])

    func record(_ discovery: Discovery) {
        latest.withLock { $0[discovery.address] = discovery }
    }

    var all: [Discovery] { latest.withLock { Array($0.values) } }
}
