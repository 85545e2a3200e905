import BLECore
import BLEGATT
import Synchronization

/// How ``Characteristic/write(_:type:)`` writes.
public enum WriteType: String, Sendable, Hashable, CaseIterable {
    /// By the characteristic's properties and the value's length: with response when it allows
    /// that (a long write when the value does not fit one PDU, a reliable write when its
    /// extended properties enable reliable writes), else without response.
    case automatic
    /// Write Request (a long write when the value does not fit one PDU): the peer confirms.
    case withResponse
    /// Write Command: no confirmation; at most ATT_MTU − 3 bytes; paced so the controller's
    /// buffers never overflow.
    case withoutResponse
    /// Reliable write: prepared, echo-checked, then executed; nothing is applied on a mismatch.
    case reliable
}

/// A characteristic of a ``Service``: read, write, subscribe, and its descriptors.
public final class Characteristic: Sendable, Hashable, CustomStringConvertible {
    /// The characteristic type.
    public let uuid: BluetoothUUID
    /// Its properties (read, write, notify, …) from its declaration.
    public let properties: GATTCharacteristicProperties
    /// The service it belongs to.
    public weak let service: Service?
    private let mutable: Mutex<MutableState>

    struct MutableState {
        var characteristic: GATTCharacteristic
        var descriptors: [Descriptor] = []
        var value: [UInt8]?
        var reliableWriteEnabled: Bool?
    }

    init(_ characteristic: GATTCharacteristic, service: Service) {
        uuid = characteristic.uuid
        properties = characteristic.properties
        self.service = service
        mutable = Mutex(MutableState(characteristic: characteristic))
    }

    /// The SIG name of the characteristic type (`Battery Level`), or nil for vendor ones.
    public var name: String? { AssignedNumbers.name(for: uuid) }
    /// The peripheral it belongs to.
    public var peripheral: Peripheral? { service?.peripheral }
    /// The handle of the characteristic declaration.
    public var declarationHandle: UInt16 { mutable.withLock { $0.characteristic.declarationHandle } }
    /// The handle of the value.
    public var valueHandle: UInt16 { mutable.withLock { $0.characteristic.valueHandle } }
    /// The characteristic as discovered, for the GATT layer.
    public var gattCharacteristic: GATTCharacteristic {
        mutable.withLock { state in
            var characteristic = state.characteristic
            characteristic.descriptors = state.descriptors.map(\.gattDescriptor)
            return characteristic
        }
    }
    /// The last value read, written or notified, if any.
    public var value: [UInt8]? { mutable.withLock { $0.value } }
    /// The descriptors discovered so far.
    public var descriptors: [Descriptor] { mutable.withLock { $0.descriptors } }

    /// The discovered descriptor with `uuid`, if any.
    public func descriptor(_ uuid: BluetoothUUID) -> Descriptor? {
        descriptors.first { $0.uuid == uuid }
    }

    /// Reads the value (the whole value, with Read Blob Requests when it is long).
    public func read() async throws(BLEError) -> [UInt8] {
        let value = try await requireConnection().read(handle: valueHandle)
        mutable.withLock { $0.value = value }
        return value
    }

    /// Writes `value`; see ``WriteType`` for how. Throws ``BLEError/Code/unsupported`` when
    /// `type` is ``WriteType/automatic`` and the properties allow no write, and
    /// ``BLEError/Code/invalidArgument`` for a value that cannot be sent that way (longer than
    /// 512 bytes; longer than ATT_MTU − 3 without response).
    public func write(_ value: [UInt8], type: WriteType = .automatic) async throws(BLEError) {
        let connection = try requireConnection()
        let handle = valueHandle
        switch type == .automatic ? try await resolve(type, length: value.count, on: connection) : type {
        case .withoutResponse:
            try await connection.writeWithoutResponse(handle: handle, value: value)
        case .reliable:
            try await connection.reliableWrite([(handle: handle, value: value)])
        case .withResponse, .automatic:
            try await connection.write(handle: handle, value: value)
        }
        mutable.withLock { $0.value = value }
    }

