import BLECore

/// One ATT PDU type: an opcode and its parameters.
///
/// Core 5.4, Vol 3, Part F, 3.3. Each PDU of 3.4 is a struct in `ATT/PDUs/`, named as in the spec
/// with the `ATT` prefix; its parameters decode and encode side by side, in the same order. PDUs
/// whose parameters share a layout (e.g. Write Request and Handle Value Notification: a handle and
/// a value) take these three requirements from an internal protocol in `ATT/PDUs/ATTPDULayouts.swift`.
///
/// Decoding validates every field and throws ``ATTDecodingError`` naming the field; it never traps.
/// Encoding writes the value as given: a value that came from decoding always encodes, and the few
/// invariants a hand-built value must keep (e.g. all values of a Read By Type Response the same
/// length) are documented on each type and checked with `precondition`.
///
/// `description` is one line for logs, e.g. `Read Blob Request handle=0x002A offset=22`.
public protocol ATTPDU: Sendable, Hashable, CustomStringConvertible {
    /// The opcode that starts this PDU.
    static var opcode: ATTOpcode { get }

    /// Decodes the parameters that follow the opcode; the reader must be consumed exactly.
    init(parameters: inout ByteReader) throws(ATTDecodingError)

    /// The size of the parameters that follow the opcode, in bytes: what
    /// ``encodeParameters(into:)`` writes.
    var parametersByteCount: Int { get }

    /// Writes the parameters that follow the opcode: exactly ``parametersByteCount`` bytes.
    func encodeParameters(into writer: inout some ByteSink)
}

extension ATTPDU {
    /// The whole PDU: opcode, then parameters.
    public func encode() -> [UInt8] {
        // Empty: the one append of `encode(into:)` allocates the PDU's exact size.
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// The size of the whole PDU in bytes: the opcode and the parameters.
    public var byteCount: Int { 1 + parametersByteCount }

    /// Appends the whole PDU (opcode, then parameters) to `writer` in one reserved block: with a
    /// writer reused from PDU to PDU (``ByteWriter/removeAll()``), encoding allocates nothing.
    public func encode(into writer: inout ByteWriter) {
        writer.append(count: byteCount) { room in
            room.writeUInt8(Self.opcode.rawValue)
            encodeParameters(into: &room)
        }
    }


    /// Decodes a whole PDU of this type, opcode included.
    ///
    /// Throws when the opcode is not this type's, a field is missing, or bytes are left over.
    public static func decode(_ bytes: [UInt8]) throws(ATTDecodingError) -> Self {
        var reader = ByteReader(bytes)
        guard let opcode = reader.readUInt8() else {
            throw ATTDecodingError(opcode: nil, reason: "an ATT PDU has at least its opcode byte")
        }
        guard opcode == Self.opcode.rawValue else {
            throw ATTDecodingError(
                opcode: ATTOpcode(rawValue: opcode),
                reason: "expected \(Self.opcode.name) (0x\([Self.opcode.rawValue].hexString))"
            )
        }
        let pdu = try Self(parameters: &reader)
        guard reader.isAtEnd else {
            throw ATTDecodingError(opcode: Self.opcode, reason: "\(reader.remainingCount) unexpected trailing bytes")
        }
        return pdu
    }
}

/// An ATT PDU that could not be decoded: which PDU, and what was wrong with it.
public struct ATTDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The opcode of the PDU, when there was one.
    public let opcode: ATTOpcode?
    /// What was wrong, e.g. `Attribute Handle: 2 bytes expected, 1 left`.
    public let reason: String

    /// Creates an error for a PDU.
    public init(opcode: ATTOpcode?, reason: String) {
        self.opcode = opcode
        self.reason = reason
    }

    /// One line: `malformed Read Blob Request: Value Offset: 2 bytes expected, 0 left`.
    public var description: String {
        "malformed \(opcode?.name ?? "ATT PDU"): \(reason)"
    }
}

extension ByteReader {
    /// Reads a field of a PDU, throwing an error that names the field when it is missing.
    ///
    /// - Parameters:
    ///   - field: the spec's name of the field, e.g. `Attribute Handle`.
    ///   - opcode: the PDU being decoded.
    ///   - read: the read to perform; `nil` means the bytes ran out.
    public mutating func require<T>(
        _ field: String,
        of opcode: ATTOpcode,
        byteCount: Int,
        _ read: (inout ByteReader) -> T?
    ) throws(ATTDecodingError) -> T {
        guard let value = read(&self) else {
            throw ATTDecodingError(
                opcode: opcode,
                reason: "\(field): \(byteCount) bytes expected, \(remainingCount) left"
            )
        }
        return value
    }

    /// Reads a 1-octet field of a PDU, throwing an error that names the field when it is missing.
    public mutating func requireUInt8(_ field: String, of opcode: ATTOpcode) throws(ATTDecodingError) -> UInt8 {
        try require(field, of: opcode, byteCount: 1) { $0.readUInt8() }
    }

