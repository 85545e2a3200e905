import BLECore

/// A request written to the Firmware Update Control Point (SN profile §7).
public enum FirmwareControlRequest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `01` size u32, CRC-32 u32 of the whole image: begin (or resume) a transfer.
    case start(size: UInt32, crc: UInt32)
    /// `02`: ask for the offset received so far and its CRC-32.
    case query
    /// `03`: check the received image's CRC and header.
    case validate
    /// `04`: restart into the new image.
    case activate
    /// `05`: discard the partial image.
    case abort

    /// The request's opcode.
    public var opcode: FirmwareOpcode {
        switch self {
        case .start: .start
        case .query: .query
        case .validate: .validate
        case .activate: .activate
        case .abort: .abort
        }
    }

    /// `Start 4123 bytes CRC 0x1A2B3C4D`, `Query`, ….
    public var description: String {
        if case .start(let size, let crc) = self { return "Start \(size) bytes CRC 0x" + hex32(crc) }
        return opcode.description
    }

    /// The request for an image: its size and CRC-32.
    public static func start(_ image: [UInt8]) -> FirmwareControlRequest {
        .start(size: UInt32(truncatingIfNeeded: image.count), crc: CRC32.checksum(image))
    }

    /// Decodes a request; throws ``SNValueError/Code/invalidRequest`` (answer status 2, invalid
    /// parameter) for an empty write, an unknown opcode or a wrong length.
    public init(bytes: [UInt8]) throws(SNValueError) {
        guard let first = bytes.first else {
            throw SNValueError(.invalidRequest, path: ["control point request"], "is empty")
        }
        let opcode = FirmwareOpcode(rawValue: first)
        let expected = opcode == .start ? 9 : 1
        switch opcode {
        case .start, .query, .validate, .activate, .abort: break
        default: throw SNValueError(.invalidRequest, path: ["control point request: \(opcode)"], "is not a request (0x01…0x05)")
        }
        guard bytes.count == expected else {
            throw SNValueError(.invalidRequest, path: ["\(opcode) request"], "is \(bytes.count) bytes; it must be \(expected)")
        }
        var reader = ByteReader(bytes.dropFirst())
        switch opcode {
        case .start: self = .start(size: reader.readUInt32()!, crc: reader.readUInt32()!)
        case .query: self = .query
        case .validate: self = .validate
        case .activate: self = .activate
        default: self = .abort
        }
    }

    /// The opcode and its parameters.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 9)
        writer.writeUInt8(opcode.rawValue)
        if case .start(let size, let crc) = self {
            writer.writeUInt32(size)
            writer.writeUInt32(crc)
        }
        return writer.bytes
    }
}

/// Eight upper-case hex digits.
func hex32(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - digits.count) + digits
}
