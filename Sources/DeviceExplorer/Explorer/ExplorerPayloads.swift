import BLE
import BLECore
import DashboardShell
import Foundation

// The JSON of the Explorer routes (docs/dashboard-api.md, "Explorer"). The scanner's rules
// (shared/seeds/003) come from BLECore: `SignalStrength` (gauge, bars, quality, distance),
// `SignalHistory` (20 readings, 2 dB noise filter), `ValueFormats` (hex, UTF-8, numbers by
// length, byte bars), `AssignedNumbers` (service, characteristic and company names).

/// The radio and the scan: `{"state": "poweredOn", "label": "Powered On", "scanning": true}`.
struct ExplorerRadio: Codable, Sendable, Hashable {
    /// `poweredOn`, `poweredOff`, `unauthorized`, `unsupported`, `resetting` or `unknown`.
    var state: String
    /// `Powered On`, `Powered Off`, `Unauthorized`, `Unsupported`, `Resetting`, `Unknown`.
    var label: String
    /// Whether the Explorer is scanning now.
    var scanning: Bool
    /// Why the radio cannot be used, when it cannot.
    var message: String?

    init(_ state: RadioState, scanning: Bool, message: String? = nil) {
        self.state = state.rawValue
        label = switch state {
        case .poweredOn: "Powered On"
        case .poweredOff: "Powered Off"
        case .unauthorized: "Unauthorized"
        case .unsupported: "Unsupported"
        case .resetting: "Resetting"
        case .unknown: "Unknown"
        }
        self.scanning = scanning
        self.message = message
    }
}

/// A signal strength as the scanner shows it: `{"rssi": -52, "percent": 68.6, "bars": 4,
/// "quality": "Good", "distance": "Close", "color": "green"}`.
struct ExplorerSignal: Codable, Sendable, Hashable {
    /// dBm.
    var rssi: Int
    /// `(rssi + 100) / 70`, clamped to 0…100, one decimal.
    var percent: Double
    /// Lit bars out of 5.
    var bars: Int
    /// `Excellent` (> 80 %), `Good` (> 60 %), `Fair` (> 40 %), `Poor` (> 20 %), `Very Poor`.
    var quality: String
    /// `Very Close` (≥ -50 dBm), `Close` (≥ -65), `Medium` (≥ -80), `Far` (≥ -90), `Very Far`.
    var distance: String
    /// The history chart's color: `green` (≥ -60 dBm), `yellow` (≥ -75), `red`.
    var color: String

    init(rssi: Int) {
        let strength = SignalStrength(rssi: rssi)
        self.rssi = rssi
        percent = (strength.percent * 10).rounded() / 10
        bars = strength.bars
        quality = strength.quality.label
        distance = strength.proximity.label
        color = strength.historyBand.colorName
    }
}

/// One RSSI reading of a device: the raw value (the chart), and the value after the 2 dB noise
/// filter (the gauge).
struct ExplorerReading: Codable, Sendable, Hashable {
    /// The reading, dBm.
    var rssi: Int
    /// The value to display after the noise filter.
    var displayed: ExplorerSignal
    /// `connection` (HCI Read RSSI) or `advertisement`.
    var source: String
    /// When it was taken.
    var at: Date
}

/// The names the scanner shows (shared/seeds/003): the Bluetooth SIG's assigned numbers, with
/// the seed's short forms where it gives them (`HID (Human Interface Device)`; `Apple` for
/// `Apple, Inc.`).
///
/// Two of the seed's names contradict the SIG's assignments and are not used: it calls FE59
/// "Apple Notification Center" (the SIG assigns FE59 to Nordic Semiconductor ASA; Apple's ANCS
/// is a 128-bit UUID) and gives Bosch as 0x01D7 (that is Squadrone Systems Inc.; Robert Bosch
/// GmbH is 0x02A6, which gets the short name).
enum ExplorerNames {
    /// The seed's short forms of service names.
    static let services: [UInt16: String] = [
        0x1812: "HID (Human Interface Device)",
    ]

    /// The seed's known manufacturers ("Data Tab"), by their short names.
    static let companies: [UInt16: String] = [
        0x004C: "Apple", 0x0006: "Microsoft", 0x0075: "Samsung", 0x038F: "Xiaomi", 0x02A6: "Bosch",
    ]

