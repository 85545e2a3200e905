import BLECore
import BLEGATT
import Synchronization

/// A value notified or indicated by one of a service's characteristics.
public struct ServiceNotification: Sendable {
    /// The characteristic that sent it.
    public let characteristic: Characteristic
    /// The value.
    public let value: [UInt8]
}

/// A GATT service of a connected ``Peripheral``: its characteristics and included services.
public final class Service: Sendable, Hashable, CustomStringConvertible {
    /// The service type.
    public let uuid: BluetoothUUID
    /// Whether it is a primary service (included services are secondary or primary elsewhere).
    public let isPrimary: Bool
    /// The peripheral it belongs to.
    public weak let peripheral: Peripheral?
    private let mutable: Mutex<MutableState>

    struct MutableState {
        var service: GATTService
        var characteristics: [Characteristic] = []
        var included: [Service] = []
    }

    init(_ service: GATTService, peripheral: Peripheral) {
        uuid = service.uuid
        isPrimary = service.isPrimary
        self.peripheral = peripheral
        mutable = Mutex(MutableState(service: service))
    }

    /// The SIG name of the service type (`Battery`), or nil for vendor services.
    public var name: String? { AssignedNumbers.name(for: uuid) }
    /// The handle of the service declaration.
    public var startHandle: UInt16 { mutable.withLock { $0.service.startHandle } }
    /// The last handle of the service.
    public var endHandle: UInt16 { mutable.withLock { $0.service.endHandle } }
    /// The service as discovered (handles, UUID), for the GATT layer.
    public var gattService: GATTService { mutable.withLock { $0.service } }

    /// The characteristics discovered so far, in handle order.
    public var characteristics: [Characteristic] { mutable.withLock { $0.characteristics } }
    /// The included services discovered so far.
    public var includedServices: [Service] { mutable.withLock { $0.included } }

    /// The discovered characteristic with `uuid`, if any.
    public func characteristic(_ uuid: BluetoothUUID) -> Characteristic? {
        characteristics.first { $0.uuid == uuid }
    }

    /// Discovers characteristics: all (nil), or those with the given UUIDs. Known ones keep their
    /// objects.
    @discardableResult
    public func discoverCharacteristics(_ uuids: [BluetoothUUID]? = nil) async throws(BLEError) -> [Characteristic] {
        let connection = try requireConnection()
        let found = try await connection.discoverCharacteristics(of: gattService, uuids)
        return adopt(found)
    }

    /// Discovers the services this one includes (Find Included Services).
    @discardableResult
    public func discoverIncludedServices() async throws(BLEError) -> [Service] {
        let connection = try requireConnection()
        guard let peripheral else { throw BLEError(.notConnected, "the peripheral is gone") }
        let found = try await connection.discoverIncludedServices(of: gattService)
        let services = found.map { included in
            Service(
                GATTService(uuid: included.uuid, isPrimary: false, startHandle: included.startHandle, endHandle: included.endHandle),
                peripheral: peripheral
            )
        }
        mutable.withLock { $0.included = services }
        return services
    }

    /// The notifications and indications of every characteristic of the service that has them
    /// (discovering characteristics first if none are known), as one stream. Ending the
    /// iteration unsubscribes from all of them.
    public func notifications() async throws(BLEError) -> AsyncThrowingStream<ServiceNotification, any Error> {
        if characteristics.isEmpty { try await discoverCharacteristics() }
        let sources = characteristics.filter { !$0.properties.isDisjoint(with: [.notify, .indicate]) }
        guard !sources.isEmpty else {
            throw BLEError(.unsupported, "no characteristic of service \(uuid) notifies or indicates")
        }
        var streams: [(Characteristic, AsyncThrowingStream<[UInt8], any Error>)] = []
        for characteristic in sources {
            streams.append((characteristic, try await characteristic.subscribe()))
        }
        let (stream, continuation) = AsyncThrowingStream<ServiceNotification, any Error>.makeStream()
        let pump = Task {
            await withTaskGroup(of: Void.self) { group in
                for (characteristic, values) in streams {
                    group.addTask {
                        do {
                            for try await value in values {
                                continuation.yield(ServiceNotification(characteristic: characteristic, value: value))
                            }
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    // MARK: Internals

    func requireConnection() throws(BLEError) -> any BLEBackendConnection {
        guard let peripheral else { throw BLEError(.notConnected, "the peripheral of service \(uuid) is gone") }
        return try peripheral.requireConnection()
    }

    /// Merges discovered characteristics into the known objects.
    private func adopt(_ found: [GATTCharacteristic]) -> [Characteristic] {
        mutable.withLock { state in
            AttributeKey.merge(
                found, into: &state.characteristics,
                key: { AttributeKey(handle: $0.valueHandle, uuid: $0.uuid) },
                of: { AttributeKey(handle: $0.valueHandle, uuid: $0.uuid) },
                make: { Characteristic($0, service: self) }
            )
        }
    }

    /// After a reconnection: takes the service's new handles and finds its characteristics
    /// again (matching by UUID, in order).
    func refresh(_ service: GATTService, on connection: any BLEBackendConnection) async {
        mutable.withLock { $0.service = service }
        let known = characteristics
        guard !known.isEmpty, let found = try? await connection.discoverCharacteristics(of: service, nil) else { return }
        var remaining = found
        for characteristic in known {
            guard let index = remaining.firstIndex(where: { $0.uuid == characteristic.uuid }) else { continue }
            let match = remaining.remove(at: index)
            await characteristic.refresh(match, on: connection)
        }
    }

    public static func == (lhs: Service, rhs: Service) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `Battery (180F)`, or the UUID alone for vendor services.
    public var description: String {
        name.map { "\($0) (\(uuid))" } ?? "\(uuid)"
    }
}
