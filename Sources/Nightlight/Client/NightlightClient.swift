import BLE
import BLECore
import Foundation
import Synchronization

/// Who a SN is: what an app shows and stores when pairing.
public struct SNIdentity: Sendable, Hashable, Codable {
    /// The SN's static random address.
    public var address: String
    /// Its GAP Device Name (`SN-16F3` from the factory).
    public var deviceName: String
    /// The child's name; empty at the factory.
    public var childName: String
    /// Model Number (`SN-1`).
    public var model: String
    /// Serial Number.
    public var serialNumber: String
    /// Firmware Revision: the semantic version of the running image.
    public var firmwareVersion: String

    /// Creates an identity.
    public init(address: String, deviceName: String, childName: String, model: String, serialNumber: String, firmwareVersion: String) {
        self.address = address
        self.deviceName = deviceName
        self.childName = childName
        self.model = model
        self.serialNumber = serialNumber
        self.firmwareVersion = firmwareVersion
    }

    /// Whether the child name still has its factory (empty) value: the app must ask for one.
    public var needsChildName: Bool { childName.isEmpty }
}

/// A typed client for one Smart Nightlight, on a ``Peripheral`` of the `BLE` API: every
/// characteristic of shared/SN-PROFILE.md as its Swift value, and the app's procedures (pairing,
/// clock sync per §8, firmware update per §7).
///
/// ```swift
/// let client = NightlightClient(peripheral)
/// try await client.connect()
/// let identity = try await client.pair(childName: "Mia")
/// let schedule = try await client.read(.weekSchedule)
/// ```
public final class NightlightClient: Sendable {
    /// The SN.
    public let peripheral: Peripheral
    private let characteristics = Mutex<[BluetoothUUID: Characteristic]>([:])

    /// A client for `peripheral` (connected or not).
    public init(_ peripheral: Peripheral) {
        self.peripheral = peripheral
    }

    // MARK: Recognising a SN

    /// Whether an advertisement is a SN's: the LED Service UUID in its service list (§1).
    public static func isNightlight(_ advertisement: AdvertisementView) -> Bool {
        advertisement.serviceUUIDs.contains(SNUUID.ledService)
    }

    /// The battery, status flags and mode a SN advertises (§1), if the advertisement has them.
    public static func advertisedStatus(_ advertisement: AdvertisementView) -> SNAdvertisement? {
        advertisement.manufacturerData
            .first { $0.companyID == SNAdvertisement.companyID }
            .flatMap { try? SNAdvertisement(bytes: $0.data) }
    }

    // MARK: Connection

    /// Connects (if needed) and discovers the SN's services; throws
    /// ``NightlightError/Code/notANightlight`` when the device lacks them.
    public func connect(timeout: Duration = .seconds(10)) async throws(NightlightError) {
        do {
            try await peripheral.connect(timeout: timeout, watchdog: timeout + .seconds(10))
        } catch {
            throw .bluetooth(error, "connecting to \(peripheral)")
        }
        try await discover()
    }

    /// Whether ``discover()`` has found the SN's characteristics (since this client was made).
    public var isDiscovered: Bool {
        characteristics.withLock { !$0.isEmpty }
    }

    /// Discovers the SN services and their characteristics (again after a reconnection).
    public func discover() async throws(NightlightError) {
        let wanted = [
            SNUUID.genericAccess, SNUUID.deviceInformation, SNUUID.battery, SNUUID.currentTimeService, SNUUID.ledService,
            SNUUID.childButtonService, SNUUID.scheduleService, SNUUID.firmwareUpdateService, SNUUID.bondManagement,
        ]
        var found: [BluetoothUUID: Characteristic] = [:]
        do {
            let services = try await peripheral.discoverServices(wanted)
            guard services.contains(where: { $0.uuid == SNUUID.ledService }) else {
                throw NightlightError(.notANightlight, "\(peripheral) is not a Smart Nightlight: it has no LED Service (\(SNUUID.ledService))")
            }
            for service in services {
                for characteristic in try await service.discoverCharacteristics() {
                    found[characteristic.uuid] = characteristic
                }
            }
        } catch let error as NightlightError {
            throw error
        } catch let error as BLEError {
            throw .bluetooth(error, "discovering \(peripheral)")
        } catch {
            throw NightlightError(.bluetooth, "discovering \(peripheral): \(error)")
        }
        characteristics.withLock { $0 = found }
    }

    /// The discovered characteristic with `uuid`.
    func characteristic(_ uuid: BluetoothUUID, _ name: String) throws(NightlightError) -> Characteristic {
        guard let characteristic = characteristics.withLock({ $0[uuid] }) else {
            if characteristics.withLock({ $0.isEmpty }) {
                throw NightlightError(.bluetooth, "\(name): \(peripheral) is not connected and discovered; connect first")
            }
            throw NightlightError(.notANightlight, "\(peripheral) has no \(name) characteristic (\(uuid)); is its firmware a Smart Nightlight's?")
        }
        return characteristic
    }

    // MARK: Typed values

    /// Reads a characteristic and decodes its value (long values whole).
    public func read<Value>(_ characteristic: SNCharacteristic<Value>) async throws(NightlightError) -> Value {
        let target = try self.characteristic(characteristic.uuid, characteristic.name)
        let bytes: [UInt8]
        do {
            bytes = try await target.read()
        } catch {
            throw .bluetooth(error, "reading \(characteristic.name)")
        }
        do {
            return try characteristic.decode(bytes)
        } catch {
            throw .invalid(error, "\(peripheral) sent an invalid \(characteristic.name)")
        }
    }

