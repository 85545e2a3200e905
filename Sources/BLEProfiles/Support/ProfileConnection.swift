import BLE
import BLECore
import BLEGATT
import Synchronization

/// What every profile client does with its peripheral: discovers the profile's services, finds
/// their characteristics by UUID, reads, writes and subscribes, and turns each failure into a
/// ``ProfileError`` that names the operation and the device and says what to do.
final class ProfileConnection: Sendable {
    /// The device.
    let peripheral: Peripheral
    /// What the device should be, for messages: `a LightBlue Bean`.
    let kind: String
    /// The meaning of an ATT error as the device uses it.
    private let explain: @Sendable (ATTErrorCode) -> String
    private let characteristics = Mutex<[BluetoothUUID: Characteristic]>([:])

    /// The connection of a client of `kind` to `peripheral`.
    init(_ peripheral: Peripheral, kind: String, explain: @escaping @Sendable (ATTErrorCode) -> String = { $0.description }) {
        self.peripheral = peripheral
        self.kind = kind
        self.explain = explain
    }

    // MARK: Discovery

    /// Discovers `services` and every characteristic in them; throws
    /// ``ProfileError/Code/wrongDevice`` when `required` (called `name`) is not among them.
    func discover(_ services: [BluetoothUUID], requiring required: BluetoothUUID, _ name: String) async throws(ProfileError) {
        var found: [BluetoothUUID: Characteristic] = [:]
        do {
            let discovered = try await peripheral.discoverServices(services)
            guard discovered.contains(where: { $0.uuid == required }) else {
                throw ProfileError(.wrongDevice, "\(peripheral) is not \(kind): it has no \(name) (\(required))")
            }
            for service in discovered {
                for characteristic in try await service.discoverCharacteristics() {
                    found[characteristic.uuid] = characteristic
                }
            }
        } catch {
            throw self.error(error, "discovering the services")
        }
        characteristics.withLock { $0 = found }
    }

    /// The discovered characteristic with `uuid`, called `name` in errors.
    func characteristic(_ uuid: BluetoothUUID, _ name: String) throws(ProfileError) -> Characteristic {
        let (found, discovered) = characteristics.withLock { ($0[uuid], !$0.isEmpty) }
        if let found { return found }
        guard discovered else {
            throw ProfileError(.disconnected, "\(name): \(peripheral) is not connected and discovered; connect first")
        }
        throw ProfileError(.wrongDevice, "\(peripheral) has no characteristic \(uuid) (\(name)); is it \(kind)?")
    }

    /// Whether discovery found a characteristic with `uuid`.
    func has(_ uuid: BluetoothUUID) -> Bool {
        characteristics.withLock { $0[uuid] != nil }
    }

    // MARK: Values

    /// Reads the characteristic with `uuid` (called `name`).
    func read(_ uuid: BluetoothUUID, _ name: String) async throws(ProfileError) -> [UInt8] {
        let target = try characteristic(uuid, name)
        do {
            return try await target.read()
        } catch {
            throw bluetooth(error, "reading \(name)")
        }
    }

    /// Writes `value` to the characteristic with `uuid` (called `name`), as `what` (by default
    /// `writing <name>`) in errors.
    func write(_ value: [UInt8], to uuid: BluetoothUUID, _ name: String, type: WriteType = .withResponse, what: String? = nil) async throws(ProfileError) {
        let target = try characteristic(uuid, name)
        do {
            try await target.write(value, type: type)
        } catch {
            throw bluetooth(error, what ?? "writing \(name)")
        }
    }

    /// Subscribes to the characteristic with `uuid` (called `name`).
    func subscribe(_ uuid: BluetoothUUID, _ name: String) async throws(ProfileError) -> AsyncThrowingStream<[UInt8], any Error> {
        let target = try characteristic(uuid, name)
        do {
            return try await target.subscribe()
        } catch {
            throw bluetooth(error, "subscribing to \(name)")
        }
    }

    /// Subscribes to the characteristic with `uuid` (called `name`), keeping its values until
    /// asked for (``next(_:within:clock:_:)``).
    func inbox(_ uuid: BluetoothUUID, _ name: String) async throws(ProfileError) -> NotifiedValueInbox {
        NotifiedValueInbox(try await subscribe(uuid, name))
    }

    /// The next value of `inbox`, waiting at most `limit` on `clock` for it while doing `what`;
    /// throws `timedOut` when none came in time (by default ``ProfileError/Code/timedOut``).
    func next(
        _ inbox: NotifiedValueInbox, within limit: Duration, clock: some Clock<Duration>, _ what: String, timedOut: ProfileError? = nil
    ) async throws(ProfileError) -> [UInt8] {
        do {
            return try await inbox.next(within: limit, clock: clock)
        } catch is NotifiedValueInbox.Timeout {
            throw timedOut ?? ProfileError(.timedOut, "\(what): \(peripheral) did not answer within \(limit)")
        } catch {
            throw self.error(error, what)
        }
    }

    // MARK: Notification streams

    /// `values` as a stream of `transform`'s results, after `first`: what the client returns
    /// for a subscription. Ending the iteration stops forwarding.
    func stream<T: Sendable>(
        _ values: AsyncThrowingStream<[UInt8], any Error>, _ what: String, first: [T] = [],
        _ transform: @escaping @Sendable ([UInt8]) throws -> T
    ) -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        for value in first { continuation.yield(value) }
        let pump = Task { await self.forward(values, to: continuation, what, transform) }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    /// Forwards `values`, each through `transform`, to `continuation` until they end, then ends
    /// it: with `ending` when given (notifications that stop mean a lost link), or with the
    /// ``ProfileError`` of doing `what` when they fail.
    func forward<T: Sendable>(
        _ values: AsyncThrowingStream<[UInt8], any Error>, to continuation: AsyncThrowingStream<T, any Error>.Continuation,
        _ what: String, endingWith ending: ProfileError? = nil, _ transform: ([UInt8]) throws -> T
    ) async {
        do {
            for try await bytes in values { continuation.yield(try transform(bytes)) }
            continuation.finish(throwing: ending)
        } catch {
            continuation.finish(throwing: self.error(error, what))
        }
    }

    // MARK: Errors

    /// Any error of the layers below while doing `what`, as a ``ProfileError`` (one already is
    /// kept as it is).
    func error(_ error: any Error, _ what: String) -> ProfileError {
        if let error = error as? ProfileError { return error }
        return bluetooth(BLEError(error), what)
    }

    /// A Bluetooth failure while doing `what`: a lost link and a refusal keep codes of their own.
    func bluetooth(_ error: BLEError, _ what: String) -> ProfileError {
        .bluetooth(error, what, device: "\(peripheral)", explain: explain)
    }
}
