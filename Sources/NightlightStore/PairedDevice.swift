import Foundation
import GRDB

/// A nightlight the app has paired with, and what it last learned about it.
public struct PairedDevice: Codable, Sendable, Hashable, Identifiable {
    /// The device's Bluetooth address as the app writes it, e.g. `C0:12:34:56:16:F3`; unique,
    /// compared case-insensitively.
    public var address: String
    /// The GAP Device Name, e.g. `SN-16F3`.
    public var deviceName: String
    /// The child's name stored on the device.
    public var childName: String
    /// When the device was first paired.
    public var pairedAt: Date
    /// When the app last saw the device (connected, scanned, or paired).
    public var lastSeen: Date
    /// The last known battery level in percent (0…100), if known.
    public var batteryLevel: Int?
    /// Whether the device was charging when last seen, if known.
    public var isCharging: Bool?
    /// The last known active mode (the SN's 0…5 priority value), if known.
    public var activeMode: Int?
    /// The firmware version last read from the device, e.g. `1.2.0`, if known.
    public var firmwareVersion: String?

    /// The device's identity: its address.
    public var id: String { address }

    /// Creates a record.
    public init(
        address: String,
        deviceName: String,
        childName: String,
        pairedAt: Date,
        lastSeen: Date,
        batteryLevel: Int? = nil,
        isCharging: Bool? = nil,
        activeMode: Int? = nil,
        firmwareVersion: String? = nil
    ) {
        self.address = address
        self.deviceName = deviceName
        self.childName = childName
        self.pairedAt = pairedAt
        self.lastSeen = lastSeen
        self.batteryLevel = batteryLevel
        self.isCharging = isCharging
        self.activeMode = activeMode
        self.firmwareVersion = firmwareVersion
    }
}

extension PairedDevice: FetchableRecord, PersistableRecord {
    /// The table of paired devices.
    public static let databaseTableName = "pairedDevice"

    /// Dates are written as the store's own date text (`StoredDate`) (GRDB's own formatting would load ICU).
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { StoredDate($0) }
    }

    /// Decodes a row of `pairedDevice`.
    ///
    /// - Throws: ``StoreError/Code/notADatabase`` when a date column holds no date; GRDB's
    ///   decoding error when another column holds a value of the wrong type.
    public init(row: Row) throws {
        self.init(
            address: try row.decode(forColumn: "address"),
            deviceName: try row.decode(forColumn: "deviceName"),
            childName: try row.decode(forColumn: "childName"),
            pairedAt: try row.storedDate("pairedAt", of: Self.databaseTableName),
            lastSeen: try row.storedDate("lastSeen", of: Self.databaseTableName),
            batteryLevel: try row.decode(forColumn: "batteryLevel"),
            isCharging: try row.decode(forColumn: "isCharging"),
            activeMode: try row.decode(forColumn: "activeMode"),
            firmwareVersion: try row.decode(forColumn: "firmwareVersion")
        )
    }
}

/// What an app learned about a paired device; nil fields keep their stored value.
public struct DeviceUpdate: Sendable, Hashable {
    /// The GAP Device Name.
    public var deviceName: String?
    /// The child's name.
    public var childName: String?
    /// The battery level in percent (0…100).
    public var batteryLevel: Int?
    /// Whether the device is charging.
    public var isCharging: Bool?
    /// The active mode (0…255; the SN uses 0…5).
    public var activeMode: Int?
    /// The running firmware version.
    public var firmwareVersion: String?

    /// Creates an update; leave a field nil to keep its stored value.
    public init(
        deviceName: String? = nil,
        childName: String? = nil,
        batteryLevel: Int? = nil,
        isCharging: Bool? = nil,
        activeMode: Int? = nil,
        firmwareVersion: String? = nil
    ) {
        self.deviceName = deviceName
        self.childName = childName
        self.batteryLevel = batteryLevel
        self.isCharging = isCharging
        self.activeMode = activeMode
        self.firmwareVersion = firmwareVersion
    }

