import BLECore

/// HCI_LE_Read_Filter_Accept_List_Size: how many entries the Filter Accept List holds.
///
/// Core 5.4, Vol 4, Part E, 7.8.14. No parameters. Return parameters, 2 octets: Status (1),
/// Filter_Accept_List_Size (1).
public struct HCILEReadFilterAcceptListSize: HCICommandCompleting {
    /// 0x200F.
    public static let opcode = HCIOpcode.leReadFilterAcceptListSize

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the list size.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// Filter_Accept_List_Size (1 octet).
        public var filterAcceptListSize: UInt8

        /// Creates return parameters.
        public init(status: HCIStatus, filterAcceptListSize: UInt8) {
            self.status = status
            self.filterAcceptListSize = filterAcceptListSize
        }

        /// A failure: `status`, size zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, filterAcceptListSize: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            self.status = status
            filterAcceptListSize = try reader.requireUInt8(
                "Filter_Accept_List_Size", of: .returnParameters(HCILEReadFilterAcceptListSize.opcode)
            )
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt8(filterAcceptListSize)
        }
    }
}
