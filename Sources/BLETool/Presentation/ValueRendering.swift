import BLECore
import BLEToolKit
import Foundation

/// A characteristic or descriptor value in every form `ble` shows it: hex, text, number and its
/// SIG meaning.
///
/// Rules (scanner specification, shared/seeds/003, "Services tab"):
/// - hex: every byte, uppercase, space-separated (`(empty)` for no bytes);
/// - string: when the bytes are printable UTF-8 (``BLECore/ValueFormats/utf8``), quoted and escaped;
/// - number: little-endian unsigned for values of 1, 2 or 4 bytes; a 4-byte value also as a
///   little-endian `Float32` when that is zero or between 10⁻⁶ and 10⁹ in magnitude (most
///   integers and flag fields read as floats are tiny noise such as `1.4e-45`, which is left out);
/// - meaning: the SIG decoding when ``BLECore/SIGCharacteristicValue/decode(_:for:)`` knows the
///   UUID (or "invalid" with the reason), and the state of a Client Characteristic Configuration
///   descriptor. A meaning that only repeats the string (the Device Information strings) is left
///   out of the line.
///
/// ```
/// hex: 57 | string: "W" | number: 87 | Battery Level: 87 %
/// ```
struct ValueRendering: Sendable, Hashable {
    /// What a known UUID says about a value.
    struct Meaning: Sendable, Hashable {
        /// What was decoded, e.g. `Battery Level`.
        var label: String
        /// The decoded value for people, e.g. `87 %`, or why it is invalid.
        var text: String
        /// Whether the bytes were valid for the UUID.
        var isValid: Bool
    }

    /// The raw value.
    let bytes: [UInt8]
    /// The characteristic or descriptor the value belongs to, if known.
    let uuid: BluetoothUUID?

    /// Renders a value, decoding it by `uuid` when the UUID is a known SIG characteristic.
    init(_ bytes: [UInt8], uuid: BluetoothUUID? = nil) {
        self.bytes = bytes
        self.uuid = uuid
    }

    private var formats: ValueFormats { ValueFormats(bytes) }

    /// Uppercase, space-separated hex, e.g. `0A 1B`, or `(empty)`.
    var hex: String { bytes.isEmpty ? "(empty)" : formats.hexDump }

    /// The text, when the bytes are printable UTF-8.
    var string: String? { formats.utf8 }

    /// The little-endian unsigned number, for values of 1, 2 or 4 bytes.
    var number: UInt32? {
        formats.uint8.map(UInt32.init) ?? formats.uint16.map(UInt32.init) ?? formats.uint32
    }

    /// The little-endian `Float32`, for 4-byte values that are zero or of a plausible magnitude
    /// (10⁻⁶ ≤ |x| < 10⁹).
    var float: Float? {
        formats.float32.flatMap { $0.isZero || (1e-6..<1e9).contains($0.magnitude) ? $0 : nil }
    }

    /// The SIG meaning, when the UUID is one ``BLECore/SIGCharacteristicValue`` decodes or the
    /// Client Characteristic Configuration descriptor (0x2902).
    var meaning: Meaning? {
        guard let uuid else { return nil }
        if uuid == Self.clientCharacteristicConfiguration { return cccdMeaning }
        do {
            guard let value = try SIGCharacteristicValue.decode(bytes, for: uuid) else { return nil }
            return Meaning(label: value.name, text: value.description, isValid: true)
        } catch {
            let prefix = "\(error.characteristic) (\(error.uuid)): "
            let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
            return Meaning(label: error.characteristic, text: "invalid (\(reason))", isValid: false)
        }
    }

    /// The Client Characteristic Configuration descriptor, 0x2902 (Core 5.4, Vol 3, Part G, 3.3.3.3).
    static let clientCharacteristicConfiguration = BluetoothUUID(0x2902)

    /// Bit 0 notifications, bit 1 indications, in a 2-byte little-endian value.
    private var cccdMeaning: Meaning? {
        guard let flags = formats.uint16 else { return nil }
        let label = AssignedNumbers.name(for: Self.clientCharacteristicConfiguration) ?? "Client Characteristic Configuration"
        let enabled = [(UInt16(0x0001), "notifications"), (UInt16(0x0002), "indications")].filter { flags & $0.0 != 0 }.map(\.1)
        return Meaning(label: label, text: enabled.isEmpty ? "off" : enabled.joined(separator: " and ") + " on", isValid: true)
    }

