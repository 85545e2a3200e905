import BLECore

/// HCI_Read_Local_Supported_Features: the controller's LMP features, page 0.
///
/// Core 5.4, Vol 4, Part E, 7.4.3. No parameters. Return parameters, 9 octets: Status (1),
/// LMP_Features (8): the bit mask of Vol 2, Part C, 3.3.
public struct HCIReadLocalSupportedFeatures: HCICommandCompleting {
    /// 0x1003.
    public static let opcode = HCIOpcode.readLocalSupportedFeatures

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the LMP feature mask.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// LMP_Features (8 octets), as a little-endian 64-bit mask.
        public var lmpFeatures: UInt64

        /// Creates return parameters.
        public init(status: HCIStatus, lmpFeatures: UInt64) {
            self.status = status
            self.lmpFeatures = lmpFeatures
        }

        /// A failure: `status`, no feature.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, lmpFeatures: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            lmpFeatures = try reader.requireUInt64("LMP_Features", of: .returnParameters(HCIReadLocalSupportedFeatures.opcode))
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt64(lmpFeatures)
        }

        /// Bit 38: LE Supported (Controller).
        public var isLESupported: Bool { lmpFeatures & (1 << 38) != 0 }
        /// Bit 37: BR/EDR Not Supported.
        public var isBREDRNotSupported: Bool { lmpFeatures & (1 << 37) != 0 }
    }
}
