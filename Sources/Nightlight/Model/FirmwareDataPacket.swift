import BLECore

/// A write to the Firmware Update Data characteristic: `offset u32` followed by up to
/// ATT_MTU − 7 bytes of the image (SN profile §7).
///
/// A device drops a packet whose offset is not the number of bytes received so far; the app
/// finds out with Query and resends from there.
public struct FirmwareDataPacket: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where the bytes go in the image.
    public var offset: UInt32
    /// The image bytes.
    public var data: [UInt8]

    /// A packet.
    public init(offset: UInt32, data: [UInt8]) {
        self.offset = offset
        self.data = data
    }

    /// The most image bytes in one packet: ATT_MTU − 7 (3 for the write command, 4 for the offset).
    /// (An attribute value holds at most 512 bytes, Core Vol 3 Part F 3.2.9, so with the 4-byte
    /// offset a packet carries at most 508 however large ATT_MTU is.)
    public static func maximumDataLength(mtu: Int) -> Int { min(max(mtu - 7, 1), 508) }

    /// The packets that send `image` from `offset` on, each as full as the MTU allows.
    public static func packets(for image: [UInt8], from offset: Int = 0, mtu: Int) -> [FirmwareDataPacket] {
        let step = maximumDataLength(mtu: mtu)
        return stride(from: max(offset, 0), to: image.count, by: step).map { start in
            FirmwareDataPacket(offset: UInt32(start), data: Array(image[start..<min(start + step, image.count)]))
        }
    }

    /// `offset 240, 240 bytes`.
    public var description: String { "offset \(offset), \(data.count) bytes" }

    /// Decodes a packet; throws ``SNValueError/Code/invalidLength`` when shorter than the offset.
    public init(bytes: [UInt8]) throws(SNValueError) {
        let (offset, data) = try Self.decode(bytes)
        self.init(offset: offset, data: Array(data))
    }

    /// The offset and the image bytes of an encoded packet, the bytes as a slice of `bytes` (no
    /// copy: what a receiver appends straight to its image); throws as ``init(bytes:)`` does.
    public static func decode(_ bytes: [UInt8]) throws(SNValueError) -> (offset: UInt32, data: ArraySlice<UInt8>) {
        var reader = SNReader(bytes, code: .invalidLength)
        let offset = try reader.u32("firmware data offset")
        return (offset, bytes[reader.offset...])
    }

    /// offset u32, then the bytes.
    public func encode() -> [UInt8] {
        Self.encode(offset: offset, data: data[...])
    }

    /// The bytes of the packet that carries `data` at `offset`, written straight from the
    /// image's slice: one allocation, without a packet (and its copy of the data) in between.
    public static func encode(offset: UInt32, data: ArraySlice<UInt8>) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(count: 4 + data.count) { room in
            room.writeUInt32(offset)
            room.writeBytes(data)
        }
        return writer.bytes
    }
}