    /// Subscribes to the characteristic's notifications (or indications when `indicate` is true,
    /// or when they are all it offers) and returns the values as they arrive. Ending the
    /// iteration, or cancelling its task, unsubscribes.
    ///
    /// The stream ends with ``BLEError/Code/disconnected`` when the link is lost, unless the
    /// peripheral has a ``ReconnectPolicy``: then it waits for the reconnection, subscribes
    /// again and goes on (ending only when reconnection gives up).
    public func subscribe(indicate: Bool? = nil) async throws(BLEError) -> AsyncThrowingStream<[UInt8], any Error> {
        let connection = try requireConnection()
        let first = try await connection.subscribe(to: try await withCCCD(on: connection), indicate: indicate)
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let pump = Task { [weak self] in
            var values = first
            while true {
                do {
                    for try await value in values {
                        self?.mutable.withLock { $0.value = value }
                        continuation.yield(value)
                    }
                    continuation.finish()
                    return
                } catch {
                    if Task.isCancelled { return continuation.finish() }
                    guard let self, let peripheral = self.peripheral, peripheral.reconnectPolicy != nil else {
                        return continuation.finish(throwing: self?.peripheral?.lastDisconnection ?? BLEError(error))
                    }
                    do {
                        let connection = try await peripheral.waitUntilConnected()
                        values = try await connection.subscribe(to: try await self.withCCCD(on: connection), indicate: indicate)
                    } catch {
                        return continuation.finish(throwing: error)
                    }
                }
            }
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    /// Discovers the characteristic's descriptors. Known ones keep their objects.
    @discardableResult
    public func discoverDescriptors() async throws(BLEError) -> [Descriptor] {
        let connection = try requireConnection()
        let found = try await connection.discoverDescriptors(of: mutable.withLock { $0.characteristic })
        return adopt(found)
    }

    // MARK: Internals

    func requireConnection() throws(BLEError) -> any BLEBackendConnection {
        guard let service else { throw BLEError(.notConnected, "the service of characteristic \(uuid) is gone") }
        return try service.requireConnection()
    }

    /// The write to perform for `type`.
    private func resolve(_ type: WriteType, length: Int, on connection: any BLEBackendConnection) async throws(BLEError) -> WriteType {
        guard type == .automatic else { return type }
        if properties.contains(.write) {
            guard length > (await connection.mtu) - 3, properties.contains(.extendedProperties) else { return .withResponse }
            return try await reliableWriteEnabled(on: connection) ? .reliable : .withResponse
        }
        if properties.contains(.writeWithoutResponse) { return .withoutResponse }
        throw BLEError(.unsupported, "characteristic \(self) cannot be written (properties: \(properties))")
    }

    /// Whether the Characteristic Extended Properties descriptor (0x2900) enables reliable
    /// writes (bit 0); read once.
    private func reliableWriteEnabled(on connection: any BLEBackendConnection) async throws(BLEError) -> Bool {
        if let known = mutable.withLock({ $0.reliableWriteEnabled }) { return known }
        if descriptors.isEmpty { try await discoverDescriptors() }
        var enabled = false
        if let descriptor = descriptor(BluetoothUUID(0x2900)) {
            let value = try await connection.read(handle: descriptor.handle)
            enabled = (value.first ?? 0) & 0x01 != 0
        }
        mutable.withLock { $0.reliableWriteEnabled = enabled }
        return enabled
    }

    /// The GATT characteristic with its descriptors (the CCCD among them, discovered if needed).
    private func withCCCD(on connection: any BLEBackendConnection) async throws(BLEError) -> GATTCharacteristic {
        if descriptor(BluetoothUUID(0x2902)) == nil, properties.contains(.notify) || properties.contains(.indicate) {
            adopt(try await connection.discoverDescriptors(of: mutable.withLock { $0.characteristic }))
        }
        return gattCharacteristic
    }

    @discardableResult
    private func adopt(_ found: [GATTDescriptor]) -> [Descriptor] {
        mutable.withLock { state in
            AttributeKey.merge(
                found, into: &state.descriptors,
                key: { AttributeKey(handle: $0.handle, uuid: $0.uuid) },
                of: { AttributeKey(handle: $0.handle, uuid: $0.uuid) },
                make: { Descriptor($0, characteristic: self) }
            )
        }
    }

    /// After a reconnection: takes the new handles and finds the descriptors again.
    func refresh(_ characteristic: GATTCharacteristic, on connection: any BLEBackendConnection) async {
        let hadDescriptors = mutable.withLock { state in
            state.characteristic = characteristic
            let had = !state.descriptors.isEmpty
            state.descriptors = []
            return had
        }
        if hadDescriptors, let found = try? await connection.discoverDescriptors(of: characteristic) {
            adopt(found)
        }
    }

    public static func == (lhs: Characteristic, rhs: Characteristic) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `Battery Level (2A19)`, or the UUID alone for vendor characteristics.
    public var description: String {
        name.map { "\($0) (\(uuid))" } ?? "\(uuid)"
    }
}

/// A descriptor of a ``Characteristic``: read and write.
public final class Descriptor: Sendable, Hashable, CustomStringConvertible {
    /// The descriptor type (0x2902 Client Characteristic Configuration, …).
    public let uuid: BluetoothUUID
    /// Its handle.
    public let handle: UInt16
    /// The characteristic it belongs to.
    public weak let characteristic: Characteristic?

    init(_ descriptor: GATTDescriptor, characteristic: Characteristic) {
        uuid = descriptor.uuid
        handle = descriptor.handle
        self.characteristic = characteristic
    }

    /// The SIG name of the descriptor type, if any.
    public var name: String? { AssignedNumbers.name(for: uuid) }
    /// The descriptor as discovered, for the GATT layer.
    public var gattDescriptor: GATTDescriptor { GATTDescriptor(uuid: uuid, handle: handle) }

    /// Reads the descriptor's value (long values whole).
    public func read() async throws(BLEError) -> [UInt8] {
        try await requireConnection().read(handle: handle)
    }

    /// Writes the descriptor's value with a Write Request (a long write when needed).
    public func write(_ value: [UInt8]) async throws(BLEError) {
        try await requireConnection().write(handle: handle, value: value)
    }

    private func requireConnection() throws(BLEError) -> any BLEBackendConnection {
        guard let characteristic else { throw BLEError(.notConnected, "the characteristic of descriptor \(uuid) is gone") }
        return try characteristic.requireConnection()
    }

    public static func == (lhs: Descriptor, rhs: Descriptor) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `Client Characteristic Configuration (2902)`.
    public var description: String {
        name.map { "\($0) (\(uuid))" } ?? "\(uuid)"
    }
}