    /// The parts of the one-line form, e.g. `["hex: 57", "string: \"W\"", "number: 87", "Battery Level: 87 %"]`.
    var parts: [String] {
        var parts = ["hex: " + hex]
        if let string { parts.append("string: " + TextLayout.quoted(string)) }
        if let number { parts.append("number: \(number)") }
        if let float { parts.append("float: \(float)") }
        if let meaning, meaning.text != string {
            parts.append(TextLayout.sanitized(meaning.label) + ": " + TextLayout.singleLine(meaning.text))
        }
        return parts
    }

    /// Every form on one line, separated by ` | `.
    var line: String { parts.joined(separator: " | ") }

    /// `ble read`: the characteristic, then every form, e.g.
    /// `Battery Level (2A19): hex: 57 | string: "W" | number: 87 | Battery Level: 87 %`.
    var readLine: String {
        guard let uuid else { return line }
        return uuid.presentationTitle + ": " + line
    }

    /// `ble subscribe`: one value as it arrived, timestamp first, e.g.
    /// `2026-05-01T12:00:00.123Z  hex: 57 | string: "W" | number: 87 | Battery Level: 87 %`.
    func subscriptionLine(at date: Date) -> String {
        Timestamp.iso8601(date) + "  " + line
    }

    /// The JSON object for this value.
    var record: ValueRecord { ValueRecord(self) }

    /// `ble read --json`: the value as one JSON object.
    func json() throws -> String { try PresentationJSON.encode(record) }

    /// `ble subscribe --json`: one JSON line for a value as it arrived.
    func subscriptionJSONLine(at date: Date) throws -> String {
        try PresentationJSON.encode(ValueEventRecord(timestamp: Timestamp.iso8601(date), value: record), layout: .line)
    }
}

/// A value in JSON (`ble read --json`, values in `ble inspect --json`).
///
/// ```json
/// {"uuid": "2A19", "name": "Battery Level", "hex": "57", "string": "W", "number": 87, "float": null,
///  "meaning": "87 %", "valid": true}
/// ```
/// `hex` is lowercase without separators. `meaning` and `valid` are `null` when the UUID has no SIG
/// decoding; `valid` is `false` (and `meaning` says why) when the bytes are malformed for it.
struct ValueRecord: Codable, Hashable, Sendable {
    /// The characteristic or descriptor UUID.
    @JSONNullable var uuid: String?
    /// The UUID's assigned name.
    @JSONNullable var name: String?
    /// The bytes, lowercase hex.
    var hex: String
    /// The text, when printable UTF-8.
    @JSONNullable var string: String?
    /// The little-endian unsigned number, for 1, 2 or 4 bytes.
    @JSONNullable var number: UInt32?
    /// The little-endian `Float32`, for 4 bytes.
    @JSONNullable var float: Float?
    /// The SIG meaning, or why the value is invalid.
    @JSONNullable var meaning: String?
    /// Whether the value is valid for its SIG characteristic.
    @JSONNullable var valid: Bool?

    /// Describes a rendering.
    init(_ rendering: ValueRendering) {
        uuid = rendering.uuid?.description
        name = rendering.uuid.flatMap(AssignedNumbers.name(for:))
        hex = rendering.bytes.hexString
        string = rendering.string
        number = rendering.number
        float = rendering.float
        let meaning = rendering.meaning
        self.meaning = meaning?.text
        valid = meaning?.isValid
    }
}

/// One value as it arrived, in `ble subscribe --json` (one object per line).
struct ValueEventRecord: Codable, Hashable, Sendable {
    /// ISO 8601 with milliseconds, UTC.
    var timestamp: String
    /// The value.
    var value: ValueRecord
}

extension BluetoothUUID {
    /// How `ble` names an attribute: `Battery Level (2A19)` when the UUID has an assigned name, the
    /// UUID alone otherwise.
    var presentationTitle: String {
        guard let name = AssignedNumbers.name(for: self) else { return description }
        return "\(TextLayout.sanitized(name)) (\(description))"
    }
}
