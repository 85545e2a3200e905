import BLECore

/// HCI_Hardware_Error: the controller hit a hardware failure; the host should reset it.
///
/// Core 5.4, Vol 4, Part E, 7.7.16. Parameters, 1 octet: Hardware_Code (1, implementation-specific).
public struct HCIHardwareError: HCIEventParameters {
    /// 0x10.
    public static let eventCode = HCIEventCode.hardwareError

    /// Hardware_Code (1 octet).
    public var hardwareCode: UInt8

    /// Creates the event.
    public init(hardwareCode: UInt8) {
        self.hardwareCode = hardwareCode
    }

    /// Decodes Hardware_Code.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        hardwareCode = try reader.requireUInt8("Hardware_Code", of: Self.subject)
    }

    /// Encodes Hardware_Code.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(hardwareCode)
    }
}
