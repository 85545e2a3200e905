import BLECore

/// HCI_LE_Read_Local_Supported_Features: the controller's LE features.
///
/// Core 5.4, Vol 4, Part E, 7.8.3. No parameters. Return parameters, 9 octets: Status (1),
/// LE_Features (8).
public struct HCILEReadLocalSupportedFeatures: HCICommandCompleting {
    /// 0x2003.
    public static let opcode = HCIOpcode.leReadLocalSupportedFeatures

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the LE feature set.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// LE_Features (8 octets).
        public var leFeatures: HCILEFeatures

        /// Creates return parameters.
        public init(status: HCIStatus, leFeatures: HCILEFeatures) {
            self.status = status
            self.leFeatures = leFeatures
        }

        /// A failure: `status`, no feature.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, leFeatures: [])
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            leFeatures = HCILEFeatures(
                rawValue: try reader.requireUInt64("LE_Features", of: .returnParameters(HCILEReadLocalSupportedFeatures.opcode))
            )
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt64(leFeatures.rawValue)
        }
    }
}