    /// The scanner's name of a service (or any UUID): the seed's short form, else the SIG's.
    static func name(for uuid: BluetoothUUID) -> String? {
        if let short = uuid.uuid16, let name = services[short] { return name }
        return AssignedNumbers.name(for: uuid)
    }

    /// The scanner's name of a company: the seed's short form, else the SIG's.
    static func company(_ id: UInt16) -> String? {
        companies[id] ?? AssignedNumbers.companyName(for: id)
    }
}

/// A UUID with its name: `{"uuid": "180F", "name": "Battery Service"}` (``ExplorerNames``).
struct ExplorerUUID: Codable, Sendable, Hashable {
    var uuid: String
    var name: String?

    init(_ uuid: BluetoothUUID) {
        self.uuid = uuid.description
        name = ExplorerNames.name(for: uuid)
    }
}

/// Manufacturer Specific Data: the company (from the first two bytes, little-endian) and the
/// whole payload.
struct ExplorerManufacturerData: Codable, Sendable, Hashable {
    /// The company identifier.
    var companyID: Int
    /// `0x004C`.
    var companyIDHex: String
    /// The company's name as the scanner shows it (`Apple`, `Xiaomi`; ``ExplorerNames``), if known.
    var company: String?
    /// The company name, or `ID: 0x1234` for an unknown identifier.
    var companyLabel: String
    /// The payload with the company identifier, lowercase hex: `ffff4e4c01…`.
    var hex: String
    /// The same as `FF FF 4E 4C 01 …`.
    var hexDump: String
    /// The payload's bytes (for the byte chart).
    var bytes: [UInt8]

    init(_ data: ManufacturerData) {
        companyID = Int(data.companyID)
        companyIDHex = hexNumber(data.companyID, digits: 4)
        company = ExplorerNames.company(data.companyID)
        companyLabel = company ?? "ID: " + companyIDHex
        let formats = ValueFormats(data.bytes)
        hex = formats.hex
        hexDump = formats.hexDump
        bytes = data.bytes
    }
}

/// Service Data (Core Specification Supplement, Part A, 1.11): the service and the bytes after
/// its UUID, `{"uuid": "FE95", "name": "Xiaomi Inc.", "hex": "3020…", "hexDump": "30 20 …"}`.
struct ExplorerServiceData: Codable, Sendable, Hashable {
    var uuid: String
    var name: String?
    var hex: String
    var hexDump: String

    init(_ data: ServiceData) {
        uuid = data.uuid.description
        name = ExplorerNames.name(for: data.uuid)
        let formats = ValueFormats(data.data)
        hex = formats.hex
        hexDump = formats.hexDump
    }
}

/// Advertising or scan response data as received, AD structure by AD structure (Core 5.4, Vol 3,
/// Part C, 11): the whole payload in hex, and each structure's type, name and data.
struct ExplorerRawAdvertisingData: Codable, Sendable, Hashable {
    /// One AD structure: `{"type": "0x09", "name": "Complete Local Name", "hexDump": "53 4E 2D …"}`.
    struct Structure: Codable, Sendable, Hashable {
        var type: String
        var name: String?
        var hexDump: String
    }

    /// The payload as on the air (length, type and data of each structure): `02 01 06 …`.
    var hexDump: String
    /// Its length in bytes.
    var byteCount: Int
    var structures: [Structure]

    init(_ data: AdvertisingData) {
        var bytes: [UInt8] = []
        for structure in data.structures {
            bytes.append(UInt8(truncatingIfNeeded: structure.data.count + 1))
            bytes.append(structure.type.rawValue)
            bytes.append(contentsOf: structure.data)
        }
        hexDump = ValueFormats(bytes).hexDump
        byteCount = bytes.count
        structures = data.structures.map { structure in
            Structure(type: hexNumber(structure.type.rawValue, digits: 2), name: structure.type.name, hexDump: ValueFormats(structure.data).hexDump)
        }
    }
}

