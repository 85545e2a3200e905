import BLECore

/// HCI_Command_Status: the controller accepted (or refused) a command that completes later.
///
/// Core 5.4, Vol 4, Part E, 7.7.15. Parameters, 4 octets: Status (1), Num_HCI_Command_Packets
/// (1: command credits now available), Command_Opcode (2; 0x0000 when only returning credits).
public struct HCICommandStatus: HCIEventParameters {
    /// 0x0F.
    public static let eventCode = HCIEventCode.commandStatus

    /// Status (1 octet): Success means the command is pending.
    public var status: HCIStatus
    /// Num_HCI_Command_Packets (1 octet).
    public var numHCICommandPackets: UInt8
    /// Command_Opcode (2 octets).
    public var commandOpcode: HCIOpcode

    /// Creates the event.
    public init(status: HCIStatus, numHCICommandPackets: UInt8, commandOpcode: HCIOpcode) {
        self.status = status
        self.numHCICommandPackets = numHCICommandPackets
        self.commandOpcode = commandOpcode
    }

    /// Decodes the parameters.
    public init(parameters reader: inout ByteReader) throws(HCIDecodingError) {
        status = HCIStatus(rawValue: try reader.requireUInt8("Status", of: Self.subject))
        numHCICommandPackets = try reader.requireUInt8("Num_HCI_Command_Packets", of: Self.subject)
        commandOpcode = HCIOpcode(rawValue: try reader.requireUInt16("Command_Opcode", of: Self.subject))
    }

    /// Encodes the parameters.
    public func encodeParameters(into writer: inout ByteWriter) {
        writer.writeUInt8(status.rawValue)
        writer.writeUInt8(numHCICommandPackets)
        writer.writeUInt16(commandOpcode.rawValue)
    }
}