    /// Reads a little-endian 2-octet field of a PDU, throwing an error that names the field when it
    /// is missing.
    public mutating func requireUInt16(_ field: String, of opcode: ATTOpcode) throws(ATTDecodingError) -> UInt16 {
        try require(field, of: opcode, byteCount: 2) { $0.readUInt16() }
    }

    /// Reads a field of `count` octets, throwing an error that names the field when it is missing.
    public mutating func requireBytes(
        _ field: String,
        count: Int,
        of opcode: ATTOpcode
    ) throws(ATTDecodingError) -> [UInt8] {
        try require(field, of: opcode, byteCount: count) { $0.readBytes(count) }
    }

    /// Reads every remaining octet as an ATT UUID: 2 octets (16-bit) or 16 octets (128-bit).
    ///
    /// Core 5.4, Vol 3, Part F, 3.2.1: ATT carries no 32-bit UUIDs, so 4 octets are as malformed as
    /// any other length.
    public mutating func requireATTUUID(_ field: String, of opcode: ATTOpcode) throws(ATTDecodingError) -> BluetoothUUID {
        let bytes = readRemainingBytes()
        guard bytes.count == 2 || bytes.count == 16, let uuid = BluetoothUUID(littleEndianBytes: bytes) else {
            throw ATTDecodingError(
                opcode: opcode,
                reason: "\(field): a UUID is 2 or 16 bytes, got \(bytes.count)"
            )
        }
        return uuid
    }

    /// Reads Starting Handle and Ending Handle, the range that the Find Information, Find By Type
    /// Value, Read By Type and Read By Group Type Requests start with. The handles are returned as
    /// sent: 0x0000, or a start above the end, is for the server to answer with Invalid Handle.
    mutating func requireHandleRange(
        of opcode: ATTOpcode
    ) throws(ATTDecodingError) -> (startingHandle: UInt16, endingHandle: UInt16) {
        let startingHandle = try requireUInt16("Starting Handle", of: opcode)
        let endingHandle = try requireUInt16("Ending Handle", of: opcode)
        return (startingHandle, endingHandle)
    }

    /// Reads a list of fixed-size entries that fills the rest of the PDU, throwing when it is empty
    /// or not a whole number of entries.
    ///
    /// - Parameters:
    ///   - field: the spec's name of the list, e.g. `Handles Information List`.
    ///   - entryByteCount: the size of one entry.
    ///   - entrySize: how the error names that size, e.g. `the 4-byte entry` or `Length 6`.
    ///   - readEntry: reads one entry of `entryByteCount` octets.
    mutating func requireList<Entry>(
        _ field: String,
        entryByteCount: Int,
        entrySize: @autoclosure () -> String,
        of opcode: ATTOpcode,
        _ readEntry: (inout ByteReader) throws(ATTDecodingError) -> Entry
    ) throws(ATTDecodingError) -> [Entry] {
        guard !isAtEnd else {
            throw ATTDecodingError(opcode: opcode, reason: "\(field): at least one entry expected, got none")
        }
        guard remainingCount % entryByteCount == 0 else {
            throw ATTDecodingError(
                opcode: opcode,
                reason: "\(field): \(remainingCount) bytes is not a multiple of \(entrySize())"
            )
        }
        var list: [Entry] = []
        list.reserveCapacity(remainingCount / entryByteCount)
        while !isAtEnd {
            list.append(try readEntry(&self))
        }
        return list
    }
}

extension ByteSink {
    /// Writes Starting Handle and Ending Handle (see ``ByteReader/requireHandleRange(of:)``).
    mutating func writeHandleRange(_ startingHandle: UInt16, _ endingHandle: UInt16) {
        writeUInt16(startingHandle)
        writeUInt16(endingHandle)
    }
}

extension BluetoothUUID {
    /// The size of this UUID in ATT PDUs: 2 bytes for a 16-bit UUID, else 16 (Part F, 3.2.1).
    var attByteCount: Int { size == .bits16 ? 2 : 16 }
}

/// Formatting shared by the PDUs' one-line descriptions.
enum ATTLog {
    /// Values longer than this are cut in descriptions, with their length shown.
    static let maximumShownValueCount = 32

    /// A handle as four uppercase hex digits, e.g. `0x002A`.
    static func handle(_ handle: UInt16) -> String {
        "0x" + [UInt8(handle >> 8), UInt8(handle & 0xFF)].hexString.uppercased()
    }

    /// A value as lowercase hex, e.g. `0a1b`; `(empty)`; or `0a1b…(600 bytes)` when long.
    static func bytes(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "(empty)" }
        if bytes.count <= maximumShownValueCount { return bytes.hexString }
        return bytes.prefix(maximumShownValueCount).hexString + "…(\(bytes.count) bytes)"
    }

    /// A handle range, e.g. `start=0x0001 end=0xFFFF`.
    static func handleRange(_ startingHandle: UInt16, _ endingHandle: UInt16) -> String {
        "start=\(handle(startingHandle)) end=\(handle(endingHandle))"
    }

    /// A list in brackets, e.g. `[0x0001-0x0005, 0x0010-0x0020]`.
    static func list(_ items: [some CustomStringConvertible]) -> String {
        "[" + items.map(\.description).joined(separator: ", ") + "]"
    }
}