    /// Applies the non-nil fields to `device`, validating each.
    func apply(to device: inout PairedDevice) throws {
        if let deviceName { device.deviceName = try NightlightStore.validName(deviceName, "the device name") }
        if let childName { device.childName = try NightlightStore.validName(childName, "the child name") }
        if let batteryLevel {
            guard (0...100).contains(batteryLevel) else {
                throw StoreError.outOfRange("the battery level", batteryLevel, 0...100)
            }
            device.batteryLevel = batteryLevel
        }
        if let isCharging { device.isCharging = isCharging }
        if let activeMode {
            guard (0...255).contains(activeMode) else {
                throw StoreError.outOfRange("the active mode", activeMode, 0...255)
            }
            device.activeMode = activeMode
        }
        if let firmwareVersion { device.firmwareVersion = firmwareVersion }
    }
}

extension NightlightStore {
    /// Pairs a device: adds it, or, when its address is already paired, updates its names (and
    /// firmware version) and keeps its pairing date. Either way it is marked seen now.
    ///
    /// - Returns: the stored record.
    @discardableResult
    public func pair(
        address: String,
        deviceName: String,
        childName: String,
        firmwareVersion: String? = nil
    ) async throws -> PairedDevice {
        let address = try Self.validName(address, "the device address")
        let update = DeviceUpdate(deviceName: deviceName, childName: childName, firmwareVersion: firmwareVersion)
        return try await write("pairing \(address)") { db in
            let now = self.now()
            var device =
                try PairedDevice.fetchOne(db, key: address)
                ?? PairedDevice(address: address, deviceName: "", childName: "", pairedAt: now, lastSeen: now)
            try update.apply(to: &device)
            device.lastSeen = now
            try device.save(db)
            return try Self.fetchDevice(db, address: address)
        }
    }

    /// Records what the app learned about a paired device and marks it seen now.
    ///
    /// - Throws: ``StoreError/Code/deviceNotFound`` when `address` is not paired;
    ///   ``StoreError/Code/invalidValue`` for an empty name or an out-of-range value.
    @discardableResult
    public func updateDevice(_ address: String, _ update: DeviceUpdate) async throws -> PairedDevice {
        try await modifyDevice(address, action: "updating") { device, now in
            try update.apply(to: &device)
            device.lastSeen = now
        }
    }

    /// Renames the child of a paired device (its last-seen date is kept).
    @discardableResult
    public func renameChild(of address: String, to childName: String) async throws -> PairedDevice {
        try await modifyDevice(address, action: "renaming the child of") { device, _ in
            try DeviceUpdate(childName: childName).apply(to: &device)
        }
    }

    /// Forgets a paired device and its history.
    ///
    /// When the device was the selected one (``SettingKey/selectedDevice``), that setting is
    /// removed too.
    ///
    /// - Returns: the removed record.
    @discardableResult
    public func unpair(_ address: String) async throws -> PairedDevice {
        try await write("unpairing \(address)") { db in
            let device = try Self.fetchDevice(db, address: address)
            try device.delete(db)
            if let selected = try Self.settingValue(db, .selectedDevice),
                selected.caseInsensitiveCompare(device.address) == .orderedSame
            {
                try Self.deleteSetting(db, .selectedDevice)
            }
            return device
        }
    }

    /// Every paired device, by child name, then device name, then address.
    ///
    /// The list is kept in memory and read again only after the database changed (a write of
    /// this store, or a commit of another process on the same file, such as a `nightlight`
    /// command): an unchanged list costs no read.
    public func devices() async throws -> [PairedDevice] {
        let action = "listing paired devices"
        try checkOpen(action)
        // The revision is taken before the read: a change during the read makes the list kept
        // look old at the next call (read again), never a stale list look current.
        guard let revision = changes.revision() else {
            return try await read(action) { db in try Self.fetchDevices(db) }
        }
        if let kept = deviceList.withLock({ $0 }), kept.revision == revision {
            return kept.devices
        }
        let devices = try await read(action) { db in try Self.fetchDevices(db) }
        deviceList.withLock { $0 = (revision, devices) }
        return devices
    }

