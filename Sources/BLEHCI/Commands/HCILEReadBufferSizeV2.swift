import BLECore

/// HCI_LE_Read_Buffer_Size [v2]: the controller's LE ACL and ISO data buffers.
///
/// Core 5.4, Vol 4, Part E, 7.8.2. No parameters. Return parameters, 7 octets: Status (1),
/// LE_ACL_Data_Packet_Length (2), Total_Num_LE_ACL_Data_Packets (1), ISO_Data_Packet_Length (2),
/// Total_Num_ISO_Data_Packets (1).
public struct HCILEReadBufferSizeV2: HCICommandCompleting {
    /// 0x2060.
    public static let opcode = HCIOpcode.leReadBufferSizeV2

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the LE ACL and ISO buffer sizes.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// LE_ACL_Data_Packet_Length (2 octets); 0 = shared with HCI_Read_Buffer_Size.
        public var leACLDataPacketLength: UInt16
        /// Total_Num_LE_ACL_Data_Packets (1 octet); 0 = shared.
        public var totalNumLEACLDataPackets: UInt8
        /// ISO_Data_Packet_Length (2 octets).
        public var isoDataPacketLength: UInt16
        /// Total_Num_ISO_Data_Packets (1 octet).
        public var totalNumISODataPackets: UInt8

        /// Creates return parameters.
        public init(
            status: HCIStatus,
            leACLDataPacketLength: UInt16,
            totalNumLEACLDataPackets: UInt8,
            isoDataPacketLength: UInt16,
            totalNumISODataPackets: UInt8
        ) {
            self.status = status
            self.leACLDataPacketLength = leACLDataPacketLength
            self.totalNumLEACLDataPackets = totalNumLEACLDataPackets
            self.isoDataPacketLength = isoDataPacketLength
            self.totalNumISODataPackets = totalNumISODataPackets
        }

        /// A failure: `status`, every size zero.
        public init(failedWith status: HCIStatus) {
            self.init(
                status: status, leACLDataPacketLength: 0, totalNumLEACLDataPackets: 0,
                isoDataPacketLength: 0, totalNumISODataPackets: 0
            )
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCILEReadBufferSizeV2.opcode)
            self.status = status
            leACLDataPacketLength = try reader.requireUInt16("LE_ACL_Data_Packet_Length", of: subject)
            totalNumLEACLDataPackets = try reader.requireUInt8("Total_Num_LE_ACL_Data_Packets", of: subject)
            isoDataPacketLength = try reader.requireUInt16("ISO_Data_Packet_Length", of: subject)
            totalNumISODataPackets = try reader.requireUInt8("Total_Num_ISO_Data_Packets", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(leACLDataPacketLength)
            writer.writeUInt8(totalNumLEACLDataPackets)
            writer.writeUInt16(isoDataPacketLength)
            writer.writeUInt8(totalNumISODataPackets)
        }
    }
}
