import BLECore
import BLEGATT

/// The color command of a Colorific-style bulb: 9 bytes written to the Alert Level
/// characteristic (0x2A06) of its Immediate Alert service (0x1802), whose value is at handle
/// 0x0028.
///
/// As sniffed from the Colorific! app (seed 000, second half; the BLE_Colorific project):
///
/// | offset | size | value |
/// |---|---|---|
/// | 0 | 6 | `58 01 03 01 FF 00`, the command header |
/// | 6 | 1 | red, 0…255 |
/// | 7 | 1 | green, 0…255 |
/// | 8 | 1 | blue, 0…255 |
///
/// `000000` turns the bulb off, `FFFFFF` is full white. `58010301ff00ff0000` is red.
public struct ColorBulbCommand: Hashable, Sendable, CustomStringConvertible {
    /// The header every color command starts with.
    public static let header: [UInt8] = [0x58, 0x01, 0x03, 0x01, 0xFF, 0x00]
    /// The size of a command: the header and three color bytes.
    public static let byteCount = 9

    /// The color to show.
    public var color: RGB

    /// The command that sets `color`.
    public init(color: RGB) {
        self.color = color
    }

    /// Decodes a command.
    ///
    /// Throws ``ProfileError/Code/invalidValue`` for a value that is not ``byteCount`` bytes or
    /// does not start with ``header``.
    public init(bytes: [UInt8]) throws(ProfileError) {
        guard bytes.count == Self.byteCount else {
            throw ProfileError(.invalidValue, "a color command is \(Self.byteCount) bytes (58 01 03 01 FF 00 RR GG BB), not \(bytes.count): \(bytes.hexString)")
        }
        guard Array(bytes.prefix(Self.header.count)) == Self.header else {
            throw ProfileError(.invalidValue, "a color command starts 58 01 03 01 FF 00, not \(bytes.prefix(Self.header.count).hexString)")
        }
        color = RGB(red: bytes[6], green: bytes[7], blue: bytes[8])
    }

    /// The 9 bytes: the header, then red, green and blue.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.writeBytes(Self.header)
        writer.writeUInt8(color.red)
        writer.writeUInt8(color.green)
        writer.writeUInt8(color.blue)
        return writer.bytes
    }

    /// The ATT error the bulb answers a write of `bytes` with, or nil when it takes it: Invalid
    /// Attribute Value Length (0x0D) for another length, Value Not Allowed (0x13) for another
    /// header.
    public static func refusal(for bytes: [UInt8]) -> ATTErrorCode? {
        if bytes.count != byteCount { return .invalidAttributeValueLength }
        if Array(bytes.prefix(header.count)) != header { return .valueNotAllowed }
        return nil
    }

    /// `58010301ff00ff0000 (#FF0000)`.
    public var description: String { "\(encoded().hexString) (\(color))" }
}
