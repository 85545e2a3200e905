/// Advertising or scan response data: an ordered list of AD structures.
///
/// Core 5.4, Vol 3, Part C, 11 (format) and the Core Specification Supplement, Part A (data
/// types). The structures are kept raw and in order, so re-encoding parsed data gives back the
/// same bytes (up to an early-termination zero byte); typed values come from ``elements`` and the
/// accessors of ``AdvertisingDataFields``.
public struct AdvertisingData: Hashable, Sendable, AdvertisingDataFields {
    /// The legacy advertising data limit: 31 bytes (Core 5.4, Vol 6, Part B, 2.3.1).
    public static let legacyMaximumLength = 31
    /// The most advertising data one extended advertising PDU carries: 254 bytes (Core 5.4, Vol 6, Part B, 2.3.4).
    public static let extendedPDUMaximumLength = 254
    /// The most advertising data an extended advertising set carries: 1650 bytes (Core 5.4, Vol 4, Part E, 7.8.54).
    public static let extendedMaximumLength = 1650

    /// The structures in wire order.
    public var structures: [ADStructure]

    /// Creates empty advertising data.
    public init() { structures = [] }

    /// Wraps raw structures as given (checked only when encoded).
    public init(structures: [ADStructure]) { self.structures = structures }

    /// Builds advertising data from typed values, in the order given.
    ///
    /// Throws when an element cannot be encoded (see ``ADElement/encoded()``).
    public init(_ elements: [ADElement]) throws(AdvertisingDataError) {
        self.init()
        for element in elements { try append(element) }
    }

    /// Parses a blob strictly: any malformed structure throws.
    ///
    /// A zero length byte ends the data early (Core 5.4, Vol 3, Part C, 11: the rest is padding).
    /// Throws ``AdvertisingDataError/truncatedStructure(offset:length:available:)`` when a length runs
    /// past the end, and ``AdvertisingDataError/invalidLength(type:offset:dataLength:expected:)`` for a
    /// structure of the wrong size for its type.
    public init(bytes: [UInt8]) throws(AdvertisingDataError) {
        let (data, errors) = Self.parseLeniently(bytes)
        if let first = errors.first { throw first }
        self = data
    }

    /// Parses a blob keeping every well-formed structure and reporting the others.
    ///
    /// A structure of the wrong size for its type is left out and parsing goes on with the next
    /// one; a length running past the end stops parsing. Scanners use this to show what they can.
    public static func parseLeniently(_ bytes: [UInt8]) -> (data: AdvertisingData, errors: [AdvertisingDataError]) {
        var reader = ByteReader(bytes)
        var structures: [ADStructure] = []
        structures.reserveCapacity(min(bytes.count / 3, 32))  // a structure takes 3 bytes at least, mostly
        var errors: [AdvertisingDataError] = []
        while let length = reader.peekUInt8() {
            let offset = reader.offset
            if length == 0 { break }
            guard reader.remainingCount - 1 >= Int(length) else {
                errors.append(.truncatedStructure(offset: offset, length: Int(length), available: reader.remainingCount - 1))
                break
            }
            _ = reader.readUInt8()
            let type = ADType(rawValue: reader.readUInt8() ?? 0)
            let structure = ADStructure(type: type, data: reader.readBytes(Int(length) - 1) ?? [])
            do {
                try ADElement.checkDataLength(of: structure, offset: offset)
                structures.append(structure)
            } catch {
                errors.append(error)
            }
        }
        return (AdvertisingData(structures: structures), errors)
    }

    /// Appends a typed value as a structure.
    public mutating func append(_ element: ADElement) throws(AdvertisingDataError) {
        structures.append(try element.encoded())
    }

    /// The typed values of the structures (structures that do not decode are skipped).
    public var elements: [ADElement] {
        structures.compactMap { structure in try? ADElement(decoding: structure) }
    }

    /// Calls `body` with each structure in order until it returns `false`.
    @inlinable
    public func forEachStructure(_ body: (ADStructure) -> Bool) {
        for structure in structures where !body(structure) { return }
    }

    /// The structures of one AD type, in order.
    public func structures(of type: ADType) -> [ADStructure] {
        structures.filter { $0.type == type }
    }

    /// The number of bytes the data takes on the wire.
    public var encodedCount: Int { structures.reduce(0) { $0 + $1.encodedCount } }

    /// Encodes the structures, checking the total against a PDU limit.
    ///
    /// - Parameter maximumLength: ``legacyMaximumLength`` (31) by default; pass
    ///   ``extendedPDUMaximumLength`` or ``extendedMaximumLength`` for extended advertising, or `nil`
    ///   for no limit.
    /// Throws ``AdvertisingDataError/exceedsMaximumLength(length:maximum:)`` or
    /// ``AdvertisingDataError/structureTooLong(type:dataLength:)``.
    public func encoded(maximumLength: Int? = legacyMaximumLength) throws(AdvertisingDataError) -> [UInt8] {
        var writer = ByteWriter(capacity: encodedCount)
        for structure in structures {
            guard structure.data.count <= ADStructure.maximumDataLength else {
                throw .structureTooLong(type: structure.type, dataLength: structure.data.count)
            }
            writer.writeUInt8(UInt8(structure.data.count + 1))
            writer.writeUInt8(structure.type.rawValue)
            writer.writeBytes(structure.data)
        }
        if let maximumLength, writer.bytes.count > maximumLength {
            throw .exceedsMaximumLength(length: writer.bytes.count, maximum: maximumLength)
        }
        return writer.bytes
    }
}

/// An advertisement and its scan response seen as one set of fields.
///
/// Core 5.4, Vol 3, Part C, 11: both carry AD structures in the same format; a scanner shows them
/// together. Accessors look in the advertisement first, then the scan response: the name comes
/// from either (a complete name preferred over a shortened one), service UUID lists are merged
/// without duplicates, manufacturer and service data are concatenated.
public struct AdvertisementView: Hashable, Sendable, AdvertisingDataFields {
    /// The advertising data (from ADV_IND, ADV_SCAN_IND, ADV_NONCONN_IND or extended advertising).
    public var advertisement: AdvertisingData
    /// The scan response data (from SCAN_RSP), when the device was actively scanned.
    public var scanResponse: AdvertisingData?

    /// Combines an advertisement and an optional scan response.
    public init(advertisement: AdvertisingData, scanResponse: AdvertisingData? = nil) {
        self.advertisement = advertisement
        self.scanResponse = scanResponse
    }

    /// The typed values of the advertisement followed by those of the scan response.
    public var elements: [ADElement] {
        advertisement.elements + (scanResponse?.elements ?? [])
    }

    /// Calls `body` with each structure of the advertisement, then of the scan response, until it
    /// returns `false`.
    @inlinable
    public func forEachStructure(_ body: (ADStructure) -> Bool) {
        var going = true
        advertisement.forEachStructure { structure in
            going = body(structure)
            return going
        }
        if going { scanResponse?.forEachStructure(body) }
    }
}
