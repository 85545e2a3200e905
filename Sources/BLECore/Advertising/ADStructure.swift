/// One length-type-value structure of advertising or scan response data, kept as raw bytes.
///
/// Core 5.4, Vol 3, Part C, 11: each structure is a length byte (counting the type byte and the
/// data), an AD type byte, then `length - 1` data bytes. The data of any type, known or not,
/// survives decoding unchanged.
public struct ADStructure: Hashable, Sendable, CustomStringConvertible {
    /// The largest data a structure can carry: the length byte counts the type byte too.
    public static let maximumDataLength = 254

    /// The AD type.
    public var type: ADType
    /// The data after the type byte.
    public var data: [UInt8]

    /// Creates a structure from its type and data.
    public init(type: ADType, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// The number of bytes the structure takes on the wire (length byte, type byte, data).
    public var encodedCount: Int { data.count + 2 }

    /// `Complete Local Name (0x09): 4e4c`.
    public var description: String { "\(type): \(data.hexString)" }
}
