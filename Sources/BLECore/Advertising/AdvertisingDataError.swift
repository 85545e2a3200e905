/// Why advertising data could not be decoded or encoded.
///
/// Offsets count bytes from the start of the advertising data blob and point at the structure's
/// length byte, so a person can find the bad structure in a hex dump.
public enum AdvertisingDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A structure's length byte runs past the end of the data (Core 5.4, Vol 3, Part C, 11).
    case truncatedStructure(offset: Int, length: Int, available: Int)
    /// A structure's data has the wrong size for its AD type (CSS Part A).
    case invalidLength(type: ADType, offset: Int, dataLength: Int, expected: String)
    /// A structure's data is longer than the 254 bytes a length byte can describe.
    case structureTooLong(type: ADType, dataLength: Int)
    /// A UUID does not fit the size of the list or service data it is put in.
    case uuidDoesNotFit(type: ADType, uuid: BluetoothUUID)
    /// A value does not fit the field its AD type gives it (e.g. a 2-byte advertising interval).
    case valueOutOfRange(type: ADType, value: UInt64, maximum: UInt64)
    /// A URI scheme code is printable text, so a decoder would read it as part of the URI.
    case invalidURIScheme(URIScheme)
    /// The encoded data is longer than the advertising PDU allows.
    case exceedsMaximumLength(length: Int, maximum: Int)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .truncatedStructure(let offset, let length, let available):
            return "AD structure at offset \(offset) has length \(length) but only \(available) bytes follow its length byte"
        case .invalidLength(let type, let offset, let dataLength, let expected):
            return "\(type) at offset \(offset) has \(dataLength) data bytes; expected \(expected)"
        case .structureTooLong(let type, let dataLength):
            return "\(type) has \(dataLength) data bytes; one AD structure holds at most \(ADStructure.maximumDataLength)"
        case .uuidDoesNotFit(let type, let uuid):
            return "UUID \(uuid) does not fit \(type); put it in the list of its own size"
        case .valueOutOfRange(let type, let value, let maximum):
            return "\(type) cannot hold \(value); its largest value is \(maximum)"
        case .invalidURIScheme(let scheme):
            return "URI scheme code 0x\(String(scheme.rawValue, radix: 16, uppercase: true)) is not a valid scheme code point (0x01-0x1F or 0x7F-0xFF)"
        case .exceedsMaximumLength(let length, let maximum):
            return "advertising data is \(length) bytes, more than the \(maximum) allowed; move fields to the scan response or use extended advertising"
        }
    }
}
