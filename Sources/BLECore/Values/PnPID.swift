/// PnP ID (0x2A50): the vendor, product and version identifiers of the device.
///
/// GSS, 3.170 PnP ID; Device Information Service 1.1, 3.9: Vendor ID Source (`uint8`),
/// Vendor ID, Product ID and Product Version (`uint16` each, little-endian) — 7 bytes.
public struct PnPID: SIGCharacteristic {
    /// 0x2A50.
    public static let uuid = BluetoothUUID(0x2A50)
    /// `PnP ID`.
    public static let name = "PnP ID"

    /// Who assigned the vendor ID (an open code space; reserved values kept).
    public struct VendorIDSource: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The byte on the wire.
        public let rawValue: UInt8
        /// Wraps a wire byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// 1: a Bluetooth SIG company identifier (Assigned Numbers, 7).
        public static let bluetoothSIG = VendorIDSource(rawValue: 1)
        /// 2: a USB Implementer's Forum vendor ID.
        public static let usbImplementersForum = VendorIDSource(rawValue: 2)

        /// `Bluetooth SIG`, `USB IF`, or `source 0x00` for a reserved value.
        public var description: String {
            switch self {
            case .bluetoothSIG: "Bluetooth SIG"
            case .usbImplementersForum: "USB IF"
            default: "source \(ValueText.hex(rawValue, digits: 2))"
            }
        }
    }

    /// Who assigned ``vendorID``.
    public let vendorIDSource: VendorIDSource
    /// The vendor (a company identifier when the source is the Bluetooth SIG).
    public let vendorID: UInt16
    /// The vendor-assigned product identifier.
    public let productID: UInt16
    /// The product version, `0xJJMN` for version JJ.M.N.
    public let productVersion: UInt16

    /// Creates a PnP ID.
    public init(vendorIDSource: VendorIDSource, vendorID: UInt16, productID: UInt16, productVersion: UInt16) {
        self.vendorIDSource = vendorIDSource
        self.vendorID = vendorID
        self.productID = productID
        self.productVersion = productVersion
    }

    /// The product version as `major.minor.subminor` (`0xJJMN`: JJ major, M minor, N sub-minor).
    public var versionString: String {
        "\(productVersion >> 8).\((productVersion >> 4) & 0xF).\(productVersion & 0xF)"
    }

    /// Decodes the 7-byte value.
    public init(decoding bytes: [UInt8]) throws(CharacteristicValueError) {
        var reader = CharacteristicReader<Self>(bytes)
        vendorIDSource = VendorIDSource(rawValue: try reader.uint8("vendor ID source"))
        vendorID = try reader.uint16("vendor ID")
        productID = try reader.uint16("product ID")
        productVersion = try reader.uint16("product version")
        try reader.finish(after: "product version")
    }

    /// Seven bytes: source, vendor ID, product ID, product version.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 7)
        writer.writeUInt8(vendorIDSource.rawValue)
        writer.writeUInt16(vendorID)
        writer.writeUInt16(productID)
        writer.writeUInt16(productVersion)
        return writer.bytes
    }

    /// `Bluetooth SIG vendor 0x000D, product 0x0001, version 1.1.0`.
    public var description: String {
        "\(vendorIDSource) vendor \(ValueText.hex(vendorID, digits: 4)), product \(ValueText.hex(productID, digits: 4)), version \(versionString)"
    }
}