    /// The paired device with this address (compared case-insensitively), or nil.
    ///
    /// Found in the list ``devices()`` keeps (what every live socket asks as it opens), so an
    /// unchanged database costs no read.
    public func device(address: String) async throws -> PairedDevice? {
        try await devices().first { Self.sameAddress($0.address, address) }
    }

    /// Whether two addresses are equal as the `address` column compares them (SQLite's `NOCASE`:
    /// ASCII letters without case, every other character as it is).
    static func sameAddress(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8) { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }

    /// Finds the paired device a person means by `target`: its address, child name or device
    /// name, compared case-insensitively (an address match wins).
    ///
    /// - Throws: ``StoreError/Code/deviceNotFound`` when nothing matches and
    ///   ``StoreError/Code/ambiguousDevice`` when several devices do; both messages list the
    ///   candidates.
    public func findDevice(_ target: String) async throws -> PairedDevice {
        let target = target.trimmingCharacters(in: .whitespacesAndNewlines)
        let devices = try await devices()
        if let match = devices.first(where: { Self.sameName($0.address, target) }) {
            return match
        }
        let matches = devices.filter { Self.sameName($0.childName, target) || Self.sameName($0.deviceName, target) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let known = devices.isEmpty ? "no nightlight is paired yet" : "paired: " + Self.describe(devices)
            throw StoreError(
                .deviceNotFound,
                "no paired nightlight has the address, child name or device name \"\(target)\" (\(known)); "
                    + "pair it first"
            )
        }
        throw StoreError(
            .ambiguousDevice,
            "\"\(target)\" matches \(matches.count) paired nightlights (\(Self.describe(matches))); "
                + "use the address instead"
        )
    }

    /// A live view of ``devices()``: yields the list now and after every change to it.
    public func deviceUpdates() -> AsyncValueObservation<[PairedDevice]> {
        ValueObservation.tracking { db in try Self.fetchDevices(db) }.removeDuplicates().values(in: writer)
    }

    // MARK: - Helpers

    /// Fetches, changes and saves one paired device in one transaction.
    private func modifyDevice(
        _ address: String,
        action: String,
        _ change: @escaping @Sendable (inout PairedDevice, Date) throws -> Void
    ) async throws -> PairedDevice {
        try await write("\(action) \(address)") { db in
            var device = try Self.fetchDevice(db, address: address)
            try change(&device, self.now())
            try device.update(db)
            return device
        }
    }

    static func fetchDevices(_ db: Database) throws -> [PairedDevice] {
        try PairedDevice.fetchAll(db).sorted {
            ($0.childName.lowercased(), $0.deviceName.lowercased(), $0.address.lowercased())
                < ($1.childName.lowercased(), $1.deviceName.lowercased(), $1.address.lowercased())
        }
    }

    /// The paired device with `address`, or a ``StoreError/Code/deviceNotFound`` error.
    static func fetchDevice(_ db: Database, address: String) throws -> PairedDevice {
        guard let device = try PairedDevice.fetchOne(db, key: address) else {
            throw StoreError(.deviceNotFound, "no nightlight with the address \(address) is paired; pair it first")
        }
        return device
    }

    /// `Emma (SN-16F3, C0:12:34:56:16:F3), …`
    private static func describe(_ devices: [PairedDevice]) -> String {
        devices.map { "\($0.childName) (\($0.deviceName), \($0.address))" }.joined(separator: ", ")
    }

    /// Whether two names are equal ignoring case (Unicode-aware, unlike SQLite's `NOCASE`).
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }

    /// `name` without surrounding white space, or an error when nothing is left or it holds a
    /// control character (SQLite would keep a NUL, and a C string would end there).
    static func validName(_ name: String, _ what: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError.empty(what) }
        if let control = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw StoreError(.invalidValue, "\(what) contains the control character U+\(String(format: "%04X", control.value)); use letters, digits, spaces and punctuation")
        }
        return trimmed
    }
}