    /// Checks `value` against the profile, then writes it (with a long write when it does not
    /// fit one PDU; the SN validates and applies it whole).
    public func write<Value>(_ characteristic: SNCharacteristic<Value>, _ value: Value) async throws(NightlightError) {
        let bytes: [UInt8]
        do {
            bytes = try characteristic.encodeValidated(value)
        } catch {
            throw .invalid(error, "\(characteristic.name) not written")
        }
        let target = try self.characteristic(characteristic.uuid, characteristic.name)
        do {
            try await target.write(bytes, type: .withResponse)
        } catch {
            throw .bluetooth(error, "writing \(characteristic.name)")
        }
    }

    /// The characteristic's values as the SN notifies them (the current value first). Ending
    /// the iteration unsubscribes. A value that breaks the profile ends the stream with
    /// ``NightlightError/Code/invalidValue``.
    public func values<Value>(_ characteristic: SNCharacteristic<Value>) async throws(NightlightError) -> AsyncThrowingStream<Value, any Error> {
        let target = try self.characteristic(characteristic.uuid, characteristic.name)
        let updates: AsyncThrowingStream<[UInt8], any Error>
        let current: Value
        do {
            updates = try await target.subscribe()
        } catch {
            throw .bluetooth(error, "subscribing to \(characteristic.name)")
        }
        current = try await read(characteristic)
        let name = characteristic.name
        return AsyncThrowingStream { continuation in
            continuation.yield(current)
            let pump = Task {
                do {
                    for try await bytes in updates {
                        do throws(SNValueError) {
                            continuation.yield(try characteristic.decode(bytes))
                        } catch {
                            throw NightlightError.invalid(error, "an invalid \(name) notification")
                        }
                    }
                    continuation.finish()
                } catch let error as BLEError {
                    continuation.finish(throwing: NightlightError.bluetooth(error, name))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in pump.cancel() }
        }
    }

    // MARK: Identity and pairing

    /// The Device Name (2A00). BlueZ keeps the GAP service to itself (it reads the name and
    /// publishes it as the device's `Name`, which is what the backend then knows): without the
    /// characteristic, the name the backend knows, when it knows one.
    private func deviceName() async throws(NightlightError) -> String {
        if characteristics.withLock({ $0[SNUUID.deviceName] == nil && !$0.isEmpty }), let name = peripheral.name {
            return name
        }
        return try await read(.deviceName)
    }

    /// Reads who the SN is: names, model, serial, firmware version.
    public func identity() async throws(NightlightError) -> SNIdentity {
        SNIdentity(
            address: peripheral.identifier.description,
            deviceName: try await deviceName(),
            childName: try await read(.childName),
            model: try await read(.modelNumber),
            serialNumber: try await read(.serialNumber),
            firmwareVersion: try await read(.firmwareRevision)
        )
    }

    /// Pairing (§9.4, §8): connects if needed, pairs and bonds (LE Secure Connections, Just
    /// Works; or encrypts with our bond when the SN still has it, ``secure()``), reads the
    /// identity and, when the child name is still empty, writes `childName` — or throws
    /// ``NightlightError/Code/childNameRequired`` when none is given. A `childName` given for a
    /// SN that has one renames the child. Returns the identity as it is now, for the app to
    /// store.
    ///
    /// A SN whose pairing window is closed throws ``NightlightError/Code/pairingWindowClosed``:
    /// tell the user to hold its child button for 3 s and try again.
    public func pair(childName: String? = nil) async throws(NightlightError) -> SNIdentity {
        try await secure()
        var identity = try await identity()
        if let childName {
            let trimmed = childName.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                throw NightlightError(.childNameRequired, "the child name cannot be empty")
            }
            if trimmed != identity.childName {
                try await write(.childName, trimmed)
                identity.childName = trimmed
            }
        } else if identity.needsChildName {
            throw NightlightError(.childNameRequired, "\(identity.deviceName) has no child name yet; give one (up to \(SNCharacteristic<String>.maximumChildNameLength) bytes) to finish pairing")
        }
        return identity
    }

    // MARK: Clock (§8)

    /// Compares the SN's clock with `now` in `timeZone` and decides what §8 says to do.
    public func checkClock(now: Date = Date(), timeZone: any UTCOffsetRules = TimeZone.current, force: Bool = false) async throws(NightlightError) -> ClockSyncCheck {
        let device = try await read(.currentTime)
        return ClockPolicy.check(device: device, app: SNClockTime(date: now, timeZone: timeZone), force: force)
    }

    /// Synchronises the SN's clock per §8: in sync → nothing; up to 30 min → written (the
    /// decision says whether to tell the user); over 30 min → written only when `confirm`
    /// accepts; not set → written at once; `force` writes whatever the difference. The time
    /// zone is written too (Local Time Information). Returns the check that was made and
    /// whether the time was written.
    public func syncClock(
        now: @Sendable () -> Date = { Date() },
        timeZone: any UTCOffsetRules = TimeZone.current,
        force: Bool = false,
        confirm: @Sendable (ClockSyncCheck) async -> Bool = { _ in false }
    ) async throws(NightlightError) -> (check: ClockSyncCheck, written: Bool) {
        let check = try await checkClock(now: now(), timeZone: timeZone, force: force)
        let write: Bool
        switch check.decision {
        case .inSync: write = false
        case .askUser: write = await confirm(check)
        case .updateSilently, .updateAndNotify, .clockNotSet, .forcedUpdate: write = true
        }
        guard write else { return (check, false) }
        try await self.write(.localTimeInformation, SNLocalTimeInformation(timeZone: timeZone, at: now()))
        try await self.write(.currentTime, SNClockTime(date: now(), timeZone: timeZone))
        return (check, true)
    }
}
