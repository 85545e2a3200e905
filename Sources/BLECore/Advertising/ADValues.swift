/// A list of advertised service UUIDs of one size, complete or not (AD types 0x02–0x07).
///
/// CSS Part A, 1.1: "complete" means the device has no other services of that UUID size; an
/// empty complete list says it has none.
public struct ServiceUUIDList: Hashable, Sendable {
    /// The UUIDs in the order advertised.
    public var uuids: [BluetoothUUID]
    /// The UUID size this list is written in (2, 4 or 16 bytes each).
    public var size: BluetoothUUID.Size
    /// Whether the list is complete for its size.
    public var isComplete: Bool

    /// Creates a list of one size.
    public init(uuids: [BluetoothUUID], size: BluetoothUUID.Size, isComplete: Bool) {
        self.uuids = uuids
        self.size = size
        self.isComplete = isComplete
    }

    /// Groups UUIDs by their shortest size into one list per size (16, 32, then 128 bits).
    public static func grouping(_ uuids: [BluetoothUUID], isComplete: Bool) -> [ServiceUUIDList] {
        [BluetoothUUID.Size.bits16, .bits32, .bits128].compactMap { size in
            let matching = uuids.filter { $0.size == size }
            return matching.isEmpty ? nil : ServiceUUIDList(uuids: matching, size: size, isComplete: isComplete)
        }
    }

    /// The AD type of this list.
    public var adType: ADType {
        switch (size, isComplete) {
        case (.bits16, false): return .incompleteServiceUUIDs16
        case (.bits16, true): return .completeServiceUUIDs16
        case (.bits32, false): return .incompleteServiceUUIDs32
        case (.bits32, true): return .completeServiceUUIDs32
        case (.bits128, false): return .incompleteServiceUUIDs128
        case (.bits128, true): return .completeServiceUUIDs128
        }
    }
}

/// The device's local name, complete or shortened (AD types 0x08 and 0x09).
///
/// CSS Part A, 1.2: a shortened name is a prefix of the complete name (the GAP Device Name).
public struct LocalName: Hashable, Sendable, CustomStringConvertible {
    /// The name text (invalid UTF-8 on the wire is shown with replacement characters).
    public var name: String
    /// Whether this is the Complete Local Name rather than the Shortened Local Name.
    public var isComplete: Bool

    /// Creates a local name.
    public init(_ name: String, isComplete: Bool = true) {
        self.name = name
        self.isComplete = isComplete
    }

    /// The name as written.
    public var description: String { name }
}

/// Manufacturer Specific Data (AD type 0xFF): a company identifier and vendor bytes.
///
/// CSS Part A, 1.4: the first 2 bytes are the company identifier from Assigned Numbers,
/// little-endian; the rest is defined by that company.
public struct ManufacturerData: Hashable, Sendable, CustomStringConvertible {
    /// The Bluetooth SIG company identifier, e.g. 0x004C for Apple.
    public var companyID: UInt16
    /// The vendor-defined bytes after the company identifier.
    public var data: [UInt8]

    /// Creates manufacturer data.
    public init(companyID: UInt16, data: [UInt8]) {
        self.companyID = companyID
        self.data = data
    }

    /// The whole AD payload as a scanner shows it: company identifier (little-endian) then the data.
    public var bytes: [UInt8] {
        [UInt8(truncatingIfNeeded: companyID), UInt8(truncatingIfNeeded: companyID >> 8)] + data
    }

    /// The company's assigned name, e.g. `Apple, Inc.`, or `ID: 0x1234` when the identifier is not
    /// assigned (scanner specification, shared/seeds/003, "Data tab").
    public var companyLabel: String {
        AssignedNumbers.companyName(for: companyID) ?? "ID: " + companyIDHex
    }

    private var companyIDHex: String {
        let id = String(companyID, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - id.count) + id
    }

    /// `ID: 0x004C, data: 0215…`.
    public var description: String {
        "ID: " + companyIDHex + ", data: " + data.hexString
    }
}

