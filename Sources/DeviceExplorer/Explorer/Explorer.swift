import BLE
import BLECore
import DashboardShell
import Foundation

/// The Explorer page's scanner (shared/seeds/003): every device the radio hears, connections to
/// any of them with their GATT database read and their notifications followed, and the signal
/// of a connected device read every 2 s.
///
/// It scans in the background while a page asks for it: every Explorer request and open live
/// socket counts; ``Configuration/idleTimeout`` after the last one (with no socket open) the scan
/// stops and the Explorer's connections are released. It shares the dashboard's one radio with
/// the nightlight routes through ``RadioLink`` (the central's scans take turns between rounds, the device
/// locks around connections and GATT operations).
package actor Explorer {
    /// Timing and limits.
    package struct Configuration: Sendable {
        /// The clock of the idle timer, the scan rounds and the RSSI readings.
        var clock: any Clock<Duration>
        /// The wall clock of the dates shown (first seen, last update).
        var now: @Sendable () -> Date
        /// How long scanning and connections go on after the last request or socket.
        var idleTimeout: Duration
        /// One scan round; other scans of the radio wait at most this long.
        var scanRound: Duration
        /// How often a connected device's RSSI is read (advertisements are sampled as often).
        var rssiInterval: Duration
        /// How long a connection attempt may take.
        var connectTimeout: Duration
        /// The most devices kept; the longest unheard goes first.
        var maximumDevices: Int

        /// Creates a configuration with the scanner's timing: RSSI every 2 s.
        package init(
            clock: any Clock<Duration>,
            now: @escaping @Sendable () -> Date = { Date() },
            idleTimeout: Duration = .seconds(30),
            scanRound: Duration = .seconds(2),
            rssiInterval: Duration = .seconds(2),
            connectTimeout: Duration = .seconds(10),
            maximumDevices: Int = 500
        ) {
            self.clock = clock
            self.now = now
            self.idleTimeout = idleTimeout
            self.scanRound = scanRound
            self.rssiInterval = rssiInterval
            self.connectTimeout = connectTimeout
            self.maximumDevices = maximumDevices
        }
    }

    /// What is known about one device.
    private struct Record {
        var peripheral: Peripheral
        var report: BLEAdvertisementReport?
        var firstSeen: Date
        var lastSeen: Date
        /// The noise filter of the displayed RSSI.
        var filter = SignalHistory()
        /// The readings with their source and time, oldest first (as many as `filter` keeps).
        var readings: [ExplorerReading] = []
        var lastReadingAt: Date?
        /// The Device Name (0x2A00) read over a connection.
        var deviceName: String?
    }

    /// What a connection's exploration found out about its characteristics, by value handle.
    struct Notes: Sendable {
        var values: [UInt16: ExplorerValue] = [:]
        var errors: [UInt16: String] = [:]
        var descriptions: [UInt16: String] = [:]
        var subscribed: Set<UInt16> = []
    }

    /// A connection the Explorer holds.
    struct Held {
        var tasks: [Task<Void, Never>] = []
        /// The notifications followed, by value handle (see `Explorer+Subscriptions.swift`).
        var subscriptions: [UInt16: Task<Void, Never>] = [:]
        /// Every task that ends with the hold.
        var allTasks: [Task<Void, Never>] { tasks + subscriptions.values }
        /// The controller cannot read a connection's RSSI: the advertisements are used.
        var rssiFromAdvertisements = false
        var lastAdvertisementUsed: Date?
    }

    let link: RadioLink
    let configuration: Configuration

    private var records: [String: Record] = [:]
    var notes: [String: Notes] = [:]
    var held: [String: Held] = [:]
    private var connecting: Set<String> = []
    /// Bumped when the list starts again (a new scan session, a device dropped).
    private var session: UInt64 = 0
    private var scanWanted = false
    private var scanTask: Task<Void, Never>?
    private var scanGeneration: UInt64 = 0
    private var scanFailure: String?
    private var listeners: [UInt64: AsyncStream<ExplorerMessage>.Continuation] = [:]
    private var nextListener: UInt64 = 0
    private var idleTimer: Task<Void, Never>?
    private var idleGeneration: UInt64 = 0

    /// Creates the Explorer of `link`; nothing runs until a page asks.
    package init(link: RadioLink, configuration: Configuration) {
        self.link = link
        self.configuration = configuration
    }

    // MARK: Interest

    /// A page asked for something: the idle timer starts again, and the scan resumes if it was
    /// wanted.
    func touch() {
        if listeners.isEmpty { armIdleTimer() }
        if scanWanted, scanTask == nil { startScanTask() }
    }

    /// Adds a live socket's input; while any is open nothing idles.
    func addListener(_ continuation: AsyncStream<ExplorerMessage>.Continuation) -> UInt64 {
        nextListener += 1
        listeners[nextListener] = continuation
        idleGeneration += 1
        idleTimer?.cancel()
        idleTimer = nil
        touch()
        return nextListener
    }

    /// Removes a live socket's input.
    func removeListener(_ id: UInt64) {
        listeners.removeValue(forKey: id)?.finish()
        if listeners.isEmpty { armIdleTimer() }
    }

    private func armIdleTimer() {
        idleGeneration += 1
        let generation = idleGeneration
        let clock = configuration.clock
        let timeout = configuration.idleTimeout
        idleTimer?.cancel()
        idleTimer = Task { [weak self] in
            do {
                try await clock.sleep(for: timeout, tolerance: nil)
            } catch {
                return
            }
            await self?.idleExpired(generation)
        }
    }

    /// Stops everything (the server stops): the scan, the idle timer, the connections' monitors,
    /// and its holds on the connections; the live feeds end.
    package func stop() async {
        scanWanted = false
        idleTimer?.cancel()
        idleTimer = nil
        await stopScanningAndReleaseAll()
        for listener in listeners.values { listener.finish() }
        listeners = [:]
    }

    /// No page asked for `idleTimeout`: stops scanning and releases the Explorer's connections.
    func idleExpired(_ generation: UInt64? = nil) async {
        if let generation, generation != idleGeneration { return }
        guard listeners.isEmpty else { return }
        idleTimer = nil
        await stopScanningAndReleaseAll()
    }

    /// Stops the scan and ends every connection the Explorer holds (disconnecting those nothing
    /// else uses).
    private func stopScanningAndReleaseAll() async {
        stopScanTask()
        for address in Array(held.keys) {
            if let peripheral = records[address]?.peripheral {
                try? await release(address, peripheral)
            } else if let connection = held.removeValue(forKey: address) {
                for task in connection.allTasks { task.cancel() }
                await link.explorerRelease(address)
            }
        }
    }

    // MARK: Scanning

    /// The radio and whether the Explorer scans.
    func radio() async -> ExplorerRadio {
        let (state, message) = await link.explorerRadioState()
        return ExplorerRadio(state, scanning: scanTask != nil, message: message ?? (scanTask != nil ? scanFailure : nil))
    }

    /// Starts (a new session: the devices not connected are forgotten) or stops scanning.
    func setScanning(_ on: Bool) async -> ExplorerRadio {
        scanWanted = on
        if on {
            if scanTask == nil {
                records = records.filter { held[$0.key] != nil || $0.value.peripheral.isConnected }
                session += 1
                startScanTask()
            }
        } else {
            stopScanTask()
        }
        touch()
        return await radio()
    }

    private func startScanTask() {
        scanGeneration += 1
        let generation = scanGeneration
        scanFailure = nil
        scanTask = Task { [weak self] in await self?.scanLoop(generation) }
    }

    private func stopScanTask() {
        scanGeneration += 1
        scanTask?.cancel()
        scanTask = nil
    }

    private func scanLoop(_ generation: UInt64) async {
        let link = link
        let clock = configuration.clock
        let round = configuration.scanRound
        while !Task.isCancelled, generation == scanGeneration {
            do {
                try await link.listen(for: round, clock: clock) { [weak self] discovery in await self?.heard(discovery) }
                scanFailure = nil
            } catch {
                if Task.isCancelled { break }
                let failure = Self.failure(error)
                scanFailure = failure.message
                if failure.code == "closed" { break }
                try? await clock.sleep(for: .seconds(2), tolerance: nil)
            }
        }
        if generation == scanGeneration { scanTask = nil }
    }

    private func heard(_ discovery: Discovery) {
        let address = discovery.address.description.uppercased()
        let now = configuration.now()
        var record = records[address] ?? Record(peripheral: discovery.peripheral, firstSeen: now, lastSeen: now)
        record.report = discovery.report
        record.lastSeen = now
        records[address] = record
        if held[address] == nil, let rssi = discovery.rssi {
            recordReading(address, rssi: rssi, source: "advertisement", throttled: true)
        }
        if records.count > configuration.maximumDevices,
            let oldest = records.filter({ held[$0.key] == nil }).min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key
        {
            records[oldest] = nil
            notes[oldest] = nil
            session += 1
        }
    }

    /// Adds a reading to the device's history (throttled: at most one per ``Configuration/rssiInterval``)
    /// and sends it to the pages.
    private func recordReading(_ address: String, rssi: Int, source: String, throttled: Bool) {
        guard var record = records[address] else { return }
        let now = configuration.now()
        if throttled, let last = record.lastReadingAt, now.timeIntervalSince(last) < configuration.rssiInterval / .seconds(1) { return }
        record.filter.record(rssi: rssi)
        let reading = ExplorerReading(rssi: rssi, displayed: ExplorerSignal(rssi: record.filter.displayed?.rssi ?? rssi), source: source, at: now)
        record.readings.append(reading)
        if record.readings.count > record.filter.capacity { record.readings.removeFirst(record.readings.count - record.filter.capacity) }
        record.lastReadingAt = now
        if source == "connection" { record.lastSeen = now }
        records[address] = record
        broadcast(ExplorerMessage(type: "rssi", address: address, reading: reading))
    }

    // MARK: The list

    /// The devices heard, strongest first.
    func devices() -> [ExplorerDevice] {
        records.map { device($0.key, $0.value) }.sorted { a, b in
            (a.rssi ?? Int.min, b.address) > (b.rssi ?? Int.min, a.address)
        }
    }

    /// The radio, the list's session and the devices, for a live socket.
    func snapshot() async -> (radio: ExplorerRadio, session: UInt64, devices: [ExplorerDevice]) {
        (await radio(), session, devices())
    }

    private func device(_ address: String, _ record: Record) -> ExplorerDevice {
        let advertisement = record.report?.advertisement
        let rssi = record.filter.displayed?.rssi ?? record.report?.rssi
        return ExplorerDevice(
            address: address, name: advertisement?.name ?? record.deviceName, rssi: rssi, signal: rssi.map { ExplorerSignal(rssi: $0) },
            txPower: record.peripheral.txPower, connectable: record.report?.isConnectable ?? true,
            services: advertisement?.serviceUUIDs.map(ExplorerUUID.init) ?? [],
            manufacturerData: advertisement?.manufacturerData.map(ExplorerManufacturerData.init) ?? [],
            serviceData: advertisement?.serviceData.map(ExplorerServiceData.init) ?? [],
            advertisingData: advertisement.map { ExplorerRawAdvertisingData($0.advertisement) },
            scanResponseData: advertisement?.scanResponse.map(ExplorerRawAdvertisingData.init),
            firstSeen: record.firstSeen, lastSeen: record.lastSeen, connection: record.peripheral.state.wireName
        )
    }

    /// One device with its history and, when connected, its services.
    func detail(_ address: String) async throws -> ExplorerDeviceDetail {
        let peripheral = try await knownPeripheral(address)
        let record = records[address] ?? Record(peripheral: peripheral, firstSeen: configuration.now(), lastSeen: configuration.now())
        return ExplorerDeviceDetail(
            device: device(address, record), history: record.readings,
            services: peripheral.isConnected && !peripheral.services.isEmpty ? services(address, peripheral) : nil,
            scanning: scanTask != nil
        )
    }

    /// The services of a connected device.
    func gatt(_ address: String) async throws -> [ExplorerService] {
        let peripheral = try await knownPeripheral(address)
        guard peripheral.isConnected else { throw Self.notConnected(address) }
        return services(address, peripheral)
    }

    private func services(_ address: String, _ peripheral: Peripheral) -> [ExplorerService] {
        let notes = notes[address] ?? Notes()
        return peripheral.services.map { service in
            ExplorerService(
                uuid: service.uuid.description, name: ExplorerNames.name(for: service.uuid),
                category: ExplorerService.category(of: service.uuid),
                isPrimary: service.isPrimary, startHandle: service.startHandle, endHandle: service.endHandle,
                characteristics: service.characteristics.map { characteristic in
                    let handle = characteristic.valueHandle
                    return ExplorerCharacteristic(
                        uuid: characteristic.uuid.description, name: characteristic.name, userDescription: notes.descriptions[handle],
                        handle: handle, declarationHandle: characteristic.declarationHandle,
                        properties: ExplorerCharacteristic.propertyNames(characteristic), subscribed: notes.subscribed.contains(handle),
                        value: notes.values[handle], error: notes.errors[handle],
                        descriptors: characteristic.descriptors.map { ExplorerDescriptor(uuid: $0.uuid.description, name: $0.name, handle: $0.handle) }
                    )
                }
            )
        }
    }

    /// The peripheral at `address`: one heard by the Explorer, or known to the radio (404 otherwise).
    func knownPeripheral(_ address: String) async throws -> Peripheral {
        touch()
        if let record = records[address] { return record.peripheral }
        let known: Peripheral?
        do {
            known = try await link.knownPeripheral(address)
        } catch {
            throw Self.failure(error)
        }
        guard let known else {
            throw DashboardError(
                .notFound, "deviceNotHeard",
                "no device with the address \(address) has been heard; start scanning and wait until it appears in the list"
            )
        }
        if records[address] == nil {
            let now = configuration.now()
            records[address] = Record(peripheral: known, report: known.lastReport, firstSeen: now, lastSeen: now)
        }
        return known
    }

    // MARK: Connections

    /// Connects, discovers every service, characteristic and descriptor, reads what is readable
    /// and subscribes to what notifies; then reads the RSSI every 2 s until disconnected.
    func connect(_ address: String) async throws -> ExplorerDeviceDetail {
        let peripheral = try await knownPeripheral(address)
        if held[address] != nil, peripheral.isConnected { return try await detail(address) }
        guard peripheral.isConnectable else {
            throw DashboardError(.conflict, "notConnectable", "\(peripheral) does not accept connections: it advertises as not connectable")
        }
        guard connecting.insert(address).inserted else {
            throw DashboardError(.conflict, "busy", "a connection to \(address) is already being made; wait for it")
        }
        defer { connecting.remove(address) }
        if let stale = held.removeValue(forKey: address) {
            // Held but not connected (the link dropped and is reconnecting, or its end is not
            // processed yet): end that hold and its monitor before making a new one, so no hold
            // outlives the connection and no monitor runs twice.
            for task in stale.allTasks { task.cancel() }
            await link.explorerRelease(address)
        }
        await link.explorerHold(address)
        if !peripheral.isConnected { broadcast(ExplorerMessage(type: "connection", address: address, connection: "connecting")) }
        let timeout = configuration.connectTimeout
        let now = configuration.now
        let explored: (Notes, [(Characteristic, AsyncThrowingStream<[UInt8], any Error>)])
        do {
            explored = try await link.withDeviceLock(address) {
                try await peripheral.connect(timeout: timeout, watchdog: timeout + .seconds(5))
                return try await Self.explore(peripheral, now: now)
            }
        } catch {
            await link.explorerRelease(address)
            broadcast(ExplorerMessage(type: "connection", address: address, connection: peripheral.state.wireName))
            throw Self.failure(error)
        }
        notes[address] = explored.0
        if let name = peripheral.services.first(where: { $0.uuid == BluetoothUUID(0x1800) })?
            .characteristic(BluetoothUUID(0x2A00)).flatMap({ explored.0.values[$0.valueHandle]?.utf8 })
        {
            records[address]?.deviceName = name
        }
        held[address] = Held()
        startMonitor(address, peripheral, subscriptions: explored.1)
        return try await detail(address)
    }

    /// Ends the Explorer's connection (409 when a nightlight page of the dashboard uses it).
    func disconnect(_ address: String) async throws -> ExplorerDeviceDetail {
        let peripheral = try await knownPeripheral(address)
        let holds = held[address] == nil ? 0 : 1
        if await link.isUsedElsewhere(address, explorerHolds: holds) {
            throw DashboardError(
                .conflict, "inUse",
                "a nightlight page of this dashboard uses the connection to \(address); close that page first"
            )
        }
        if held[address] != nil {
            try await release(address, peripheral)
        } else if peripheral.isConnected {
            do {
                try await link.explorerDisconnect(peripheral)
            } catch {
                throw Self.failure(error)
            }
        }
        return try await detail(address)
    }

    private func release(_ address: String, _ peripheral: Peripheral) async throws {
        guard let connection = held.removeValue(forKey: address) else { return }
        for task in connection.allTasks { task.cancel() }
        notes[address]?.subscribed = []
        let alone = await link.explorerRelease(address)
        guard alone, peripheral.isConnected else { return }
        broadcast(ExplorerMessage(type: "connection", address: address, connection: "disconnecting"))
        do {
            try await link.explorerDisconnect(peripheral)
        } catch {
            throw Self.failure(error)
        }
        broadcast(ExplorerMessage(type: "connection", address: address, connection: peripheral.state.wireName))
    }

    /// Discovers everything (a part that fails is left out), reads the user descriptions and the
    /// readable values, and subscribes to the characteristics that notify or indicate.
    private static func explore(
        _ peripheral: Peripheral, now: @Sendable () -> Date
    ) async throws -> (Notes, [(Characteristic, AsyncThrowingStream<[UInt8], any Error>)]) {
        var notes = Notes()
        var subscriptions: [(Characteristic, AsyncThrowingStream<[UInt8], any Error>)] = []
        for service in try await peripheral.discoverServices() {
            guard let characteristics = try? await service.discoverCharacteristics() else { continue }
            for characteristic in characteristics {
                let handle = characteristic.valueHandle
                _ = try? await characteristic.discoverDescriptors()
                if let description = characteristic.descriptor(BluetoothUUID(0x2901)),
                    let bytes = try? await description.read(), let text = ValueFormats(bytes).utf8
                {
                    notes.descriptions[handle] = text
                }
                if characteristic.properties.contains(.read) {
                    do {
                        notes.values[handle] = ExplorerValue(try await characteristic.read(), uuid: characteristic.uuid, at: now())
                    } catch {
                        notes.errors[handle] = "read failed: \(error.message)"
                    }
                }
                if characteristic.properties.contains(.notify) || characteristic.properties.contains(.indicate) {
                    do {
                        subscriptions.append((characteristic, try await characteristic.subscribe()))
                        notes.subscribed.insert(handle)
                    } catch {
                        notes.errors[handle] = "subscribing failed: \(error.message)"
                    }
                }
            }
        }
        return (notes, subscriptions)
    }

    /// Follows the connection's state, reads its RSSI and forwards its notifications.
    private func startMonitor(_ address: String, _ peripheral: Peripheral, subscriptions: [(Characteristic, AsyncThrowingStream<[UInt8], any Error>)]) {
        let clock = configuration.clock
        let interval = configuration.rssiInterval
        let states = Task { [weak self] in
            for await state in peripheral.states() {
                guard let self, await self.connectionChanged(address, state) else { return }
            }
        }
        let signal = Task { [weak self] in
            while !Task.isCancelled {
                guard let self, await self.readRSSI(address, peripheral) else { return }
                do {
                    try await clock.sleep(for: interval, tolerance: nil)
                } catch {
                    return
                }
            }
        }
        held[address]?.tasks = [states, signal]
        for (characteristic, stream) in subscriptions { follow(address, characteristic, stream) }
    }

    /// Sends a state change; a connection that ended by itself is released. Returns whether to
    /// keep following.
    private func connectionChanged(_ address: String, _ state: PeripheralState) async -> Bool {
        guard held[address] != nil else { return false }
        broadcast(ExplorerMessage(type: "connection", address: address, connection: state.wireName))
        guard state == .disconnected, let connection = held.removeValue(forKey: address) else { return true }
        for task in connection.allTasks { task.cancel() }
        notes[address]?.subscribed = []
        await link.explorerRelease(address)
        return false
    }

    /// Takes one RSSI reading of a held connection; returns whether the connection is still held.
    private func readRSSI(_ address: String, _ peripheral: Peripheral) async -> Bool {
        guard let connection = held[address] else { return false }
        guard peripheral.isConnected else { return true }
        if !connection.rssiFromAdvertisements {
            do {
                let rssi = try await peripheral.readRSSI()
                recordReading(address, rssi: rssi, source: "connection", throttled: false)
                return held[address] != nil
            } catch {
                guard error.code == .unsupported else { return held[address] != nil }
                // Some controllers (Bumble's virtual ones) cannot read a connection's RSSI:
                // follow the device's advertisements instead, as `ble rssi` does.
                held[address]?.rssiFromAdvertisements = true
            }
        }
        guard let record = records[address], let rssi = record.report?.rssi,
            record.lastSeen > (held[address]?.lastAdvertisementUsed ?? .distantPast)
        else { return held[address] != nil }
        held[address]?.lastAdvertisementUsed = record.lastSeen
        recordReading(address, rssi: rssi, source: "advertisement", throttled: false)
        return held[address] != nil
    }

    func notified(_ address: String, _ characteristic: Characteristic, _ value: [UInt8]) {
        let reading = ExplorerValue(value, uuid: characteristic.uuid, at: configuration.now())
        notes[address, default: Notes()].values[characteristic.valueHandle] = reading
        broadcast(ExplorerMessage(
            type: "value", address: address, handle: characteristic.valueHandle, uuid: characteristic.uuid.description, value: reading
        ))
    }

    func subscriptionEnded(_ address: String, _ handle: UInt16, _ error: any Error) {
        guard held[address] != nil else { return }
        notes[address]?.subscribed.remove(handle)
        notes[address]?.errors[handle] = "notifications ended: \(Self.failure(error).message)"
    }

    // MARK: Errors and messages

    func broadcast(_ message: ExplorerMessage) {
        for listener in listeners.values { listener.yield(message) }
    }

    static func notConnected(_ address: String) -> DashboardError {
        DashboardError(.conflict, "notConnected", "\(address) is not connected; connect to it first")
    }

    /// A failure of the radio or a device as the Explorer answers it (device-neutral words).
    static func failure(_ error: any Error) -> DashboardError {
        guard let error = error as? BLEError else { return DashboardError.from(error) }
        switch error.code {
        case .timedOut: return DashboardError(.gatewayTimeout, "timedOut", "the device did not answer in time: \(error.message); check it is in range and try again")
        case .notConnected, .disconnected: return DashboardError(.conflict, "notConnected", "the device is not connected: \(error.message)")
        case .attError: return DashboardError(.unprocessableContent, "refused", "the device refused: \(error.message)")
        case .unsupported: return DashboardError(.unprocessableContent, "unsupported", error.message)
        case .invalidArgument: return DashboardError(.badRequest, "invalidValue", error.message)
        case .busy: return DashboardError(.conflict, "busy", "\(error.message)")
        case .radioUnavailable: return DashboardError(.serviceUnavailable, "radioUnavailable", error.message)
        case .cancelled: return DashboardError(.serviceUnavailable, "cancelled", error.message)
        default: return DashboardError(.badGateway, "unreachable", "the device cannot be reached: \(error.message)")
        }
    }
}
