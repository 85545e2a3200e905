import BLECore
import BLEGATT
import BLEHCI
import BLEHost
import Logging

/// The ``BLEBackend`` of our own host stack: a `BLEHost` in the central role on any transport.
public actor HostBackend: BLEBackend {
    /// The host underneath (for what the `BLE` API does not cover: connection parameters, PHY).
    public nonisolated let host: BLEHost
    private var state: RadioState = .unknown
    private var observers: [UInt64: AsyncStream<RadioState>.Continuation] = [:]
    private var nextObserver: UInt64 = 0
    private var watcher: Task<Void, Never>?
    /// The scan running now (its number, and the task that forwards its reports), if any.
    private var currentScan: (id: UInt64, pump: Task<Void, Never>)?
    private var nextScan: UInt64 = 0

    /// Whether a GATT request answered Insufficient Authentication or Insufficient Encryption
    /// secures the link (encrypts with the bond, or pairs) and is sent once more, as
    /// CoreBluetooth does.
    public nonisolated let securesOnDemand: Bool

    /// Wraps a host that is not started yet; ``start()`` starts it.
    ///
    /// - Parameter securesOnDemand: secure the link and retry once when a server asks for
    ///   authentication or encryption (on by default).
    public init(host: BLEHost, securesOnDemand: Bool = true) {
        self.host = host
        self.securesOnDemand = securesOnDemand
    }

    /// Starts the host (reset and initialise the controller) and follows its state.
    public func start() async throws(BLEError) {
        if watcher == nil {
            let updates = host.stateUpdates
            watcher = Task { [weak self] in
                for await update in updates {
                    await self?.hostStateChanged(update)
                }
            }
        }
        do {
            _ = try await host.start()
            setState(.poweredOn)
        } catch {
            hostStateChanged(.failed(error))
            throw BLEError(host: error)
        }
    }

    public var radioState: RadioState { state }

    public func radioStates() -> AsyncStream<RadioState> {
        let (stream, continuation) = AsyncStream<RadioState>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.yield(state)
        nextObserver += 1
        let id = nextObserver
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    public func scan(active: Bool, filterDuplicates: Bool) async throws(BLEError) -> AsyncThrowingStream<BLEAdvertisementReport, any Error> {
        let discoveries: AsyncThrowingStream<HostDiscovery, any Error>
        do {
            discoveries = try await host.scan(ScanParameters(isActive: active, filterDuplicates: filterDuplicates))
        } catch {
            throw BLEError(host: error)
        }
        let (stream, continuation) = AsyncThrowingStream<BLEAdvertisementReport, any Error>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let pump = Task {
            do {
                for try await discovery in discoveries {
                    continuation.yield(BLEAdvertisementReport(
                        address: discovery.address, rssi: discovery.rssi, txPower: discovery.txPower,
                        isConnectable: discovery.isConnectable, advertisement: discovery.advertisement
                    ))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: BLEError(error))
            }
        }
        nextScan += 1
        let id = nextScan
        currentScan = (id, pump)
        continuation.onTermination = { [weak self] _ in
            pump.cancel()
            Task { await self?.endScan(id) }
        }
        return stream
    }

    public func stopScan() async {
        guard let scan = currentScan else { return }
        await endScan(scan.id)
    }

    /// Ends scan `id` if it is still the current one (a late end of an earlier scan leaves the
    /// next one running).
    private func endScan(_ id: UInt64) async {
        guard let scan = currentScan, scan.id == id else { return }
        currentScan = nil
        scan.pump.cancel()
        do {
            try await host.stopScan()
        } catch {
            // The host failed meanwhile: its state says so, and nothing scans any more.
        }
    }

    public func connect(to address: DeviceAddress, timeout: Duration) async throws(BLEError) -> any BLEBackendConnection {
        do {
            let connection = try await host.connect(to: address, timeout: timeout)
            return HostBackendConnection(connection: connection, securesOnDemand: securesOnDemand)
        } catch {
            throw BLEError(host: error)
        }
    }

    public func close() async {
        await host.shutDown()
        watcher?.cancel()
        watcher = nil
        setState(.poweredOff)
        for continuation in observers.values { continuation.finish() }
        observers = [:]
    }

    // MARK: Security

    public func bonds() async throws(BLEError) -> [SecurityBond] {
        do {
            return try await host.bonds()
        } catch {
            throw BLEError(host: error)
        }
    }

    public func removeBond(for address: DeviceAddress) async throws(BLEError) -> Bool {
        do {
            return try await host.removeBond(for: address)
        } catch {
            throw BLEError(host: error)
        }
    }

    public func setPairingAgent(_ agent: any PairingAgent) async {
        await host.setPairingAgent(agent)
    }

    // MARK: State

    private func hostStateChanged(_ update: BLEHost.State) {
        switch update {
        case .idle: setState(.unknown)
        case .starting: setState(.resetting)
        case .ready: setState(.poweredOn)
        case .failed(let error): setState(Self.radioState(after: error))
        }
    }

    /// What a host failure means for the radio.
    static func radioState(after error: HostError) -> RadioState {
        switch error.code {
        case .commandFailed where error.status == .unknownHCICommand: .unsupported
        default: .poweredOff
        }
    }

    private func setState(_ new: RadioState) {
        guard new != state else { return }
        state = new
        for continuation in observers.values { continuation.yield(new) }
    }

    private func removeObserver(_ id: UInt64) {
        observers[id] = nil
    }
}

/// A connection of our host, as a ``BLEBackendConnection``.
struct HostBackendConnection: BLEBackendConnection {
    let connection: HostConnection
    let securesOnDemand: Bool
    var client: GATTClient { connection.gattClient }

    var security: LinkSecurity { connection.security }

    func pair() async throws(BLEError) -> PairingResult {
        do {
            return try await connection.pair().map(PairingResult.paired) ?? .encryptedWithBond
        } catch {
            throw BLEError(host: error)
        }
    }

    func encrypt() async throws(BLEError) -> LinkSecurity {
        do {
            return try await connection.encrypt()
        } catch {
            throw BLEError(host: error)
        }
    }

    var address: DeviceAddress { connection.address }
    var isConnected: Bool { connection.isConnected }
    var disconnection: BLEError? { connection.state.disconnection.map { BLEError(host: $0) } }

    func waitUntilDisconnected() async -> BLEError {
        BLEError(host: await connection.waitUntilDisconnected())
    }

    func disconnect() async throws(BLEError) {
        do {
            try await connection.disconnect()
        } catch {
            // Already gone: the goal is reached.
            if error.code == .notConnected || error.code == .disconnected { return }
            throw BLEError(host: error)
        }
    }

    func waitUntilTransmitted() async {
        await connection.waitUntilTransmitted()
    }

    func readRSSI() async throws(BLEError) -> Int {
        let rssi: Int?
        do {
            rssi = try await connection.readRSSI()
        } catch {
            if error.code == .commandFailed, error.status == .unknownHCICommand {
                throw BLEError(.unsupported, "the controller cannot read the RSSI of a connection (it does not support HCI_Read_RSSI)", hciStatus: error.status)
            }
            throw BLEError(host: error)
        }
        guard let rssi else { throw BLEError(.unsupported, "the controller does not know the RSSI of this connection") }
        return rssi
    }

    var mtu: Int {
        get async { Int(await client.mtu) }
    }

    func exchangeMTU() async throws(BLEError) -> Int {
        try await gatt { () async throws(GATTError) in Int(try await client.exchangeMTU()) }
    }

    func discoverPrimaryServices(_ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTService] {
        guard let uuids else {
            return try await gatt { () async throws(GATTError) in try await client.discoverPrimaryServices() }
        }
        var services: [GATTService] = []
        for uuid in uuids {
            services += try await gatt { () async throws(GATTError) in try await client.discoverPrimaryServices(uuid: uuid) }
        }
        return services.sorted { $0.startHandle < $1.startHandle }
    }

    func discoverIncludedServices(of service: GATTService) async throws(BLEError) -> [GATTIncludedService] {
        try await gatt { () async throws(GATTError) in try await client.findIncludedServices(of: service) }
    }

    func discoverCharacteristics(of service: GATTService, _ uuids: [BluetoothUUID]?) async throws(BLEError) -> [GATTCharacteristic] {
        let all = try await gatt { () async throws(GATTError) in try await client.discoverCharacteristics(of: service) }
        guard let uuids else { return all }
        return all.filter { uuids.contains($0.uuid) }
    }

    func discoverDescriptors(of characteristic: GATTCharacteristic) async throws(BLEError) -> [GATTDescriptor] {
        try await gatt { () async throws(GATTError) in try await client.discoverDescriptors(of: characteristic) }
    }

    func read(handle: UInt16) async throws(BLEError) -> [UInt8] {
        try await gatt { () async throws(GATTError) in try await client.readLong(handle: handle) }
    }

    func write(handle: UInt16, value: [UInt8]) async throws(BLEError) {
        try await gatt { () async throws(GATTError) in try await client.write(handle: handle, value: value) }
    }

    func reliableWrite(_ writes: [(handle: UInt16, value: [UInt8])]) async throws(BLEError) {
        try await gatt { () async throws(GATTError) in try await client.reliableWrite(writes) }
    }

    func writeWithoutResponse(handle: UInt16, value: [UInt8]) async throws(BLEError) {
        // A Write Command has no answer, so no server can ask for security through it: straight
        // to the client, without ``gatt(_:)``'s retry (one async frame fewer per write).
        do {
            try await client.writeWithoutResponse(handle: handle, value: value)
        } catch {
            throw translate(error)
        }
    }

    func subscribe(to characteristic: GATTCharacteristic, indicate: Bool?) async throws(BLEError) -> AsyncThrowingStream<[UInt8], any Error> {
        let values = try await gatt { () async throws(GATTError) in try await client.subscribe(to: characteristic, indicate: indicate) }
        // Every iterator of `values` takes from the subscription's one queue; the subscription
        // ends when this stream (which holds `values`) goes.
        return AsyncThrowingStream {
            var iterator = values.makeAsyncIterator()
            return try await iterator.next()
        }
    }

    /// Runs a GATT procedure; a failure becomes a ``BLEError``, a closed bearer the reason the
    /// connection ended. A server asking for authentication or encryption gets it (the link is
    /// encrypted with the bond, or paired) and the procedure runs once more, when
    /// ``securesOnDemand``.
    private func gatt<T>(_ body: () async throws(GATTError) -> T) async throws(BLEError) -> T {
        do {
            return try await body()
        } catch {
            guard securesOnDemand, Self.asksForSecurity(error) else { throw translate(error) }
            // Encrypted meanwhile (another request secured the link while this one was asked
            // for it): just once more. Otherwise secure it (requests at the same time share one
            // securing), then once more.
            let encryptedSince = connection.security.isEncrypted && error.attErrorCode == .insufficientEncryption
            if !encryptedSince {
                do {
                    try await connection.secure()
                } catch let securing {
                    throw BLEError(host: securing).adding(context: "\(error.procedure.map { "\($0)" } ?? "the request") needs a secure link")
                }
            }
            do {
                return try await body()
            } catch {
                throw translate(error)
            }
        }
    }

    /// Whether a server's answer asks the client to pair or encrypt (Core 5.4, Vol 3, Part C, 10.3.2).
    static func asksForSecurity(_ error: GATTError) -> Bool {
        error.code == .attError && (error.attErrorCode == .insufficientAuthentication || error.attErrorCode == .insufficientEncryption)
    }

    private func translate(_ error: GATTError) -> BLEError {
        if error.code == .bearerClosed, let ended = connection.state.disconnection {
            return BLEError(.disconnected, "\(error.procedure.map { "\($0): " } ?? "")\(ended.message)", hciStatus: ended.status)
        }
        return BLEError(gatt: error)
    }
}
