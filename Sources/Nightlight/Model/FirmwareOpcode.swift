/// A Firmware Update Control Point opcode (SN profile §7). An open code space: unknown values
/// survive decoding.
public struct FirmwareOpcode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The opcode byte.
    public let rawValue: UInt8

    /// Wraps an opcode byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01 Start: `01` size u32, CRC-32 u32 of the whole image.
    public static let start = FirmwareOpcode(rawValue: 0x01)
    /// 0x02 Query: the offset received so far and its CRC-32.
    public static let query = FirmwareOpcode(rawValue: 0x02)
    /// 0x03 Validate: check the CRC and the image header.
    public static let validate = FirmwareOpcode(rawValue: 0x03)
    /// 0x04 Activate: restart into the new image.
    public static let activate = FirmwareOpcode(rawValue: 0x04)
    /// 0x05 Abort: discard the partial image.
    public static let abort = FirmwareOpcode(rawValue: 0x05)
    /// 0x60 Response: the first byte of every indication.
    public static let response = FirmwareOpcode(rawValue: 0x60)

    /// `Start`, `Query`, `Validate`, `Activate`, `Abort`, `Response`, or `opcode 0x07`.
    public var description: String {
        switch rawValue {
        case 0x01: "Start"
        case 0x02: "Query"
        case 0x03: "Validate"
        case 0x04: "Activate"
        case 0x05: "Abort"
        case 0x60: "Response"
        default: "opcode 0x" + String(rawValue, radix: 16, uppercase: true)
        }
    }
}

/// The status of a Firmware Update Control Point response (SN profile §7). An open code space.
public struct FirmwareStatus: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The status byte.
    public let rawValue: UInt8

    /// Wraps a status byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: success.
    public static let success = FirmwareStatus(rawValue: 0)
    /// 1: the request is not allowed now (e.g. Validate before Start).
    public static let invalidState = FirmwareStatus(rawValue: 1)
    /// 2: a parameter is wrong (e.g. an image over 1 MiB).
    public static let invalidParameter = FirmwareStatus(rawValue: 2)
    /// 3: the CRC of the received image differs from Start's.
    public static let crcMismatch = FirmwareStatus(rawValue: 3)
    /// 4: the image header is wrong (magic, model, payload length).
    public static let imageRejected = FirmwareStatus(rawValue: 4)
    /// 5: the device is busy.
    public static let busy = FirmwareStatus(rawValue: 5)

    /// `success`, `invalid state`, `invalid parameter`, `CRC mismatch`, `image rejected`, `busy`,
    /// or `status 9`.
    public var description: String {
        switch rawValue {
        case 0: "success"
        case 1: "invalid state"
        case 2: "invalid parameter"
        case 3: "CRC mismatch"
        case 4: "image rejected"
        case 5: "busy"
        default: "status \(rawValue)"
        }
    }
}
