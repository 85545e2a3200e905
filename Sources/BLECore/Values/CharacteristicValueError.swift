/// Why a characteristic value could not be decoded or built.
///
/// Names the characteristic (with its UUID) and the field, e.g.
/// `Battery Level (2A19): level is 150, allowed 0...100`.
public struct CharacteristicValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong with the field.
    public enum Problem: Sendable, Hashable {
        /// The value ended before the field: `needed` bytes were required in all, `available` were given.
        case truncated(needed: Int, available: Int)
        /// Bytes are left over after the last field.
        case trailingBytes(count: Int)
        /// The field's value is outside what the specification allows.
        case outOfRange(value: Int, allowed: String)
        /// The bytes are not valid UTF-8.
        case invalidUTF8
    }

    /// The characteristic's name, e.g. `Battery Level`.
    public let characteristic: String
    /// The characteristic's UUID.
    public let uuid: BluetoothUUID
    /// The field, e.g. `level`, or `value` for the whole value.
    public let field: String
    /// What went wrong.
    public let problem: Problem

    /// Creates an error for a characteristic type's field.
    public init<C: SIGCharacteristic>(_ characteristic: C.Type, field: String, problem: Problem) {
        self.characteristic = C.name
        self.uuid = C.uuid
        self.field = field
        self.problem = problem
    }

    /// Creates an error from its parts.
    public init(characteristic: String, uuid: BluetoothUUID, field: String, problem: Problem) {
        self.characteristic = characteristic
        self.uuid = uuid
        self.field = field
        self.problem = problem
    }

    /// One line a person can act on.
    public var description: String {
        let prefix = "\(characteristic) (\(uuid)): "
        switch problem {
        case .truncated(let needed, let available):
            return prefix + "value ends before \(field): needs \(needed) bytes, got \(available)"
        case .trailingBytes(let count):
            return prefix + "\(count) unexpected bytes after \(field)"
        case .outOfRange(let value, let allowed):
            return prefix + "\(field) is \(value), allowed \(allowed)"
        case .invalidUTF8:
            return prefix + "\(field) is not valid UTF-8"
        }
    }
}

/// A SIG-defined characteristic value with a typed codec.
///
/// Decoding validates lengths and ranges and throws ``CharacteristicValueError``; it never traps.
/// Values are validated when built, so encoding cannot fail.
public protocol SIGCharacteristic: Hashable, Sendable, CustomStringConvertible {
    /// The characteristic's 16-bit UUID.
    static var uuid: BluetoothUUID { get }
    /// The characteristic's name in the GATT Specification Supplement.
    static var name: String { get }
    /// Decodes the characteristic value.
    init(decoding bytes: [UInt8]) throws(CharacteristicValueError)
    /// Encodes the characteristic value.
    func encoded() -> [UInt8]
}

/// A reader that turns "not enough bytes" into a ``CharacteristicValueError`` for one characteristic.
struct CharacteristicReader<C: SIGCharacteristic> {
    var reader: ByteReader

    init(_ bytes: [UInt8]) { reader = ByteReader(bytes) }

    private func truncated(_ field: String, _ size: Int) -> CharacteristicValueError {
        CharacteristicValueError(C.self, field: field, problem: .truncated(needed: reader.offset + size, available: reader.bytes.count))
    }

    mutating func uint8(_ field: String) throws(CharacteristicValueError) -> UInt8 {
        guard let value = reader.readUInt8() else { throw truncated(field, 1) }
        return value
    }

    mutating func int8(_ field: String) throws(CharacteristicValueError) -> Int8 {
        guard let value = reader.readInt8() else { throw truncated(field, 1) }
        return value
    }

    mutating func uint16(_ field: String) throws(CharacteristicValueError) -> UInt16 {
        guard let value = reader.readUInt16() else { throw truncated(field, 2) }
        return value
    }

    mutating func uint24(_ field: String) throws(CharacteristicValueError) -> UInt32 {
        guard let value = reader.readUInt24() else { throw truncated(field, 3) }
        return value
    }

    mutating func uint40(_ field: String) throws(CharacteristicValueError) -> UInt64 {
        guard let bytes = reader.readBytes(5) else { throw truncated(field, 5) }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Throws when bytes are left after the last field.
    func finish(after field: String) throws(CharacteristicValueError) {
        guard reader.isAtEnd else {
            throw CharacteristicValueError(C.self, field: field, problem: .trailingBytes(count: reader.remainingCount))
        }
    }
}

/// Throws ``CharacteristicValueError/Problem/outOfRange(value:allowed:)`` unless `value` is in `range`.
func check<C: SIGCharacteristic, V: BinaryInteger>(
    _: C.Type, _ field: String, _ value: V, in range: ClosedRange<V>
) throws(CharacteristicValueError) {
    guard range.contains(value) else {
        throw CharacteristicValueError(C.self, field: field, problem: .outOfRange(value: Int(value), allowed: "\(range.lowerBound)...\(range.upperBound)"))
    }
}
