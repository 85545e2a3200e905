import BLECore

/// HCI_Host_Buffer_Size: the host's buffers, for controller-to-host flow control.
///
/// Core 5.4, Vol 4, Part E, 7.3.39. Parameters, 7 octets: Host_ACL_Data_Packet_Length (2),
/// Host_Synchronous_Data_Packet_Length (1), Host_Total_Num_ACL_Data_Packets (2),
/// Host_Total_Num_Synchronous_Data_Packets (2). Answered by HCI_Command_Complete with Status.
public struct HCIHostBufferSize: HCICommandCompleting {
    /// Status only.
    public typealias ReturnParameters = HCIStatusReturnParameters

    /// 0x0C33.
    public static let opcode = HCIOpcode.hostBufferSize

    /// Host_ACL_Data_Packet_Length (2 octets).
    public var hostACLDataPacketLength: UInt16
    /// Host_Synchronous_Data_Packet_Length (1 octet).
    public var hostSynchronousDataPacketLength: UInt8
    /// Host_Total_Num_ACL_Data_Packets (2 octets).
    public var hostTotalNumACLDataPackets: UInt16
    /// Host_Total_Num_Synchronous_Data_Packets (2 octets).
    public var hostTotalNumSynchronousDataPackets: UInt16

    /// Creates the command.
    public init(
        hostACLDataPacketLength: UInt16,
        hostSynchronousDataPacketLength: UInt8,
        hostTotalNumACLDataPackets: UInt16,
        hostTotalNumSynchronousDataPackets: UInt16
    ) {
        self.hostACLDataPacketLength = hostACLDataPacketLength
        self.hostSynchronousDataPacketLength = hostSynchronousDataPacketLength
        self.hostTotalNumACLDataPackets = hostTotalNumACLDataPackets
        self.hostTotalNumSynchronousDataPackets = hostTotalNumSynchronousDataPackets
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        hostACLDataPacketLength = try reader.requireUInt16("Host_ACL_Data_Packet_Length", of: Self.subject)
        hostSynchronousDataPacketLength = try reader.requireUInt8("Host_Synchronous_Data_Packet_Length", of: Self.subject)
        hostTotalNumACLDataPackets = try reader.requireUInt16("Host_Total_Num_ACL_Data_Packets", of: Self.subject)
        hostTotalNumSynchronousDataPackets = try reader.requireUInt16("Host_Total_Num_Synchronous_Data_Packets", of: Self.subject)
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt16(hostACLDataPacketLength)
        writer.writeUInt8(hostSynchronousDataPacketLength)
        writer.writeUInt16(hostTotalNumACLDataPackets)
        writer.writeUInt16(hostTotalNumSynchronousDataPackets)
    }
}
