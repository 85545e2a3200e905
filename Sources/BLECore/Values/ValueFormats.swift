/// Every way a scanner shows a raw characteristic value.
///
/// From the scanner specification (shared/seeds/003, "Services tab" and "Data tab"): the hex
/// bytes; the text when the bytes are valid, printable UTF-8; and a number chosen by length —
/// 1 byte `UInt8`, 2 bytes `UInt16`, 4 bytes `UInt32` and `Float32`, all little-endian as
/// Bluetooth is. ``summary`` picks one rendering the way the Data tab does, and ``byteBars``
/// feeds its small byte chart.
public struct ValueFormats: Hashable, Sendable {
    /// The raw value.
    public let bytes: [UInt8]

    /// Renders a value.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Lowercase hex without separators, e.g. `0a1b` (as ``Swift/Sequence/hexString``).
    public var hex: String { bytes.hexString }

    /// Uppercase hex bytes separated by spaces, e.g. `0A 1B`, as shown to people.
    public var hexDump: String {
        bytes.map { [$0].hexString.uppercased() }.joined(separator: " ")
    }

    /// The text, when the bytes are valid UTF-8 with no control characters other than tab,
    /// line feed and carriage return (trailing NUL padding is ignored); `nil` for an empty value.
    public var utf8: String? {
        var body = bytes[...]
        while body.last == 0 { body.removeLast() }
        guard !body.isEmpty, let text = String(validating: body, as: UTF8.self) else { return nil }
        let printable = text.unicodeScalars.allSatisfy { scalar in
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { return true }
            return !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
        return printable ? text : nil
    }

    /// The value as `UInt8`, for a 1-byte value.
    public var uint8: UInt8? { bytes.count == 1 ? bytes[0] : nil }

    /// The value as little-endian `UInt16`, for a 2-byte value.
    public var uint16: UInt16? {
        guard bytes.count == 2 else { return nil }
        var reader = ByteReader(bytes)
        return reader.readUInt16()
    }

    /// The value as little-endian `UInt32`, for a 4-byte value.
    public var uint32: UInt32? {
        guard bytes.count == 4 else { return nil }
        var reader = ByteReader(bytes)
        return reader.readUInt32()
    }

    /// The value as little-endian IEEE 754 `Float32`, for a 4-byte value.
    public var float32: Float? { uint32.map(Float.init(bitPattern:)) }

    /// Which single rendering ``summary`` uses.
    public enum Rendering: Sendable, Hashable {
        /// No bytes.
        case empty
        /// ``ValueFormats/uint8``.
        case uint8
        /// ``ValueFormats/uint16``.
        case uint16
        /// ``ValueFormats/uint32`` with ``ValueFormats/float32``.
        case uint32AndFloat
        /// ``ValueFormats/utf8``.
        case text
        /// ``ValueFormats/hexDump``.
        case hex
    }

    /// The rendering the Data tab shows.
    ///
    /// Rule: 1- and 2-byte values are numbers (a battery level of 87 is `W` as text); a value of 3
    /// or more bytes that is printable UTF-8 is text (so `v1.0` is not read as a `UInt32`); other
    /// 4-byte values are `UInt32`/`Float`; everything else is hex.
    public var preferredRendering: Rendering {
        switch bytes.count {
        case 0: return .empty
        case 1: return .uint8
        case 2: return .uint16
        default:
            if utf8 != nil { return .text }
            return bytes.count == 4 ? .uint32AndFloat : .hex
        }
    }

    /// The one-line interpretation, e.g. `87`, `4660`, `"v1.0"`, `1078530010 / 3.1415925`, `01 02 03`.
    public var summary: String {
        switch preferredRendering {
        case .empty: return "(empty)"
        case .uint8: return uint8.map { String($0) } ?? hexDump
        case .uint16: return uint16.map { String($0) } ?? hexDump
        case .uint32AndFloat:
            guard let uint32, let float32 else { return hexDump }
            return "\(uint32) / \(float32)"
        case .text: return "\"\(utf8 ?? "")\""
        case .hex: return hexDump
        }
    }

    /// The largest value the byte chart is drawn for (the Data tab charts values up to 8 bytes).
    public static let byteChartMaximumCount = 8

    /// One bar per byte for values of up to 8 bytes; empty for longer values.
    public var byteBars: [ByteMagnitude] {
        bytes.count <= Self.byteChartMaximumCount ? bytes.map(ByteMagnitude.init) : []
    }
}

/// How large one byte is, for the byte bar chart: height in percent and a colour band.
///
/// Scanner specification (shared/seeds/003, "Data tab"): bars are coloured by magnitude,
/// blue < 30 %, green < 60 %, yellow < 80 %, red ≥ 80 % of 255. Bands are compared exactly
/// (`byte × 100` against `percent × 255`), so no rounding decides a band.
public struct ByteMagnitude: Hashable, Sendable {
    /// The colour band of a bar.
    public enum Band: Sendable, Hashable, CaseIterable {
        /// Below 30 %.
        case low
        /// 30 % to below 60 %.
        case medium
        /// 60 % to below 80 %.
        case high
        /// 80 % and above.
        case veryHigh

        /// The colour name the scanner uses: `blue`, `green`, `yellow`, `red`.
        public var colorName: String {
            switch self {
            case .low: "blue"
            case .medium: "green"
            case .high: "yellow"
            case .veryHigh: "red"
            }
        }
    }

    /// The byte.
    public let byte: UInt8

    /// Measures a byte.
    public init(_ byte: UInt8) { self.byte = byte }

    /// The bar height, 0–100 % of 255.
    public var percent: Double { Double(byte) * 100 / 255 }

    /// The colour band.
    public var band: Band {
        let scaled = Int(byte) * 100
        if scaled < 30 * 255 { return .low }
        if scaled < 60 * 255 { return .medium }
        if scaled < 80 * 255 { return .high }
        return .veryHigh
    }
}
