import BLECore

/// HCI_Read_Buffer_Size: the controller's ACL and synchronous data buffers (shared with LE when
/// HCI_LE_Read_Buffer_Size returns zero).
///
/// Core 5.4, Vol 4, Part E, 7.4.5. No parameters. Return parameters, 8 octets: Status (1),
/// ACL_Data_Packet_Length (2), Synchronous_Data_Packet_Length (1), Total_Num_ACL_Data_Packets (2),
/// Total_Num_Synchronous_Data_Packets (2).
public struct HCIReadBufferSize: HCICommandCompleting {
    /// 0x1005.
    public static let opcode = HCIOpcode.readBufferSize

    /// Creates the command.
    public init() {}

    /// There are no parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {}

    /// There are no parameters.
    public func encodeParameters(into writer: inout ByteWriter) {}

    /// Status and the buffer sizes.
    public struct ReturnParameters: HCIReturnParameters {
        /// Status (1 octet).
        public var status: HCIStatus
        /// ACL_Data_Packet_Length (2 octets): the most data octets of one ACL packet.
        public var aclDataPacketLength: UInt16
        /// Synchronous_Data_Packet_Length (1 octet).
        public var synchronousDataPacketLength: UInt8
        /// Total_Num_ACL_Data_Packets (2 octets): how many ACL packets the controller can hold.
        public var totalNumACLDataPackets: UInt16
        /// Total_Num_Synchronous_Data_Packets (2 octets).
        public var totalNumSynchronousDataPackets: UInt16

        /// Creates return parameters.
        public init(
            status: HCIStatus,
            aclDataPacketLength: UInt16,
            synchronousDataPacketLength: UInt8,
            totalNumACLDataPackets: UInt16,
            totalNumSynchronousDataPackets: UInt16
        ) {
            self.status = status
            self.aclDataPacketLength = aclDataPacketLength
            self.synchronousDataPacketLength = synchronousDataPacketLength
            self.totalNumACLDataPackets = totalNumACLDataPackets
            self.totalNumSynchronousDataPackets = totalNumSynchronousDataPackets
        }

        /// A failure: `status`, every size zero.
        public init(failedWith status: HCIStatus) {
            self.init(
                status: status, aclDataPacketLength: 0, synchronousDataPacketLength: 0,
                totalNumACLDataPackets: 0, totalNumSynchronousDataPackets: 0
            )
        }

        /// Decodes the fields after Status.
        public init(status: HCIStatus, fields reader: inout ByteReader) throws(HCIDecodingError) {
            let subject = HCIDecodingError.Subject.returnParameters(HCIReadBufferSize.opcode)
            self.status = status
            aclDataPacketLength = try reader.requireUInt16("ACL_Data_Packet_Length", of: subject)
            synchronousDataPacketLength = try reader.requireUInt8("Synchronous_Data_Packet_Length", of: subject)
            totalNumACLDataPackets = try reader.requireUInt16("Total_Num_ACL_Data_Packets", of: subject)
            totalNumSynchronousDataPackets = try reader.requireUInt16("Total_Num_Synchronous_Data_Packets", of: subject)
        }

        /// Encodes the fields after Status.
        public func encodeFields(into writer: inout ByteWriter) {
            writer.writeUInt16(aclDataPacketLength)
            writer.writeUInt8(synchronousDataPacketLength)
            writer.writeUInt16(totalNumACLDataPackets)
            writer.writeUInt16(totalNumSynchronousDataPackets)
        }
    }
}