/// `0x004C`: a number in uppercase hex with at least `digits` digits.
func hexNumber(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// A device heard by the Explorer, as its list shows it.
struct ExplorerDevice: Codable, Sendable, Hashable {
    /// `00:1B:DC:DE:00:01`.
    var address: String
    /// The advertised name (else the Device Name read over a connection); nil: `[No Name]`.
    var name: String?
    /// The RSSI after the 2 dB noise filter, dBm.
    var rssi: Int?
    /// The gauge, bars, quality and distance of ``rssi``.
    var signal: ExplorerSignal?
    /// The advertised TX power, dBm.
    var txPower: Int?
    /// Whether it advertises that it accepts connections.
    var connectable: Bool
    /// The service UUIDs it advertises.
    var services: [ExplorerUUID]
    /// Its manufacturer data.
    var manufacturerData: [ExplorerManufacturerData]
    /// Its service data.
    var serviceData: [ExplorerServiceData]
    /// The last advertisement as received, structure by structure.
    var advertisingData: ExplorerRawAdvertisingData?
    /// The last scan response as received, when the device was actively scanned and answered.
    var scanResponseData: ExplorerRawAdvertisingData?
    /// When it was first heard in this scan session.
    var firstSeen: Date
    /// When it was last heard (advertisement or RSSI reading).
    var lastSeen: Date
    /// `connected`, `connecting`, `reconnecting`, `disconnecting` or `disconnected`.
    var connection: String
}

/// A device with its signal history and, when connected, its GATT database.
struct ExplorerDeviceDetail: Codable, Sendable {
    var device: ExplorerDevice
    /// The last readings (at most 20), oldest first.
    var history: [ExplorerReading]
    /// The services, when connected (and discovered).
    var services: [ExplorerService]?
    /// Whether the scan is running.
    var scanning: Bool
}

/// A discovered service.
struct ExplorerService: Codable, Sendable, Hashable {
    var uuid: String
    /// The scanner's name (``ExplorerNames``): `Battery Service`, `HID (Human Interface Device)`.
    var name: String?
    /// `generic` (0x1800, 0x1801), `battery` (0x180F), `deviceInformation` (0x180A), `vendor`
    /// (a UUID that starts with FE), `other`.
    var category: String
    var isPrimary: Bool
    var startHandle: UInt16
    var endHandle: UInt16
    var characteristics: [ExplorerCharacteristic]

    /// The scanner's service category (shared/seeds/003, "Services Tab").
    static func category(of uuid: BluetoothUUID) -> String {
        switch uuid.uuid16 {
        case 0x1800, 0x1801: return "generic"
        case 0x180F: return "battery"
        case 0x180A: return "deviceInformation"
        default: return uuid.description.uppercased().hasPrefix("FE") ? "vendor" : "other"
        }
    }
}

/// A discovered characteristic, with its last value.
struct ExplorerCharacteristic: Codable, Sendable, Hashable {
    var uuid: String
    /// The SIG name, if assigned.
    var name: String?
    /// Its Characteristic User Description (0x2901), if it has one.
    var userDescription: String?
    /// The value handle: the `{handle}` of the read and write routes.
    var handle: UInt16
    var declarationHandle: UInt16
    /// `read`, `write`, `writeWithoutResponse`, `notify`, `indicate`,
    /// `authenticatedSignedWrites`, `broadcast`, `extendedProperties`.
    var properties: [String]
    /// Whether the Explorer is subscribed to its notifications or indications.
    var subscribed: Bool
    /// The last value read, written or notified.
    var value: ExplorerValue?
    /// Why the last read or subscription failed, if it did.
    var error: String?
    var descriptors: [ExplorerDescriptor]

    /// The property names of a characteristic.
    static func propertyNames(_ characteristic: Characteristic) -> [String] {
        let properties = characteristic.properties
        let names: [(Bool, String)] = [
            (properties.contains(.read), "read"), (properties.contains(.write), "write"),
            (properties.contains(.writeWithoutResponse), "writeWithoutResponse"), (properties.contains(.notify), "notify"),
            (properties.contains(.indicate), "indicate"), (properties.contains(.authenticatedSignedWrites), "authenticatedSignedWrites"),
            (properties.contains(.broadcast), "broadcast"), (properties.contains(.extendedProperties), "extendedProperties"),
        ]
        return names.filter(\.0).map(\.1)
    }
}

/// A discovered descriptor.
struct ExplorerDescriptor: Codable, Sendable, Hashable {
    var uuid: String
    var name: String?
    var handle: UInt16
}

/// A value in every format the scanner shows (`ValueFormats`).
struct ExplorerValue: Codable, Sendable, Hashable {
    /// Lowercase hex, `0a1b`.
    var hex: String
    /// `0A 1B`.
    var hexDump: String
    var byteCount: Int
    /// The text, when the bytes are valid printable UTF-8.
    var utf8: String?
    /// For a 1-byte value.
    var uint8: UInt8?
    /// For a 2-byte value, little-endian.
    var uint16: UInt16?
    /// For a 4-byte value, little-endian.
    var uint32: UInt32?
    /// For a 4-byte value: the IEEE 754 float, as Swift prints it (`3.1415925`, `nan`).
    var float32: String?
    /// The Data tab's one-line interpretation: `87`, `4660`, `"v1.0"`, `1078530010 / 3.1415925`, `01 02 03`.
    var summary: String
    /// Which rendering `summary` is: `empty`, `uint8`, `uint16`, `uint32AndFloat`, `text`, `hex`.
    var rendering: String
    /// The SIG meaning, for the characteristics BLECore decodes (`72 bpm, …`).
    var meaning: String?
    /// One bar per byte for values of up to 8 bytes: height in percent and color (`blue` < 30 %,
    /// `green` < 60 %, `yellow` < 80 %, `red`).
    var bars: [ExplorerByteBar]
    /// When it was read, written or notified.
    var at: Date

    init(_ bytes: [UInt8], uuid: BluetoothUUID?, at date: Date) {
        let formats = ValueFormats(bytes)
        hex = formats.hex
        hexDump = formats.hexDump
        byteCount = bytes.count
        utf8 = formats.utf8
        uint8 = formats.uint8
        uint16 = formats.uint16
        uint32 = formats.uint32
        float32 = formats.float32.map { "\($0)" }
        summary = formats.summary
        rendering = switch formats.preferredRendering {
        case .empty: "empty"
        case .uint8: "uint8"
        case .uint16: "uint16"
        case .uint32AndFloat: "uint32AndFloat"
        case .text: "text"
        case .hex: "hex"
        }
        meaning = uuid.flatMap { uuid in (try? SIGCharacteristicValue.decode(bytes, for: uuid))?.description }
        bars = formats.byteBars.map { ExplorerByteBar(byte: $0.byte, percent: ($0.percent * 10).rounded() / 10, color: $0.band.colorName) }
        at = date
    }
}

/// One bar of a value's byte chart.
struct ExplorerByteBar: Codable, Sendable, Hashable {
    var byte: UInt8
    var percent: Double
    var color: String
}

/// A read or written value of one characteristic.
struct ExplorerValueReport: Codable, Sendable, Hashable {
    var address: String
    var handle: UInt16
    var uuid: String
    var name: String?
    var value: ExplorerValue
    /// For a write: whether it was a Write Request (true) or a Write Command.
    var withResponse: Bool?
}

/// One message of `/api/explorer/live`.
struct ExplorerMessage: Codable, Sendable {
    /// `radio`, `devices` (the whole list), `update` (the devices that changed), `connection`,
    /// `rssi`, `value` or `error`.
    var type: String
    var radio: ExplorerRadio?
    var devices: [ExplorerDevice]?
    var address: String?
    var connection: String?
    var reading: ExplorerReading?
    var handle: UInt16?
    var uuid: String?
    var value: ExplorerValue?
    var message: String?
}

/// `PUT …/characteristics/{handle}/subscription`'s answer: whether the Explorer now follows the
/// characteristic's notifications or indications.
struct ExplorerSubscription: Codable, Sendable, Hashable {
    var address: String
    var handle: UInt16
    var uuid: String
    var subscribed: Bool
}

// MARK: Requests

/// `PUT /api/explorer/scan`.
struct ExplorerScanRequest: Decodable { var on: Bool }
/// `PUT …/characteristics/{handle}/value`.
struct ExplorerWriteRequest: Decodable { var hex: String; var withResponse: Bool? }
/// `PUT …/characteristics/{handle}/subscription`.
struct ExplorerSubscriptionRequest: Decodable { var on: Bool }

/// `GET /api/explorer/devices`.
struct ExplorerList: Codable, Sendable {
    var radio: ExplorerRadio
    var devices: [ExplorerDevice]
}

/// `GET /api/explorer/devices/{address}/gatt`.
struct ExplorerGATT: Codable, Sendable {
    var address: String
    var services: [ExplorerService]
}
