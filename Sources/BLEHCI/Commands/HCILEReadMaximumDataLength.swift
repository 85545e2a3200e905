import BLECore

/// HCI_LE_Read_Maximum_Data_Length: the longest data PDUs the controller can send and receive.
///
/// Core 5.4, Vol 4, Part E, 7.8.46. No parameters. Return parameters, 9 octets: Status (1),
/// Supported_Max_TX_Octets (2), Supported_Max_TX_Time (2, µs), Supported_Max_RX_Octets (2),
/// Supported_Max_RX_Time (2, µs).
public struct HCILEReadMaximumDataLength: HCICommandCompleting {
    /// 0x202F.
    public static let opcode = HCIOpcode.leReadMaximumDataLength

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the supported maxima.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Supported_Max_TX_Octets (2 octets).
        public var supportedMaxTXOctets: UInt16
        /// Supported_Max_TX_Time (2 octets, µs).
        public var supportedMaxTXTime: UInt16
        /// Supported_Max_RX_Octets (2 octets).
        public var supportedMaxRXOctets: UInt16
        /// Supported_Max_RX_Time (2 octets, µs).
        public var supportedMaxRXTime: UInt16

        /// Creates return parameters.
        public init(status: HCIStatus, supportedMaxTXOctets: UInt16, supportedMaxTXTime: UInt16, supportedMaxRXOctets: UInt16, supportedMaxRXTime: UInt16) {
            self.status = status
            self.supportedMaxTXOctets = supportedMaxTXOctets
            self.supportedMaxTXTime = supportedMaxTXTime
            self.supportedMaxRXOctets = supportedMaxRXOctets
            self.supportedMaxRXTime = supportedMaxRXTime
        }

        /// A failure: `status`, every maximum zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, supportedMaxTXOctets: 0, supportedMaxTXTime: 0, supportedMaxRXOctets: 0, supportedMaxRXTime: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCILEReadMaximumDataLength.opcode)
            self.status = status
            supportedMaxTXOctets = try reader.requireUInt16("Supported_Max_TX_Octets", of: subject)
            supportedMaxTXTime = try reader.requireUInt16("Supported_Max_TX_Time", of: subject)
            supportedMaxRXOctets = try reader.requireUInt16("Supported_Max_RX_Octets", of: subject)
            supportedMaxRXTime = try reader.requireUInt16("Supported_Max_RX_Time", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(supportedMaxTXOctets)
            writer.writeUInt16(supportedMaxTXTime)
            writer.writeUInt16(supportedMaxRXOctets)
            writer.writeUInt16(supportedMaxRXTime)
        }
    }
}