/// Service Data (AD types 0x16, 0x20, 0x21): a service UUID and the data for that service.
///
/// CSS Part A, 1.11.
public struct ServiceData: Hashable, Sendable {
    /// The service UUID.
    public var uuid: BluetoothUUID
    /// The size the UUID is written in on the wire.
    public var size: BluetoothUUID.Size
    /// The service-defined bytes after the UUID.
    public var data: [UInt8]

    /// Creates service data; the UUID is written in its shortest size unless `size` says otherwise.
    public init(uuid: BluetoothUUID, data: [UInt8], size: BluetoothUUID.Size? = nil) {
        self.uuid = uuid
        self.data = data
        self.size = size ?? uuid.size
    }

    /// The AD type for this UUID size.
    public var adType: ADType {
        switch size {
        case .bits16: return .serviceData16
        case .bits32: return .serviceData32
        case .bits128: return .serviceData128
        }
    }
}

/// A list of service solicitation UUIDs of one size (AD types 0x14, 0x1F, 0x15).
///
/// CSS Part A, 1.10: a peripheral invites a central that offers one of these services to connect.
public struct SolicitedServiceUUIDs: Hashable, Sendable {
    /// The solicited UUIDs.
    public var uuids: [BluetoothUUID]
    /// The UUID size the list is written in.
    public var size: BluetoothUUID.Size

    /// Creates a solicitation list of one size.
    public init(uuids: [BluetoothUUID], size: BluetoothUUID.Size) {
        self.uuids = uuids
        self.size = size
    }

    /// The AD type for this UUID size.
    public var adType: ADType {
        switch size {
        case .bits16: return .serviceSolicitationUUIDs16
        case .bits32: return .serviceSolicitationUUIDs32
        case .bits128: return .serviceSolicitationUUIDs128
        }
    }
}

/// The Peripheral Connection Interval Range (AD type 0x12), in units of 1.25 ms.
///
/// CSS Part A, 1.9: two little-endian `UInt16`s; 0xFFFF means "no specific value".
public struct ConnectionIntervalRange: Hashable, Sendable, CustomStringConvertible {
    /// The value meaning "no specific minimum or maximum".
    public static let noSpecificValue: UInt16 = 0xFFFF

    /// The minimum interval in units of 1.25 ms (0xFFFF: no specific minimum).
    public var minimum: UInt16
    /// The maximum interval in units of 1.25 ms (0xFFFF: no specific maximum).
    public var maximum: UInt16

    /// Creates a range in units of 1.25 ms.
    public init(minimum: UInt16, maximum: UInt16) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The minimum in milliseconds, or `nil` for no specific value.
    public var minimumMilliseconds: Double? {
        minimum == Self.noSpecificValue ? nil : Double(minimum) * 1.25
    }

    /// The maximum in milliseconds, or `nil` for no specific value.
    public var maximumMilliseconds: Double? {
        maximum == Self.noSpecificValue ? nil : Double(maximum) * 1.25
    }

    /// `7.5 ms – 30 ms`, with `any` for an unspecified bound.
    public var description: String {
        let low = minimumMilliseconds.map { "\($0) ms" } ?? "any"
        let high = maximumMilliseconds.map { "\($0) ms" } ?? "any"
        return "\(low) – \(high)"
    }
}

/// An advertising interval in units of 0.625 ms (AD types 0x1A and 0x2F).
///
/// CSS Part A, 1.15: 2 bytes for Advertising Interval, 3 or 4 bytes for Advertising Interval - long.
public struct AdvertisingInterval: Hashable, Sendable, CustomStringConvertible {
    /// The interval in units of 0.625 ms.
    public var units: UInt32

    /// Creates an interval in units of 0.625 ms.
    public init(units: UInt32) { self.units = units }

    /// The interval in milliseconds.
    public var milliseconds: Double { Double(units) * 0.625 }

    /// `100.0 ms`.
    public var description: String { "\(milliseconds) ms" }
}
