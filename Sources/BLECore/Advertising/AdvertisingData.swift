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

    /// The structures, as the wire carries them: length byte, AD type, data, one after the other.
    ///
    /// A structure whose data is too long for a length byte (over 254 bytes, only ever built by
    /// hand, never parsed) is kept as a zero byte, its type, and its data length in two bytes
    /// (little-endian) before the data: the wire never has a zero length inside the data, so
    /// the form is unambiguous, and ``encoded(maximumLength:)`` refuses it. One list of structures
    /// has exactly one storage form, so equal data means equal bytes. Parsed data shares the
    /// parsed buffer: parsing a well-formed blob copies nothing.
    @usableFromInline var storage: ArraySlice<UInt8>

    /// The structures in wire order.
    ///
    /// Reading it builds the list; ``forEachStructureInPlace(_:)`` and the accessors of
    /// ``AdvertisingDataFields`` read the structures where they are instead.
    public var structures: [ADStructure] {
        get {
            var structures: [ADStructure] = []
            forEachStructureInPlace { type, data in
                structures.append(ADStructure(type: type, data: Array(data)))
                return true
            }
            return structures
        }
        set {
            storage = []
            for structure in newValue { Self.append(structure, to: &storage) }
        }
    }

    /// Creates empty advertising data.
    public init() { storage = [] }

    /// Wraps raw structures as given (checked only when encoded).
    public init(structures: [ADStructure]) {
        storage = []
        self.structures = structures
    }

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
        var errors: [AdvertisingDataError] = []
        // The well-formed structures stay where they are; only when one is left out do the kept
        // ones move to a buffer of their own.
        var kept: [UInt8]?
        var offset = 0
        while offset < bytes.count {
            let length = Int(bytes[offset])
            if length == 0 { break }
            let available = bytes.count - offset - 1
            guard available >= length else {
                errors.append(.truncatedStructure(offset: offset, length: length, available: available))
                if kept == nil { kept = Array(bytes[..<offset]) }
                break
            }
            let next = offset + 1 + length
            do {
                try ADElement.checkDataLength(type: ADType(rawValue: bytes[offset + 1]), dataLength: length - 1, offset: offset)
                kept?.append(contentsOf: bytes[offset..<next])
            } catch {
                errors.append(error)
                if kept == nil { kept = Array(bytes[..<offset]) }
            }
            offset = next
        }
        return (AdvertisingData(storage: kept.map { $0[...] } ?? bytes[..<offset]), errors)
    }

    /// Wraps structures already in storage form.
    private init(storage: ArraySlice<UInt8>) { self.storage = storage }

    /// Appends a structure to `storage` in storage form (see ``storage``).
    private static func append(_ structure: ADStructure, to storage: inout ArraySlice<UInt8>) {
        let count = structure.data.count
        if count <= ADStructure.maximumDataLength {
            storage.append(UInt8(count + 1))
            storage.append(structure.type.rawValue)
        } else {
            storage.append(0)
            storage.append(structure.type.rawValue)
            storage.append(UInt8(truncatingIfNeeded: count))
            storage.append(UInt8(truncatingIfNeeded: count >> 8))
        }
        storage.append(contentsOf: structure.data)
    }

    /// Appends a typed value as a structure.
    public mutating func append(_ element: ADElement) throws(AdvertisingDataError) {
        Self.append(try element.encoded(), to: &storage)
    }

    /// The typed values of the structures (structures that do not decode are skipped).
    public var elements: [ADElement] {
        var elements: [ADElement] = []
        forEachStructureInPlace { type, data in
            if let element = try? ADElement(type: type, data: data) { elements.append(element) }
            return true
        }
        return elements
    }

    /// Calls `body` with each structure's AD type and data, in order, until it returns `false`;
    /// the data is a view into the stored bytes, nothing is copied.
    @inlinable
    public func forEachStructureInPlace(_ body: (_ type: ADType, _ data: ArraySlice<UInt8>) -> Bool) {
        var index = storage.startIndex
        let end = storage.endIndex
        while index < end {
            let length = Int(storage[index])
            let type = ADType(rawValue: storage[index + 1])
            let dataStart = length == 0 ? index + 4 : index + 2
            let dataCount = length == 0 ? Int(storage[index + 2]) | Int(storage[index + 3]) << 8 : length - 1
            index = dataStart + dataCount
            if !body(type, storage[dataStart..<index]) { return }
        }
    }

    /// The structures of one AD type, in order.
    public func structures(of type: ADType) -> [ADStructure] {
        var structures: [ADStructure] = []
        forEachStructureInPlace { structureType, data in
            if structureType == type { structures.append(ADStructure(type: type, data: Array(data))) }
            return true
        }
        return structures
    }

    /// The number of bytes the data takes on the wire.
    public var encodedCount: Int {
        var count = 0
        forEachStructureInPlace { _, data in
            count += data.count + 2
            return true
        }
        return count
    }

    /// Encodes the structures, checking the total against a PDU limit.
    ///
    /// - Parameter maximumLength: ``legacyMaximumLength`` (31) by default; pass
    ///   ``extendedPDUMaximumLength`` or ``extendedMaximumLength`` for extended advertising, or `nil`
    ///   for no limit.
    /// Throws ``AdvertisingDataError/exceedsMaximumLength(length:maximum:)`` or
    /// ``AdvertisingDataError/structureTooLong(type:dataLength:)``.
    public func encoded(maximumLength: Int? = legacyMaximumLength) throws(AdvertisingDataError) -> [UInt8] {
        var tooLong: (type: ADType, dataLength: Int)?
        forEachStructureInPlace { type, data in
            guard data.count > ADStructure.maximumDataLength else { return true }
            tooLong = (type, data.count)
            return false
        }
        if let tooLong { throw .structureTooLong(type: tooLong.type, dataLength: tooLong.dataLength) }
        // No structure is too long: the storage is the wire form.
        if let maximumLength, storage.count > maximumLength {
            throw .exceedsMaximumLength(length: storage.count, maximum: maximumLength)
        }
        return Array(storage)
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

    /// Calls `body` with each structure's AD type and data, the advertisement's then the scan
    /// response's, until it returns `false`; nothing is copied.
    @inlinable
    public func forEachStructureInPlace(_ body: (_ type: ADType, _ data: ArraySlice<UInt8>) -> Bool) {
        var going = true
        advertisement.forEachStructureInPlace { type, data in
            going = body(type, data)
            return going
        }
        if going { scanResponse?.forEachStructureInPlace(body) }
    }
}
