import BLECore

/// HCI_LE_Read_Buffer_Size [v1]: the controller's LE ACL data buffers.
///
/// Core 5.4, Vol 4, Part E, 7.8.2. No parameters. Return parameters, 4 octets: Status (1),
/// LE_ACL_Data_Packet_Length (2), Total_Num_LE_ACL_Data_Packets (1). Zeros mean LE shares the
/// buffers of HCI_Read_Buffer_Size.
public struct HCILEReadBufferSize: HCICommandCompleting {
    /// 0x2002.
    public static let opcode = HCIOpcode.leReadBufferSize

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the LE ACL buffer sizes.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// LE_ACL_Data_Packet_Length (2 octets): the most data octets of one LE ACL packet; 0 = shared.
        public var leACLDataPacketLength: UInt16
        /// Total_Num_LE_ACL_Data_Packets (1 octet); 0 = shared.
        public var totalNumLEACLDataPackets: UInt8

        /// Creates return parameters.
        public init(status: HCIStatus, leACLDataPacketLength: UInt16, totalNumLEACLDataPackets: UInt8) {
            self.status = status
            self.leACLDataPacketLength = leACLDataPacketLength
            self.totalNumLEACLDataPackets = totalNumLEACLDataPackets
        }

        /// A failure: `status`, every size zero.
        public init(failedWith status: HCIStatus) {
            self.init(status: status, leACLDataPacketLength: 0, totalNumLEACLDataPackets: 0)
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCILEReadBufferSize.opcode)
            self.status = status
            leACLDataPacketLength = try reader.requireUInt16("LE_ACL_Data_Packet_Length", of: subject)
            totalNumLEACLDataPackets = try reader.requireUInt8("Total_Num_LE_ACL_Data_Packets", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(leACLDataPacketLength)
            writer.writeUInt8(totalNumLEACLDataPackets)
        }
    }
}
