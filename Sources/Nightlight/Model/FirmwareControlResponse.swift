import BLECore

/// An indication of the Firmware Update Control Point: `0x60`, the request opcode, the status,
/// then the response parameters (SN profile §7).
public enum FirmwareControlResponse: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Start succeeded: the offset already received (0, or more when resuming a transfer of the
    /// same size and CRC).
    case start(offset: UInt32)
    /// Query succeeded: the offset received so far and the CRC-32 of those bytes.
    case query(offset: UInt32, crc: UInt32)
    /// Validate succeeded: the image is whole and its header right.
    case validate
    /// Activate succeeded: the device restarts into the new image.
    case activate
    /// Abort succeeded: the partial image is discarded.
    case abort
    /// A request failed with a status other than success (no parameters follow).
    case failure(request: FirmwareOpcode, status: FirmwareStatus)

    /// The opcode of the request answered.
    public var request: FirmwareOpcode {
        switch self {
        case .start: .start
        case .query: .query
        case .validate: .validate
        case .activate: .activate
        case .abort: .abort
        case .failure(let request, _): request
        }
    }

    /// The status: ``FirmwareStatus/success`` but for ``failure(request:status:)``.
    public var status: FirmwareStatus {
        if case .failure(_, let status) = self { return status }
        return .success
    }

    /// `Start: success, offset 0`, `Validate: CRC mismatch`, ….
    public var description: String {
        let head = "\(request): \(status)"
        switch self {
        case .start(let offset): return head + ", offset \(offset)"
        case .query(let offset, let crc): return head + ", offset \(offset), CRC 0x" + hex32(crc)
        default: return head
        }
    }

    /// Decodes an indication; throws ``SNValueError/Code/invalidRequest`` when it is not `0x60`,
    /// is too short or too long for its request and status, or answers an unknown request with
    /// success.
    public init(bytes: [UInt8]) throws(SNValueError) {
        let what = "control point response"
        guard bytes.count >= 3 else {
            throw SNValueError(.invalidRequest, path: [what], "is \(bytes.count) bytes; it must be at least 3")
        }
        guard bytes[0] == FirmwareOpcode.response.rawValue else {
            throw SNValueError(.invalidRequest, path: [what + " opcode 0x" + String(bytes[0], radix: 16, uppercase: true)], "is not 0x60")
        }
        let request = FirmwareOpcode(rawValue: bytes[1]), status = FirmwareStatus(rawValue: bytes[2])
        let expected = status != .success ? 3 : request == .start ? 7 : request == .query ? 11 : 3
        guard bytes.count == expected else {
            throw SNValueError(.invalidRequest, path: ["\(request) response (\(status))"], "is \(bytes.count) bytes; it must be \(expected)")
        }
        var reader = ByteReader(bytes.dropFirst(3))
        switch (request, status) {
        case (_, let status) where status != .success: self = .failure(request: request, status: status)
        case (.start, _): self = .start(offset: reader.readUInt32()!)
        case (.query, _): self = .query(offset: reader.readUInt32()!, crc: reader.readUInt32()!)
        case (.validate, _): self = .validate
        case (.activate, _): self = .activate
        case (.abort, _): self = .abort
        default: throw SNValueError(.invalidRequest, path: ["response to \(request)"], "answers a request that does not exist")
        }
    }

    /// `60`, the request opcode, the status, the parameters.
    public func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 11)
        writer.writeUInt8(FirmwareOpcode.response.rawValue)
        writer.writeUInt8(request.rawValue)
        writer.writeUInt8(status.rawValue)
        switch self {
        case .start(let offset):
            writer.writeUInt32(offset)
        case .query(let offset, let crc):
            writer.writeUInt32(offset)
            writer.writeUInt32(crc)
        default:
            break
        }
        return writer.bytes
    }
}
