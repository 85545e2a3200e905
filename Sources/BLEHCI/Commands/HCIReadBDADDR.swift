import BLECore

/// HCI_Read_BD_ADDR: the controller's public device address.
///
/// Core 5.4, Vol 4, Part E, 7.4.6. No parameters. Return parameters, 7 octets: Status (1),
/// BD_ADDR (6). A controller without a public address returns 00:00:00:00:00:00.
public struct HCIReadBDADDR: HCICommandCompleting {
    /// 0x1009.
    public static let opcode = HCIOpcode.readBDADDR

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the public address.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// BD_ADDR (6 octets): a public address.
        public var bdADDR: DeviceAddress

        /// Creates return parameters.
        public init(status: HCIStatus, bdADDR: DeviceAddress) {
            self.status = status
            self.bdADDR = bdADDR
        }

        /// A failure: `status`, address 00:00:00:00:00:00.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, bdADDR: try! DeviceAddress(value: 0, isRandom: false))
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            bdADDR = try reader.requireAddress("BD_ADDR", isRandom: false, of: .returnParameters(HCIReadBDADDR.opcode))
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            bdADDR.write(to: &writer)
        }
    }
}
