/// One of the UTF-8 strings of the Device Information Service.
///
/// Device Information Service 1.1, 3.1–3.7; GSS, 3.147 Manufacturer Name String (0x2A29),
/// 3.154 Model Number String (0x2A24), 3.211 Serial Number String (0x2A25), 3.118 Hardware
/// Revision String (0x2A27), 3.97 Firmware Revision String (0x2A26), 3.216 Software Revision
/// String (0x2A28): each a `utf8s` filling the whole value. Trailing NUL padding, which some
/// devices add, is removed on decoding.
public struct DeviceInformationString: Hashable, Sendable, CustomStringConvertible {
    /// Which Device Information string this is.
    public enum Field: CaseIterable, Hashable, Sendable {
        /// 0x2A29 Manufacturer Name String.
        case manufacturerName
        /// 0x2A24 Model Number String.
        case modelNumber
        /// 0x2A25 Serial Number String.
        case serialNumber
        /// 0x2A27 Hardware Revision String.
        case hardwareRevision
        /// 0x2A26 Firmware Revision String.
        case firmwareRevision
        /// 0x2A28 Software Revision String.
        case softwareRevision

        /// The characteristic UUID.
        public var uuid: BluetoothUUID {
            switch self {
            case .manufacturerName: BluetoothUUID(0x2A29)
            case .modelNumber: BluetoothUUID(0x2A24)
            case .serialNumber: BluetoothUUID(0x2A25)
            case .hardwareRevision: BluetoothUUID(0x2A27)
            case .firmwareRevision: BluetoothUUID(0x2A26)
            case .softwareRevision: BluetoothUUID(0x2A28)
            }
        }

        /// The characteristic name, e.g. `Model Number String`.
        public var name: String {
            switch self {
            case .manufacturerName: "Manufacturer Name String"
            case .modelNumber: "Model Number String"
            case .serialNumber: "Serial Number String"
            case .hardwareRevision: "Hardware Revision String"
            case .firmwareRevision: "Firmware Revision String"
            case .softwareRevision: "Software Revision String"
            }
        }

        /// The field for a characteristic UUID, or `nil` for any other UUID.
        public init?(uuid: BluetoothUUID) {
            guard let field = Self.allCases.first(where: { $0.uuid == uuid }) else { return nil }
            self = field
        }
    }

    /// Which characteristic the string belongs to.
    public let field: Field
    /// The text.
    public let value: String

    /// Creates a string value.
    public init(_ field: Field, value: String) {
        self.field = field
        self.value = value
    }

    /// Decodes UTF-8, dropping trailing NUL bytes; throws for invalid UTF-8.
    public init(_ field: Field, decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var bytes = bytes[...]
        while bytes.last == 0 { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CharacteristicValueError(characteristic: field.name, uuid: field.uuid, field: "value", problem: .invalidUTF8)
        }
        self.init(field, value: text)
    }

    /// The UTF-8 bytes.
    public func encoded() -> [UInt8] { Array(value.utf8) }

    /// The text as is.
    public var description: String { value }
}
